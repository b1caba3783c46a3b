"""The JSON API fuzzed from its own description (docs/serve.md, "JSON for scripts"):
Schemathesis reads `/openapi.json` from a real `nightsim serve` process and sends each
operation generated requests, valid and not: never a 5xx, and every response as the
description says (its status codes, content types and bodies).

Bounded and derandomized: a few examples per operation, the same ones every run (the
README's test command never fails by the luck of the draw), and a timeout on each request.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.serve.served import Served, seeded, start

pytestmark = pytest.mark.slow

EXAMPLES = 15  # per operation: enough to reach every status an operation gives


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    s = start(seeded(tmp_path_factory.mktemp("fuzz") / "table"))
    try:
        yield s
    finally:
        s.kill()
        assert "Traceback" not in s.stderr(), s.stderr()[-3000:]


@pytest.fixture(scope="module")
def api_schema(fuzzed: Served) -> Any:
    r = httpx.get(f"{fuzzed.base}/openapi.json", headers=fuzzed.auth(), trust_env=False)
    assert r.status_code == 200, r.text
    schema = schemathesis.openapi.from_dict(r.json())
    return schema


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def test_the_api_as_described(api_schema: Any, fuzzed: Served) -> None:
    """Each operation of the description, in turn, with its own derandomized examples.
    (Schemathesis's lazy pytest loader is not used: it does not run under this pytest.)"""
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 5, [op.label for op in operations]
    sent: list[int] = []
    for op in operations:

        @given(case=op.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
        def fuzz(case: Any) -> None:
            r = case.call_and_validate(
                base_url=fuzzed.base, headers=fuzzed.auth(), checks=CHECKS, timeout=30
            )
            sent.append(r.status_code)

        fuzz()
        assert fuzzed.alive(), op.label
    assert len(sent) >= 2 * len(operations), sent
    assert any(400 <= code < 500 for code in sent), "no bad input was tried"


def test_the_description_lists_the_api(api_schema: Any, fuzzed: Served) -> None:
    doc = httpx.get(f"{fuzzed.base}/openapi.json", headers=fuzzed.auth(), trust_env=False).json()
    paths = set(doc["paths"])
    assert "/api/campaigns/{name}/nights" in paths, paths
    assert "/api/campaigns/{name}" in paths
    assert "/api/campaigns/{name}/nights/{n}/log" in paths
