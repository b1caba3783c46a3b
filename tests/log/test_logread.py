"""The log reader: every tampering case is caught at the right line, with the right kind.

Line numbers in messages count from 1 (as an editor shows them); line N holds seq N-1.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from nightsim import BrokenLog, NotALog, load_config, read_log, simulate
from nightsim.cli import main
from nightsim.cli.common import exit_code
from nightsim.config import default_config_path
from nightsim.events import NightBegan, NightHeader, NightSummary
from nightsim.log.reader import (
    LogFrame,
    LogLine,
    check_canonical,
    check_chain,
    check_end,
    check_event,
    check_format,
    check_frame,
    check_header,
    check_seq,
    decode,
    iter_log,
    parse_json,
)
from nightsim.log.writer import GENESIS, canonical_json, line_hash
from tests.helpers.logs import edited, log_lines, rehash

make_log = log_lines


def edit(line: str, **changes: object) -> str:
    data = json.loads(line)
    data.update(changes)
    return canonical_json(data) + "\n"


def check(lines: list[str] | list[bytes]) -> list[LogLine]:
    return list(iter_log(lines))


def broken(lines: list[str], line: int | None, *words: str) -> BrokenLog:
    with pytest.raises(BrokenLog) as info:
        check(lines)
    assert info.value.line == line, str(info.value)
    for word in words:
        assert word in str(info.value), str(info.value)
    return info.value


# --- intact logs ---------------------------------------------------------------------------


def test_an_intact_log_reads_back_as_the_simulated_events() -> None:
    lines = make_log(7)
    read = check(lines)
    night = simulate(load_config(default_config_path()), 7)
    assert [r.event.model_dump(exclude={"hash"}) for r in read] == [
        e.model_dump(exclude={"hash"}) for e in night.events
    ]
    assert [r.text + "\n" for r in read] == lines
    assert [r.number for r in read] == list(range(1, len(lines) + 1))


def test_bytes_lines_read_like_text_lines() -> None:
    lines = make_log(7)
    assert [r.text for r in check([s.encode() for s in lines])] == [r.text for r in check(lines)]


def test_a_journey_reads_night_by_night() -> None:
    read = check(make_log("week", nights=3))
    summaries = [r.event for r in read if isinstance(r.event, NightSummary)]
    assert [s.night for s in summaries] == [1, 2, 3]


def test_read_log_is_the_api(tmp_path: Path) -> None:
    path = tmp_path / "n.jsonl"
    path.write_text("".join(make_log(3)), encoding="utf-8")
    events = read_log(path)
    assert events[0].type == "night.header" and events[-1].type == "night.summary"
    with pytest.raises(NotALog, match="no such file"):
        read_log(tmp_path / "missing.jsonl")


def test_the_reader_is_lazy() -> None:
    """It yields line 1 before it has looked at line 2: a stream, not a slurp."""
    lines = make_log(7)
    seen: list[int] = []

    def source() -> Iterator[str]:
        for i, line in enumerate(lines):
            seen.append(i)
            yield line

    reader = iter_log(source())
    first = next(reader)
    assert first.event.type == "night.header" and seen == [0]
    next(reader)
    assert seen == [0, 1]


# --- tampering -----------------------------------------------------------------------------


def test_an_edited_line_breaks_the_chain_at_that_line() -> None:
    lines = make_log(7)
    lines[5] = lines[5].replace('"t":', '"t":1', 1)  # a minute later, hash left alone
    broken(lines, 6, "hash does not match", "edited")


def test_an_edited_and_rehashed_log_passes_the_reader() -> None:
    """The chain proves nothing about a forger who rehashes: that is verify's job."""
    lines = make_log(7)
    k = next(i for i, s in enumerate(lines) if '"type":"character.woke"' in s)
    lines[k] = edit(lines[k], hp=json.loads(lines[k])["hp"] + 1)
    check(rehash(lines))


def test_a_deleted_line() -> None:
    lines = make_log(7)
    del lines[10]
    broken(lines, 11, "seq is 11, expected 10", "deleted")


def test_a_duplicated_line() -> None:
    lines = make_log(7)
    lines.insert(10, lines[9])
    broken(lines, 11, "copy of line 10", "duplicated")


def test_swapped_lines() -> None:
    lines = make_log(7)
    lines[10], lines[11] = lines[11], lines[10]
    broken(lines, 11, "seq is 11, expected 10", "reordered")


def test_swapped_and_renumbered_lines_break_the_chain() -> None:
    lines = make_log(7)
    a, b = json.loads(lines[10]), json.loads(lines[11])
    lines[10], lines[11] = edit(lines[11], seq=a["seq"]), edit(lines[10], seq=b["seq"])
    broken(lines, 11, "hash does not match")


def test_an_inserted_line() -> None:
    lines = make_log(7)
    intruder = edit(lines[10], seq=10, type="fire.out")
    lines.insert(10, intruder)
    broken(lines, 11, "hash does not match")


def test_an_inserted_line_with_a_fresh_seq() -> None:
    lines = make_log(7)
    lines.insert(10, edit(lines[3], seq=99))
    broken(lines, 11, "seq is 99, expected 10")


def test_a_second_header_is_refused_even_rehashed() -> None:
    lines = make_log(7)
    lines.insert(5, lines[0])
    broken(rehash([edit(s, seq=i) for i, s in enumerate(lines)]), 6, "second night.header")


def test_cut_at_a_line_boundary_before_the_summary() -> None:
    lines = make_log(7)[:-1]
    err = broken(lines, len(lines), "cut short", "night.summary of night 1")
    assert exit_code(err) == 1


def test_cut_mid_line() -> None:
    lines = make_log(7)
    lines[-1] = lines[-1][: len(lines[-1]) // 2]
    broken(lines, len(lines), "not JSON", "cut short mid-line")


def test_cut_exactly_before_the_last_newline() -> None:
    lines = make_log(7)
    lines[-1] = lines[-1].rstrip("\n")
    broken(lines, len(lines), "no newline at the end")


def test_a_journey_cut_after_a_whole_night_is_cut_short() -> None:
    lines = make_log("week", nights=3)
    end_of_2 = max(i for i, s in enumerate(lines) if '"night":2' in s and "night.summary" in s)
    broken(lines[: end_of_2 + 1], end_of_2 + 1, "cut short", "night.summary of night 3")


def test_a_journey_with_fewer_nights_claimed_is_refused() -> None:
    """Changing `nights` in the header (and rehashing) leaves a night too many."""
    lines = make_log("week", nights=3)
    lines[0] = edit(lines[0], nights=2)
    lines = rehash(lines)
    began_3 = next(i for i, s in enumerate(lines) if "night.began" in s and '"night":3' in s)
    broken(lines, began_3 + 1, "night.began after the summary of the last night (2)")


def test_version_other_than_the_headers_inside_the_log() -> None:
    lines = make_log(7)
    lines[4] = edit(lines[4], v=1)
    broken(lines, 5, "'v' is 1, expected 2")
    lines[4] = edit(lines[4], v=3)
    broken(lines, 5, "'v' is 3, expected 2")


def test_a_missing_hash() -> None:
    lines = make_log(7)
    data = json.loads(lines[3])
    del data["hash"]
    lines[3] = canonical_json(data) + "\n"
    broken(lines, 4, "no 'hash'")


def test_an_invalid_field_rehashed_names_the_field() -> None:
    lines = make_log(7)
    k = next(i for i, s in enumerate(lines) if '"type":"hour.passed"' in s)
    lines[k] = edit(lines[k], hour=0)
    broken(rehash(lines), k + 1, "hour.passed", "'hour'")


def test_an_unknown_type_rehashed_is_skipped_not_broken() -> None:
    """A type named as nightsim names them but unknown is a later release's (within format
    2): its line is checked as a link of the chain and skipped; `verify` will not call the
    log verified (tests/log/test_editions.py). A `type` that names no event at all is damage."""
    from nightsim.log.reader import Skipped, iter_entries

    lines = make_log(7)
    lines[3] = edit(lines[3], type="dragon.arrived")
    entries = list(iter_entries(rehash(lines)))
    assert [(e.number, e.type) for e in entries if isinstance(e, Skipped)] == [
        (4, "dragon.arrived")
    ]
    assert len(list(iter_log(rehash(lines)))) == len(lines) - 1
    lines[3] = edit(lines[3], type="Dragon Arrived")
    broken(rehash(lines), 4, "unknown event type 'Dragon Arrived'")
    lines[3] = edit(lines[3], type=7)
    broken(rehash(lines), 4, "unknown event type")


def test_a_coerced_value_rehashed_is_not_as_nightsim_writes_it() -> None:
    """Lax validation takes "5" for 5; the reader insists on the written form."""
    lines = make_log(7)
    k = next(i for i, s in enumerate(lines) if '"type":"character.woke"' in s)
    lines[k] = edit(lines[k], hp=str(json.loads(lines[k])["hp"]))
    broken(rehash(lines), k + 1, "'hp'", "not as nightsim writes it")


def test_a_reformatted_line_is_not_canonical() -> None:
    """Spaces do not change the hash (it covers the canonical JSON) but do change the bytes."""
    lines = make_log(7)
    lines[3] = json.dumps(json.loads(lines[3]), sort_keys=True) + "\n"
    broken(lines, 4, "not canonical JSON")


def test_crlf_line_endings_are_not_the_written_bytes() -> None:
    lines = [s.replace("\n", "\r\n") for s in make_log(7)]
    broken(lines, 1, "CR LF", "line endings were rewritten")


def test_damaged_bytes_in_the_middle() -> None:
    lines = [s.encode() for s in make_log(7)]
    lines[6] = b"\xff\xfe" + lines[6]
    with pytest.raises(BrokenLog, match="line 7: not UTF-8"):
        check(lines)


def test_a_line_outside_any_night() -> None:
    lines = make_log(7)
    del lines[1]  # night.began
    lines = rehash([edit(s, seq=i) for i, s in enumerate(lines)])
    broken(lines, 2, "outside a night")


# --- not a log at all (exit 2) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        ([], "empty file"),
        (["\n"], "empty line"),
        (["hello world\n"], "not JSON"),
        (["[" * 100_000 + "\n"], "not JSON"),  # no RecursionError traceback
        ([b"\x89PNG\r\n"], "not UTF-8"),
        (["[1, 2, 3]\n"], "not a JSON object"),
        (['{"type": "fire.out", "seq": 0}\n'], "no night.header"),
        (['{"name": "Wren"}\n'], "no night.header"),
    ],
)
def test_not_a_log(lines: list[str], words: str) -> None:
    with pytest.raises(NotALog, match=words) as info:
        check(lines)
    assert exit_code(info.value) == 2


def test_a_header_of_a_future_format_is_not_readable() -> None:
    lines = make_log(7)
    lines[0] = edit(lines[0], v=3)
    with pytest.raises(NotALog, match="log format version 3; this nightsim reads versions 1 and 2"):
        check(lines)


def test_a_broken_header_is_a_broken_log_not_bad_input() -> None:
    lines = make_log(7)
    lines[0] = edit(lines[0], seed="another")
    broken(lines, 1, "hash does not match")


def test_line_hash_is_the_log_formats_definition() -> None:
    """hash = SHA-256 hex of the previous hash followed by the canonical line without hash."""
    lines = make_log(7)
    first, second = json.loads(lines[0]), json.loads(lines[1])
    for prev, data in ((GENESIS, first), (first["hash"], second)):
        body = canonical_json({k: v for k, v in data.items() if k != "hash"})
        assert data["hash"] == hashlib.sha256((prev + body).encode()).hexdigest()


def test_a_line_appended_after_the_last_summary_rehashed() -> None:
    lines = make_log(7)
    lines.append(edit(lines[-2], seq=len(lines)))
    broken(rehash(lines), len(lines), "after the summary of the last night (1)", "appended")


def test_a_blank_line_at_the_end() -> None:
    lines = [*make_log(7), "\n"]
    broken(lines, len(lines), "an empty line")


# --- each check on its own (the framing loop above runs them in this order) ----------------


def test_decode_strips_the_newline_and_says_when_it_lacked_one() -> None:
    assert decode(2, b'{"a":1}\n') == ('{"a":1}', False)
    assert decode(2, '{"a":1}') == ('{"a":1}', True)
    with pytest.raises(NotALog, match="not UTF-8"):
        decode(1, b"\xff\n")
    with pytest.raises(BrokenLog, match="the line was damaged"):
        decode(3, b"\xff\n")
    with pytest.raises(BrokenLog, match="byte-order mark"):
        decode(1, "\ufeff{}\n")
    assert decode(2, "\ufeff{}\n") == ("\ufeff{}", False)  # only line 1 is looked at for it


@pytest.mark.parametrize(
    ("number", "text", "cut", "kind", "words"),
    [
        (1, "", False, NotALog, "empty line"),
        (1, "a\x00b", False, NotALog, "a binary file"),
        (1, "[]", False, NotALog, "not a JSON object"),
        (2, '{"a":', True, BrokenLog, "cut short mid-line"),
        (2, " ", False, BrokenLog, "an empty line"),
        (2, "nope", False, BrokenLog, "not JSON"),
        (2, "[]", False, BrokenLog, "not a JSON object"),
    ],
)
def test_parse_json(number: int, text: str, cut: bool, kind: type[Exception], words: str) -> None:
    with pytest.raises(kind, match=words):
        parse_json(number, text, cut)


def test_parse_json_gives_the_object() -> None:
    assert parse_json(2, '{"a":1}', False) == {"a": 1}


def test_check_format() -> None:
    assert check_format(1, {"type": "night.header", "v": 2}, 2) == 2
    assert check_format(1, {"type": "night.header", "v": 1}, 2) == 1  # format 1: upgraded
    assert check_format(2, {"type": "fire.out", "v": 2}, 2) == 2
    assert check_format(2, {"type": "fire.out", "v": 1}, 1) == 1
    with pytest.raises(NotALog, match=r"no night\.header"):
        check_format(1, {"type": "fire.out", "v": 2}, 2)
    with pytest.raises(NotALog, match="log format version 3"):
        check_format(1, {"type": "night.header", "v": 3}, 2)
    with pytest.raises(NotALog, match="log format version True"):
        check_format(1, {"type": "night.header", "v": True}, 2)
    with pytest.raises(BrokenLog, match="'v' is 1, expected 2"):
        check_format(2, {"type": "fire.out", "v": 1}, 2)
    with pytest.raises(BrokenLog, match="'v' is 2, expected 1"):
        check_format(2, {"type": "fire.out", "v": 2}, 1)


@pytest.mark.parametrize(
    ("data", "prev_text", "words"),
    [
        ({"seq": 3}, "same", "a copy of line 4"),
        ({"seq": 0, "type": "night.header"}, None, "a second night.header"),
        ({"seq": 9}, None, "seq is 9, expected 4: a line before it was deleted"),
        ({"seq": 2}, None, "seq is 2, expected 4: a line was inserted"),
        ({"seq": True}, None, "'seq' is True, expected 4"),
        ({}, None, "'seq' is None, expected 4"),
    ],
)
def test_check_seq(data: dict[str, object], prev_text: str | None, words: str) -> None:
    check_seq(5, {"seq": 4}, "x", None)
    with pytest.raises(BrokenLog, match=words):
        check_seq(5, data, "same", prev_text)


def test_check_chain_returns_the_hash() -> None:
    body = {"seq": 0, "type": "night.header"}
    good = {**body, "hash": line_hash(GENESIS, body)}
    assert check_chain(1, good, GENESIS, 2) == good["hash"]
    with pytest.raises(BrokenLog, match="no 'hash'"):
        check_chain(1, body, GENESIS, 2)
    with pytest.raises(BrokenLog, match="hash does not match"):
        check_chain(1, good, "1" * 64, 2)
    # Format 1's canonical form is another text where a number has a fraction (`4.0`, `4`).
    floats = {**body, "hours": 4.0}
    floats["hash"] = line_hash(GENESIS, floats)
    assert check_chain(1, floats, GENESIS, 2) == floats["hash"]
    with pytest.raises(BrokenLog, match="hash does not match"):
        check_chain(1, floats, GENESIS, 1)
    with pytest.raises(BrokenLog, match="not JCS-writable JSON"):
        check_chain(1, {**good, "seq": 2**53}, GENESIS, 2)


def test_check_event_names_the_field() -> None:
    data = json.loads(make_log(7)[1])
    assert check_event(2, data).type == data["type"]
    with pytest.raises(BrokenLog, match=r"unknown event type 'fire\.gone'"):
        check_event(2, {**data, "type": "fire.gone"})
    with pytest.raises(BrokenLog, match=re.escape(f"{data['type']}: field 'seq'")):
        check_event(2, {**data, "seq": -1})


def test_check_canonical() -> None:
    text = make_log(7)[1].rstrip("\n")
    data = json.loads(text)
    event = check_event(2, data)
    check_canonical(2, event, data, text)
    with pytest.raises(BrokenLog, match="not canonical JSON"):
        check_canonical(2, event, data, json.dumps(data))
    with pytest.raises(BrokenLog, match="ends in CR LF"):
        check_canonical(2, event, data, text + "\r")
    with pytest.raises(BrokenLog, match="field 't' is not as nightsim writes it"):
        forged = {**data, "t": str(data["t"])}
        check_canonical(2, event, forged, canonical_json(forged))


def test_check_header() -> None:
    header = check_event(1, json.loads(make_log(7)[0]))
    assert isinstance(header, NightHeader)
    check_header(header)
    with pytest.raises(BrokenLog, match="field 'resolved' does not follow"):
        check_header(header.model_copy(update={"resolved": {}}))
    with pytest.raises(BrokenLog, match="the config is not valid"):
        check_header(header.model_copy(update={"config": {}}))


def test_check_frame_follows_the_nights() -> None:
    events = [check_event(n, json.loads(s)) for n, s in enumerate(make_log(7, 2), start=1)]
    frame = LogFrame()
    for number, event in enumerate(events, start=1):
        frame = check_frame(number, event, frame)
        if isinstance(event, NightSummary):
            assert frame == LogFrame(nights=2, night=0, done=event.night)
    began = next(e for e in events if isinstance(e, NightBegan))
    with pytest.raises(BrokenLog, match="night 1 begins before night 1 ended"):
        check_frame(9, began, LogFrame(nights=2, night=1))
    with pytest.raises(BrokenLog, match="night 1 begins, expected night 2 of 2"):
        check_frame(9, began, LogFrame(nights=2, done=1))
    with pytest.raises(BrokenLog, match="outside a night"):
        check_frame(9, events[3], LogFrame(nights=2, done=1))
    with pytest.raises(BrokenLog, match="after the summary of the last night"):
        check_frame(9, events[3], LogFrame(nights=2, done=2))
    with pytest.raises(BrokenLog, match="summary of night 2, but the open night is 1"):
        check_frame(9, events[-1], LogFrame(nights=2, night=1))


def test_check_end() -> None:
    check_end(5, LogFrame(nights=1, done=1), None, cut=False)
    with pytest.raises(NotALog, match="empty file"):
        check_end(0, LogFrame(), None, cut=False)
    with pytest.raises(BrokenLog, match="ends with nothing"):
        check_end(5, LogFrame(nights=1, night=1), None, cut=False)
    with pytest.raises(BrokenLog, match="no newline at the end"):
        check_end(5, LogFrame(nights=1, done=1), None, cut=True)


# Logs a referee may be handed (forged, rewritten, glued), as `replay` and `verify` see them.


def forged_header(**changes: object) -> list[str]:
    return edited(make_log(9), 0, **changes)


def _party_without_con() -> dict[str, object]:
    config = json.loads(make_log(9)[0])["config"]
    del config["party"][0]["con"]
    return dict(config)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"resolved": {}}, "resolved"),
        ({"config": _party_without_con()}, "config"),
        ({"seed": -3}, "seed"),  # docs/log-format.md: a non-negative integer or a string
    ],
)
@pytest.mark.parametrize("command", ["replay", "verify"])
def test_a_forged_header_is_a_broken_log_not_a_traceback(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    changes: dict[str, object],
    words: str,
) -> None:
    """A header whose `resolved` or `config` was rewritten (hashes recomputed) made `replay`
    crash with a KeyError traceback in the narration: the reader must refuse it, line 1."""
    log = tmp_path / "forged.jsonl"
    log.write_text("".join(forged_header(**changes)), encoding="utf-8")
    assert main([command, str(log)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.count("\n") == 1, err
    assert "line 1" in err and words in err, err


def test_a_log_saved_with_a_byte_order_mark_is_named_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An editor that saves "UTF-8 with BOM" rewrote the log: replay said "not JSON; a
    nightsim log starts with a JSON night.header" (exit 2, not a log at all) about a line
    that reads as a perfect header, where CR LF endings are named and exit 1."""
    log = tmp_path / "bom.jsonl"
    log.write_bytes(b"\xef\xbb\xbf" + "".join(make_log(9)).encode())
    for command in ("replay", "verify"):
        assert main([command, str(log)]) == 1
        err = capsys.readouterr().err
        assert "line 1" in err and "byte-order mark" in err, err


def test_another_log_glued_on_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`cat a.jsonl b.jsonl`: the second header was reported as "seq is 0, expected 42: a line
    was inserted or duplicated, or lines were reordered"."""
    log = tmp_path / "glued.jsonl"
    first = make_log(9)
    log.write_text("".join(first + make_log(10)), encoding="utf-8")
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert f"line {len(first) + 1}: a second night.header" in err, err
    assert "another log" in err, err


def test_a_wandering_monster_check_without_its_roll_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The check is always rolled (rules.md 4). A rehashed log whose monster.checked had
    `rolls: []` passed the reader and crashed replay's narration with a ValueError
    traceback (`first, *rest = check.rolls`)."""
    lines = make_log(9)
    k = next(i for i, s in enumerate(lines) if '"type":"monster.checked"' in s)
    data = json.loads(lines[k])
    data["rolls"] = []
    lines[k] = canonical_json(data) + "\n"
    log = tmp_path / "forged.jsonl"
    log.write_text("".join(rehash(lines)), encoding="utf-8")
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert f"line {k + 1}: monster.checked: field 'rolls'" in err, err


@pytest.mark.parametrize("command", ["verify", "replay"])
def test_a_players_view_is_not_a_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """A saved `--view players --format jsonl` stream handed over as evidence: bad input
    (exit 2) saying what it is, not a broken log (1) that reads as a forgery."""
    view = tmp_path / "view.jsonl"
    assert main(["run", "--seed", "5", "--no-log", "--format", "jsonl", "--view", "players"]) == 0
    view.write_text(capsys.readouterr().out, "utf-8")
    assert main([command, str(view)]) == 2
    err = capsys.readouterr().err
    assert "a players' view" in err and "ask the referee for the log" in err
