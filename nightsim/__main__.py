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
from nightsim.errors import Terminated


def main() -> int:
    stop.install()
    try:
        from nightsim.cli import main as cli_main

        code = cli_main()
        stop.stopping()  # the work is done: a signal from here to the exit changes nothing
        # At exit CPython's collector would walk and free every object still alive (modules,
        # pydantic's schemas, rich's tables): ~40 ms of a cold `nightsim run`'s CPU
        # (bench/cold_start.py). Frozen, they are left to the operating system; atexit
        # handlers still run and stdout and stderr are still flushed.
        gc.freeze()
    except KeyboardInterrupt:
        code = _stopped("interrupted (SIGINT)", 130)
    except Terminated:
        code = _stopped("terminated (SIGTERM)", 143)
    return code


def _stopped(what: str, code: int) -> int:
    stop.stopping()
    try:
        sys.stderr.write(f"nightsim: {what}: stopped\n")
        sys.stderr.flush()
    except OSError:
        pass
    return code


if __name__ == "__main__":
    raise SystemExit(main())
