# ruff: noqa: RUF002  (the Ukrainian examples: en dash, true minus)
"""Numbers as each language writes them, for the odds' text and pages.

English keeps what nightsim has always printed ("10,000", "33.0%", "31.0-35.1%"). Ukrainian
follows CLDR's `uk` locale, the convention Babel and ICU print: a no-break space between
thousands ("10 000"), a decimal comma ("33,0"), a no-break space before the per cent sign
("33,0 %"), an en dash between the bounds of an interval ("31,0–35,1 %"). Both write a
true minus ("−0,8"), never a hyphen. The catalogue holds each language's marks (`fmt.*`), so
no language is named here.

The pages and the terminal print those no-break spaces as they are (`narration/safe.py`:
a terminal shows one as a space and never breaks a line at it).
"""

from __future__ import annotations

from nightsim.narration.catalogue import Catalogue

MINUS = "\u2212"


def number(t: Catalogue, x: float, digits: int = 1) -> str:
    """A number in the language's form: "10,000" / "10 000", "8.6" / "8,6", a true minus."""
    text = f"{x:,.{digits}f}".replace(",", "\x00").replace(".", t("fmt.decimal"))
    return text.replace("\x00", t("fmt.thousands")).replace("-", MINUS)


def count(t: Catalogue, n: int) -> str:
    """A whole number with the language's thousands separator: "2,000" / "2 000"."""
    return number(t, n, 0)


def percent(t: Catalogue, p: float | None, width: int = 0, digits: int = 1) -> str:
    """A share as a percentage: "33.0%" / "33,0 %"; "—" for none. `width` pads the number
    on the left (a right-aligned column keeps its width whether or not a value has two
    digits); `digits` decimals (two where one would not give a difference shown beside)."""
    if p is None:
        return "\u2014"
    return t("fmt.percent", value=number(t, p * 100, digits).rjust(width))


def bound(t: Catalogue, x: float) -> str:
    """An interval's bound in per cent: one decimal, or, for a bound that one decimal would
    show as 0.0 or 100.0 and that is neither, up to its first digit that tells it apart (at
    most three): "0.0-0.04" over 10,000 nights of nothing, not "0.0-0.0" (docs/odds.md, "How
    the numbers are worded")."""
    v = x * 100
    digits = 1
    while digits < 3 and (0 < v < 100) and round(v, digits) in (0, 100):
        digits += 1
    return number(t, v, digits)


def percent_bound(t: Catalogue, x: float) -> str:
    """A bound alone, with its per cent sign: "0.04%" / "0,04 %"."""
    return t("fmt.percent", value=bound(t, x))


def span(t: Catalogue, low: float, high: float) -> str:
    """An interval's bounds as percentages: "31.0-35.1%" / "31,0–35,1 %"."""
    return t("fmt.span", low=bound(t, low), high=bound(t, high))


def with_span(t: Catalogue, p: float | None, low: float, high: float, digits: int = 1) -> str:
    """A chance and its interval in one cell: "27.0% (25.1-29.0)" / "27,0 % (25,1–29,0)";
    `digits` for the chance (two where a difference beside it needs them)."""
    if p is None:
        return "\u2014"
    return t(
        "fmt.with_span",
        p=percent(t, p, digits=digits),
        low=bound(t, low),
        high=bound(t, high),
    )
