# ruff: noqa: RUF001  (Ukrainian names are the point)
"""docs/stream.md: the JavaScript SDK does not percent-decode a binary-mode header, so a Node
receiver decodes a non-ASCII name itself; the page says so, and the decoding it gives
(`decodeURIComponent`) turns nightsim's header value back into the name, here in Node."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from nightsim.cli.sink import header_value

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ярема", "Мар'яна", "Мох 🍄", 'a "quoted" 100% name']


def test_stream_md_says_the_node_sdk_leaves_binary_headers_encoded() -> None:
    text = " ".join((ROOT / "docs" / "stream.md").read_text(encoding="utf-8").split())
    assert "The JavaScript SDK (`cloudevents` on npm) does not percent-decode" in text
    assert "decodeURIComponent(event.subject)" in text


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_decode_uri_component_gives_the_name_back() -> None:
    node = shutil.which("node")
    assert node is not None
    for name in NAMES:
        sent = header_value(name)
        assert sent.isascii() and " " not in sent
        done = subprocess.run(
            [node, "-e", "process.stdout.write(decodeURIComponent(process.argv[1]))", sent],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
        assert done.stdout == name
