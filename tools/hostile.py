"""The hostile suite: hostile input thrown at every command, and the outcomes counted.

    python tools/hostile.py --quick          # a sample, under a minute
    python tools/hostile.py --full --json    # the run whose numbers a release note gives

Six classes (docs/limits.md, "How we test hostile input"):

- names: hostile names (rich markup, formulas, bidi, zero-width, confusables, NFC/NFD, very
  long, `:`/`%`/`firewood`-like) in a config's party, spells and creatures, in `--set` and
  `--seed`, through check, run (every format, journeys), replay, verify, whatif and odds
  (every format, --compare, --rank-rotas, journeys); escapes and OSC 8 links, which a config
  refuses, through forged (re-chained) logs;
- csv: every CSV output of the other classes, scanned for formula cells;
- headers: a log's header forged field by field (re-chained) and flipped byte by byte,
  through replay, verify and whatif;
- signals: SIGINT, SIGTERM and SIGHUP at seeded random delays on run, odds --jobs 2 and verify;
- streams: every dice stream name of a night for generated parties, per rules edition,
  and the collisions between different (who, purpose) pairs;
- special files: FIFOs, devices, /proc files, a directory, symlinks, a full and a read-only
  tmpfs, as a config, a log, --log and --html.

What is counted, per class: inputs tried, tracebacks, hangs (past the timeout), lost logs (a
night whose log should be kept, missing or not verifying), formula cells, escapes reaching
the terminal (ESC, OSC 8, C0/C1 controls, bidi controls, line separators that came from the
input, at a forced colour terminal), wrong exit codes (README "Exit codes"), errors of more
than one line, long lines (an echo past the README's cut) and stream collisions. Exit status
0 when every failure count is 0, else 1. Generation is seeded (`--seed`): the same seed
tries the same inputs.

Commands run in-process (`nightsim.cli.main`, stdout and stderr captured) where they can;
signals, hangs and special files in subprocesses, under a timeout.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import dataclasses
import io
import json
import os
import random
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere: the checkout's nightsim
    sys.path.insert(0, str(ROOT))

from nightsim.cli import main  # noqa: E402
from nightsim.config import default_config_path  # noqa: E402
from nightsim.log.writer import GENESIS, canonical_json, line_hash  # noqa: E402

# --- what is counted ---------------------------------------------------------------------

#: The failure counts, in the table's order; a class passes when each is 0.
FAILURES = (
    "tracebacks",
    "hangs",
    "lost_logs",
    "formula_cells",
    "escapes",
    "wrong_exits",
    "multiline",
    "long_lines",
    "collisions",
)
HEADINGS = {
    "inputs": "inputs",
    "tracebacks": "traceb.",
    "hangs": "hangs",
    "lost_logs": "lost logs",
    "formula_cells": "formulas",
    "escapes": "escapes",
    "wrong_exits": "wrong exit",
    "multiline": "multi-line",
    "long_lines": "long lines",
    "collisions": "collisions",
}
CLASSES = ("names", "csv", "headers", "signals", "streams", "special")
MAX_EXAMPLES = 4  # one-line repros kept per class and kind of failure
#: An echo is cut to 60 characters, a path to 200, a library's message to 300 (README
#: "Limits"): a line of an error or a note longer than this echoed more than it may.
MAX_LINE = 400
#: Rich's own output: colours (SGR) and the cursor controls of a progress display.
RICH_OWN = re.compile(r"\x1b\[[0-9;]*m|\x1b\[\?25[lh]|\x1b\[2K|\x1b\[[0-9]*[AG]|\r")
SGR_ONLY = re.compile(r"(?:\x1b\[[0-9;]*m)+")
BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
LINE_BREAKS = set("\u2028\u2029\x85")
ERROR_LINE = re.compile(r"^nightsim(?: \w+)?: error")
MESSAGE = re.compile(r"^nightsim(?: \w+)?: ")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass
class Tally:
    """One class's counts and a few one-line repros of its failures."""

    inputs: int = 0
    tracebacks: int = 0
    hangs: int = 0
    lost_logs: int = 0
    formula_cells: int = 0
    escapes: int = 0
    wrong_exits: int = 0
    multiline: int = 0
    long_lines: int = 0
    collisions: int = 0
    examples: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def fail(self, kind: str, repro: str, n: int = 1) -> None:
        setattr(self, kind, getattr(self, kind) + n)
        if sum(e.startswith(f"{kind}:") for e in self.examples) < MAX_EXAMPLES:
            self.examples.append(f"{kind}: {repro}")

    @property
    def failures(self) -> int:
        return sum(getattr(self, k) for k in FAILURES)


@dataclass
class Ran:
    """One command's outcome: its exit code (None: it hung), stdout, stderr."""

    code: int | None
    out: str
    err: str
    crash: str = ""  # an exception main() let out: the real CLI would print its traceback


@dataclass
class Context:
    """The run's settings and its scratch folder."""

    seed: int
    full: bool
    tmp: Path
    timeout: float
    rng: random.Random
    csv_cells: list[tuple[str, str]] = field(default_factory=list)  # (cell, repro)

    def scale(self, quick: int, full: int) -> int:
        return full if self.full else quick


# --- running a command and judging what it printed ---------------------------------------


def call(argv: Sequence[str]) -> Ran:
    """`nightsim ARGV` in this process, stdout and stderr captured (a forced colour terminal:
    the environment set by `forced_terminal`)."""
    out, err = io.StringIO(), io.StringIO()
    code: int | None
    crash = ""
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except Exception:
            code, crash = 1, traceback.format_exc()
    return Ran(code, out.getvalue(), err.getvalue(), crash)


def spawn(argv: Sequence[str], timeout: float, **kw: Any) -> Ran:
    """`python -m nightsim ARGV` in its own session; a hang (past `timeout`) is killed with
    its process group and returned with code None."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "nightsim", *argv],
        stdin=kw.pop("stdin", subprocess.DEVNULL),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=terminal_env(),
        **kw,
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return Ran(None, out.decode(errors="replace"), err.decode(errors="replace"))
    return Ran(proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"))


def terminal_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(FORCE_COLOR="1", COLUMNS="80", TERM="xterm-256color", PYTHONPATH=str(ROOT))
    return env


@contextlib.contextmanager
def forced_terminal() -> Iterator[None]:
    """A colour terminal 80 columns wide for the in-process commands: where markup would
    become styles and links (OSC 8)."""
    saved = dict(os.environ)
    os.environ.update(terminal_env())
    os.environ.pop("NO_COLOR", None)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def escapes_in(text: str, hostile: Sequence[str] = ()) -> list[str]:
    """The terminal controls in `text` that are not rich's own: what came from input."""
    found = []
    if "\x1b]8;" in text:
        found.append("OSC 8")
    bare = RICH_OWN.sub("", text)
    for c in sorted(set(bare)):
        cat = unicodedata.category(c)
        if (cat == "Cc" and c not in "\n\t") or c in BIDI or c in LINE_BREAKS:
            found.append(f"U+{ord(c):04X}")
    # An input's own colour sequence would pass as rich's: look for it with what follows it.
    for h in hostile:
        for i, c in enumerate(h):
            piece = h[i : i + 10]
            if c == "\x1b" and not SGR_ONLY.fullmatch(piece) and piece in text:
                found.append(f"raw {piece!r}")
    return found


def judge(
    tally: Tally,
    ran: Ran,
    expect: Sequence[int],
    repro: str,
    hostile: Sequence[str] = (),
    text_out: bool = True,
) -> Ran:
    """Count one input and whatever it did wrong."""
    tally.inputs += 1
    if ran.code is None:
        tally.fail("hangs", repro)
        return ran
    both = ran.out + ran.err
    if ran.crash or "Traceback (most recent call last)" in both or "Exception ignored" in both:
        last = (ran.crash or both).strip().splitlines()[-1:] or [""]
        tally.fail("tracebacks", f"{repro}  -> {last[0][:160]}")
    if ran.code not in expect:
        tally.fail("wrong_exits", f"{repro}  -> exit {ran.code}, expected {sorted(expect)}")
    # Machine formats (JSON, HTML, CSV) are data for a file or a pipe; their text still must
    # not carry a raw escape to the terminal they are printed on.
    found = escapes_in(both, hostile)
    if found:
        tally.fail("escapes", f"{repro}  -> {', '.join(found[:4])}")
    if ran.code >= 0 and not one_line(ran):
        tally.fail("multiline", f"{repro}  -> stderr {shown_err(ran.err)}")
    long_err = [n for n in map(visible_len, ran.err.splitlines()) if n > MAX_LINE]
    # verify's answer to a forged log is the two differing lines whole (`log: `, `sim: `):
    # its evidence, not a message (docs/disputes.md).
    answer = [s for s in ran.out.splitlines() if not s.startswith(("log: ", "sim: "))]
    long_out = [n for n in map(visible_len, answer) if n > MAX_LINE]
    long_out = long_out if text_out else []
    if long_err or long_out:
        where = "stderr" if long_err else "stdout"
        size = max(long_err or long_out)
        tally.fail("long_lines", f"{repro}  -> a {where} line of {size} characters")
    return ran


def one_line(ran: Ran) -> bool:
    """A failure says why in one line (`nightsim: error: …`, `nightsim: interrupted …`);
    success says nothing of the kind, or a note; nothing else is split over lines."""
    lines = [RICH_OWN.sub("", line) for line in ran.err.splitlines()]
    messages = [line for line in lines if MESSAGE.match(line)]
    errors = [line for line in messages if ERROR_LINE.match(line)]
    stray = [line for line in lines if _stray(line)]
    if ran.code not in (0, 3) and len(messages) != 1:
        return False
    return len(errors) <= 1 and not (messages and stray)


def visible_len(line: str) -> int:
    return len(RICH_OWN.sub("", line))


# Lines a command writes on stderr besides its error (README, docs/table.md).
# verify's failure: its first line in words, then this detail line (docs/disputes.md).
_STATUS = (
    "seed:",
    "head:",
    "log:",
    "warning:",
    "note:",
    "nightsim:",
    "  ",
    "verified",
    "the first differing event is line ",
)


def _stray(line: str) -> bool:
    """A stderr line that is none of nightsim's own: the tail of a message split in two."""
    bare = RICH_OWN.sub("", line)
    return bool(bare) and not bare.startswith(_STATUS) and not MESSAGE.match(bare)


def shown_err(err: str) -> str:
    return repr(err[:200]) + ("…" if len(err) > 200 else "")


def repro_of(argv: Sequence[str], note: str = "") -> str:
    text = "nightsim " + shlex.join(argv)
    text = text if len(text) <= 240 else text[:239] + "…"
    return f"{text}{'  # ' + note if note else ''}"


# --- hostile names -----------------------------------------------------------------------

MARKUP = ["[/]", "[/bold]", "[red]X[/red]", "[link=https://evil.example]Moss[/link]", "[bold"]
FORMULAS = [
    '=HYPERLINK("https://evil.example","x")',
    "=cmd|' /C calc'!A0",
    "@SUM(1,1)",
    "+1+1",
    "-1+1",
    "=1",
    "-2",
]
BIDI_NAMES = ["\u202eneroW", "W\u2066ren\u2069", "\u200fMoss"]
ZERO_WIDTH = ["Wr\u200ben", "\ufeffMoss", "Mo\u2060ss", "Wr\u00aden"]
CONFUSABLES = ["Wr\u0435n", "\u039c\u03bfss", "W\u0433en"]  # Cyrillic e, Greek Mo, Cyrillic ge
NORMAL_FORMS = [unicodedata.normalize("NFD", "Zoë"), unicodedata.normalize("NFC", "Zoë"), " "]
STREAMISH = ["B:doze:1", "firewood:B", "firewood", "rest", "n1:monster", "%3A", "50%", "a+0"]
#: Only a forged log can carry these: a config refuses control characters in a name.
ESCAPES = [
    "\x1b[38;2;1;2;3mRed\x1b[0m",
    "\x1b]8;;https://evil.example\x1b\\Moss\x1b]8;;\x1b\\",
    "Mo\nss",
    "W\u2028ren\x85",
    "\x07bell\x08",
    "\x9b31mC1",
]
FRAGMENTS = [*MARKUP, *FORMULAS, *BIDI_NAMES, *ZERO_WIDTH, *CONFUSABLES, *STREAMISH, "Moss"]


def hostile_names(rng: random.Random, n: int) -> list[str]:
    """Every hand-written name, then `n` more: fragments joined, some cut, some very long."""
    names = [
        *MARKUP,
        *FORMULAS,
        *BIDI_NAMES,
        *ZERO_WIDTH,
        *CONFUSABLES,
        *NORMAL_FORMS,
        *STREAMISH,
        *ESCAPES,
        "M" * 60,
        "M" * 61,
        "[/]" * 400,
    ]
    while len(names) < n:
        name = "".join(rng.choice(FRAGMENTS) for _ in range(rng.randint(1, 3)))
        if rng.random() < 0.1:
            name = name * rng.randint(20, 3000)
        names.append(name)
    return names


def toml_str(text: str) -> str:
    """A TOML basic string holding `text`, every non-printable character escaped."""
    out = ['"']
    for c in text:
        if c in '"\\':
            out.append("\\" + c)
        elif c.isprintable() or c == " ":
            out.append(c)
        else:
            out.append(f"\\u{ord(c):04x}" if ord(c) < 0x10000 else f"\\U{ord(c):08x}")
    return "".join(out) + '"'


def renamed_config(tmp: Path, old: str, new: str, tag: str) -> Path:
    """The bundled default with one of its strings (a name, a spell, a creature) replaced."""
    text = default_config_path().read_text(encoding="utf-8")
    path = tmp / f"camp-{tag}.toml"
    path.write_text(text.replace(f'"{old}"', toml_str(new)), encoding="utf-8")
    return path


# --- class: names --------------------------------------------------------------------------


def names_class(ctx: Context, tally: Tally) -> None:
    names = hostile_names(ctx.rng, 120)
    names = ctx.rng.sample(names, ctx.scale(6, 80))
    where = [("Moss", "member"), ("Sleep", "spell"), ("a redcap", "creature")]
    for k, name in enumerate(names):
        old, what = where[k % len(where)] if ctx.full or k % 4 else ("Moss", "member")
        config = renamed_config(ctx.tmp, old, name, f"n{k}")
        note = f"{what} {old!r} renamed {name[:80]!r}"
        accepted = config_commands(ctx, tally, config, [name], note, k)
        if accepted and what == "member":
            log_commands(ctx, tally, config, name, note, k)
        seed_and_set(ctx, tally, name, k)
    forged_logs(ctx, tally, names)


def config_commands(
    ctx: Context, tally: Tally, config: Path, hostile: list[str], note: str, k: int
) -> bool:
    """check, run and odds on a config: each accepts it (0) or each refuses it (2)."""
    first = judge(tally, call(["check", str(config)]), (0, 2), repro_of(["check", "CONFIG"], note))
    ok = first.code == 0
    want = (0,) if ok else (2,)
    runs: list[list[str]] = [
        ["check", str(config), "--lang", "uk"],
        ["run", str(config), "--seed", "137", "--no-log", "--format", "jsonl"],
        ["run", str(config), "--seed", "137", "--no-log", "--format", "html"],
        ["odds", str(config), "--nights", "24", "--seed", "3", "--jobs", "1"],
    ]
    if ctx.full or k % 3 == 0:
        runs += [
            ["run", str(config), "--seed", "137", "--no-log", "--format", "cloudevents"],
            ["run", str(config), "--seed", "5", "--nights", "3", "--no-log", "--lang", "uk"],
            ["odds", str(config), "--nights", "24", "--seed", "3", "--format", "html"],
            ["odds", str(config), "--nights", "24", "--seed", "3", "--format", "json"],
        ]
    for argv in runs:
        text = "--format" not in argv or argv[-1] == "text" or "uk" in argv[-1:]
        judge(tally, call(argv), want, repro_of(_tagged(argv, config), note), hostile, text)
    for extra in odds_csv_variants(ctx, k):
        argv = ["odds", str(config), "--seed", "3", "--jobs", "1", "--format", "csv", *extra]
        ran = judge(tally, call(argv), want, repro_of(_tagged(argv, config), note), hostile, False)
        collect_csv(ctx, ran.out, repro_of(_tagged(argv, config), note))
    return ok


def odds_csv_variants(ctx: Context, k: int) -> list[list[str]]:
    every = [
        ["--nights", "24"],
        ["--nights", "24", "--compare", "camp.season=winter"],
        ["--nights", "8", "--rank-rotas", "--top", "3"],
        ["--nights", "24", "--nights-per-journey", "3"],
    ]
    return every if ctx.full or k % 2 == 0 else every[:1]


def _tagged(argv: Sequence[str], config: Path) -> list[str]:
    return ["CONFIG" if a == str(config) else a for a in argv]


def log_commands(ctx: Context, tally: Tally, config: Path, name: str, note: str, k: int) -> None:
    """A night and a journey of the hostile party, logged, then replayed, verified and asked
    what if: the log is kept and verifies."""
    for nights in ("1", "3"):
        log = ctx.tmp / f"n{k}-{nights}.jsonl"
        argv = ["run", str(config), "--seed", "137", "--nights", nights, "--log", str(log)]
        repro = repro_of(_tagged(argv, config), note)
        ran = judge(tally, call(argv), (0,), repro, [name])
        if ran.code == 0 and not kept(log):
            tally.fail("lost_logs", repro)
        if not log.exists():
            continue
        rota = "watch.rota=[" + ", ".join(map(toml_str, [name, "Wren"])) + "]"
        for argv in (
            ["replay", str(log)],
            ["replay", str(log), "--format", "html"],
            ["replay", str(log), "--lang", "uk", "--quiet"],
            ["verify", str(log)],
            ["whatif", str(log), "--set", rota],
            ["whatif", str(log), "--set", rota, "--format", "json"],
            ["whatif", str(log), "--set", "camp.season=winter", "--format", "html"],
        ):
            text = "--format" not in argv
            tagged = ["LOG" if a == str(log) else a for a in argv]
            judge(tally, call(argv), (0,), repro_of(tagged, note), [name], text)
        log.unlink()


def kept(log: Path) -> bool:
    """A log under its final name that verifies."""
    if not log.is_file():
        return False
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            return main(["verify", str(log)]) == 0
        except Exception:
            return False


def seed_and_set(ctx: Context, tally: Tally, name: str, k: int) -> None:
    """The name as a seed (run, odds, verify of its log) and in `--set` items."""
    log = ctx.tmp / f"seed{k}.jsonl"
    argv = ["run", f"--seed={name}", "--log", str(log), "--quiet"]
    repro = repro_of(["run", f"--seed={name}", "--log", "LOG", "--quiet"])
    ran = judge(tally, call(argv), (0, 2), repro, [name])
    if ran.code == 0:
        if not kept(log):
            tally.fail("lost_logs", repro)
        judge(tally, call(["verify", str(log)]), (0,), repro + " ; nightsim verify LOG", [name])
        log.unlink(missing_ok=True)
    argv = ["odds", f"--seed={name}", "--nights", "12"]
    judge(tally, call(argv), (0, 2), repro_of(argv), [name])
    items = [
        f"watch.rota=[{toml_str(name)}]",
        f"camp.terrain={toml_str(name)}",
        f"party.Moss.spells=[{toml_str(name)}]",
        f"{name}=1",
    ]
    for item in items if ctx.full or k % 2 == 0 else items[:2]:
        for cmd in (["check"], ["run", "--no-log", "--seed", "1", "--quiet"]):
            argv = [*cmd, "--set", item]
            judge(tally, call(argv), (0, 2), repro_of(argv), [name])


# --- forged logs: what only a log can carry ------------------------------------------------


def rechained(lines: list[dict[str, Any]]) -> str:
    """What a careful forger does after editing: every hash recomputed down the chain."""
    prev, out = GENESIS, []
    for data in lines:
        data = dict(data)
        data.pop("hash", None)
        data["hash"] = prev = line_hash(prev, data)
        out.append(canonical_json(data) + "\n")
    return "".join(out)


def base_log(ctx: Context, seed: str, nights: int = 1) -> list[dict[str, Any]]:
    path = ctx.tmp / f"base-{seed}-{nights}.jsonl"
    if not path.exists():
        argv = ["run", "--seed", seed, "--nights", str(nights), "--log", str(path)]
        code = call([*argv, "--format", "jsonl"]).code
        assert code == 0, f"the base log was not written: {argv}"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def replaced(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [replaced(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: replaced(v, old, new) for k, v in value.items()}
    return value


def forged_logs(ctx: Context, tally: Tally, names: list[str]) -> None:
    """Each hostile name (escapes too) forged into a log two ways: one event's actor (the
    chain holds: replay tells it, verify and whatif catch it, 1), and the whole party
    renamed (its header too: refused as input, 2, or caught, 1)."""
    lines = base_log(ctx, "137")
    actor = next(i for i, d in enumerate(lines) if i and "actor" in d)
    escapes = ESCAPES if ctx.full else ctx.rng.sample(ESCAPES, 2)
    for k, name in enumerate([*escapes, *names[: ctx.scale(2, len(names))]]):
        one = [dict(d) for d in lines]
        one[actor] = {**one[actor], "actor": name}
        everywhere = [replaced(d, "Moss", name) for d in lines]
        forgeries = [("actor", one, {"replay": (0,), "verify": (1,), "whatif": (1,)})]
        if name != "Moss":  # renaming Moss to Moss forges nothing: the genuine log
            # A header config the config refuses is of the wrong form: a broken log, 1 or 2.
            forgeries.append(
                ("party", everywhere, {"replay": (0, 1, 2), "verify": (1, 2), "whatif": (1, 2)})
            )
        for how, forged, expect in forgeries:
            path = ctx.tmp / f"forged{k}-{how}.jsonl"
            path.write_text(rechained(forged), encoding="utf-8")
            note = f"a log re-chained with {how} {name[:80]!r}"
            for argv in (
                ["replay", str(path)],
                ["replay", str(path), "--format", "html"],
                ["replay", str(path), "--format", "jsonl"],
                ["verify", str(path)],
                ["whatif", str(path), "--set", "camp.season=winter"],
            ):
                text = "--format" not in argv
                tagged = ["LOG" if a == str(path) else a for a in argv]
                ran = call(argv)
                judge(tally, ran, expect[argv[0]], repro_of(tagged, note), [name], text)


# --- class: CSV ----------------------------------------------------------------------------


def collect_csv(ctx: Context, text: str, repro: str) -> None:
    with contextlib.suppress(csv.Error):
        for row in csv.reader(io.StringIO(text)):
            ctx.csv_cells.extend((cell, repro) for cell in row)


def csv_class(ctx: Context, tally: Tally) -> None:
    """Every cell of every CSV the other classes printed; then the plain CSVs of the default
    and of a party of formulas, for a run without the names class."""
    if not ctx.csv_cells:
        config = renamed_config(ctx.tmp, "Moss", FORMULAS[0], "csv")
        for extra in odds_csv_variants(ctx, 0):
            argv = ["odds", str(config), "--seed", "3", "--format", "csv", *extra]
            collect_csv(ctx, call(argv).out, repro_of(_tagged(argv, config)))
    files = {repro for _, repro in ctx.csv_cells}
    tally.inputs += len(files)
    tally.notes.append(f"{len(ctx.csv_cells)} cells in {len(files)} CSV outputs")
    for cell, repro in ctx.csv_cells:
        if cell.startswith(FORMULA_STARTS) and not _number(cell):
            tally.fail("formula_cells", f"{repro}  -> cell {cell[:60]!r}")


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


# --- class: headers ------------------------------------------------------------------------


def header_mutations(rng: random.Random) -> list[tuple[str, dict[str, Any], bool]]:
    """(what, the fields set on the header, whether a genuine verdict (0) may follow)."""
    values: list[Any] = [None, True, 0, -1, 1.5, "", "x", [], {}, 10**15, 10**99, "9" * 10_000]
    out: list[tuple[str, dict[str, Any], bool]] = []
    for key in ("nights", "rng", "edition", "nightsim", "seed", "config", "v", "type"):
        # The version that wrote the log only names a release; it decides no die.
        out += [(f"{key}={shown_value(v)}", {key: v}, key == "nightsim") for v in values]
    out += [
        ("nights=100001", {"nights": 100_001}, False),
        ("nights=3 (two nights logged)", {"nights": 3}, False),
        ("nights=1 (two nights logged)", {"nights": 1}, False),
        ("rng=sha256-ctr-v1", {"rng": "sha256-ctr-v1"}, False),
        ("rng=unknown dice", {"rng": "dice-from-elsewhere"}, False),
        # Another edition this nightsim plays: a night both editions play alike (no monster,
        # no sleep_in) is the night the header claims, and verifies.
        ("edition=2", {"edition": 2}, True),
        ("edition=99", {"edition": 99}, False),
        ("nightsim=9.0.0 (a later release)", {"nightsim": "9.0.0"}, True),
        ("nightsim=0.1.0", {"nightsim": "0.1.0"}, True),
        ("seed=4 (commitment matches)", {"seed": 4, "seed_sha256": _sha("4")}, False),
        ("seed_sha256=0*64", {"seed_sha256": "0" * 64}, False),
        ("config.party=[]", {"config": "PARTY0"}, False),
        ("config.party 14000 members", {"config": "PARTY14000"}, False),
        ("config nested 40 deep", {"config": "DEEP"}, False),
        ("resolved=None", {"resolved": None}, False),
        ("an unknown field", {"zz_extra": 1}, True),
    ]
    for text in (*MARKUP, *ESCAPES):
        out += [(f"nightsim={text!r}", {"nightsim": text}, True)]
        out += [(f"rng={text!r}", {"rng": text}, False)]
        out += [(f"seed={text!r} (matching)", {"seed": text, "seed_sha256": _sha(text)}, False)]
    rng.shuffle(out)
    return out


def _sha(text: str) -> str:
    from nightsim.engine.dice import seed_sha256

    return seed_sha256(text)


def shown_value(v: Any) -> str:
    text = repr(v)
    return text if len(text) < 30 else f"<{type(v).__name__} of {len(text)} characters>"


def _edit_header(header: dict[str, Any], edit: dict[str, Any]) -> dict[str, Any]:
    data = dict(header)
    for key, value in edit.items():
        if value == "PARTY0":
            data["config"] = {**data["config"], "party": []}
        elif value == "PARTY14000":
            member = data["config"]["party"][0]
            party = [{**member, "name": f"P{i}"} for i in range(14_000)]
            data["config"] = {**data["config"], "party": party}
        elif value == "DEEP":
            deep: Any = 1
            for _ in range(40):
                deep = [deep]
            data["config"] = {**data["config"], "camp": {**data["config"]["camp"], "x": deep}}
        else:
            data[key] = value
    return data


def headers_class(ctx: Context, tally: Tally) -> None:
    lines = base_log(ctx, "11", nights=2)
    mutations = header_mutations(ctx.rng)[: ctx.scale(25, 10_000)]
    for what, edit, may_pass in mutations:
        try:
            text = rechained([_edit_header(lines[0], edit), *lines[1:]])
        except ValueError:  # a value JSON cannot hold as canonical text: not a log's
            continue
        try_header(ctx, tally, text, f"a header re-chained with {what}", may_pass)
    raw = rechained(lines)
    first = raw.index("\n")
    # Past Python's int-to-text limit: no canonical JSON holds it, so no hash chains it.
    for key in ("nights", "seed", "v"):
        text = re.sub(rf'"{key}":[^,]*', f'"{key}":{"9" * 5000}', raw, count=1)
        try_header(ctx, tally, text, f"a header with a 5000-digit {key}", False, True)
    for _ in range(ctx.scale(10, 100)):
        at = ctx.rng.randrange(first)
        bit = 1 << ctx.rng.randrange(8)
        flipped = bytearray(raw.encode())
        flipped[at] ^= bit
        note = f"header byte {at} xor {bit:#04x}"
        try_header(ctx, tally, bytes(flipped), note, False, chain_broken=True)


def try_header(
    ctx: Context,
    tally: Tally,
    text: str | bytes,
    note: str,
    may_pass: bool,
    chain_broken: bool = False,
) -> None:
    path = ctx.tmp / "header.jsonl"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    verdicts = (0, 1, 2, 3) if may_pass else (1, 2, 3)
    for argv, expect in (
        (["replay", str(path)], (1, 2) if chain_broken else (0, 1, 2)),
        (["verify", str(path)], verdicts),
        (["whatif", str(path), "--set", "camp.season=winter"], verdicts),
    ):
        tagged = ["LOG" if a == str(path) else a for a in argv]
        ran = call(argv)
        judge(tally, ran, expect, repro_of(tagged, note), [], text_out=argv[0] != "whatif")


# --- class: signals ------------------------------------------------------------------------


def signals_class(ctx: Context, tally: Tally) -> None:
    """SIGINT, SIGTERM or SIGHUP at a seeded random moment: the right exit, no traceback, no
    partial file left, and a log under its final name verifies."""
    folder = ctx.tmp / "signals"
    folder.mkdir()
    long_log = ctx.tmp / "long.jsonl"
    assert call(["run", "--seed", "9", "--nights", "30", "--log", str(long_log)]).code == 0
    trials = ctx.scale(4, 50)
    for k in range(trials):
        sig = ctx.rng.choice((signal.SIGINT, signal.SIGTERM, signal.SIGHUP))
        delay = round(ctx.rng.uniform(0.0, 2.5), 3)
        group = ctx.rng.random() < 0.5  # Ctrl-C reaches the whole process group
        log = folder / f"s{k}.jsonl"
        kind = k % 3
        if kind == 0:
            argv = ["run", "--seed", str(k), "--nights", "30", "--quiet", "--log", str(log)]
        elif kind == 1:
            argv = ["odds", "--nights", "4000", "--jobs", "2", "--seed", str(k)]
        else:
            argv = ["verify", str(long_log)]
        ran = signalled(argv, sig, delay, group, ctx.timeout)
        name = signal.Signals(sig).name
        tagged = ["LOG" if a == str(log) else a for a in argv]
        repro = repro_of(tagged, f"{name} after {delay} s{' to the group' if group else ''}")
        stopped = 128 + sig
        judge(tally, ran, (0, stopped), repro, [], text_out=False)
        if kind == 0:
            signal_leftovers(tally, folder, log, ran, repro)


def signalled(argv: Sequence[str], sig: int, delay: float, group: bool, timeout: float) -> Ran:
    proc = subprocess.Popen(
        [sys.executable, "-m", "nightsim", *argv],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=terminal_env(),
    )
    timer = threading.Timer(delay, _send, (proc, sig, group))
    timer.start()
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return Ran(None, out.decode(errors="replace"), err.decode(errors="replace"))
    finally:
        timer.cancel()
    return Ran(proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"))


def _send(proc: subprocess.Popen[bytes], sig: int, group: bool) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if proc.poll() is None:
            (os.killpg if group else os.kill)(proc.pid, sig)


def signal_leftovers(tally: Tally, folder: Path, log: Path, ran: Ran, repro: str) -> None:
    partial = sorted(p.name for p in folder.glob("*.partial"))
    if partial:
        tally.fail("lost_logs", f"{repro}  -> {partial[0]} left behind")
        for p in folder.glob("*.partial"):
            p.unlink()
    if ran.code == 0 and not kept(log):
        tally.fail("lost_logs", f"{repro}  -> exit 0 without a log that verifies")
    elif log.exists() and not kept(log):
        tally.fail("lost_logs", f"{repro}  -> a log under its final name that does not verify")
    log.unlink(missing_ok=True)


# --- class: streams ------------------------------------------------------------------------

STREAM_WORDS = ["firewood", "doze", "rest", "spells", "cook", "entertain", "monster", "fire"]
STREAM_PIECES = [*STREAM_WORDS, ":", ":", "1", "2", "B", "Wren", "%", "%3A", "+0", "n1"]


def party_names(rng: random.Random) -> list[str]:
    """2 to 6 names of stream-name pieces; some built from another member's name the way a
    stream name is (`firewood:B`, `B:doze:1`, `B+0`), as a forger would."""
    names: list[str] = []
    size = rng.randint(2, 6)
    while len(names) < size:
        name = "".join(rng.choice(STREAM_PIECES) for _ in range(rng.randint(1, 4)))
        if names and rng.random() < 0.5:
            other, word = rng.choice(names), rng.choice(STREAM_WORDS)
            name = rng.choice(
                [
                    f"{word}:{other}",
                    f"{other}:{word}",
                    f"{other}:doze:{rng.randint(1, 3)}",
                    f"{other}+{rng.randint(0, 2)}",
                    f"{other}:{word}:{other}",
                ]
            )
        if name not in names and name.strip():
            names.append(name)
    return names


def party_data(rng: random.Random, names: list[str]) -> dict[str, Any]:
    def member(n: str) -> dict[str, Any]:
        return {
            "name": n,
            "con": 10,
            "wis": 10,
            "cha": 10,
            "hp": 5,
            "max_hp": 10,
            "save_doom": 12,
            "spells": ["s"] if rng.random() < 0.5 else [],
        }

    rota = [rng.choice(names) for _ in range(rng.randint(1, 6))]
    evening: dict[str, Any] = {
        "site": [names[0]],
        "firewood": rng.sample(names[1:], rng.randint(0, len(names) - 1)),
    }
    for job in ("cook", "entertain"):
        if rng.random() < 0.7:
            evening[job] = rng.choice(names)
    return {"party": [member(n) for n in names], "evening": evening, "watch": {"rota": rota}}


KNOWN_PAIRS = [
    ["B:doze:1", "firewood:B", "Wren"],  # a gatherer and a watcher (the repro)
    ["rest", "firewood", "Wren"],  # a gatherer named rest, a person named firewood
    ["Moss", "Moss+0", "Wren"],  # a gatherer's stream and another's extension
]


def known_party(names: list[str]) -> dict[str, Any]:
    member = {"con": 10, "wis": 10, "cha": 10, "hp": 5, "max_hp": 10, "save_doom": 12}
    party = [{**member, "name": n} for n in names]
    return {
        "party": party,
        "evening": {"site": [names[2]], "firewood": [names[0], names[1]]},
        "watch": {"rota": [names[1], names[0]]},
    }


def streams_class(ctx: Context, tallies: dict[str, Tally]) -> None:
    """Every stream of nights 1 and 2 for generated parties, per edition: two different
    (who, purpose) pairs on one stream (or on one's extension, `name+k`) is a collision."""
    from nightsim import editions
    from nightsim.config import config_from_data

    parties = [known_party(p) for p in KNOWN_PAIRS]
    parties += [party_data(ctx.rng, party_names(ctx.rng)) for _ in range(ctx.scale(150, 4000))]
    for edition in editions.EDITIONS:
        key = f"streams e{edition}"
        tally = tallies[key] = Tally()
        if edition != editions.CURRENT_EDITION:
            tally.notes.append(f"edition {edition} keeps its names so its logs verify")
        for data in parties:
            try:
                cfg = config_from_data({**default_data(), **data})
            except ValueError:
                continue  # a party the config refuses: no night to name
            tally.inputs += 1
            clash = stream_collision(cfg, edition)
            if clash:
                names = [m["name"] for m in data["party"]]
                tally.fail("collisions", f"party {names!r}: {clash}")


def default_data() -> dict[str, Any]:
    import tomllib

    return tomllib.loads(default_config_path().read_text(encoding="utf-8"))


def stream_collision(cfg: Any, edition: int) -> str:
    """The first two different dice of a party reading one stream, or ''."""
    seen: dict[bytes, tuple[Any, ...]] = {}
    for night in (1, 2):
        for who, name in night_streams(cfg, night, edition):
            other = seen.setdefault(name, who)
            if other != who:
                return f"{other} and {who} both read {name[:-1].decode()!r}"
    for name, who in seen.items():
        m = re.fullmatch(rb"(.*)\+\d+\x00", name, re.S)
        base = m[1] + b"\x00" if m else b""
        if base in seen:  # the extension stream of another die
            return f"{who} reads {name[:-1].decode()!r}, {seen[base]}'s extension"
    return ""


def night_streams(cfg: Any, night: int, edition: int) -> Iterator[tuple[tuple[Any, ...], bytes]]:
    """(the die, as (who, purpose), its stream name) for each die of the night."""
    from nightsim import editions
    from nightsim.engine import plan as plan_module

    names = stream_names_for(plan_module, cfg, night, edition)
    nplan = plan_module.plan_for(cfg, readings=editions.readings_for(edition))[0]
    for purpose in ("fire", "monster", "surprise", "distance", "creature"):
        yield (None, purpose), getattr(names, purpose)
    for gatherer, name in zip(nplan.firewood, names.firewood, strict=True):
        yield (gatherer, "firewood"), name
    ev = cfg.evening
    if ev.cook is not None:
        yield (ev.cook, "cook"), names.cook
    if ev.entertain is not None:
        yield (ev.entertain, "entertain"), names.entertain
    shifts: dict[str, int] = {}
    for slot, name in zip(nplan.slots, names.doze, strict=True):
        j = shifts[slot.name] = shifts.get(slot.name, 0) + 1
        yield (slot.name, "doze", j), name
    for who, rest, spells in zip(nplan.names, names.rest, names.spells, strict=True):
        yield (who, "rest"), rest
        yield (who, "spells"), spells


def stream_names_for(plan_module: Any, cfg: Any, night: int, edition: int) -> Any:
    """The edition's stream names: the plan is made under the edition's readings
    (editions.readings_for), which say how its stream names are written."""
    from nightsim import editions

    nplan = plan_module.plan_for(cfg, readings=editions.readings_for(edition))[0]
    return plan_module.StreamNames(nplan, night)


# --- class: special files ------------------------------------------------------------------


@dataclass
class Special:
    """A special file at a path, with what to do before and after each use."""

    name: str
    path: Path
    writer: bytes | None = None  # a FIFO's writer writes this, in a thread, then closes
    cleanup: Callable[[], None] | None = None


def specials(ctx: Context) -> list[Special]:
    folder = ctx.tmp / "special"
    folder.mkdir()
    out = [Special(n, Path(n)) for n in ("/dev/null", "/dev/zero", "/dev/full", "/dev/urandom")]
    out += [Special("/proc/self/mem", Path("/proc/self/mem"))]
    if Path("/proc/kmsg").exists():
        out.append(Special("/proc/kmsg", Path("/proc/kmsg")))
    (folder / "dir").mkdir()
    out.append(Special("a directory", folder / "dir"))
    (folder / "dangling").symlink_to(folder / "nowhere")
    out.append(Special("a dangling symlink", folder / "dangling"))
    (folder / "to-zero").symlink_to("/dev/zero")
    out.append(Special("a symlink to /dev/zero", folder / "to-zero"))
    for tag, data in (("no writer", None), ("a writer of garbage", b"\x00garbage\n" * 50)):
        fifo = folder / f"fifo-{len(out)}"
        os.mkfifo(fifo)
        out.append(Special(f"a FIFO with {tag}", fifo, writer=data))
    return out


def feed(fifo: Path, data: bytes) -> threading.Thread:
    def write() -> None:
        with contextlib.suppress(OSError):
            fd = os.open(fifo, os.O_WRONLY)  # blocks until the reader opens
            with contextlib.suppress(OSError):
                os.write(fd, data)
            os.close(fd)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def unblock(fifo: Path) -> None:
    """A writer thread still waiting for a reader that never came: open the read end."""
    with contextlib.suppress(OSError):
        fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        os.close(fd)


def special_class(ctx: Context, tally: Tally) -> None:
    """Each special file as a config, a log, --log and --html: no hang, no traceback, one
    line, exit 2 (not what nightsim reads or writes) or 74 (the environment failed)."""
    uses = [
        (["check", "{}"], "config"),
        (["run", "{}", "--no-log", "--quiet"], "config"),
        (["odds", "{}", "--nights", "10"], "config"),
        (["replay", "{}"], "log"),
        (["verify", "{}"], "log"),
        (["whatif", "{}", "--set", "camp.season=winter"], "log"),
        (["run", "--seed", "1", "--quiet", "--log", "{}"], "--log"),
        (["run", "--seed", "1", "--quiet", "--no-log", "--html", "{}"], "--html"),
    ]
    every = specials(ctx)
    chosen = every if ctx.full else [every[-2], *ctx.rng.sample(every[:-2], 2)]
    for spec in chosen:
        for template, role in uses if ctx.full else ctx.rng.sample(uses, 4):
            if role.startswith("--") and spec.name in ("/proc/self/mem", "/proc/kmsg"):
                continue  # nightsim would open the inspecting process's own memory: no
            argv = [a.replace("{}", str(spec.path)) for a in template]
            one_special(ctx, tally, spec, argv, role)
    filesystems(ctx, tally)


def one_special(ctx: Context, tally: Tally, spec: Special, argv: list[str], role: str) -> None:
    before = set(spec.path.parent.iterdir()) if spec.path.parent.is_dir() else set()
    thread = feed(spec.path, spec.writer) if spec.writer is not None else None
    ran = spawn(argv, ctx.timeout)
    if thread is not None:
        unblock(spec.path)
        thread.join(2)
    repro = repro_of(argv, f"{spec.name} as {role}")
    judge(tally, ran, (2, 74), repro, [], text_out=False)
    left = set(spec.path.parent.iterdir()) - before if before else set()
    for path in sorted(left):  # never leave a file beside /dev/null or in our folders
        if path.name.endswith(".partial") or path.suffix in (".jsonl", ".html", ".tmp"):
            tally.fail("lost_logs", f"{repro}  -> left {path}")
            with contextlib.suppress(OSError):
                path.unlink()


def filesystems(ctx: Context, tally: Tally) -> None:
    """A tiny tmpfs filled up, and a read-only one, as the folder of --log and --html: the
    environment's failure (74), a committed log kept."""
    mounts = mounted(ctx)
    if not mounts:
        tally.notes.append("no tmpfs could be mounted (needs root): file systems not tried")
        return
    good = ctx.tmp / "fs-logs"
    good.mkdir(exist_ok=True)
    for tag, where in mounts:
        for k, argv in enumerate(
            (
                ["run", "--seed", "3", "--nights", "40", "--quiet", "--log", f"{where}/n.jsonl"],
                [
                    "run",
                    "--seed",
                    "3",
                    "--quiet",
                    "--log",
                    f"{good}/p{tag}.jsonl",
                    "--html",
                    f"{where}/p.html",
                ],
                ["init", f"{where}/camp.toml"],
            )
        ):
            ran = spawn(argv, ctx.timeout)
            repro = repro_of(argv, f"{where} is {tag}")
            # A read-only file system is where the user asked to write: bad input (2), as a
            # folder without write permission; a full one is the environment's (74).
            judge(tally, ran, (74,) if tag == "full" else (2, 74), repro, [], text_out=False)
            # The page's folder is checked before the night (docs/limits.md): a read-only one
            # is refused with nothing written; a full one fails only when the page is
            # written, after the night, whose log must then be kept.
            if k == 1 and tag == "full" and not kept(good / f"p{tag}.jsonl"):
                tally.fail("lost_logs", f"{repro}  -> the night's log was not kept")
            if k == 1 and tag != "full" and (good / f"p{tag}.jsonl").exists():
                tally.fail("lost_logs", f"{repro}  -> a refused run left a log behind")
    for _, where in mounts:
        subprocess.run(["umount", where], check=False, capture_output=True)


def mounted(ctx: Context) -> list[tuple[str, str]]:
    out = []
    for tag, opts in (("full", "size=16k"), ("read-only", "ro,size=16k")):
        where = ctx.tmp / f"fs-{tag}"
        where.mkdir()
        cmd = ["mount", "-t", "tmpfs", "-o", opts, "nightsim-hostile", str(where)]
        try:
            done = subprocess.run(cmd, capture_output=True, timeout=10, check=False)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0:
            if tag == "full":  # fill it: what is left is a few blocks at most
                with contextlib.suppress(OSError), open(where / "filler", "wb") as f:
                    f.write(b"\0" * (1 << 20))
            out.append((tag, str(where)))
    return out


# --- the run and its report ----------------------------------------------------------------


def run_classes(ctx: Context, only: Sequence[str]) -> dict[str, Tally]:
    tallies: dict[str, Tally] = {}
    jobs: dict[str, Callable[[Context, Tally], None]] = {
        "names": names_class,
        "csv": csv_class,
        "headers": headers_class,
        "signals": signals_class,
        "special": special_class,
    }
    for name in CLASSES:
        if name not in only:
            continue
        started = time.monotonic()
        if name == "streams":
            streams_class(ctx, tallies)
        else:
            tallies[name] = Tally()
            jobs[name](ctx, tallies[name])
        took = time.monotonic() - started
        for key, tally in tallies.items():
            if key.startswith(name) and not any(n.startswith("took") for n in tally.notes):
                tally.notes.append(f"took {took:.1f} s")
    return tallies


def expected_only(key: str, tally: Tally) -> bool:
    """Stream collisions of an edition that is not the current one: kept on purpose."""
    return key.startswith("streams") and any("keeps its names" in n for n in tally.notes)


def table(tallies: dict[str, Tally]) -> str:
    cols = ["inputs", *FAILURES]
    widths = [max(14, *map(len, tallies))] + [max(len(HEADINGS[c]), 6) for c in cols]
    head = ["class", *(HEADINGS[c] for c in cols)]
    lines = [
        "  ".join(
            h.rjust(w) if i else h.ljust(w)
            for i, (h, w) in enumerate(zip(head, widths, strict=True))
        )
    ]
    for key, tally in tallies.items():
        cells = [key] + [f"{getattr(tally, c):,}" for c in cols]
        row = "  ".join(
            c.rjust(w) if i else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )
        lines.append(row + ("  (expected)" if expected_only(key, tally) and tally.failures else ""))
    return "\n".join(lines)


def report(tallies: dict[str, Tally], ctx: Context, as_json: bool) -> int:
    failing = [k for k, t in tallies.items() if t.failures and not expected_only(k, t)]
    if as_json:
        summary = {
            "seed": ctx.seed,
            "mode": "full" if ctx.full else "quick",
            "classes": {
                k: dataclasses.asdict(t) | {"failures": t.failures, "expected": expected_only(k, t)}
                for k, t in tallies.items()
            },
            "failing": failing,
            "inputs": sum(t.inputs for t in tallies.values()),
        }
        print(json.dumps(summary, indent=2, ensure_ascii=True))
        print(table(tallies), file=sys.stderr)
    else:
        print(table(tallies))
        for key, tally in tallies.items():
            for note in tally.notes:
                print(f"  {key}: {note}")
            for example in tally.examples:
                print(f"  {key}: {example.encode('unicode_escape').decode()[:300]}")
        total = sum(t.inputs for t in tallies.values())
        print(f"{total:,} inputs; failing classes: {', '.join(failing) or 'none'}")
    return 1 if failing else 0


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="a sample, under a minute (default)")
    mode.add_argument("--full", action="store_true", help="some thousands of inputs")
    p.add_argument("--seed", type=int, default=19, help="the generation's seed (default 19)")
    p.add_argument("--json", action="store_true", help="a machine-readable summary")
    p.add_argument("--only", default=",".join(CLASSES), help="classes, comma-separated")
    p.add_argument("--timeout", type=float, help="seconds before a hang (10 quick, 30 full)")
    return p.parse_args(argv)


def main_(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    only = [c.strip() for c in args.only.split(",") if c.strip()]
    unknown = sorted(set(only) - set(CLASSES))
    if unknown:
        print(f"hostile.py: unknown class {unknown[0]!r} (classes: {', '.join(CLASSES)})")
        return 2
    with tempfile.TemporaryDirectory(prefix="nightsim-hostile-") as tmp:
        here = Path.cwd()
        os.chdir(tmp)  # a command that writes ./logs/ writes it here
        try:
            timeout = args.timeout or (30.0 if args.full else 10.0)
            ctx = Context(args.seed, args.full, Path(tmp), timeout, random.Random(args.seed))
            with forced_terminal():
                tallies = run_classes(ctx, only)
        finally:
            os.chdir(here)
            for where in ("fs-full", "fs-read-only"):  # a mount left by a failed run
                if os.path.ismount(Path(tmp) / where):
                    subprocess.run(["umount", str(Path(tmp) / where)], check=False)
    return report(tallies, ctx, args.json)


if __name__ == "__main__":
    sys.exit(main_())
