"""`nightsim campaign`: a ledger of nights, session after session, in one file
(docs/campaign.md). A thin shell on `nightsim.campaign.Campaign`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nightsim.cli import stop
from nightsim.cli.common import (
    EXIT_BUSY,
    EXIT_FAILED,
    EXIT_IOERR,
    EXIT_OK,
    EXIT_OLDER_FORMAT,
    EXIT_USAGE,
    UsageError,
    add_config_args,
    add_lang,
    config_from_args,
    error,
    parse_seed,
    say,
    status,
)
from nightsim.errors import CampaignBusy, ConfigError, LogError, NotACampaign
from nightsim.limits import MAX_CAMPAIGN_NIGHTS, MAX_WAIT_SECONDS, said_line, shown
from nightsim.told import Said, in_lang, os_why, said_of

if TYPE_CHECKING:
    from nightsim.campaign import Campaign, CampaignNight
    from nightsim.campaign.verification import CampaignVerdict
    from nightsim.cli.sink import Sink
    from nightsim.narration.catalogue import Catalogue

EPILOG = """\
a referee's session:
  nightsim campaign new wood.campaign --name "The Wood"      the bundled party (or: … camp.toml)
  nightsim campaign night wood.campaign                     night 1, its seed committed at new
  nightsim campaign adjust wood.campaign --set party.Wren.hp=3 --note "a bandit's arrow"
  nightsim campaign night wood.campaign --set camp.weather=dry
  nightsim campaign show wood.campaign
  nightsim campaign check wood.campaign --set camp.terrain=bog   preview the next night
  nightsim campaign publish wood.campaign --set camp.terrain=bog what to publish before it
  nightsim campaign void wood.campaign 5 --note "never camped"  a night played by mistake
  nightsim campaign verify wood.campaign --head 1f3a…       what a player runs
  nightsim campaign log wood.campaign 2 --out night2.jsonl  `nightsim verify` accepts it alone
  nightsim campaign share wood.campaign players.campaign    the players' copy, no next seed

exit codes: 0 ok; 1 campaign verify found a problem (a night, a stored column or the
ledger contradicting the logs, or a night that is not the one published), or campaign page
met a night that fails verify; 2 bad input (not a campaign file, a damaged or hand-edited
one, a bad --set or name, no such night, a night that cannot be voided); 3 a night this
nightsim does not play (a rules edition, dice or a config key of a later release; every
command but new, log and share): the line names the release that plays the campaign; 74
the disk failed (full, or a cut-short write's journal on a read-only file system): the
campaign is as it was; 75 the campaign is busy (another nightsim is writing it): try
again in a moment, or raise --wait.
"""


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "campaign",
        help="a campaign: night after night in one file (new, night, adjust, show, check,"
        " publish, void, log, verify, page, share)",
        description="A campaign: the party carried from night to night in one SQLite file,"
        " every night's log kept byte for byte, every change between nights in a ledger, the"
        " next seed committed in advance (docs/campaign.md).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmds = p.add_subparsers(dest="campaign_command", metavar="COMMAND", required=True)
    _new_parser(cmds)
    _night_parser(cmds)
    _adjust_parser(cmds)
    from nightsim.cli.campaign_publish import add_publish_parser, add_published_args

    add_publish_parser(cmds, _sub)
    _void_parser(cmds)
    _reading_parsers(cmds)
    _verify_parser(cmds, add_published_args)
    _page_parser(cmds)
    share = _sub(
        cmds,
        "share",
        "a copy of the campaign for the players: everything they verify, and not the seed of"
        " the night to come",
    )
    share.add_argument("out", metavar="OUT", help="the copy's file (never overwritten)")
    for command in cmds.choices.values():
        add_lang(command)
    p.set_defaults(handler=run)


def _reading_parsers(cmds: Any) -> None:
    """The commands that read the campaign and change nothing: show, check, log."""
    show = _sub(
        cmds, "show", "the party now, the date, the next night's camp, every night and adjustment"
    )
    show.add_argument(
        "--format", choices=("text", "json"), default="text", help="output format (default: text)"
    )
    show.add_argument(
        "--lang", choices=("en", "uk"), default="en", help="text: the language (default: en)"
    )
    check = _sub(cmds, "check", "`check`'s panel for the next night, as `campaign night` plays it")
    check.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="tonight's camp, as `campaign night --set` takes it (nothing is recorded)",
    )
    check.add_argument(
        "--lang", choices=("en", "uk"), default="en", help="output language (default: en)"
    )
    log = _sub(cmds, "log", "night N's log exactly as `run` writes one")
    log.add_argument("night", type=int, metavar="N", help="the night's number")
    log.add_argument("--out", metavar="PATH", help="write it to PATH (never overwritten)")


def _verify_parser(cmds: Any, add_published_args: Any) -> None:
    ver = _sub(cmds, "verify", "every night re-simulated and the campaign's chain checked")
    ver.add_argument(
        "--night", type=int, metavar="N", help="night N alone, with its links (2: past the last)"
    )
    ver.add_argument(
        "--head",
        metavar="HEX",
        help="the campaign's last head, as read out (with --night N: night N's head); an"
        " earlier night's head is named as that night's",
    )
    ver.add_argument(
        "--details",
        action="store_true",
        help="after the verdict, for programmers: the differing lines of the night's log whole",
    )
    ver.add_argument(
        "--lang", choices=("en", "uk"), default="en", help="the answer's language (default: en)"
    )
    ver.add_argument(
        "--jobs",
        type=int,
        metavar="J",
        help="processes re-simulating the nights' logs ahead (default: the machine's cores;"
        " the same verdict whatever J)",
    )
    add_published_args(ver)


def _page_parser(cmds: Any) -> None:
    page = _sub(cmds, "page", "the campaign's self-contained HTML page")
    page.add_argument("--out", metavar="PAGE", help="write it to PAGE (never overwritten)")
    page.add_argument(
        "--lang", choices=("en", "uk"), default="en", help="output language (default: en)"
    )
    page.add_argument(
        "--view",
        choices=("referee", "players"),
        default="referee",
        help="referee: everything (default); players: only what the characters know (no"
        " seed, no roll behind the screen), the page to post for the table",
    )
    page.add_argument(
        "--unchecked",
        action="store_true",
        help="do not re-simulate the nights first (fast); the page then says plainly that it"
        " was not checked, and how to check it",
    )


def _sub(cmds: Any, name: str, text: str) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = cmds.add_parser(name, help=text, description=text + ".")
    p.add_argument("file", metavar="FILE", help="the campaign file")
    p.add_argument(
        "--wait",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="how long to wait for another nightsim writing the campaign (default: 10), then"
        " exit 75",
    )
    return p


def _new_parser(cmds: Any) -> None:
    p = _sub(cmds, "new", "create a campaign file (never over an existing file)")
    add_config_args(p)
    p.add_argument("--name", default="", metavar="TEXT", help="the campaign's title")


def _night_parser(cmds: Any) -> None:
    from nightsim.cli.render import add_narration_args

    p = _sub(cmds, "night", "play the next night from the stored state, narrated like `run`")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="tonight's camp (terrain, weather, rota, rules…), kept for later nights; the"
        " party's state is `campaign adjust`'s",
    )
    p.add_argument("--seed", metavar="S", help="the referee's seed instead of the committed one")
    p.add_argument(
        "--nights",
        type=int,
        default=1,
        metavar="N",
        help="N nights in a row, all or none (one transaction); --set and --seed apply to the"
        " first",
    )
    p.add_argument(
        "--format",
        choices=("text", "jsonl", "html"),
        default="text",
        help="text: the narration; jsonl: the night's log; html: its page (default: text)",
    )
    p.add_argument("--html", metavar="PAGE", help="also write the night's page (never overwritten)")
    p.add_argument(
        "--not-as-published",
        action="store_true",
        help="play although tonight's config is not the one published for this night (the"
        " published block will not verify it); without it, such a night is refused",
    )
    add_narration_args(p)
    from nightsim.cli.sink_args import add_sink_args

    add_sink_args(p)
    # Told after the commit, whole: `run --pace` streams a night as it is played.
    p.set_defaults(pace=None)


def _void_parser(cmds: Any) -> None:
    p = _sub(
        cmds, "void", "void night N, played by mistake: restore the party's state from before it"
    )
    p.add_argument("night", type=int, metavar="N", help="the night (the last not yet void)")
    p.add_argument("--note", required=True, metavar="TEXT", help="why the night is void")


def _adjust_parser(cmds: Any) -> None:
    p = _sub(cmds, "adjust", "record the changes between nights, with a note")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="party.NAME.hp=3, party.NAME.exhaustion=0, a new member's party.NEW.… (every"
        " field), camp.carried_firewood_hours, camp.ingredients, camp.month, camp.day,"
        " evening.…, watch.…",
    )
    p.add_argument(
        "--leave",
        action="append",
        default=[],
        metavar="NAME",
        help="NAME leaves the party (and the chores and the rota)",
    )
    p.add_argument("--note", default="", metavar="TEXT", help="why: 'healed at the shrine'")


def run(args: argparse.Namespace) -> int:
    handler = {
        "new": _new,
        "night": _night,
        "adjust": _adjust,
        "show": _show,
        "check": _check,
        "log": _log,
        "verify": _verify,
        "page": _page,
        "publish": _publish,
        "void": _void,
        "share": _share,
    }[args.campaign_command]
    from nightsim.campaign.compat import PlayedElsewhere
    from nightsim.campaign.share import PlayersCopy

    try:
        return handler(args)
    except PlayedElsewhere as exc:
        # A night of a release this nightsim does not play, as `verify` answers for a log:
        # neither tampered (1) nor bad input (2); the line names the release that plays it.
        status(said_line(exc.line(args.file, args.campaign_command, getattr(args, "lang", "en"))))
        return EXIT_OLDER_FORMAT
    except (NotACampaign, ConfigError) as exc:
        error(said_of(exc), getattr(args, "lang", "en"))
        return EXIT_USAGE
    except PlayersCopy as exc:
        lang = getattr(args, "lang", "en")
        error(Said("campaign.of_file", path=shown(args.file), problem=said_of(exc)), lang)
        return EXIT_USAGE
    except CampaignBusy as exc:
        error(Said("campaign.busy_retry", busy=said_of(exc)), getattr(args, "lang", "en"))
        return EXIT_BUSY


@contextmanager
def _opened(args: argparse.Namespace) -> Iterator[Campaign]:
    from nightsim.campaign import Campaign

    c = Campaign.open(args.file, wait=_wait(args))
    try:
        yield c
    finally:
        c.close()


def _wait(args: argparse.Namespace) -> float:
    """`--wait`: 0 to MAX_WAIT_SECONDS (docs/limits.md); `nan` and `inf` are no wait."""
    if not 0 <= args.wait <= MAX_WAIT_SECONDS:  # False for nan
        raise UsageError(
            Said("use.seconds", option="--wait", low=0, high=MAX_WAIT_SECONDS, got=shown(args.wait))
        )
    return float(args.wait)


def _publish(args: argparse.Namespace) -> int:
    from nightsim.cli.campaign_publish import run_publish

    return run_publish(args, _opened)


def _share(args: argparse.Namespace) -> int:
    """`campaign share FILE OUT`: the players' copy (docs/campaign.md, "The players' copy")."""
    from nightsim.campaign.share import share

    out = Path(args.out)
    with _opened(args) as c:
        nights = c.state.nights
        try:
            share(c, out)
        except FileExistsError:
            raise UsageError(Said("use.copy_exists", path=shown(out))) from None
        except OSError as exc:
            raise UsageError(Said("use.copy_cannot", path=shown(out), why=os_why(exc))) from None
    say(args, "status.share_done", out=shown(out), nights=nights, next=nights + 1)
    return EXIT_OK


def _void(args: argparse.Namespace) -> int:
    with _opened(args) as c:
        c.check_played_here()  # a later release's night: exit 3 naming it, never "unknown key"
        adj = c.void(args.night, args.note)
    say(args, "status.void_done", night=args.night, number=adj.number, sha=adj.sha256)
    return EXIT_OK


def _new(args: argparse.Namespace) -> int:
    from nightsim.campaign import Campaign

    config, _ = config_from_args(args.config, args.set)
    with Campaign.new(args.file, config, name=args.name, wait=_wait(args)) as c:
        state = c.state
    say(args, "status.new_done", file=shown(args.file), party=len(state.party))
    say(args, "status.night1_committed", sha=state.next_seed_sha256)
    return EXIT_OK


def _night(args: argparse.Namespace) -> int:
    from nightsim.campaign.chain import check_camp_item
    from nightsim.cli.campaign_publish import (
        differs_warning,
        not_as_published,
        refused_unpublished,
    )
    from nightsim.cli.page import PageFile

    if not 1 <= args.nights <= MAX_CAMPAIGN_NIGHTS:
        raise UsageError(
            Said("use.campaign_nights", high=MAX_CAMPAIGN_NIGHTS, got=shown(args.nights))
        )
    if args.nights > 1 and (args.format == "html" or args.html):
        raise UsageError(Said("use.html_one_night"))
    seed = parse_seed(args.seed) if args.seed is not None else None
    page = PageFile(args.html, args.lang, view=args.view)
    from nightsim.cli.sink_args import sink_from_args

    sink = sink_from_args(args)  # its URL checked before the campaign is opened
    with _opened(args) as c:
        where = shown(args.file)
        missing = c.first_missing()
        if missing is not None:
            # Refused, not warned: a night played onto a ledger with a row deleted is a
            # campaign whose every later verify says NOT GENUINE (docs/campaign.md, "Nothing
            # lost").
            raise UsageError(Said("campaign.night_gap", path=shown(Path(args.file)), night=missing))

        def committed(played: tuple[CampaignNight, ...]) -> None:
            last = played[-1]
            stop.kept(Said("stop.kept_night", night=last.number, where=where, head=last.head))

        c.commit_guard, c.on_commit = stop.held, committed
        if args.title is None and 0 < len(c.name.strip()) <= 200 and c.name.isprintable():
            # The night's page under its campaign's name; the night's number, its head and
            # the next night's commitment are the night's own (its header's link).
            args.title = page.title = c.name
        names = [m.name for m in c.state.party]
        for item in args.set:
            check_camp_item(item, names)
        differs = not_as_published(c, args.set)
        if differs is not None:
            if not args.not_as_published:
                # Refused, not warned: a warning scrolls away above the narration, and the
                # player's verify of the published block then says NOT GENUINE
                # (docs/campaign.md, "The referee's checklist").
                raise UsageError(refused_unpublished(differs))
            status(in_lang(differs_warning(differs), args.lang))
        from nightsim.cli.odds import _progress

        with _progress(args.nights, Said("progress.nights"), args.lang) as advance:
            played = c.play_nights(args.nights, args.set, seed, advance)
        commitment = c.state.next_seed_sha256
    args.campaign_name = c.name
    return _tell(args, played, page, commitment, sink)


def _night_status(args: argparse.Namespace, night: CampaignNight) -> None:
    if night.referee and args.view == "players":  # never the seed (nightsim/view.py)
        say(args, "status.referee_seed", night=night.number)
    elif night.referee:
        say(args, "status.referee_seed_was", night=night.number, seed=shown(night.seed))
    # Each hash whole on the line after its label: a copy holds no newline.
    say(args, "status.night_head", night=night.number, head=night.head)
    say(args, "status.night_fingerprint", night=night.number)
    status(night_fingerprint(night))


def _players_footer(args: argparse.Namespace, night: CampaignNight, commitment: str) -> None:
    """On the players' screen (a projected terminal) the narration ends with what they
    note down: the campaign, the night's number, its head and the next night's commitment,
    each hash whole on its own line (docs/campaign.md, "The players' view")."""
    from nightsim.narration.catalogue import Catalogue

    t = Catalogue(args.lang)
    name = shown(getattr(args, "campaign_name", "") or args.file, quote=False)
    print(t("cplayers.night", name=name, night=night.number))
    print(t("cplayers.head"))
    print(night.head)
    print(t("cplayers.next"))
    print(commitment)


def _tell(
    args: argparse.Namespace, played: Any, page: Any, commitment: str, sink: Sink | None
) -> int:
    """After the commit: each night narrated as `run` narrates it (and sent to the sink,
    whole: it is in the campaign already), its head, the next seed's commitment, and the
    page."""
    from nightsim.cli.run import print_lines

    if sink is not None:
        for night in played:
            for line in night.lines:
                sink.send(line)
            sink.end_log()  # each night is a log of its own: its own CloudEvents source
    try:
        for night in played:
            failed = print_lines(args, iter(night.lines))
            if failed is not None:
                raise failed
            _night_status(args, night)
        if len(played) > 1 and args.format == "text":
            from nightsim.cli.campaign_nights import print_journey

            print_journey(played, args.lang)
        if args.view == "players" and args.format == "text":
            _players_footer(args, played[-1], commitment)
    except Exception:  # stdout failed: what was sent is still said (a stop says only itself)
        if sink is not None:
            sink.close()
        raise
    if sink is not None:
        sink.close()  # the nights are in the campaign: a sink that is down only waits
    say(args, "status.next_committed", sha=commitment)
    if page.path is not None:
        for _ in page.kept(iter(played[0].lines)):
            pass
        problem = page.prepare() or page.place()
        page.discard()
        if problem is not None:
            said = Said("file.page_failed_campaign", problem=problem, path=shown(args.file))
            error(said, args.lang)
            return EXIT_IOERR
    return EXIT_OK


def night_fingerprint(night: CampaignNight) -> str:
    """The fingerprint of the config night `night` was played with (its header's)."""
    from nightsim.config.fingerprint import data_sha256

    return data_sha256(json.loads(night.lines[0])["config"])


def _adjust(args: argparse.Namespace) -> int:
    items = [f"leave {name}" for name in args.leave] + list(args.set)
    from nightsim.cli.campaign_publish import not_as_published, stale_warning

    with _opened(args) as c:
        c.check_played_here()  # a later release's night: exit 3 naming it, never "unknown key"
        adj = c.adjust(items, args.note)
        stale = not_as_published(c)
    say(args, "status.adjusted", number=adj.number, night=adj.after_night, sha=adj.sha256)
    if stale is not None:
        status(in_lang(stale_warning(stale), args.lang))
    return EXIT_OK


def _show(args: argparse.Namespace) -> int:
    from nightsim.campaign.as_json import write_json
    from nightsim.campaign_shown import show_text
    from nightsim.narration.catalogue import Catalogue

    with _opened(args) as c, c.snapshot():
        c.check_played_here()
        _warn_gap(c, args)
        if args.format == "json":
            write_json(c, sys.stdout)
        else:
            from nightsim.cli.render import make_console

            show_text(c, Catalogue(args.lang), make_console().width, sys.stdout)
    return EXIT_OK


def _warn_gap(c: Campaign, args: argparse.Namespace) -> None:
    """A night missing from the ledger (a row deleted): said, and the rest still shown."""
    missing = c.first_missing()
    if missing is not None:
        say(args, "status.night_missing", night=missing)


def _check(args: argparse.Namespace) -> int:
    from nightsim.cli.check import show_checkup

    with _opened(args) as c, c.snapshot():
        config = c.next_config(args.set)
        number = c.state.nights + 1
    from nightsim.narration.catalogue import Catalogue

    label = Catalogue(args.lang)("ccheck.label", night=number, file=shown(args.file, quote=False))
    return show_checkup(config, label, args.lang)


def _log(args: argparse.Namespace) -> int:
    from nightsim.cli.atomic import create

    with _opened(args) as c, c.snapshot():
        last = c.state.nights
        # Checked before the query: SQLite takes no integer past 2**63 - 1 (OverflowError).
        night = c.night(args.night) if 1 <= args.night <= last else None
        if night is None:
            raise UsageError(
                Said("use.no_night", path=shown(args.file), night=args.night, last=last)
            )
    if args.out is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(night.log)
        return EXIT_OK
    out = create(Path(args.out), "a log")
    try:
        out.write(night.log)
        out.commit()
    finally:
        out.discard()
    say(args, "status.log_written", night=args.night, out=shown(args.out), head=night.head)
    return EXIT_OK


def _jobs(jobs: int | None) -> int:
    """--jobs J within 1..MAX_JOBS, or the machine's cores."""
    from nightsim.cli.odds import MAX_JOBS
    from nightsim.stats.odds import default_jobs

    if jobs is None:
        return default_jobs()
    if not 1 <= jobs <= MAX_JOBS:
        raise UsageError(Said("use.range", option="--jobs", low=1, high=MAX_JOBS, got=shown(jobs)))
    return jobs


def _verify(args: argparse.Namespace) -> int:
    from nightsim.cli.campaign_publish import published_of, published_problem

    head = _parse_head(args.head, args.lang) if args.head is not None else None
    published = published_of(args)
    from nightsim.campaign.compat import PlayedElsewhere

    with _opened(args) as c:
        try:
            last = c.state.nights  # a damaged stored state: exit 2, as every command says
        except PlayedElsewhere:
            # A later release's morning: the nights before it are re-simulated all the
            # same, and the answer says how far the campaign is sound.
            last = c.last_night
        if args.night is not None and not 1 <= args.night <= last:
            raise UsageError(
                Said("use.no_night", path=shown(args.file), night=args.night, last=last)
            )
        verdict = c.verify(night=args.night, jobs=_jobs(args.jobs))
        name = c.name
        wrong = None
        if verdict.problem is None and head is not None and not verdict.head.startswith(head):
            wrong = _head_problem(c, head, verdict.head, args.night)
        if verdict.problem is None and wrong is None and args.night is not None:
            wrong = published_problem(c, args.night, published)
    for n in verdict.referee:
        say(args, "status.referee_seed_uncommitted", night=n)
    from nightsim.narration.catalogue import Catalogue

    t = Catalogue(args.lang)
    if verdict.problem is not None or wrong is not None:
        _not_genuine(args, verdict, wrong, t)
        return EXIT_FAILED
    from nightsim.campaign_shown import quoted

    title = f" {quoted(name, t)}" if name else ""
    print(t("verdict.genuine_campaign", file=shown(Path(args.file))))
    if args.night:
        print(t("cverify.one", title=title, night=args.night, head=verdict.head))
    else:
        print(t("cverify.all", title=title, nights=verdict.nights, head=verdict.head))
    if head is not None and args.night:
        print(t("cverify.night_head", night=args.night, head=head))
    elif head is not None:
        print(t("cverify.head", head=head))
    return EXIT_OK


def _not_genuine(
    args: argparse.Namespace, verdict: CampaignVerdict, wrong: str | None, t: Catalogue
) -> None:
    """NOT GENUINE, the problem, and a night's differences in words as `verify` tells them
    (cli/verdict_out.py); its lines whole with --details."""
    from nightsim.cli.verdict_out import details, tell
    from nightsim.narration.verdict import reasons

    log = verdict.log_verdict
    said = [in_lang(verdict.problem or wrong or "", t.lang)]
    if log is not None:
        # A night's log that is not its night: each difference in words, as `verify`
        # tells it, in the answer's language.
        said = [
            t("cverify.in_night", night=verdict.night, text=reason) for reason in reasons(log, t)
        ] or said
    tell(shown(Path(args.file)), said, t, key="verdict.not_genuine_campaign")
    if args.details and log is not None:
        details(log, t)


def _head_problem(c: Campaign, head: str, got: str, night: int | None) -> str:
    """The head read out is not where the campaign (or `--night N`) ends: an earlier
    night's head is named as one, with what has been played since; any other head means
    the campaign was cut, added to or rewritten (as `nightsim verify --head` says)."""
    matched, last = c.head_night(head), c.state.nights
    if night is not None:
        if matched is not None:
            return Said("chead.other_night", matched=matched, night=night, got=got)
        return Said("chead.night_not", night=night, got=got, head=head)
    if matched is None:
        return Said("chead.not", got=got, head=head)
    since = last - matched
    code = "chead.earlier_one" if since == 1 else "chead.earlier"
    return Said(
        code, matched=matched, since=since, first=matched + 1, last=last, got=got, head=head
    )


def _parse_head(text: str, lang: str) -> str:
    from nightsim.heads import parse_head
    from nightsim.narration.catalogue import Catalogue
    from nightsim.told import in_lang

    try:
        return parse_head(text)
    except ValueError as exc:
        why = in_lang(exc.args[0], lang)
        raise UsageError(
            Catalogue(lang)("refuse.option", option="--head", text=shown(text), why=why)
        ) from None


def _page(args: argparse.Namespace) -> int:
    from nightsim.campaign_shown import Unverified, page_text

    with _opened(args) as opened, opened.frozen() as c:
        c.check_played_here()
        _warn_gap(c, args)
        try:
            text = page_text(c, args.lang, checked=not args.unchecked, view=args.view)
        except LogError as exc:  # a night tampered with or corrupt: nothing is written
            error(Said("cpage.log_broken", problem=exc.said()), args.lang)
            return EXIT_FAILED
        except Unverified as exc:  # the campaign fails `campaign verify`: nothing is written
            error(Said("cpage.unverified", problem=said_of(exc)), args.lang)
            return EXIT_FAILED
    if args.out is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8"))
        return EXIT_OK
    from nightsim.cli.atomic import create

    out = create(Path(args.out), "a page")
    try:
        out.write(text.encode("utf-8"))
        out.commit()
    finally:
        out.discard()
    say(args, "status.campaign_page", out=shown(args.out))
    return EXIT_OK
