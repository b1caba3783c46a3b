"""`nightsim odds`: estimates against the rules' exact probabilities, the interval math,
independence from --jobs, the JSON shape, the rota ranking, and bad input."""

from __future__ import annotations

import json
import math
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nightsim import simulate
from nightsim.cli import main
from nightsim.config import Config, default_config_path, load_config
from nightsim.engine.dice import Dice
from nightsim.engine.journey import iter_nights
from nightsim.engine.outcome import NightOutcome
from nightsim.engine.sim import NightSim
from nightsim.measures import creatures_of
from nightsim.stats.odds import Counts, _count, odds, rota_orders, wilson
from nightsim.stats.rank import rank_rotas

ROOT = Path(__file__).resolve().parents[2]
Z_WIDE = 3.3  # the common brief: ~3.3 standard deviations around the exact value


def cfg(*sets: str) -> Config:
    return load_config(default_config_path(), list(sets))


def assert_near(est: dict[str, float], exact: float) -> None:
    """Within 3.3 standard deviations of the exact value, and inside the estimate's own
    interval widened to the same z (a 95% interval alone would fail one seed in twenty)."""
    n = est["n"]
    sd = math.sqrt(exact * (1 - exact) / n)
    assert abs(est["p"] - exact) <= Z_WIDE * sd, (est, exact)
    wide = wilson(int(est["k"]), int(n), z=Z_WIDE)
    assert wide["low"] <= exact <= wide["high"], (est, exact)


# --- Wilson intervals ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.27753),  # z^2 / (n + z^2)
        (10, 10, 0.72247, 1.0),
        (5, 10, 0.23659, 0.76341),
    ],
)
def test_wilson_matches_known_values(k: int, n: int, low: float, high: float) -> None:
    w = wilson(k, n)
    assert w["p"] == k / n
    assert w["low"] == pytest.approx(low, abs=2e-5)
    assert w["high"] == pytest.approx(high, abs=2e-5)


@pytest.mark.parametrize(("k", "n"), [(81, 263), (1, 1000), (999, 1000), (3, 7)])
def test_wilson_bounds_solve_the_score_equation(k: int, n: int) -> None:
    # The Wilson bounds are the p where the score test just rejects: |k/n - p| equals
    # z * sqrt(p (1 - p) / n).
    w = wilson(k, n)
    z = 1.959963984540054
    for p in (w["low"], w["high"]):
        assert abs(k / n - p) == pytest.approx(z * math.sqrt(p * (1 - p) / n), rel=1e-9)


@pytest.mark.parametrize("n", [1, 7, 10, 263, 20_000, 1_000_000])
def test_wilson_at_none_or_all_is_exactly_0_or_1(n: int) -> None:
    """A bound where nothing (everything) happened is 0 (1) exactly, never a float's residue
    (1.08e-19 was printed in the JSON and CSV)."""
    assert wilson(0, n)["low"] == 0.0 and wilson(0, n)["high"] > 0
    assert wilson(n, n)["high"] == 1.0 and wilson(n, n)["low"] < 1


def test_wilson_with_no_cases_is_empty() -> None:
    assert wilson(0, 0) == {"p": None, "low": None, "high": None, "k": 0, "n": 0}


def test_wilson_narrows_with_more_nights() -> None:
    a, b = wilson(30, 100), wilson(300, 1000)
    assert b["high"] - b["low"] < a["high"] - a["low"]
    assert a["low"] < 0.3 < a["high"]


# --- estimates against the rules ------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("sets", "x"),
    [
        (["camp.terrain=meadow"], 1),
        (["camp.terrain=thorny forest"], 3),
        (["camp.encounter_chance=5"], 5),
    ],
)
def test_encounter_chance_is_x_in_6(sets: list[str], x: int) -> None:
    r = odds(cfg(*sets), "enc", 3000)
    assert_near(r["probabilities"]["encounter"], x / 6)


def test_no_encounter_with_chance_zero() -> None:
    r = odds(cfg("camp.encounter_chance=0"), 1, 500)
    pr = r["probabilities"]
    assert pr["encounter"]["k"] == 0 and pr["nobody_awake"]["k"] == 0
    assert pr["nobody_awake_given_encounter"]["p"] is None
    assert sum(r["arrival_hour"].values()) == 0


def test_rota_breaks_one_minus_q_to_the_k() -> None:
    # Four watchers of CON 10 each doze on 1-in-10; the chain breaks at the first doze, so
    # it holds only if every shift holds: 1 - 0.9^4. No monsters to mend it.
    sets = ["camp.encounter_chance=0", *(f"party.{n}.con=10" for n in ("Wren", "Moss"))]
    r = odds(cfg(*sets), "rota", 3000)
    assert_near(r["probabilities"]["rota_broken"], 1 - 0.9**4)


def test_rota_breaks_with_mixed_dice() -> None:
    # The default rota: CON 14 (1-in-10), 15 (1-in-20), 10 (1-in-10), 6 (1-in-6).
    r = odds(cfg("camp.encounter_chance=0"), "mixed", 3000)
    exact = 1 - (9 / 10) * (19 / 20) * (9 / 10) * (5 / 6)
    assert_near(r["probabilities"]["rota_broken"], exact)


def test_no_dozing_rule_means_the_rota_holds() -> None:
    r = odds(cfg("rules.fall_asleep_on_watch=false", "camp.encounter_chance=0"), 2, 300)
    assert r["probabilities"]["rota_broken"]["k"] == 0


@pytest.mark.slow
def test_arrival_hour_is_uniform_and_distance_in_range() -> None:
    r = odds(cfg("camp.encounter_chance=6"), "hour", 2400)
    hours = r["arrival_hour"]
    assert list(hours) == [str(h) for h in range(1, 9)]
    assert sum(hours.values()) == 2400
    for n in hours.values():  # each hour 1/8 of the encounters
        assert abs(n / 2400 - 1 / 8) <= Z_WIDE * math.sqrt((1 / 8) * (7 / 8) / 2400)
    assert list(r["distance_ft"]) == [str(d) for d in range(30, 361, 30)]
    assert sum(r["distance_ft"].values()) == 2400


# --- the same engine as run -----------------------------------------------------------


def test_night_i_is_the_night_run_tells() -> None:
    config = cfg("camp.encounter_chance=4")
    for i in (1, 2, 17):
        fast = NightSim(config, Dice(f"seed/{i}"), record=False).run()
        assert simulate(config, f"seed/{i}").outcomes[0] == fast


def test_journey_j_is_the_journey_run_tells() -> None:
    config = cfg("camp.encounter_chance=3")
    fast = [
        x
        for x in iter_nights(config, Dice("trip/2"), 4, record=False)
        if isinstance(x, NightOutcome)
    ]
    assert list(simulate(config, "trip/2", nights=4).outcomes) == fast


def test_counts_merge_like_one_run() -> None:
    config = cfg("camp.encounter_chance=3")
    whole = _count(config, "m", 1, 201, 1)
    part = _count(config, "m", 1, 77, 1)
    part.merge(_count(config, "m", 77, 201, 1))
    assert part == whole


@pytest.mark.slow
def test_result_does_not_depend_on_jobs() -> None:
    config = cfg("camp.encounter_chance=3")
    one = odds(config, "jobs", 1500, jobs=1)
    two = odds(config, "jobs", 1500, jobs=2)
    assert json.dumps(one) == json.dumps(two)
    # What comes is in it: every creature of the tables, in the config's order.
    creatures = one["probabilities"]["creature"]
    assert (
        list(creatures) == list(creatures_of([config]))
        and sum(e["k"] for e in creatures.values()) == one["probabilities"]["encounter"]["k"]
    )


def test_journeys_are_whole_and_counted_by_night() -> None:
    r = odds(cfg("party.Wren.bedroll=false", "camp.season=winter"), "j", 10, per_journey=3)
    assert r["nights"] == 12 and r["journeys"] == 4 and r["nights_per_journey"] == 3
    by_night = r["by_night_of_journey"]
    assert [row["night"] for row in by_night] == [1, 2, 3]
    # Winter without bedding is impossible: Wren never rests, so is always exhausted.
    assert all(row["full_rest"]["Wren"]["k"] == 0 for row in by_night)
    assert r["probabilities"]["exhausted"]["Wren"]["k"] == 12


# --- the rota ranking -----------------------------------------------------------------


def test_rota_orders_every_permutation_once() -> None:
    orders = rota_orders(cfg())
    assert len(orders) == 24 and len(set(orders)) == 24
    assert len(rota_orders(cfg('watch.rota=["Moss","Wren","Moss"]'))) == 3  # Moss twice
    assert len(rota_orders(cfg(), watchers=2)) == 12


@pytest.mark.slow
def test_a_frail_watcher_ranks_last() -> None:
    # One watcher all night: CON 3 dozes 1-in-6, CON 18 only 1-in-20.
    config = cfg(
        "camp.encounter_chance=6",
        "party.Moss.con=3",
        "party.Wren.con=18",
        "party.Sir Aldric.con=18",
        "party.Sister Ysolde.con=18",
    )
    ranked = rank_rotas(config, "frail", 1500, watchers=1)
    assert [r.order for r in ranked][-1] == ("Moss",)
    awake = "someone_awake_given_encounter"
    last, first = ranked[-1].totals[awake], ranked[0].totals[awake]
    assert last[0] < first[0]
    # Common random numbers: every rota met the same monsters on the same nights.
    assert {r.totals[awake][1] for r in ranked} == {1500}


@pytest.mark.slow
def test_rank_rotas_is_deterministic_and_independent_of_jobs() -> None:
    a = rank_rotas(cfg(), 9, 300, watchers=2, jobs=1)
    b = rank_rotas(cfg(), 9, 300, watchers=2, jobs=2)
    assert [(r.order, r.totals, r.vs_best, r.comes) for r in a] == [
        (r.order, r.totals, r.vs_best, r.comes) for r in b
    ]
    assert a[0].comes and any(k for _, _, k, _ in a[0].comes)


def test_every_rank_line_s_chances_give_the_difference_it_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A rota's chance and the best's, as printed, give the difference printed beside it (to
    its tenth): where one decimal would not, the measure's chances get two, as `--compare`
    words its sides (docs/odds.md, "How the numbers are worded")."""
    argv = ["odds", "--seed", "1", "--nights", "1000", "--rank-rotas", "--watchers", "2"]
    assert main([*argv, "--top", "12", "--jobs", "1"]) == 0
    lines = [x for x in capsys.readouterr().out.splitlines() if x.startswith("#")]
    measure = re.compile(
        r"(someone awake|full rests) ([\d.]+)%(?: \([^)]*\))?, "
        r"(best|tied \([^)]*\)|([+\u2212]?[\d.]+) \()"
    )
    best: dict[str, float] = {}
    checked = two = 0
    for line in lines:
        for found in measure.finditer(line):
            name, p, diff = found[1], float(found[2]), found[4]
            two += len(found[2].split(".")[1]) == 2
            if found[3] == "best":
                best[name] = p
            elif diff is not None:
                shown = float(diff.replace("\u2212", "-"))
                assert abs((p - best[name]) - shown) <= 0.05 + 1e-9, line
                checked += 1
    assert len(lines) == 12 and checked > 5 and two > 0
    # The page gives each chance as the text does, two decimals where the text has them.
    assert main([*argv, "--top", "12", "--jobs", "1", "--format", "html"]) == 0
    page = capsys.readouterr().out
    chances = re.findall(r"(?:someone awake|full rests) (\d+\.\d\d%)", "\n".join(lines))
    assert chances and all(f'class="pct">{c}' in page for c in chances), chances


def test_rank_rotas_keeps_shift_lengths() -> None:
    config = cfg('watch.shifts=[{name="Moss",hours=3},{name="Wren",hours=2}]')
    ranked = rank_rotas(config, 1, 50)
    assert sorted(r.order for r in ranked) == [("Moss", "Wren"), ("Wren", "Moss")]


# --- the command line -----------------------------------------------------------------


def test_cli_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--nights", "300", "--seed", "7", "--jobs", "1", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    r = json.loads(out)
    assert r["nights"] == 300 and r["seed"] == 7
    pr = r["probabilities"]
    for key in ("encounter", "rota_broken", "fire_lasts", "nobody_awake"):
        assert set(pr[key]) >= {"p", "low", "high"}
        assert 0 <= pr[key]["low"] <= pr[key]["p"] <= pr[key]["high"] <= 1
    names = ["Sir Aldric", "Sister Ysolde", "Moss", "Wren"]
    assert list(pr["surprised"]) == names and list(pr["full_rest"]) == names
    assert list(r["arrival_hour"]) == [str(h) for h in range(1, 9)]
    assert "seed: 7" in err


def test_cli_text_and_fresh_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--nights", "200", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    assert "Odds over 200 nights" in out and "Per character" in out
    assert "seed: " in err and "--seed" in err  # a fresh seed, printed to repeat the run


@pytest.mark.slow
def test_cli_rank_rotas_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["odds", "--rank-rotas", "--nights", "100", "--seed", "1", "--top", "3"]
    assert main([*args, "--jobs", "1", "--format", "json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["rotas"] == 24 and [row["rank"] for row in r["top"]] == [1, 2, 3]
    awake = [row["someone_awake_given_encounter"]["p"] for row in r["top"]]
    assert awake == sorted(awake, reverse=True)


@pytest.mark.parametrize(
    "argv",
    [
        ["--nights", "0"],
        ["--nights", "-5"],
        ["--jobs", "0"],
        ["--nights-per-journey", "0"],
        ["--watchers", "2"],  # without --rank-rotas
        ["--top", "3"],
        ["--rank-rotas", "--watchers", "9"],
        ["--rank-rotas", "--top", "0"],
        ["--rank-rotas", "--set", "watch.rota=[]"],
        ["--rank-rotas", "--nights", "10000000"],  # 24 rotas x 10M nights: too many
        ["--seed", ""],
        ["--set", "camp.encounter_chance=9"],
        ["--nights", "many"],
        ["--compare", "camp.encounter_chance=9"],
        ["--compare", "nonsense"],
        ["--compare", "camp.encounter_chance=2", "--rank-rotas"],
        ["--compare", "camp.encounter_chance=2", "--sweep", "rules.rest_hours=6,7"],
        ["--compare", "camp.encounter_chance=2", "--compare", "camp.encounter_chance=3"],
        ["--sweep", "rules.rest_hours=6"],
        ["--sweep", "rules.rest_hours=6,6"],
        ["--sweep", "rules.rest_hours=6,99"],
        ["--sweep", "rules.nonsense=1,2"],
        ["--rank-rotas", "--watchers", "2,x"],
        ["--rank-rotas", "--watchers", "2,3", "--format", "html"],
    ],
)
def test_bad_input_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--jobs", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert "error" in err and "Traceback" not in err


def test_too_many_rotas_is_refused() -> None:
    party = [
        {"name": f"W{i}", "con": 10, "wis": 10, "cha": 10, "hp": 5, "max_hp": 5, "save_doom": 12}
        for i in range(8)
    ]
    data = cfg().canonical() | {"party": party}
    data["evening"] = {"site": ["W0"]}
    data["watch"] = {"rota": [p["name"] for p in party]}
    from nightsim.config import config_from_data

    with pytest.raises(ValueError, match="40320 rotas"):
        rota_orders(config_from_data(data))


def test_counts_stay_small() -> None:
    # Memory flat in N: a chunk's result is counters, whatever the number of nights.
    small = _count(cfg(), "mem", 1, 11, 1)
    big = _count(cfg(), "mem", 1, 401, 1)
    assert isinstance(big, Counts)
    assert len(big.distance_ft) == len(small.distance_ft) == 12
    assert len(big.arrival_hour) == len(small.arrival_hour) == 8


# `nightsim odds` as a campaign planner drives it from scripts (pipes, Ctrl-C).


@pytest.mark.slow
def test_odds_into_a_reader_that_went_away_exits_0(tmp_path: Path) -> None:
    """`nightsim odds | head` exited 1 too (rich's broken-pipe exit)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "nightsim", "odds", "--nights", "200", "--seed", "1", "--jobs", "1"],
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the tables are printed
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0, err
    assert "Traceback" not in err


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and pseudo-terminals")
def test_ctrl_c_stops_a_parallel_run() -> None:
    """A second SIGINT during the pool's shutdown (`timeout -s INT` sends two; so does an
    impatient Ctrl-C Ctrl-C) left about one run in two hanging for ever: the main process,
    at exit, joined workers that waited on a work queue nobody would write to again."""
    for delay in (0.0, 0.1, 0.2, 0.3, 0.4, 0.5):  # the hang was racy: about one run in two
        _interrupt_after(delay)


# The bar's count of nights done, once it is past 0: the first chunk is back from a worker.
_COUNTED = re.compile(rb"\b[1-9][0-9]*/5000000\b")


def _interrupt_after(delay: float) -> None:
    """Ctrl-C `delay` seconds after the workers are known to be up and busy.

    The signal that they are is odds's own progress bar, drawn when stderr is a terminal (so
    stderr is a pseudo-terminal here, as at the table): the bar counts nights as chunks come
    back from the workers. A fixed sleep from the start was no such signal: on a loaded
    2-core machine the SIGINT could land while Python was still importing, a traceback and
    exit 1 that said nothing about the pool."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100")
    main_fd, child_fd = pty.openpty()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "nightsim",
            "odds",
            "--nights",
            "5000000",
            "--jobs",
            "2",
            "--seed",
            "1",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=child_fd,
        start_new_session=True,
    )
    os.close(child_fd)
    try:
        err = _read_tty(main_fd, until=_COUNTED, timeout=60)
        assert _COUNTED.search(err), f"no nights counted within 60 s: {err[-500:]!r}"
        time.sleep(delay)
        # As `timeout -s INT` does: the main process, then the whole group (so the main
        # process gets it twice, as from a referee pressing Ctrl-C twice).
        proc.send_signal(signal.SIGINT)
        os.killpg(proc.pid, signal.SIGINT)
        err += _read_tty(main_fd, until=None, timeout=10)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise AssertionError(f"odds --jobs 2 hung after SIGINT at {delay} s") from None
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(main_fd)
    text = err.decode(errors="replace")
    assert proc.returncode == 130, text[-2000:]
    assert "Traceback" not in text, text[text.find("Traceback") :]


def _read_tty(fd: int, until: re.Pattern[bytes] | None, timeout: float) -> bytes:
    """What the child writes to its terminal, up to `until` (or the end: every process
    holding the terminal has exited), or `timeout` seconds."""
    out = b""
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        if not select.select([fd], [], [], left)[0]:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the last writer closed its end (Linux)
            break
        if not chunk:  # end of file (BSD, macOS)
            break
        out += chunk
        if until is not None and until.search(out):
            break
    return out


def test_the_repeat_hint_repeats_the_journeys(capsys: pytest.CaptureFixture[str]) -> None:
    """The hint on stderr said `--seed 7 --nights 14` for a run of 7-night journeys: those
    flags repeat a different run (14 single nights)."""
    args = ["odds", "--nights", "14", "--nights-per-journey", "7", "--seed", "7", "--jobs", "1"]
    assert main(args) == 0
    assert "--nights-per-journey 7" in capsys.readouterr().err
    assert main([*args, "--rank-rotas", "--top", "1"]) == 0
    assert "--nights-per-journey 7" in capsys.readouterr().err


@pytest.mark.parametrize("columns", ["100", "80"])
@pytest.mark.parametrize("rank", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_the_tables_fit_a_plain_terminal_without_cutting_numbers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, columns: str, rank: bool
) -> None:
    """Piped, odds prints at 80 columns: the per-character intervals were cut to
    "26.6% (23.4-…", the numbers the table is for."""
    monkeypatch.setenv("COLUMNS", columns)
    args = ["odds", "--nights", "200", "--seed", "7", "--jobs", "1"]
    args += ["--rank-rotas", "--top", "3"] if rank else ["--nights-per-journey", "2"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "\u2026" not in out, out


def test_a_ranking_that_safety_cannot_tell_apart_says_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """No monster on any night, or one rota only: the text and the page say so, never "No
    rota is tied with the best" beside a JSON that counts the best as tied with itself."""
    argv = ["odds", "--seed", "1", "--nights", "30", "--rank-rotas"]
    quiet = ["--set", "camp.encounter_chance=0", "--watchers", "2"]
    for more, said in (
        (quiet, "No monster came in 30 nights: safety cannot tell the rotas apart"),
        (["--set", 'watch.rota=["Wren"]'], "One rota only: there is nothing to rank it against."),
    ):
        for fmt in ("text", "html"):
            assert main([*argv, *more, "--format", fmt, "--jobs", "1"]) == 0
            out = capsys.readouterr().out
            assert said in out and "No rota is tied" not in out, (more, fmt)
            if fmt == "html" and "watch.rota" in more[1]:  # the legend: only kinds shown
                assert '<i class="k-best">' in out and '<i class="k-tied">' not in out


def test_a_measure_the_same_on_every_night_is_said_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Four hours of rest a night give nobody a full rest under any rota: the ranking says
    "the same on every night", not an interval of 0.0 to 0.0, and its JSON marks it."""
    argv = ["odds", "--seed", "1", "--nights", "100", "--rank-rotas", "--watchers", "1"]
    argv += ["--set", "rules.rest_hours=4", "--jobs", "1"]
    assert main([*argv, "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["top"]
    others = [row["vs_best"]["full_rest"] for row in rows if row["vs_best"] is not None]
    assert len(others) == 3 and all(d["identical"] and d["diff"] == 0 for d in others)
    awake = [row["vs_best"]["someone_awake_given_encounter"] for row in rows[1:]]
    assert not any(d["identical"] for d in awake)  # a measure that differs on some night
    assert main(argv) == 0
    lines = [x for x in capsys.readouterr().out.splitlines() if x.startswith("#")]
    assert all("full rests 0.0%, the same on every night" in x for x in lines[1:]), lines
    assert not any("0.0 to" in x for x in lines), lines


def test_a_ranking_of_journeys_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["odds", "--seed", "3", "--nights", "28", "--nights-per-journey", "7"]
    argv += ["--rank-rotas", "--watchers", "1", "--jobs", "1"]
    assert main([*argv, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["nights_per_journey"] == 7
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "over the same 28 nights, journeys of 7, each" in out
    assert "1 watcher: the best 4 of 4 rotas" in out  # a count with its noun agreeing
    assert main([*argv, "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert "each over the same 28 nights, journeys of 7 (seed 3)" in page
    # the page's table gives each rota's paired verdict on safety, as the text does
    verdicts = re.findall(r'<td class="vs" data-label="[^"]*">([^<]*)</td>', page)
    assert len(verdicts) == 4 and verdicts[0] == "best", verdicts
    assert all(v.startswith(("tied (", "the same on every night", "\u2212")) for v in verdicts[1:])
    assert (
        main([*argv[:3], "--rank-rotas", "--watchers", "1", "--jobs", "1", "--format", "json"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["nights_per_journey"] == 1
