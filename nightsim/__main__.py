"""`python -m nightsim` and the installed `nightsim` script (pyproject's [project.scripts])."""

from __future__ import annotations

import gc

from nightsim.cli import main


def script() -> int:
    """The command line, run as a process of its own (tests call `nightsim.cli.main`).

    Once the command is done the process exits, and at exit CPython's collector would walk and
    free every object still alive: the modules, their classes and functions, pydantic's schemas,
    rich's tables. `gc.freeze()` leaves them to the operating system instead: ~40 ms of CPU of a
    cold `nightsim run` (bench/cold_start.py; the import floor itself spends ~35 ms there).
    Nothing is lost: atexit handlers still run, Python still flushes stdout and stderr, objects
    that are not in a reference cycle are still freed, and the commands close what they open.
    """
    code = main()
    gc.freeze()
    return code


if __name__ == "__main__":
    raise SystemExit(script())
