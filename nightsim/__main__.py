"""`nightsim` and `python -m nightsim`: signal handling first, then the command line.

A signal can come at any moment, the ~0.3 s of imports included: the handlers are set before
anything heavy is imported (`import nightsim` loads only the error types), so Ctrl-C or a
`kill` then ends with one line and 130 or 143, never a KeyboardInterrupt traceback. Only
Python's own start, before this module runs, is out of reach.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

from nightsim.errors import Terminated

# 128 + the signal's number, as a shell reports it (README "Exit codes").
_CODES = {signal.SIGINT: 130, signal.SIGTERM: 143}


def install_signal_handlers() -> None:
    """SIGINT raises KeyboardInterrupt and SIGTERM raises Terminated in the main thread, once:
    a second signal while the first is handled (removing the partial log, printing the line)
    is ignored, so the clean-up is never cut short into a traceback."""
    main_pid = os.getpid()

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        if os.getpid() != main_pid:
            # A forked worker (`odds --jobs`) inherits this handler: its parent ends it, and
            # it should end as the signal says, quietly.
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        for sig in _CODES:
            signal.signal(sig, signal.SIG_IGN)
        raise KeyboardInterrupt if signum == signal.SIGINT else Terminated

    for sig in _CODES:
        signal.signal(sig, on_signal)


def main() -> int:
    install_signal_handlers()
    try:
        from nightsim.cli import main as cli_main

        code = cli_main()
        # The work is done: a signal from here to the exit changes nothing.
        for sig in _CODES:
            signal.signal(sig, signal.SIG_IGN)
    except KeyboardInterrupt:
        code = _stopped("interrupted (SIGINT)", _CODES[signal.SIGINT])
    except Terminated:
        code = _stopped("terminated (SIGTERM)", _CODES[signal.SIGTERM])
    return code


def _stopped(what: str, code: int) -> int:
    try:
        sys.stderr.write(f"nightsim: {what}: stopped\n")
        sys.stderr.flush()
    except OSError:
        pass
    return code


if __name__ == "__main__":
    raise SystemExit(main())
