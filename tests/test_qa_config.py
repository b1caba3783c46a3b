"""QA: configs a referee writes by hand, with the mistakes a referee makes."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightsim.config import default_config_path, load_config
from nightsim.errors import ConfigError


@pytest.mark.parametrize("creature", ["wolves\\nand more", "\\u001b[31mred wolves", "wolves\\t"])
def test_a_creature_with_a_control_character_is_refused(creature: str) -> None:
    """Names and spells refuse control characters (one-line narration, no escape codes in
    piped output), but creatures did not: `creature = "\\u001b[31m…"` put a raw terminal
    escape into `run | cat`, and a newline split the encounter panel's line."""
    with pytest.raises(ConfigError, match=r"encounters\.night_fire\[0\]\.creature"):
        load_config(
            default_config_path(),
            [f'encounters.night_fire=[{{creature="{creature}"}}]'],
        )


@pytest.mark.parametrize(
    "name",
    ["W\\u0085ren", "W\\u009b31mren", "W\\u2028ren", "\\u202eneroW", "W\\u2066ren"],
)
def test_a_name_with_a_c1_control_line_separator_or_bidi_override_is_refused(
    name: str,
) -> None:
    """The names' rule refused C0 controls only: C1 controls (NEL, the 8-bit CSI), Unicode
    line separators (which str.splitlines splits on) and bidi overrides (which reorder the
    rest of a printed line, hiding what it says) reached the narration and error messages."""
    with pytest.raises(ConfigError, match=r"party\[3\]"):
        load_config(default_config_path(), [f'party.Wren.name="{name}"'])
    with pytest.raises(ConfigError, match=r"encounters\.night_fire\[0\]\.creature"):
        load_config(default_config_path(), [f'encounters.night_fire=[{{creature="{name}"}}]'])


def test_set_reaches_a_member_whose_name_has_a_dot(tmp_path: Path) -> None:
    """Names may hold dots ("St. Marta"), but `--set party.St. Marta.con=5` split the name
    at its dot: "no party member named 'St'"."""
    text = default_config_path().read_text(encoding="utf-8").replace('"Wren"', '"St. Wren"')
    path = tmp_path / "dot.toml"
    path.write_text(text, encoding="utf-8")
    config = load_config(path, ["party.St. Wren.con=5"])
    assert config.character("St. Wren").con == 5
