"""`nightsim run`: simulate a night, narrate it or stream its events, and write its log."""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from nightsim.cli import stop
from nightsim.cli.atomic import AtomicFile, create, creation_error, partial_path
from nightsim.cli.common import (
    EXIT_IOERR,
    EXIT_OK,
    UsageError,
    add_config_args,
    config_from_args,
    error,
    fresh_seed,
    parse_seed,
    rerun_flags,
    say,
    shown_seed,
    silence_stdout,
    status,
    warn_names,
)
from nightsim.cli.page import Logged, PageFile
from nightsim.errors import EnvironmentFailure
from nightsim.limits import MAX_NIGHTS, SECRET_SEED_CHARS, guessable, shown
from nightsim.told import Said, os_why, said_of
from nightsim.view import REFEREE, viewed_lines

if TYPE_CHECKING:
    from nightsim.cli.sink import Sink
    from nightsim.config import Config
    from nightsim.events import Event

EPILOG = """\
examples:
  nightsim run
  nightsim run --seed 42                   the bundled default config, night 42
  nightsim run --seed "the pedlar's curse" --set camp.terrain="thorny forest"
  nightsim run --format jsonl --no-log | jq -c 'select(.type=="hour.passed") | .watch'
  nightsim run --log tonight.jsonl
  nightsim run --step                      one hour at a time: Enter for the next hour
  nightsim run --quiet --lang uk           only the encounter and the morning, in Ukrainian
  nightsim run --nights 7 --quiet          a journey of 7 nights and its summary table
  nightsim run --sink http://127.0.0.1:8000/
                                           also POST each event (CloudEvents) to a bot;
                                           a sink that is down is a warning, exit 0
  NO_COLOR=1 nightsim run                  no colour (piped output never has any)

--step waits for Enter only when stdin is a terminal; otherwise it prints the whole night.
"""


def add_parser(sub: Any) -> None:
    from nightsim.cli.pace import add_pace_arg

    p: argparse.ArgumentParser = sub.add_parser(
        "run",
        help="simulate a night (or a journey: --nights N), narrate it, write its log",
        description="Simulate a night (or a journey of N nights: --nights N), narrate it and"
        " write its log (to ./logs/ by default).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_config_args(p)
    p.add_argument(
        "--seed",
        metavar="S",
        help="a non-negative integer or any phrase; without it a fresh seed is printed",
    )
    p.add_argument(
        "--nights",
        type=int,
        default=1,
        metavar="N",
        help="a journey of N nights in a row in one log, the party's state carried over"
        " (default: 1)",
    )
    p.add_argument(
        "--format",
        choices=("text", "jsonl", "cloudevents", "cloudevents-batch", "html"),
        default="text",
        help="text: the narration; jsonl: the log lines exactly as written to the file;"
        " cloudevents: each line as a CloudEvents 1.0 JSON event; cloudevents-batch: one"
        " JSON array of them per night (CloudEvents' batch format); html: the night's"
        " self-contained web page (default: text)",
    )
    p.add_argument(
        "--html",
        metavar="FILE",
        help="also write the night's web page to FILE (checked before the night runs;"
        " never overwritten)",
    )
    add_pace_arg(p)
    dest = p.add_mutually_exclusive_group()
    dest.add_argument("--log", metavar="FILE", help="write the log to FILE (never overwritten)")
    dest.add_argument(
        "--log-dir", metavar="DIR", default="logs", help="folder for the log (default: ./logs)"
    )
    dest.add_argument("--no-log", action="store_true", help="write no log file")
    from nightsim.cli.render import add_narration_args
    from nightsim.cli.sink_args import add_sink_args

    add_narration_args(p)
    add_sink_args(p)
    p.set_defaults(handler=run)


def _slug(seed: int | str) -> str:
    text = str(seed)
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")[:40]
    if slug != text:
        import hashlib

        slug = f"{slug}-{hashlib.sha256(text.encode()).hexdigest()[:8]}".lstrip("-")
    return slug


def _named(seed: int | str, view: str) -> str:
    """What a log's name says of its night: the seed, or in the players' view (whose status
    line shows the name) the start of its commitment."""
    if view == REFEREE:
        return f"seed-{_slug(seed)}"
    from nightsim.engine.dice import seed_sha256

    return f"sha-{seed_sha256(seed)[:12]}"


def open_log(args: argparse.Namespace, seed: int | str) -> AtomicFile | None:
    """The log, opened under its partial name (docs/limits.md): an existing file is
    never overwritten, and nothing takes the final name before the night is whole."""
    if args.no_log:
        return None
    if args.log is not None:
        return create(Path(args.log), "a log")
    folder = Path(args.log_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(Said("use.log_folder", folder=str(folder), why=os_why(exc))) from None
    stem = f"night-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}-{_named(seed, args.view)}"
    for n in range(1, 1000):
        path = folder / (f"{stem}.jsonl" if n == 1 else f"{stem}-{n}.jsonl")
        if os.path.lexists(path) or os.path.lexists(partial_path(path)):
            continue  # taken, or being written by another run (its partial file)
        try:
            return AtomicFile(path)
        except FileExistsError:
            continue  # taken since the check: the next name
        except OSError as exc:
            raise creation_error(path, exc, "a log") from None
    raise UsageError(Said("use.too_many_logs", folder=str(folder), stem=stem))


def warn_unwatched(config: Config, lang: str = "en") -> None:
    """docs/rules.md §3: a rota shorter than the rest period leaves its end unwatched: warn."""
    from nightsim.narration.catalogue import Catalogue

    slots = config.shift_slots()
    if slots and slots[-1].end < config.rest_minutes:
        at = config.rest_clock(slots[-1].end)
        status(
            Catalogue(lang)(
                "status.unwatched",
                covered=f"{slots[-1].end / 60:g}",
                hours=f"{config.rules.rest_hours:g}",
                at=at,
            )
        )


def _said_seed(seed: int | str, view: str, kept: bool, lang: str = "en") -> str:
    """The seed as a status line says it: in the players' view only its commitment (the
    seed would let a player re-play the night, nightsim/view.py); the log keeps it."""
    if view == REFEREE:
        return shown_seed(seed)
    from nightsim.engine.dice import seed_sha256
    from nightsim.narration.catalogue import Catalogue

    key = "status.seed_hidden" if kept else "status.seed_not_kept"
    return Catalogue(lang)(key, sha=seed_sha256(seed))


def run(args: argparse.Namespace) -> int:
    from nightsim.narration.catalogue import Catalogue

    if args.pace is not None and args.format == "html":
        raise UsageError(Said("use.pace_page"))
    config, _ = config_from_args(args.config, args.set)
    seed = parse_seed(args.seed) if args.seed is not None else fresh_seed()
    if not 1 <= args.nights <= MAX_NIGHTS:
        raise UsageError(
            Said("use.range", option="--nights", low=1, high=MAX_NIGHTS, got=shown(args.nights))
        )
    warn_names(config, args.lang)
    warn_unwatched(config, args.lang)
    if args.view != REFEREE and args.seed is not None and guessable(seed):
        say(args, "status.guessable", chars=SECRET_SEED_CHARS)
    said = _said_seed(seed, args.view, not args.no_log, args.lang)
    t = Catalogue(args.lang)
    rerun = (
        rerun_flags(seed, args.nights)
        if args.view == REFEREE
        else t("status.rerun_players", said=said)
    )
    # Without --html it keeps and writes nothing.
    page = PageFile(args.html, args.lang, view=args.view, title=args.title)
    if page.path is not None and args.log is not None and page.path == Path(args.log):
        raise UsageError(Said("use.html_is_log", path=shown(page.path)))
    night = _Night(page)
    if args.sink is not None:
        from nightsim.cli.sink_args import sink_from_args

        night.sink = sink_from_args(args)  # its URL checked before the log is created
    try:
        # Every input is checked before the log file is created: bad input leaves no file.
        # Held: a stop comes before the partial file or once it is known (and removed).
        with stop.held():
            night.log = open_log(args, seed)
        if args.seed is None:
            # Before the night: whatever stops it (a full disk, Ctrl-C, a kill), the seed is
            # out.
            key = "status.again_journey" if args.nights > 1 else "status.again"
            again = t(key, rerun=rerun) if args.view == REFEREE else ""
            status(t("status.seed", said=said) + again)
        failed = night.tell(args, config, seed)
    except BaseException as exc:
        page.discard()
        return stopped(exc, night.log, rerun, args.lang)
    try:
        if night.sink is not None:
            night.sink.close()  # the log is committed: a sink that is down only waits
        if failed is None or isinstance(failed, OSError):
            return night.end(said, rerun, failed, announced=args.seed is None, lang=args.lang)
        page.place()
        _narration_failed(failed, night.broken, night.path, night.last, rerun)
    finally:
        page.discard()  # a stop before the page took its name: its temporary file goes


class _Night:
    """One `run`'s night on its way to the disk: told, kept in its log (and page), committed.

    docs/limits.md: the page is written (and flushed) before the log is committed, and put
    under its name after; a stop from the commit on finds the log whole and says where."""

    def __init__(self, page: PageFile) -> None:
        self.log: AtomicFile | None = None
        self.page = page
        self.last: list[str] = []  # the last line: its hash is the chain's head
        self.ended: list[bool] = []  # set once the night's last line is written to the log
        self.path: Path | None = None
        self.page_failed: str | None = None
        self.broken = "the narration"  # what failed, if a fault of nightsim's did
        self.sink: Sink | None = None

    @property
    def head(self) -> str:
        return str(json.loads(self.last[0])["hash"])

    def tell(self, args: argparse.Namespace, config: Config, seed: int | str) -> Exception | None:
        """Print the night as it unfolds and keep it; returns what failed in the telling."""
        lines = self.page.kept(
            night_lines(config, seed, args.nights, self.log, self.last, self.ended)
        )
        failed = print_lines(args, lines, self.sink)
        told = isinstance(failed, OSError)  # stdout failed (or was closed); else the narration
        keeping = self.log is not None or self.page.path is not None
        if isinstance(failed, BrokenPipeError) and not keeping:
            raise failed  # the reader stopped and nothing is kept: exit 0, quietly (cli.main)
        if failed is not None and (keeping or not told):
            for x in lines:  # the log and the page are still finished, the sink still fed
                if self.sink is not None:
                    self.sink.send(x)
            if not self.ended:  # the night itself failed, not its telling: nothing to keep
                raise failed
        if self.ended:
            try:
                self.page_failed = self.page.prepare()
            except Exception as exc:  # a fault of nightsim's page: told like the narration's
                if stop.cause(exc):
                    raise
                failed, self.broken = (failed, self.broken) if failed else (exc, "the page")
        # The log is committed whatever the narration did: a failing narration must not cost
        # the night. Held: a stop lands before the commit or after the record of it.
        with stop.held():
            if self.log is not None:
                self.path = self.log.commit()
                stop.kept(Said("stop.kept_log", path=shown(self.path), head=self.head))
        return failed

    def end(
        self,
        said: str,
        rerun: str,
        failed: OSError | None,
        *,
        announced: bool = False,
        lang: str = "en",
    ) -> int:
        """After the commit: the page under its name, the last lines, the exit code."""
        from nightsim.narration.catalogue import Catalogue

        t = Catalogue(lang)
        self.page_failed = self.page_failed or self.page.place()
        where = (
            t("status.where_log", path=shown(self.path)) if self.path else t("status.where_no_log")
        )
        if isinstance(failed, BrokenPipeError):
            silence_stdout()
            if self.path is not None:
                status(t("status.stdout_closed", where=where, head=self.head))
        elif failed is not None:
            silence_stdout()
            self._page_failed(where, lang)
            raise EnvironmentFailure(
                Said("file.stdout_failed", why=os_why(failed), where=where, rerun=rerun)
            )
        else:
            log = (
                "  " + t("status.log", path=shown(self.path))
                if self.path is not None
                else "  " + t("status.no_log")
            )
            # A fresh seed was said before the night (to tell it again): not twice.
            status(log.strip() if announced else t("status.seed", said=said) + log)
            status(t("status.head", head=self.head))  # to read out at the table: verify --head
        return EXIT_IOERR if self._page_failed(where, lang) else EXIT_OK

    def _page_failed(self, where: str, lang: str) -> bool:
        if self.page_failed is not None:
            error(Said("file.and_where", problem=self.page_failed, where=where), lang)
        return self.page_failed is not None


def night_lines(
    config: Config,
    seed: int | str,
    nights: int,
    log: AtomicFile | None,
    last: list[str],
    ended: list[bool],
) -> Iterator[Logged]:
    """The log lines as the night unfolds, each written to the log file first (straight to
    the descriptor), so a long journey streams and a crash leaves a readable prefix; each
    with its event, which the narration tells rather than parsing the line back (which
    would build the whole event union's validator: ~30 ms of a cold `run`;
    tests/engine/test_events.py holds the engine's events equal to the lines' validated
    ones). `last` keeps the latest line (the chain's head is its hash); `ended` is set after
    the last."""
    from nightsim.engine.journey import iter_raw
    from nightsim.log.writer import iter_logged

    for event, line in iter_logged(iter_raw(config, seed, nights)):
        if log is not None:
            log.write(line.encode("utf-8") + b"\n")
        last[:] = [line]
        yield Logged(event, line)
    ended.append(True)


def _narration_failed(
    exc: Exception, broken: str, path: Path | None, last: list[str], rerun: str
) -> NoReturn:
    """The night is whole in its log but could not be told (the narration, or the page): a
    fault of nightsim's. The log and its head are named before the error goes on, so the
    night is not lost."""
    kept = f"the log is complete: {shown(path)}" if path is not None else "no log (--no-log)"
    status(
        f"nightsim: error: {broken} failed ({type(exc).__name__}); {kept}; head:"
        f" {json.loads(last[0])['hash']}; the night is {rerun}"
    )
    raise exc


def print_lines(
    args: argparse.Namespace, logged: Iterator[str | Logged], sink: Sink | None = None
) -> Exception | None:
    """Print the night as `--format` asks; a write error on stdout (a closed pipe included) or
    a failing narration is returned, not raised (the log is still finished), except the log's
    own failure (EnvironmentFailure: the night cannot be kept) and a stop. The text
    narration tells the typed events where it is given them (`Logged`), the lines
    otherwise."""
    if args.pace is not None:
        from nightsim.cli.pace import line_minute, paced

        logged = paced(
            logged, args.pace, lambda x: line_minute(x if isinstance(x, str) else x.line)
        )
    if sink is not None:  # after the pace: a bot hears of an event when the table does
        logged = sink.tee(logged)
    lines = (x if isinstance(x, str) else x.line for x in logged)
    try:
        if args.format == "jsonl":
            # The players' view is a view of the log, not the log (nightsim/view.py).
            for line in lines if args.view == REFEREE else viewed_lines(lines):
                sys.stdout.write(line + "\n")
                sys.stdout.flush()
        elif args.format in ("cloudevents", "cloudevents-batch"):
            from nightsim.log.cloudevents import cloudevents_out

            batch = args.format == "cloudevents-batch"
            for out in cloudevents_out(lines, batch=batch, view=args.view):
                sys.stdout.write(out + "\n")
                sys.stdout.flush()
        elif args.format == "html":
            from nightsim.cli.page import print_page

            print_page(lines, lang=args.lang, view=args.view, title=args.title)
        else:
            from nightsim.cli.render import print_night

            told = (x if isinstance(x, str) else _hashed(x) for x in logged)
            print_night(told, lang=args.lang, quiet=args.quiet, step=args.step, view=args.view)
            sys.stdout.flush()
    except EnvironmentFailure:
        raise
    except Exception as exc:
        if stop.cause(exc):
            raise  # a stop a library wrapped (pydantic's SchemaError): not the narration's
        return exc
    return None


def _hashed(x: Logged) -> Event:
    """The event as its line reads it: with the `hash` the chain gave it (the narration
    tells the last one's, the chain's head)."""
    return x.event.model_copy(update={"hash": json.loads(x.line)["hash"]})


def stopped(exc: BaseException, log: AtomicFile | None, rerun: str, lang: str = "en") -> int:
    """The night did not finish: remove the partial log (a stop or a failure keeps no part of
    a night), say how to tell it again, and exit as the cause asks. A stop that came after
    the commit finds the log whole: the line says where, and its head."""
    signum = stop.cause(exc)
    if not signum and log is None:
        raise exc  # no log: bad input (its creation refused), or the reader stopped (`| head`)
    if signum:
        stop.stopping()
    if log is not None:
        log.discard()  # never the final name: a committed log stays
    if signum and log is not None and log.committed:
        status(stop.said(signum, lang))
        return 128 + signum
    if isinstance(exc, EnvironmentFailure) and not signum:
        # (kept: the message says where the log is)
        kept = "" if log is not None and log.kept else Said("file.no_log_written")
        said = Said("file.night_not_kept", problem=said_of(exc), kept=kept, rerun=rerun)
        raise EnvironmentFailure(said)
    if not signum:
        raise exc
    # Ctrl-C (say, mid --step) or a kill: say so, and how to tell the night again, which a
    # fresh seed otherwise makes impossible.
    if signum == signal.SIGINT and sys.stderr.isatty():
        status("")  # off the line the terminal's ^C (or --step's prompt) is on
    from nightsim.narration.catalogue import Catalogue

    status(Catalogue(lang)("status.stopped", rerun=rerun))
    return 128 + signum
