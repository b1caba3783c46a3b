"""`nightsim` and `python -m nightsim`: signal handling first, then the command line.

A signal can come at any moment, the ~0.3 s of imports included: the handlers are set before
anything heavy is imported (`import nightsim` loads only the error types), so Ctrl-C or a
`kill` then ends with one line and 130 or 143, never a KeyboardInterrupt traceback. Only
Python's own start, before this module runs, is out of reach.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys

from nightsim.cli import stop


def main() -> int:
    try:
        stop.install()
        from nightsim.cli import lean_imports
        from nightsim.cli import main as cli_main

        lean_imports.install()

        code = cli_main()
        # The work is done: a signal from here to the exit changes nothing. One that came
        # before but was swallowed on its way (docs/limits.md, "Signals") still decides.
        missed = stop.stopping()
        if missed:
            code = _stopped(missed)
        # At exit CPython's collector would walk and free every object still alive (modules,
        # pydantic's schemas, rich's tables): ~40 ms of a cold `nightsim run`'s CPU
        # (bench/cold_start.py). Frozen, they are left to the operating system; atexit
        # handlers still run and stdout and stderr are still flushed.
        gc.freeze()
    except BaseException as exc:
        signum = stop.cause(exc)
        if not signum:
            raise
        code = _stopped(signum)
    stop.forget_interrupt()
    if code >= 128:
        _leave_if_held(code)
    return code


def _leave_if_held(code: int) -> None:
    """After a stop, everything kept is kept and the line is said. The interpreter's exit
    then joins, without a limit, a process pool's manager thread (still running if a signal
    landed in the main thread while it held a lock the manager waits on) and every worker
    process still alive: with either left, leave at once."""
    stop.end_children()
    if not (_a_pool_manager_runs() or _a_child_runs()):
        return
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


def _a_pool_manager_runs() -> bool:
    import threading

    pool = sys.modules.get("concurrent.futures.process")
    manager = getattr(pool, "_ExecutorManagerThread", None)
    return manager is not None and any(
        isinstance(t, manager) and t.is_alive() for t in threading.enumerate()
    )


def _a_child_runs() -> bool:
    mp = sys.modules.get("multiprocessing")
    return mp is not None and bool(mp.active_children())


def _stopped(signum: int) -> int:
    stop.stopping()
    try:
        from nightsim.cli.argparse_words import lang_of

        sys.stderr.write(stop.said(signum, lang_of(sys.argv[1:])) + "\n")
        sys.stderr.flush()
    except OSError:
        pass
    return 128 + signum


if __name__ == "__main__":
    raise SystemExit(main())
