"""Clock faces (nightsim/clock.py): read from a table of the day's 1,440 faces, made on first
use, which must say what the arithmetic says for every minute, across midnight and days."""

from __future__ import annotations

import subprocess
import sys

from nightsim.clock import DAY, clock, faces


def test_every_face_is_the_minutes_own() -> None:
    for camp_minute in (0, 17 * 60 + 30, DAY - 1):
        for t in range(-DAY, 3 * DAY, 7):
            m = (camp_minute + t) % DAY
            assert clock(camp_minute, t) == f"{m // 60:02d}:{m % 60:02d}"
    assert faces()[0] == "00:00" and faces()[-1] == "23:59" and len(faces()) == DAY


def test_the_table_is_made_on_first_use_not_at_import() -> None:
    code = (
        "import nightsim, nightsim.clock as c; print(len(c._FACES)); c.clock(0, 5);"
        " print(len(c._FACES))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", str(DAY)]
