"""How `verify`, `campaign verify` and `whatif` tell a verdict: the answer first, in words a
player reads at the table (GENUINE / NOT GENUINE, then one sentence per reason), on stdout
with no `nightsim: error:` prefix: a verdict is an answer, not a failure of the program
(docs/disputes.md, "The verdict"). The raw lines follow only with `--details`."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from nightsim.cli.common import status
from nightsim.limits import escaped, said_line, shown

if TYPE_CHECKING:
    from nightsim.log.verify import Verdict
    from nightsim.narration.catalogue import Catalogue


def tell(
    name: str,
    said: list[str],
    t: Catalogue,
    *,
    out: TextIO | None = None,
    key: str = "verdict.not_genuine",
) -> None:
    """NOT GENUINE and the reasons, one a line, on `out` (stdout by default); `key`: the
    heading's (a campaign's agrees with its own noun in Ukrainian)."""
    out = out or sys.stdout
    print(t(key, file=name), file=out)
    for reason in said:
        print(f"- {said_line(reason)}", file=out)


def details(verdict: Verdict, t: Catalogue, *, out: TextIO | None = None) -> None:
    """`--details`: under a heading for programmers, each kept difference's event type and
    fields, then the two lines whole. The "log:"/"sim:" labels stay as they are in every
    language: scripts split on them."""
    out = out or sys.stdout
    kept = verdict.differences or ((verdict.mismatch,) if verdict.mismatch else ())
    if not kept:
        return
    print(t("verdict.details"), file=out)
    for m in kept:
        what = (
            t("verify.differs_in", fields=", ".join(shown(f) for f in m.fields))
            if m.fields
            else t("verify.not_in_log" if m.log is None else "verify.not_simulated")
        )
        typ = shown(m.type, quote=False)
        print(t("verify.first_differing", line=m.seq + 1, type=typ, what=what), file=out)
        # As text, a forged line's JSON keeps its bidi controls and line separators
        # unescaped: escaped() shows them.
        for side, text in (("verify.side_log", m.log), ("verify.side_sim", m.sim)):
            shown_text = t("verify.none") if text is None else escaped(text)
            print(f"{t(side)}: {shown_text}", file=out)


def notes(verdict: Verdict, lang: str = "en") -> None:
    from nightsim.narration.catalogue import Catalogue
    from nightsim.told import in_lang

    t = Catalogue(lang)
    for note in verdict.notes:
        status(t("note.line", note=in_lang(note, lang)))
