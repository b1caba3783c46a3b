"""Scaffold rules edition N+1: the first steps of CONTRIBUTING.md, "Changing a rule: a new
rules edition", done in one command.

    python tools/new_edition.py            # edition N+1, N being editions.CURRENT_EDITION
    python tools/new_edition.py --dry-run  # say what it would write; write nothing

It writes, in the repository it belongs to (the tests run it on a copy):

- `nightsim/editions.py`: `CURRENT_EDITION = N+1`, N+1 at the end of `EDITIONS`, and a
  `_READINGS` entry for N+1 copied from N's (so it plays N's nights until a reading of its
  own is added: its flag in `Readings`, True from N+1 on);
- the edition's digest stores, `bench/golden_digest-edition{N+1}[-{rng}].txt`, one per dice
  (`bench/golden_digest.py --edition N+1 --write`): its logs differ from N's by the header's
  `edition` alone, and its outcomes are N's;
- the rows the docs give each edition, each marked `TODO(edition N+1)` where only the
  contributor can say what changed: the edition in docs/rules.md §9 (a bullet and a table of
  what it reads otherwise), docs/log-format.md ("Editions"), docs/rules-coverage.md (its logs
  keep verifying) and a line under CHANGELOG.md's top section.

Nothing else is touched. The steps left (the reading's flag, the engine reading it, its tests,
the docs' words, `tools/regen.py`) are the recipe's; `tests/engine/test_editions_held.py`
fails while a `TODO(edition …)` marker is left anywhere in the tree.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

EDITIONS_PY = Path("nightsim/editions.py")
RULES_MD = Path("docs/rules.md")
FORMAT_MD = Path("docs/log-format.md")
COVERAGE_MD = Path("docs/rules-coverage.md")
CHANGELOG = Path("CHANGELOG.md")


class Refused(Exception):
    """The tree is not as this tool expects it (already scaffolded, a file edited past
    recognition): one line, exit 2, nothing written."""


def marker(edition: int) -> str:
    """What the contributor must replace: `tests/engine/test_editions_held.py` finds it."""
    return f"TODO(edition {edition})"


def _one(pattern: str, text: str, where: Path) -> re.Match[str]:
    found = list(re.finditer(pattern, text, flags=re.M | re.S))
    if len(found) != 1:
        raise Refused(f"{where}: expected one match of {pattern!r}, found {len(found)}")
    return found[0]


def current_edition(text: str) -> int:
    """`CURRENT_EDITION` as editions.py sets it."""
    return int(_one(r"^CURRENT_EDITION = (\d+)$", text, EDITIONS_PY)[1])


def editions_py(text: str, new: int) -> str:
    """editions.py playing `new`, its readings copied from the edition before."""
    old = new - 1
    text = text.replace(f"\nCURRENT_EDITION = {old}\n", f"\nCURRENT_EDITION = {new}\n", 1)
    played = _one(r"^EDITIONS: tuple\[int, \.\.\.\] = \(([\d, ]+)\)$", text, EDITIONS_PY)
    numbers = [int(n) for n in played[1].split(",") if n.strip()]
    if numbers[-1] != old or new in numbers:
        raise Refused(f"{EDITIONS_PY}: EDITIONS {tuple(numbers)} does not end with {old}")
    text = text[: played.start(1)] + ", ".join(map(str, [*numbers, new])) + text[played.end(1) :]
    entry = _one(rf"^(    {old}: Readings\(.*?\),)\n", text, EDITIONS_PY)
    copied = (
        f"    # {marker(new)}: give the new reading its flag in `Readings` (False above, True\n"
        f"    # here), or say here why edition {new} reads nothing otherwise.\n"
        f"    {new}: {entry[1].strip().removeprefix(f'{old}: ')}\n"
    )
    return text[: entry.end()] + copied + text[entry.end() :]


def rules_md(text: str, new: int) -> str:
    """docs/rules.md §9: the edition's bullet above the others, and its table after theirs."""
    old = new - 1
    section = _one(r"^## \d+\. Rules editions\n(.*?)(?=^## |\Z)", text, RULES_MD)
    body = section[1]
    bullet = f"- **Edition {old}**"
    if bullet not in body:
        raise Refused(f"{RULES_MD}: §9 has no bullet {bullet!r}")
    mark = marker(new)
    body = body.replace(
        bullet,
        f"- **Edition {new}** (nightsim {mark}: the release that first plays it, on; what "
        f'`run`, `odds` and `check` play; the header says `"edition": {new}`): {mark}: the '
        f"readings it changed, each noted in its section and in the table below.\n{bullet}",
        1,
    )
    rows = list(re.finditer(r"^\|.*\|\n", body, flags=re.M))
    if not rows:
        raise Refused(f"{RULES_MD}: §9 has no table")
    table = (
        f"\n| § | edition {old} | edition {new} |\n|---|---|---|\n"
        f"| {mark}: the section | {mark}: how edition {old} reads it | {mark}: how edition "
        f"{new} reads it |\n"
    )
    at = rows[-1].end()
    body = body[:at] + table + body[at:]
    return text[: section.start(1)] + body + text[section.end(1) :]


def log_format_md(text: str, new: int) -> str:
    """docs/log-format.md, "Editions": a sentence on the new edition after its first
    paragraph."""
    section = _one(r"^## Editions\n\n(.*?\n)\n", text, FORMAT_MD)
    sentence = (
        f"**Edition {new}** (nightsim {marker(new)}: the release, on; what `run` writes) "
        f"{marker(new)}: what it reads otherwise.\n"
    )
    return text[: section.end(1)] + sentence + text[section.end(1) :]


def coverage_md(text: str, new: int) -> str:
    """docs/rules-coverage.md: the row saying the edition before keeps verifying."""
    old = new - 1
    last = _one(
        r"^\| — \| Edition-\d+ logs keep verifying[^\n]*\n(?!\| — \| Edition-)", text, COVERAGE_MD
    )
    row = (
        f"| — | Edition-{old} logs keep verifying (0), never 1, once edition {new} is played "
        "| `log/verify` (the header's `edition` re-played) "
        f"| `bench/golden_digest.py --edition {old} --check`; {marker(new)}: the tests of "
        f"edition {new}'s reading, in their own row above |\n"
    )
    return text[: last.end()] + row + text[last.end() :]


def changelog(text: str, new: int) -> str:
    """A line under CHANGELOG.md's top (unreleased) section."""
    top = _one(r"\A.*?^## [^\n]*\n\n", text, CHANGELOG)
    line = (
        f"- **Rules edition {new}** ({marker(new)}: which nights change and why, the rule and "
        f"its section of docs/rules.md); logs of the editions before keep verifying.\n\n"
    )
    return text[: top.end()] + line + text[top.end() :]


EDITS = (
    (EDITIONS_PY, editions_py),
    (RULES_MD, rules_md),
    (FORMAT_MD, log_format_md),
    (COVERAGE_MD, coverage_md),
    (CHANGELOG, changelog),
)


def scaffold(root: Path, dry_run: bool = False) -> tuple[int, dict[Path, str]]:
    """The new edition and every file's new text; written unless `dry_run`. All or nothing:
    every edit is worked out before the first file is written."""
    new = current_edition((root / EDITIONS_PY).read_text(encoding="utf-8")) + 1
    if list((root / "bench").glob(f"golden_digest-edition{new}*.txt")):
        raise Refused(f"edition {new} is already scaffolded: bench/ holds its digest stores")
    texts: dict[Path, str] = {}
    for rel, edit in EDITS:
        texts[rel] = edit((root / rel).read_text(encoding="utf-8"), new)
    if not dry_run:
        for rel, text in texts.items():
            (root / rel).write_text(text, encoding="utf-8", newline="\n")
    return new, texts


def write_stores(root: Path, edition: int, seeds: int | None) -> list[Path]:
    """The edition's digest stores, one per dice, by the tree's own golden_digest.py."""
    from nightsim.engine.dice import RNG_ID, RNG_IDS

    written: list[Path] = []
    for rng in RNG_IDS:
        cmd = [sys.executable, "bench/golden_digest.py", "--edition", str(edition)]
        cmd += ["--rng", rng, "--write", *([] if seeds is None else ["--seeds", str(seeds)])]
        subprocess.run(cmd, cwd=root, check=True, stdout=subprocess.DEVNULL)
        stem = f"golden_digest-edition{edition}"
        written.append(root / "bench" / (f"{stem}.txt" if rng == RNG_ID else f"{stem}-{rng}.txt"))
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--dry-run", action="store_true", help="say what would change; write nothing")
    ap.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    # Fewer nights in the stores: for the tool's own test only (the real stores hold 300).
    ap.add_argument("--seeds", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    root: Path = args.root.resolve()
    try:
        new, texts = scaffold(root, args.dry_run)
    except (Refused, OSError) as exc:
        print(f"new_edition: {exc}", file=sys.stderr)
        return 2
    verb = "would write" if args.dry_run else "wrote"
    for rel in texts:
        print(f"{verb}: {rel}")
    if args.dry_run:
        print(f"{verb}: bench/golden_digest-edition{new}*.txt (one store per dice)")
        return 0
    for path in write_stores(root, new, args.seeds):
        print(f"{verb}: {path.relative_to(root)}")
    print(
        f'rules edition {new} scaffolded: now its reading (CONTRIBUTING.md, "Changing a rule: '
        f'a new rules edition"); `grep -rn "{marker(new)}" .` lists what is left to write.'
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
