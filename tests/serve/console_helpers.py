"""What the console's tests share: a served folder with a camp and a log, and a client that
carries the referee's token and the form's CSRF token (the way a browser's form does)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

REFEREE, PLAYERS = "referee-token-for-tests", "players-token-for-tests"


def bundled_configs() -> list[Path]:
    data = Path(__file__).resolve().parents[2] / "nightsim" / "data"
    return sorted(data.glob("*.toml"))


def every_key_toml() -> str:
    """A valid camp with every kind of key: shifts, a member's forms, eaters, both tables."""
    return """\
[camp]
encounter_chance = 3
season = "winter"
firewood_modifier = -1
fire_conditions = "adverse"
fire_chance = 3
carried_firewood_hours = 1.5
camp_at = "18:30"

[rules]
rest_hours = 8
sleep_in = true
fire_warmth_hours = 3.5

[[party]]
name = "Ірина"
con = 10
wis = 12
cha = 9
hp = 4
max_hp = 6
save_doom = 12
bedroll = true
spells = ["Light", "Sleep"]
pronouns = "she"
forms = { gen = "Ірини", acc = "Ірину" }

[[party]]
name = "Bran"
con = 13
wis = 8
cha = 11
hp = 8
max_hp = 8
save_doom = 13
tent = true
exhaustion = 2

[evening]
site = ["Bran"]
firewood = ["Ірина"]
cook = "Bran"
eaters = ["Bran"]

[watch]
shifts = [{ name = "Bran", hours = 3 }, { name = "Ірина", hours = 2.5 }]

[encounters]
night_fire = [{ creature = "a wolf", weight = 3 }]
night_no_fire = [{ creature = "a bear" }, { creature = "a ghost", weight = 2 }]
"""


class Console:
    """A TestClient on a served folder, as the referee (or `token`) in a browser."""

    def __init__(self, root: Path, lang: str = "en") -> None:
        from nightsim.serve import create_app

        self.root = root
        self.app = create_app(root, lang=lang, referee_token=REFEREE, players_token=PLAYERS)
        self.client = TestClient(self.app, base_url="http://127.0.0.1:8765")
        self.token = REFEREE

    def url(self, path: str, token: str | None) -> str:
        token = self.token if token is None else token
        if not token:
            return path
        return f"{path}{'&' if '?' in path else '?'}t={token}"

    def get(self, path: str, token: str | None = None, **kw: Any) -> Any:
        return self.client.get(self.url(path, token), **kw)

    def csrf(self, path: str = "/verify") -> str:
        """The CSRF token a page's form carries."""
        page = self.get(path).text
        found = re.search(r'name="csrf" value="([^"]+)"', page)
        assert found, "a form without its CSRF token"
        return found.group(1)

    def post(
        self,
        path: str,
        data: Mapping[str, Any] | None = None,
        *,
        files: Any = None,
        token: str | None = None,
        csrf: bool = True,
        **kw: Any,
    ) -> Any:
        form, headers = dict(data or {}), dict(kw.pop("headers", {}))
        if csrf:
            form["csrf"] = headers["X-CSRF-Token"] = self.csrf()
        return self.client.post(
            self.url(path, token), data=form, files=files, headers=headers, **kw
        )


def make_folder(tmp_path: Path) -> Path:
    """DIR with the bundled default camp as `wood.toml` and a night's log `night.jsonl`."""
    import nightsim

    root = tmp_path / "dir"
    root.mkdir()
    shutil.copy(bundled_configs()[0], root / "wood.toml")
    nightsim.write_log(root / "night.jsonl", nightsim.load_config(root / "wood.toml"), 9)
    return root
