"""`nightsim` and `python -m nightsim`: signal handling first, then the command line.

A signal can come at any moment, the ~0.3 s of imports included: the handlers are set before
anything heavy is imported (`import nightsim` loads only the error types), so Ctrl-C or a
`kill` then ends with one line and 130 or 143, never a KeyboardInterrupt traceback. Only
Python's own start, before this module runs, is out of reach.
"""

from __future__ import annotations

import gc
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
    return code


def _stopped(signum: int) -> int:
    stop.stopping()
    try:
        sys.stderr.write(stop.said(signum) + "\n")
        sys.stderr.flush()
    except OSError:
        pass
    return 128 + signum


if __name__ == "__main__":
    raise SystemExit(main())
