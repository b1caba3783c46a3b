"""Which campaigns this nightsim plays: every night's header through the door `verify` uses
(log.verify.read_header), so that a night a later release played under a rules edition, with
dice or with a config key this nightsim does not know is sent to the release that plays it,
exit 3, as `verify` sends a log there; never called edited (1) or refused as an unknown key
(2) (docs/campaign.md, "Across releases")."""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any

from nightsim.campaign import rows
from nightsim.editions import resimulate_command
from nightsim.errors import LogError, NotACampaign, UnknownKey
from nightsim.limits import shown

if TYPE_CHECKING:
    from nightsim.log.verify import Elsewhere


class PlayedElsewhere(NotACampaign):
    """A campaign this nightsim does not play: night `night`'s header is one it cannot play
    (`elsewhere` says why and which release does); `checked`: the nights before it that
    `campaign verify` re-simulated and found sound. Exit 3 from the CLI; a NotACampaign
    (refused input) to whatever handles only that."""

    def __init__(self, night: int, elsewhere: Elsewhere, checked: int = 0) -> None:
        self.night, self.elsewhere, self.checked = night, elsewhere, checked
        super().__init__(f"night {night}: {elsewhere.why}")

    def line(self, file: str, command: str, lang: str = "en") -> str:
        """The one line the CLI prints (escaped, as `verify`'s) in `lang`: the file, the
        night, why, and the command that runs `campaign COMMAND FILE` with the release that
        plays it."""
        from nightsim.narration.catalogue import Catalogue
        from nightsim.told import in_lang

        t = Catalogue(lang)
        verified = _sound(t, self.checked)
        run = resimulate_command(self.elsewhere.release, file, f"campaign {command}")
        return t(
            "elsewhere.campaign",
            file=file,
            night=self.night,
            why=in_lang(self.elsewhere.why, lang),
            verified=verified,
            which=self.elsewhere.which_in(lang),
            command=run,
        )


def _sound(t: Any, checked: int) -> str:
    """How far `campaign verify` found the campaign sound before what it cannot play."""
    if checked > 1:
        return str(t("elsewhere.sound_to", last=checked))
    return str(t("elsewhere.sound_one")) if checked == 1 else ""


class AdjustedElsewhere(PlayedElsewhere):
    """A campaign whose last entries hold an adjustment that sets a key this nightsim does
    not know: a later release made it (this one refuses to write such an entry), and no
    night since holds the key in its header for `night_header` to send on."""

    def line(self, file: str, command: str, lang: str = "en") -> str:
        from nightsim.narration.catalogue import Catalogue
        from nightsim.told import in_lang

        t = Catalogue(lang)
        verified = _sound(t, self.checked)
        return t(
            "elsewhere.campaign_entry",
            file=file,
            why=in_lang(self.elsewhere.why, lang),
            verified=verified,
            which=self.elsewhere.which_in(lang),
            command=resimulate_command(None, file, f"campaign {command}"),
        )


def later_adjustment(
    conn: sqlite3.Connection, last: int, unknown: UnknownKey, checked: int = 0
) -> None:
    """AdjustedElsewhere if an adjustment since night `last` sets the key `unknown` names
    (the stored next night's config, or those adjustments replayed, refused it); nothing
    else, so that a key no entry sets stays what it is, damage. `checked`: the nights
    re-simulated and found sound before it (`campaign verify`'s; 0 elsewhere)."""
    from nightsim import __version__
    from nightsim.log.verify import Elsewhere
    from nightsim.told import Said

    for row in conn.execute(
        "SELECT number, after_night, items, note FROM adjustments WHERE after_night = ?"
        " ORDER BY number",
        (last,),
    ):
        adj = rows.adjustment(row)
        if any(item.partition("=")[0].strip().split(".")[-1] == unknown.key for item in adj.items):
            why = Said(
                "elsewhere.adjustment",
                number=adj.number,
                after=last,
                name=shown(unknown.key),
                where=unknown.where,
                this=__version__,
            )
            raise AdjustedElsewhere(last, Elsewhere(why, None), checked=checked)


def night_header(number: int, log: bytes | str, checked: int = 0) -> None:
    """Night `number`'s log (its first line is enough) through the door; PlayedElsewhere if
    this nightsim does not play it. A header the reader refuses is left to `campaign
    verify`'s own checks, which name what is wrong with it."""
    from nightsim.log.verify import read_header, surely_played

    first = log.split(b"\n", 1)[0] if isinstance(log, bytes) else log.split("\n", 1)[0]
    try:
        data = json.loads(first)
        if isinstance(data, dict) and surely_played(data):
            return  # the door's quick test: 1 ms a night less than reading it whole
        _, other = read_header(first)
    except (LogError, ValueError, RecursionError):  # not UTF-8 or JSON, nested past reason
        return
    if other is not None:
        raise PlayedElsewhere(number, other, checked)


# Each night's first line, read in SQLite: the rest of its log is never loaded.
_HEADERS = "SELECT number, substr(log, 1, instr(log, x'0a')) FROM nights ORDER BY number"


def check_nights(conn: sqlite3.Connection) -> None:
    """Every night of the campaign through the door, in order; PlayedElsewhere at the first
    this nightsim does not play."""
    for row in conn.execute(_HEADERS):
        number = rows.integer(row[0], "nights.number", 1)
        if isinstance(row[1], bytes | str):
            night_header(number, row[1])


def check_last_night(conn: sqlite3.Connection) -> None:
    """The last night through the door: its morning is the stored next night's state, which
    a later release may have written with what this nightsim does not know."""
    row = conn.execute(
        "SELECT number, substr(log, 1, instr(log, x'0a')) FROM nights ORDER BY number DESC LIMIT 1"
    ).fetchone()
    if row is not None and isinstance(row[1], bytes | str):
        night_header(rows.integer(row[0], "nights.number", 1), row[1])
