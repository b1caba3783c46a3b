"""The referee's console, the camp as a form (nightsim/serve/camp_form.py, routes_camps.py):
every key of the model, `check`'s messages and warnings, the fingerprint, saving in DIR."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nightsim.config import load_config, parse_config, parse_toml
from nightsim.config.checkup import checkup
from nightsim.config.fingerprint import config_sha256
from nightsim.errors import ConfigError
from nightsim.serve import camp_form
from tests.serve.console_helpers import Console, bundled_configs, every_key_toml, make_folder


@pytest.fixture
def console(tmp_path: Path) -> Console:
    return Console(make_folder(tmp_path))


# --- pure: the form and the round trip ---------------------------------------------------


@pytest.mark.parametrize("path", bundled_configs(), ids=lambda p: p.name)
def test_every_bundled_config_round_trips_through_the_form(path: Path, tmp_path: Path) -> None:
    """config file -> the form's values -> TOML -> load_config: the same fingerprint."""
    values = camp_form.form_values(parse_toml(path.read_text("utf-8")))
    saved = tmp_path / "again.toml"
    saved.write_text(camp_form.toml_text(camp_form.config_data(values)), "utf-8")
    assert config_sha256(load_config(saved)) == config_sha256(load_config(path))


def test_a_config_with_every_kind_of_key_round_trips() -> None:
    """Shifts, forms, eaters, both encounter tables, floats: none lost on the way."""
    text = every_key_toml()
    values = camp_form.form_values(parse_toml(text))
    assert values["watch.shifts.1.hours"] == "2.5"
    assert values["party.0.forms.gen"] == "Ірини"
    again = parse_config(camp_form.toml_text(camp_form.config_data(values)))
    assert config_sha256(again) == config_sha256(parse_config(text))


def test_the_fields_come_from_the_model() -> None:
    """Every field of every model is in the form, with the model's choices and ranges."""
    from nightsim.config import Camp, Character, Rules

    top = camp_form.specs()
    paths = set(_paths(top))
    for model, prefix in ((Camp, "camp."), (Rules, "rules."), (Character, "party.")):
        for name in model.model_fields:
            if name != "forms":
                assert prefix + name in paths, prefix + name
    weather = _find(top, "camp.weather")
    assert weather.kind == "choice" and "heavy_rain" in weather.choices
    con = _find(top, "party.con")
    assert (con.kind, con.minimum, con.maximum, con.required) == ("int", 3, 18, True)
    assert "tangled forest" in _find(top, "camp.terrain").choices


def _paths(group: camp_form.Group) -> list[str]:
    out: list[str] = []
    for s in group.fields:
        if isinstance(s, camp_form.Scalar):
            out.append(s.path)
        elif isinstance(s, camp_form.Rows):
            out += _paths(s.item)
        else:
            out += _paths(s)
    return out


def _find(group: camp_form.Group, path: str) -> camp_form.Scalar:
    for s in group.fields:
        if isinstance(s, camp_form.Scalar) and s.path == path:
            return s
        inner = s.item if isinstance(s, camp_form.Rows) else s
        if isinstance(inner, camp_form.Group):
            try:
                return _find(inner, path)
            except KeyError:
                pass
    raise KeyError(path)


def test_a_bad_value_gets_checks_own_message(tmp_path: Path) -> None:
    """The message `check` prints for the same TOML (less the file's name), and its field."""
    text = every_key_toml().replace("con = 10", 'con = "ten"', 1)
    bad = tmp_path / "bad.toml"
    bad.write_text(text, "utf-8")
    with pytest.raises(ConfigError) as exc:
        load_config(bad)
    values = camp_form.form_values(parse_toml(every_key_toml()))
    values["party.0.con"] = "ten"
    checked = camp_form.check_values(values)
    assert checked.config is None
    assert str(exc.value) == f"{bad}: {checked.error}"
    assert checked.error_field == "party.0.con"


def test_warnings_are_checks(tmp_path: Path) -> None:
    from nightsim.narration.catalogue import Catalogue
    from nightsim.narration.check import warning_text

    values = camp_form.form_values(parse_toml(every_key_toml()))
    values["watch.shifts.0.hours"] = "0.5"  # a short watch: Ірина sleeps little
    values["rules.fire_warmth_hours"] = "8"
    checked = camp_form.check_values(values, "uk")
    assert checked.config is not None
    ck = checkup(checked.config)
    t = Catalogue("uk").for_party(checked.config.canonical()["party"])
    assert checked.warnings == [warning_text(w, t) for w in ck.warnings]
    assert checked.warnings  # the config was made to warn
    assert checked.fingerprint == config_sha256(checked.config)


def test_rows_are_added_and_removed() -> None:
    values = camp_form.form_values(parse_toml(every_key_toml()))
    more, new = camp_form.with_row(values, "party")
    assert new == 2 and camp_form.row_indices(more, "party") == [0, 1, 2]
    assert len(camp_form.config_data(more)["party"]) == 2  # a blank row is no member
    less = camp_form.without_removed({**values, "party.1.remove": "1"})
    assert camp_form.row_indices(less, "party") == [0]
    with pytest.raises(KeyError):
        camp_form.with_row(values, "camp.terrain")


# --- through the server --------------------------------------------------------------------


def test_the_form_shows_every_key_and_the_fingerprint(console: Console) -> None:
    r = console.get("/camps/wood/edit")
    assert r.status_code == 200
    assert "Check of wood.toml" in r.text  # the panel names its camp
    for path in _paths(camp_form.specs()):
        if path.startswith("party."):
            path = "party.0." + path.removeprefix("party.")
        elif path.startswith(("watch.shifts.", "encounters.")):
            continue  # the bundled camp has a rota, and tables' rows are checked below
        assert f'name="{path}"' in r.text, path
    assert 'name="encounters.night_fire.2.creature"' in r.text
    sha = config_sha256(load_config(console.root / "wood.toml"))
    assert sha in r.text
    assert 'name="csrf"' in r.text


def test_save_writes_toml_in_dir_with_the_same_fingerprint(console: Console) -> None:
    values = camp_form.form_values(parse_toml((console.root / "wood.toml").read_text("utf-8")))
    r = console.post("/camps/form", {**values, "__action": "save", "__file": "copy"})
    assert r.status_code == 200, r.text
    assert "copy.toml" in r.text
    assert config_sha256(load_config(console.root / "copy.toml")) == config_sha256(
        load_config(console.root / "wood.toml")
    )
    # The same name again: refused until "replace" is ticked; then replaced whole.
    values["party.0.hp"] = "2"
    r = console.post("/camps/form", {**values, "__action": "save", "__file": "copy.toml"})
    assert r.status_code == 409
    assert load_config(console.root / "copy.toml").party[0].hp == 7
    r = console.post(
        "/camps/form", {**values, "__action": "save", "__file": "copy.toml", "__replace": "1"}
    )
    assert r.status_code == 200
    assert load_config(console.root / "copy.toml").party[0].hp == 2
    assert not [p for p in console.root.iterdir() if p.name.endswith(".tmp")]


def test_an_invalid_form_is_400_with_the_reason_beside_the_field(console: Console) -> None:
    values = camp_form.form_values(parse_toml((console.root / "wood.toml").read_text("utf-8")))
    values["party.1.wis"] = "40"
    r = console.post("/camps/form", {**values, "__action": "save", "__file": "broken"})
    assert r.status_code == 400
    assert "party[1] (Sister Ysolde).wis: should be at most 18, got 40" in r.text
    assert re.search(r'class="field field-error">\s*<label for="f-party-1-wis"', r.text)
    assert not (console.root / "broken.toml").exists()


def test_add_a_member_without_a_script(console: Console) -> None:
    values = camp_form.form_values(parse_toml((console.root / "wood.toml").read_text("utf-8")))
    r = console.post("/camps/form", {**values, "__action": "add:party"})
    assert r.status_code == 200
    assert 'name="party.4.name"' in r.text


@pytest.mark.parametrize(
    "name", ["../outside", "/etc/passwd", "a/b", ".hidden", "x\x00y", "..", "con..toml"]
)
def test_a_name_outside_dir_is_refused(console: Console, name: str) -> None:
    values = camp_form.form_values(parse_toml((console.root / "wood.toml").read_text("utf-8")))
    r = console.post("/camps/form", {**values, "__action": "save", "__file": name})
    assert r.status_code == 400
    assert "a file name in the folder is letters" in r.text
    assert sorted(p.name for p in console.root.parent.iterdir()) == [console.root.name]


def test_a_symlink_out_of_dir_is_not_a_camp(console: Console, tmp_path: Path) -> None:
    secret = tmp_path / "secret.toml"
    secret.write_text((console.root / "wood.toml").read_text("utf-8"), "utf-8")
    (console.root / "link.toml").symlink_to(secret)
    assert console.get("/camps/link/edit").status_code == 400
    assert console.get("/camps/nothing/edit").status_code == 404
    assert console.get("/camps/..%2Fsecret/edit").status_code in (400, 404)


def test_the_page_speaks_ukrainian(console: Console) -> None:
    r = console.get("/camps/nothing/edit?lang=uk")
    assert r.status_code == 404
    assert "такого файлу в теці немає" in r.text


def test_a_fifo_or_a_folder_is_not_a_camp(console: Console) -> None:
    import os

    os.mkfifo(console.root / "pipe.toml")
    (console.root / "dir.toml").mkdir()
    assert console.get("/camps/pipe/edit").status_code == 400  # never opened: it would wait
    assert console.get("/camps/dir/edit").status_code == 400


def test_a_form_past_its_limits_is_413(console: Console) -> None:
    from nightsim.serve.console import MAX_FIELD_BYTES, MAX_FIELDS

    many = {f"x{i}": "1" for i in range(MAX_FIELDS + 1)}
    assert console.post("/camps/form", many).status_code == 413
    big = {"camp.terrain": "x" * (MAX_FIELD_BYTES + 1)}
    assert console.post("/camps/form", big, files={"f": ("a", b"")}).status_code == 413


def test_every_field_has_words_in_both_languages(console: Console) -> None:
    """Each key's field says what it is, in the page's language (the catalogue's
    `console.key.*`); the key's own name is the label, as docs/config.md names it."""
    from nightsim.narration.catalogue import CATALOGUES

    for path in _paths(camp_form.specs()):
        for lang in ("en", "uk"):
            assert f"console.key.{path}" in CATALOGUES[lang], (lang, path)
    r = console.get("/camps/wood/edit?lang=uk")
    assert "Статура, від 3 до 18" in r.text and "хто куховарить" in r.text
