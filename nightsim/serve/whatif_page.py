"""`whatif` for the console: a logged night told beside the same night with a change.

As `nightsim whatif LOG --set KEY=VALUE` (docs/disputes.md, "What if"): the log is verified
first (a log that is not the night it claims is refused with verify's words), then its
night is re-simulated from the header with the changes, and the two are told side by side
on the what-if page (`nightsim.page.whatif_html`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import IO, Any

from nightsim.limits import shown


class NotAsked(ValueError):
    """The log is no night to ask "what if" of, or a change is not valid: one line."""


class _Header:
    """Keeps the log's first line as it streams past verify: once verified, the header is
    the config, seed and dice the night is run again from."""

    def __init__(self) -> None:
        self.text: bytes | None = None

    def kept(self, lines: Iterator[bytes]) -> Iterator[bytes]:
        for line in lines:
            if self.text is None:
                self.text = line
            yield line


def whatif_html(fh: IO[bytes], where: str, sets: Sequence[str], lang: str) -> str:
    """The what-if page of the log read from `fh` with the `--set` items `sets`. Raises
    NotAsked (a log verify refuses, a change the config refuses), LogError, UnknownDice."""
    from nightsim.log.reader import log_lines
    from nightsim.log.verify import verify_lines
    from nightsim.narration.catalogue import Catalogue
    from nightsim.narration.verdict import verdict_words

    header = _Header()
    verdict = verify_lines(header.kept(log_lines(fh, where)))
    elsewhere = verdict.older_format_line or (
        verdict.elsewhere.line(where) if verdict.elsewhere is not None else None
    )
    if elsewhere is not None:
        raise NotAsked(f"{elsewhere}; whatif needs a log it re-simulates")
    if not verdict.seed_matches:
        t = Catalogue(lang)
        raise NotAsked(t("verify.seed_mismatch", seed=shown(verdict.seed), sha=verdict.seed_sha256))
    m = verdict.mismatch
    if m is not None:
        raise NotAsked(verdict_words(m.seq + 1, m.log, m.sim, m.fields, lang))
    assert header.text is not None  # verify read (and checked) the header
    data: dict[str, Any] = json.loads(header.text)
    return _page(data, sets, verdict.head, lang)


def _page(header: dict[str, Any], sets: Sequence[str], head: str | None, lang: str) -> str:
    from nightsim.errors import ConfigError
    from nightsim.log.whatif import from_header
    from nightsim.narration.catalogue import Catalogue
    from nightsim.narration.whatif import words
    from nightsim.page import whatif_html as page_html

    try:
        comparison = from_header(header, sets, head=head)
    except ConfigError as exc:
        raise NotAsked(str(exc)) from None
    return page_html(words(comparison, Catalogue(lang)))
