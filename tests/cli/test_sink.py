"""`--sink URL` (docs/stream.md, "Sending each event to a URL"): a real HTTP server on
127.0.0.1 records what nightsim POSTs; each mode's bytes are what `--format cloudevents` and
`cloudevents-batch` print for the same night; a failing or absent sink costs neither the log,
nor the narration, nor the exit code."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote

import pytest

from nightsim.cli import main, sink
from nightsim.log.cloudevents import cloudevents_out
from tests.helpers.processes import ENV, NIGHTSIM, ROOT, TIMEOUT

PARTY_UK = ROOT / "tests" / "data" / "party-uk.toml"


@dataclass
class Recorder:
    """What the sink was sent, and how it answers: `answers` is consumed one status a
    request, then 200s."""

    requests: list[tuple[dict[str, str], bytes]] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)
    url: str = ""
    delay: float = 0.0  # seconds before each answer: a slow sink

    def bodies(self) -> list[bytes]:
        return [body for _, body in self.requests]


@pytest.fixture
def server() -> Iterator[Recorder]:
    rec = Recorder()
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as a real endpoint would

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            time.sleep(rec.delay)
            with lock:
                code = rec.answers.pop(0) if rec.answers else 200
                if code == 200:
                    rec.requests.append((dict(self.headers), body))
            self.send_response(code)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    rec.url = f"http://127.0.0.1:{httpd.server_port}/events"
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield rec
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same backoff, a hundred times faster: the quick loop stays quick."""
    monkeypatch.setattr(sink, "RETRY_DELAYS", tuple(d / 100 for d in sink.RETRY_DELAYS))


def printed(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[str, str]:
    assert main(args) == 0
    out, err = capsys.readouterr()
    return out, err


def closed_port() -> int:
    """A port on 127.0.0.1 nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


NIGHT = ["run", "--seed", "2211", "--no-log"]


def test_structured_mode_posts_each_line_of_format_cloudevents(
    server: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    expected, _ = printed(capsys, [*NIGHT, "--format", "cloudevents"])
    _, err = printed(capsys, [*NIGHT, "--quiet", "--sink", server.url])
    assert server.bodies() == [line.encode() for line in expected.splitlines()]
    types = {h["Content-Type"] for h, _ in server.requests}
    assert types == {"application/cloudevents+json"}
    assert f"nightsim: sink '{server.url}': {len(expected.splitlines())} events delivered" in err


def test_batch_mode_posts_each_night_as_format_cloudevents_batch(
    server: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    journey = [*NIGHT, "--nights", "3"]
    expected, _ = printed(capsys, [*journey, "--format", "cloudevents-batch"])
    _, err = printed(capsys, [*journey, "--quiet", "--sink", server.url, "--sink-mode", "batch"])
    assert len(server.requests) == 3
    assert server.bodies() == [line.encode() for line in expected.splitlines()]
    assert {h["Content-Type"] for h, _ in server.requests} == {"application/cloudevents-batch+json"}
    assert "3 nights' batches delivered" in err


def test_binary_mode_with_ukrainian_names(
    server: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    """The attributes as ce-* headers, percent-encoded as the HTTP binding asks (so «Ярема»
    passes any HTTP stack), decoded back to the structured event; the body is the log line."""
    night = ["run", str(PARTY_UK), "--seed", "21", "--no-log"]
    lines, _ = printed(capsys, [*night, "--format", "jsonl"])
    events, _ = printed(capsys, [*night, "--format", "cloudevents"])
    printed(capsys, [*night, "--quiet", "--sink", server.url, "--sink-mode", "binary"])
    assert server.bodies() == [line.encode() for line in lines.splitlines()]
    subjects = []
    for (headers, body), event_json in zip(server.requests, events.splitlines(), strict=True):
        event = json.loads(event_json)
        assert headers["Content-Type"] == event.pop("datacontenttype") == "application/json"
        assert json.loads(body) == event.pop("data")
        ce = {k[3:].lower(): v for k, v in headers.items() if k.lower().startswith("ce-")}
        printable = r"(?:[!#$&-~]|%[0-9A-F]{2})*"  # no space, `"` or `%` but as %XX
        assert all(re.fullmatch(printable, v) for v in ce.values()), ce
        assert {k: unquote(v) for k, v in ce.items()} == event
        subjects.append(event.get("subject"))
    assert "Ярема" in subjects


def test_header_values_are_percent_encoded_as_the_binding_says() -> None:
    name = "\u041c\u0430\u0440'\u044f\u043d\u0430"  # Maryana, in Cyrillic
    assert sink.header_value(f'["{name}","Sir Aldric"]') == (
        "[%22%D0%9C%D0%B0%D1%80'%D1%8F%D0%BD%D0%B0%22,%22Sir%20Aldric%22]"
    )
    assert sink.header_value("100%") == "100%25"


def test_a_sink_that_fails_twice_then_answers_gets_every_event_once(
    server: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    expected, _ = printed(capsys, [*NIGHT, "--format", "cloudevents"])
    server.answers = [503, 503, 429, 408, 500]
    _, err = printed(capsys, [*NIGHT, "--quiet", "--sink", server.url])
    assert server.bodies() == [line.encode() for line in expected.splitlines()]
    assert "undelivered" not in err


def test_a_refusal_is_not_sent_again(server: Recorder, capsys: pytest.CaptureFixture[str]) -> None:
    """A 4xx other than 408 and 429 says the event itself is wrong: given up at once."""
    server.answers = [400]
    out, err = printed(capsys, [*NIGHT, "--quiet", "--sink", server.url])
    assert len(server.requests) == 41 and not server.answers  # the first, refused once
    assert "Chain head" in out
    said = r"warning: sink '.*': 41 events delivered, 1 undelivered \(last: HTTP 400\)"
    assert re.search(said, err), err


def test_a_sink_that_is_down_costs_neither_the_log_nor_the_night(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    told, _ = printed(capsys, ["run", "--seed", "2211", "--log", str(tmp_path / "a.jsonl")])
    url = f"http://127.0.0.1:{closed_port()}/"
    log = tmp_path / "b.jsonl"
    sent = ["--sink", url, "--sink-timeout", "0.2"]
    out, err = printed(capsys, ["run", "--seed", "2211", "--log", str(log), *sent])
    assert out == told  # the narration, whole
    assert log.read_bytes() == (tmp_path / "a.jsonl").read_bytes()
    assert main(["verify", str(log)]) == 0
    warning = [line for line in err.splitlines() if line.startswith("nightsim: ")]
    assert len(warning) == 1 and "0 events delivered, 42 undelivered (last: " in warning[0]
    assert "refused" in warning[0].lower(), warning
    assert err.splitlines()[-1].startswith("head: ")


def test_a_slow_sink_never_slows_the_night(
    server: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second an answer: the 42 events would take 42 s; the night is told at once, and
    the wait at the end is --sink-timeout's."""
    server.delay = 1.0
    started = time.monotonic()
    out, err = printed(capsys, [*NIGHT, "--sink", server.url, "--sink-timeout", "0.2"])
    assert time.monotonic() - started < 1.0
    assert "Chain head" in out and "undelivered (still queued at the end)" in err


@pytest.mark.slow
def test_a_sink_that_is_down_waits_no_longer_than_its_timeout(tmp_path: Path) -> None:
    """The real delays, a real process: the drain at the end is bounded by --sink-timeout."""
    started = time.monotonic()
    done = subprocess.run(
        [
            *NIGHTSIM,
            "run",
            "--seed",
            "5",
            "--log",
            "n.jsonl",
            "--quiet",
            "--sink-timeout",
            "2",
            "--sink",
            f"http://127.0.0.1:{closed_port()}/",
        ],
        cwd=tmp_path,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - started < 2 + 5  # the drain, plus a cold start on a busy machine
    assert "undelivered" in done.stderr and (tmp_path / "n.jsonl").exists()


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("ftp://example.org/", "expected an http:// or https:// URL, got 'ftp://example.org/'"),
        ("localhost:8000", "expected an http:// or https:// URL"),
        ("http:///events", "expected an http:// or https:// URL"),
        ("http://127.0.0.1:99999/", "has no valid port"),
        ("http://127.0.0.1/a b", "without spaces or control characters"),
    ],
)
def test_a_bad_url_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], url: str, says: str
) -> None:
    assert main(["run", "--log", str(tmp_path / "n.jsonl"), "--sink", url]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nightsim: error: --sink: ") and says in err, err
    assert len(err.splitlines()) == 1 and list(tmp_path.iterdir()) == []


def test_a_bad_sink_timeout_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--no-log", "--sink", "http://127.0.0.1/", "--sink-timeout", "-1"]) == 2
    assert "--sink-timeout: expected 0..3600 seconds" in capsys.readouterr().err


def test_campaign_night_sends_each_night_as_its_log(
    server: Recorder, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    camp = str(tmp_path / "c.nightsim")
    assert main(["campaign", "new", camp]) == 0
    assert main(["campaign", "night", camp, "--nights", "2", "--quiet", "--sink", server.url]) == 0
    err = capsys.readouterr().err
    expected: list[bytes] = []
    for n in ("1", "2"):
        assert main(["campaign", "log", camp, n]) == 0
        lines = capsys.readouterr().out.splitlines()
        expected += [e.encode() for e in cloudevents_out(lines, batch=False)]
    assert server.bodies() == expected
    sources = {json.loads(b)["source"] for b in expected}
    assert len(sources) == 2  # one source a night: each is a log of its own
    assert f"{len(expected)} events delivered" in err


@pytest.mark.slow
def test_the_bot_in_the_docs_says_who_was_surprised(tmp_path: Path) -> None:
    """docs/stream.md's bot, run as the docs say: the same file, a real server."""
    bot_file = ROOT / "tools" / "sink_bot.py"
    doc = (ROOT / "docs" / "stream.md").read_text(encoding="utf-8")
    assert f"```python\n{bot_file.read_text(encoding='utf-8')}```" in doc
    bot = subprocess.Popen(
        [sys.executable, str(bot_file), "0"], stdout=subprocess.PIPE, text=True, env=ENV
    )
    try:
        assert bot.stdout is not None
        url = bot.stdout.readline().split("--sink ")[1].strip()
        done = subprocess.run(
            [*NIGHTSIM, "run", "--seed", "2211", "--no-log", "--quiet", "--sink", url],
            env=ENV,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
        assert done.returncode == 0 and "42 events delivered" in done.stderr, done.stderr
        said = bot.stdout.readline()
    finally:
        bot.terminate()
        bot.wait(timeout=TIMEOUT)
    assert said == "01:09 a pack of wolves: Sir Aldric, Sister Ysolde, Moss, Wren surprised\n"


def test_the_line_on_stderr_keeps_a_webhook_token_out(
    server: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    url = server.url.replace("http://", "http://bot:hunter2@") + "?token=s3cret"
    _, err = printed(capsys, [*NIGHT, "--quiet", "--sink", url])
    assert len(server.requests) == 42
    assert f"nightsim: sink '{server.url}': 42 events delivered" in err
    assert "hunter2" not in err and "s3cret" not in err
