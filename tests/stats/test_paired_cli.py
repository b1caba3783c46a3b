"""`odds --compare` and the paired `--rank-rotas` at the command line (docs/odds.md): the text
(en, uk), JSON and CSV carry the same numbers; ties are flagged; the trade-off across K."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest

from nightsim.cli import main
from nightsim.config import Config, default_config_path, load_config
from nightsim.stats.rank import rank_rotas
from tests.helpers.manual import manual_block


def cfg(*overrides: str) -> Config:
    return load_config(default_config_path(), list(overrides))


CHANCE = ["--set", "camp.encounter_chance=1", "--compare", "camp.encounter_chance=2"]


def out(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["odds", "--jobs", "1", *argv]) == 0
    return capsys.readouterr().out


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(out(capsys, *argv, "--format", "json"))
    return result


def test_compare_json_records_both_configs_and_the_change(
    capsys: pytest.CaptureFixture[str],
) -> None:
    r = as_json(capsys, "--nights", "300", "--seed", "4", *CHANCE)
    assert r["changes"] == ["camp.encounter_chance=2"]
    assert r["config_a_sha256"] != r["config_b_sha256"]
    assert r["config_a"]["camp"]["encounter_chance"] == 1
    assert r["config_b"]["camp"]["encounter_chance"] == 2
    assert r["command"][-2:] == ["--format", "json"] and "--compare" in r["command"]
    enc = r["measures"][0]
    assert enc["measure"] == "encounter" and enc["clear"] and enc["diff"] > 0


def test_compare_csv_is_the_jsons_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--nights", "200", "--seed", "4", *CHANCE]
    r = as_json(capsys, *argv)
    rows = list(csv.DictReader(io.StringIO(out(capsys, *argv, "--format", "csv"))))
    assert len(rows) == len(r["measures"])
    for row, m in zip(rows, r["measures"], strict=True):
        assert (row["measure"], row["character"]) == (m["measure"], m["character"] or "")
        for col, value in (
            ("a", m["a"]["p"]),
            ("a_low", m["a"]["low"]),
            ("b_high", m["b"]["high"]),
            ("diff", m["diff"]),
            ("diff_low", m["low"]),
            ("diff_high", m["high"]),
        ):
            assert row[col] == ("" if value is None else repr(value)), (col, row)
        assert row["clear"] == str(m["clear"]) and row["paired"] == str(m["paired"])
        assert row["creature"] == (m["creature"] or "")
        # What B was, on every row: the --compare items and B's config hash.
        assert row["compare"] == '["camp.encounter_chance=2"]'
        assert row["config_b_sha256"] == r["config_b_sha256"]
        assert row["set"] == '["camp.encounter_chance=1"]'  # A's --set items


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["a monster comes: ", "points, 95% interval", "no clear difference at 300 nights"]),
        (
            "uk",
            [
                "приходить чудовисько: ",
                "в.\u00a0п., інтервал 95\u00a0%",
                "немає статистично значущої різниці за 300\u00a0ночей",  # noqa: RUF001
            ],
        ),
    ],
)
def test_compare_text_piped_is_one_line_a_measure(
    capsys: pytest.CaptureFixture[str], lang: str, words: list[str]
) -> None:
    text = out(capsys, "--nights", "300", "--seed", "4", *CHANCE, "--lang", lang)
    for w in words:
        assert w in text, text
    r = as_json(capsys, "--nights", "300", "--seed", "4", *CHANCE)
    enc = r["measures"][0]
    a, b = f"{enc['a']['p'] * 100:.1f}", f"{enc['b']['p'] * 100:.1f}"
    if lang == "uk":  # CLDR uk: a decimal comma, a no-break space before the per cent sign
        a, b = a.replace(".", ",") + "\u00a0", b.replace(".", ",") + "\u00a0"
    assert f"{a}% \u2192 {b}%" in text


def test_a_bad_compare_item_is_blamed_on_compare(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--jobs", "1", "--compare", "camp.encounter_chance=9"]) == 2
    err = capsys.readouterr().err
    assert "--compare camp.encounter_chance" in err and "Traceback" not in err


# --- the ranking --------------------------------------------------------------------------


@pytest.mark.slow
def test_a_frail_watcher_is_clearly_worse_and_equals_tie() -> None:
    """One watcher all night: CON 3 dozes 1-in-6, CON 18 1-in-20. Moss's shortfall from the
    best is clear; the three CON 18 watchers differ only by their own dice, and at least one
    of them is tied with the best."""
    config = cfg(
        "camp.encounter_chance=6",
        "party.Moss.con=3",
        "party.Wren.con=18",
        "party.Sir Aldric.con=18",
        "party.Sister Ysolde.con=18",
    )
    ranked = rank_rotas(config, "frail", 1500, watchers=1)
    best, *rest = ranked
    assert best.vs_best is None and best.tied is None
    moss = ranked[-1]
    assert moss.order == ("Moss",) and moss.tied is False
    assert moss.vs_best is not None
    awake = moss.vs_best["someone_awake_given_encounter"]
    assert awake["high"] < 0
    assert awake["paired"]  # the same encounter nights for every rota
    assert any(r.tied for r in rest)


def test_rank_json_flags_ties_and_keeps_its_keys(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--rank-rotas", "--watchers", "2", "--nights", "300", "--seed", "3", "--top", "12"]
    r = as_json(capsys, *argv)
    assert len(r["top"]) == r["rotas"] == 12  # every rota shown
    for key in ("nights", "seed", "rotas", "ranked_by", "top", "config", "config_sha256"):
        assert key in r
    first, *others = r["top"]
    assert first["vs_best"] is None and first["tied_with_best"] is True  # ties with itself
    for row in others:
        vs = row["vs_best"]["someone_awake_given_encounter"]
        assert row["tied_with_best"] == (vs["low"] <= 0 <= vs["high"])
        assert vs["paired"]
    # One definition (docs/odds.md): the rows that say tied_with_best, the best included.
    assert r["tied_with_best"] == sum(1 for row in r["top"] if row["tied_with_best"])
    # What the tied share, recomputed from the rows: each place and watcher is in every tied
    # rota and missing from some rota; nothing that qualifies is left out.
    tied = [row["rota"] for row in r["top"] if row["tied_with_best"]]
    rotas = [row["rota"] for row in r["top"]]
    share = r["tied_share"]
    if len(tied) < 2:
        assert share == {"places": [], "watchers": []}
    else:
        places = [
            {"watch": i + 1, "name": tied[0][i]}
            for i in range(2)
            if len({o[i] for o in tied}) == 1 and len({o[i] for o in rotas}) > 1
        ]
        assert share["places"] == places
        named = {p["name"] for p in places}
        assert share["watchers"] == [
            n
            for n in tied[0]
            if all(n in o for o in tied) and not all(n in o for o in rotas) and n not in named
        ]


def test_what_the_tied_rotas_share_is_said_in_both_languages() -> None:
    from nightsim.narration.catalogue import Catalogue
    from nightsim.narration.rank import tied_share_text
    from nightsim.stats.rank import RotaResult, tied_share

    def row(order: tuple[str, ...], tied: bool | None) -> RotaResult:
        vs = (
            None
            if tied is None
            else {"someone_awake_given_encounter": {"diff": 0.1, "clear": not tied}}
        )
        return RotaResult(order, 10, 1, {}, vs)

    rows = [
        row(("Wren", "Moss"), None),
        row(("Wren", "Sir Aldric"), True),
        row(("Moss", "Wren"), False),
        row(("Sir Aldric", "Moss"), False),
    ]
    share = tied_share(rows)
    assert share == {"places": [{"watch": 1, "name": "Wren"}], "watchers": []}
    shares_moss = tied_share(
        [
            row(("Wren", "Moss"), None),
            row(("Moss", "Sir Aldric"), True),
            row(("Sir Aldric", "Wren"), False),
        ]
    )
    assert shares_moss == {"places": [], "watchers": ["Moss"]}
    assert tied_share(rows[:1] + rows[2:]) == {"places": [], "watchers": []}  # the best alone
    en, uk = Catalogue("en"), Catalogue("uk")
    assert tied_share_text(en, share) == "In every one of them: Wren on watch 1."
    assert tied_share_text(uk, share) == "У кожній із них: Wren на варті 1."  # noqa: RUF001
    assert tied_share_text(en, shares_moss) == "In every one of them: Moss among the watchers."
    assert tied_share_text(uk, shares_moss) == "У кожній із них: Moss серед вартових."  # noqa: RUF001
    none: dict[str, list[object]] = {"places": [], "watchers": []}
    assert "no watcher's place in common" in tied_share_text(en, none)
    assert "Жодне місце вартового" in tied_share_text(uk, none)


def test_pin_and_exclude_keep_only_those_rotas_and_change_none(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The constrained ranking is the unconstrained one's rows that keep the constraints:
    the same nights, so the same figures for each rota it keeps."""
    base = ["--rank-rotas", "--watchers", "3", "--nights", "200", "--seed", "6", "--top", "24"]
    every = as_json(capsys, *base)
    kept = as_json(capsys, *base, "--pin", "Wren=1", "--exclude", "Moss")
    assert kept["pinned"] == [{"name": "Wren", "watch": 1}] and kept["excluded"] == ["Moss"]
    assert every["pinned"] == [] and every["excluded"] == []
    assert kept["command"][-8:-2] == ["--pin", "Wren=1", "--exclude", "Moss", "--top", "24"]
    wanted = [r for r in every["top"] if r["rota"][0] == "Wren" and "Moss" not in r["rota"]]
    assert kept["rotas"] == len(wanted) == 2 == len(kept["top"])
    figures = {tuple(r["rota"]): r["someone_awake_given_encounter"] for r in wanted}
    for row in kept["top"]:
        assert row["someone_awake_given_encounter"] == figures[tuple(row["rota"])]
    text = out(capsys, *base, "--pin", "Wren=1", "--exclude", "Moss")
    assert "Only the rotas with Wren on watch 1; no watch for Moss." in text
    uk = out(capsys, *base, "--pin", "Wren=1", "--exclude", "Moss", "--lang", "uk")
    assert "Лише послідовності варт, у яких Wren на варті 1; не вартують Moss." in uk  # noqa: RUF001


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--pin", "Wren"], "--pin: expected NAME=WATCH"),
        (["--pin", "Wren=9"], "--pin Wren=9: the watch must be 1..2"),
        (["--pin", "Zed=1"], "--pin 'Zed': none of the watchers to order"),
        (["--exclude", "Zed"], "--exclude 'Zed': none of the watchers to order"),
        (["--pin", "Wren=1", "--pin", "Moss=1"], "already pinned"),
        (["--pin", "Wren=1", "--exclude", "Wren"], "already pinned or excluded"),
        (["--exclude", "Wren", "--exclude", "Moss", "--exclude", "Sir Aldric"], "no rota keeps"),
    ],
)
def test_a_bad_pin_or_exclude_is_one_line_in_both_languages(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    command = ["odds", "--rank-rotas", "--watchers", "2", "--nights", "10", *argv]
    assert main(command) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err, err
    assert main([*command, "--lang", "uk"]) == 2
    assert capsys.readouterr().err.startswith("nightsim: помилка: ")


def test_pin_and_exclude_go_with_rank_rotas(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--pin", "Wren=1"]) == 2
    assert "--pin and --exclude go with --rank-rotas" in capsys.readouterr().err


def test_the_api_ranks_within_pins_and_exclusions() -> None:
    from nightsim import load_config, rank_rotas
    from nightsim.config import default_config_path

    config = load_config(default_config_path())
    r = rank_rotas(config, 3, 50, watchers=2, pin={"Moss": 2}, exclude=["Wren"])
    assert r["pinned"] == [{"name": "Moss", "watch": 2}] and r["excluded"] == ["Wren"]
    assert sorted(tuple(row["rota"]) for row in r["top"]) == [
        ("Sir Aldric", "Moss"),
        ("Sister Ysolde", "Moss"),
    ]


def test_shifts_rank_every_rota_with_those_lengths() -> None:
    """`shifts` is the configured `watch.shifts` lengths kept in every order: the same
    rows as ranking a config whose shifts have those lengths; and lengths that split the
    rest evenly rank as the even split of --watchers does."""
    import json

    from nightsim import load_config, rank_rotas
    from nightsim.config import default_config_path

    config = load_config(default_config_path())
    given = rank_rotas(config, 4, 60, shifts=[3, 2.5, 1.5, 1], top=24)
    assert given["shift_hours"] == [3.0, 2.5, 1.5, 1.0] and given["rotas"] == 24
    rota = given["top"][0]["rota"]
    lengths = [3, 2.5, 1.5, 1]
    hours = ",".join(f'{{name="{n}",hours={h}}}' for n, h in zip(rota, lengths, strict=True))
    configured = load_config(default_config_path(), [f"watch.shifts=[{hours}]"])
    kept = rank_rotas(configured, 4, 60, top=24)
    assert kept["shift_hours"] is None
    assert json.dumps(kept["top"]) == json.dumps(given["top"])
    even = rank_rotas(config, 4, 60, watchers=4, top=24)
    split = rank_rotas(config, 4, 60, watchers=4, shifts=[2, 2, 2, 2], top=24)
    assert json.dumps(even["top"]) == json.dumps(split["top"])


def test_shifts_are_told_and_recorded(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--rank-rotas", "--shifts", "3,2.5,2.5", "--nights", "30", "--seed", "2"]
    r = as_json(capsys, *base)
    assert r["shift_hours"] == [3.0, 2.5, 2.5] and r["command"][-6:-4] == ["--shifts", "3,2.5,2.5"]
    assert all(len(row["rota"]) == 3 for row in r["top"])
    assert "Every rota keeps watches of 3, 2.5, 2.5 hours, in that order." in out(capsys, *base)
    uk = out(capsys, *base, "--lang", "uk")
    assert "варти тривалістю 3, 2,5, 2,5\u00a0год" in uk.replace(" год", "\u00a0год")  # noqa: RUF001
    page = out(capsys, *base, "--format", "html")
    assert "Every rota keeps watches of 3, 2.5, 2.5 hours" in page


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--shifts", "3,x"], "--shifts '3,x': expected hours above 0"),
        (["--shifts", "3,0"], "--shifts '3,0': expected hours above 0"),
        (["--shifts", "2,2", "--watchers", "3"], "--shifts gives 2 watches and --watchers 3"),
        (["--shifts", "1,1,1,1,1"], "more than the party of 4: give at most 4 lengths"),
        (["--shifts", "1,1,1", "--set", 'watch.rota=["Wren","Moss"]'], "than the 2 configured"),
        (["--shifts", "5,5", "--watchers", "2"], "the lengths add up to 10 hours, more than the"),
        (["--shifts", "2.01,2,2,2"], "watch 1's 2.01 hours is not a whole number of minutes"),
        (["--shifts", "2,2,0.01,2"], "watch 3's 0.01 hours is shorter than a minute"),
        (["--shifts", "2,2", "--watchers", "2,3"], "one number of watchers at a time"),
    ],
)
def test_bad_shifts_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    assert main(["odds", "--rank-rotas", "--nights", "10", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err, err
    assert main(["odds", "--shifts", "2,2"]) == 2
    assert "go with --rank-rotas" in capsys.readouterr().err


@pytest.mark.slow
def test_several_k_rank_each_and_trade_off(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--rank-rotas", "--watchers", "1", "--watchers", "2,3", "--nights", "150"]
    r = as_json(capsys, *argv, "--seed", "8", "--top", "2")
    assert r["watchers"] == [1, 2, 3] and [p["watchers"] for p in r["rankings"]] == [1, 2, 3]
    assert [t["watchers"] for t in r["trade_off"]] == [1, 2, 3]
    for part, trade in zip(r["rankings"], r["trade_off"], strict=True):
        assert trade["rota"] == part["top"][0]["rota"]
        assert trade["full_rest"] == part["top"][0]["full_rest"]
    # More watchers: fewer full rests (each watch is sleep lost).
    rests = [t["full_rest"]["p"] for t in r["trade_off"]]
    assert rests == sorted(rests, reverse=True)
    rows = list(
        csv.DictReader(
            io.StringIO(out(capsys, *argv, "--seed", "8", "--top", "2", "--format", "csv"))
        )
    )
    assert [row["watchers"] for row in rows] == ["1", "1", "2", "2", "3", "3"]
    text = out(capsys, *argv, "--seed", "8", "--top", "2")
    assert "Safety against rest" in text and "3 watchers: " in text


def test_rank_text_in_ukrainian(capsys: pytest.CaptureFixture[str]) -> None:
    text = out(
        capsys,
        "--rank-rotas",
        "--watchers",
        "2",
        "--nights",
        "100",
        "--seed",
        "3",
        "--top",
        "3",
        "--lang",
        "uk",
    )
    assert "найкраща" in text and "Вартових: 2" in text


# --- the manual's paired examples are real runs -------------------------------------------

README_COMMANDS = (
    "nightsim odds --seed 1 --rank-rotas --watchers 2,4 --top 3",
    'nightsim odds --seed 1 --compare \'watch.rota=["Wren","Sir Aldric","Sister Ysolde","Moss"]\'',
)


@pytest.mark.slow
@pytest.mark.usefixtures("golden_release")
@pytest.mark.parametrize("command", README_COMMANDS, ids=["rank-rotas", "compare"])
def test_the_readme_paired_examples_are_real_runs(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/odds.md: each block, as printed when piped (10,000 nights) at the docs' 100
    columns (tools/regen.py)."""
    import shlex

    monkeypatch.setenv("COLUMNS", "100")

    shown = manual_block(command).rstrip("\n").splitlines()
    code = main([*shlex.split(command)[1:], "--jobs", "2"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.rstrip("\n").splitlines() == shown


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_b_equal_to_a_is_said_in_text_json_and_page(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    from nightsim.narration.catalogue import Catalogue

    said = Catalogue(lang)("paired.same_config")
    same = ["--nights", "40", "--seed", "2", "--compare", "rules.rest_hours=8", "--lang", lang]
    assert as_json(capsys, *same)["same_config"] is True
    assert said in out(capsys, *same)
    assert said in out(capsys, *same, "--format", "html")
    other = [*same[:-3], "rules.rest_hours=7", "--lang", lang]
    assert as_json(capsys, *other)["same_config"] is False
    assert said not in out(capsys, *other)
    assert said not in out(capsys, *other, "--format", "html")


def test_the_compare_page_is_titled_as_a_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    page = out(capsys, "--nights", "40", "--seed", "2", *CHANCE, "--format", "html")
    h1 = page.split("<h1>", 1)[1].split("</h1>", 1)[0]
    assert h1 == "camp.encounter_chance=2: B against A over 40 nights (seed 2)"
    assert "each against" not in page.split("</h1>", 1)[0]  # not a sweep's title


@pytest.mark.parametrize(
    "argv", [[], ["--compare", "rules.rest_hours=7"], ["--rank-rotas", "--watchers", "1"]]
)
def test_produced_by_is_one_whole_line_when_piped(
    capsys: pytest.CaptureFixture[str], argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    # Piped, the footer is a line of its own, never cut at 80 columns nor inside a table.
    r = as_json(capsys, "--nights", "30", "--seed", "2", *argv)
    text = out(capsys, "--nights", "30", "--seed", "2", *argv)
    last = text.splitlines()[-1]
    assert last.startswith("Produced by nightsim ") and ", rules edition " in last
    assert r["produced_by"]["config_sha256"] in last
    assert sum("Produced by" in line for line in text.splitlines()) == 1


def test_the_compare_page_names_a_and_b_and_its_numbers_agree(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The page's columns say what A and B are (the camp, the camp with the change), and a
    clear difference follows from the two chances as the page prints them (two decimals
    where one would not do), as the text's lines do."""
    import re

    rota = 'watch.rota=["Wren","Sir Aldric","Sister Ysolde","Moss"]'
    page = out(capsys, "--seed", "1", "--nights", "2000", "--compare", rota, "--format", "html")
    assert ">A: the bundled default config</th>" in page and "= A<" not in page
    assert ">B: with watch.rota=[&#34;Wren&#34;," in page
    cell = re.compile(
        r'<td class="first">([\d.]+)%</td><td class="clear">([\d.]+)%<br>'
        r'<span class="diff">([+\u2212][\d.]+) points'
    )
    found = cell.findall(page)
    for a, b, d in found:
        assert abs(float(b) - float(a) - float(d.replace("\u2212", "-"))) <= 0.05 + 1e-9
    assert len(found) >= 2 and any(len(a.split(".")[1]) == 2 for a, _, _ in found)
