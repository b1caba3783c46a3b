"""Work done once within a scope: `campaign verify` reads each night's header config in
several checks (docs/campaign.md), every one still made, and within `once()` the same data
is validated (`config_from_data`) and filled (`header_config`) once.

A result is found again only for data whose exact JSON text is the same: orjson's, in the
data's own key order, integers kept apart from floats and booleans. Data holding a `null` is
never kept (orjson writes NaN and infinity as `null` too, so the text would not tell them
apart), nor data orjson does not write. Only a few results are kept, the last ones: a night's
checks follow one another, and memory stays flat however many nights a campaign has. What is
found again is the very object returned before, to be read, never changed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import orjson

_KEPT = 8
_SCOPE: ContextVar[dict[tuple[str, bytes], Any] | None] = ContextVar("nightsim_once", default=None)


@contextmanager
def once() -> Iterator[None]:
    """Within it, `key` and `keep` remember; outside, nothing is kept."""
    token = _SCOPE.set({})
    try:
        yield
    finally:
        _SCOPE.reset(token)


def key(kind: str, data: Any) -> tuple[str, bytes] | None:
    """The key of `data` for `kind` of work, or None: no scope, or data not kept."""
    if _SCOPE.get() is None:
        return None
    try:
        text = orjson.dumps(data, option=orjson.OPT_STRICT_INTEGER)
    except (TypeError, orjson.JSONEncodeError):
        return None
    return None if b"null" in text else (kind, text)


def found(k: tuple[str, bytes] | None) -> Any:
    """What was kept for `k`, or None."""
    scope = _SCOPE.get()
    return None if scope is None or k is None else scope.get(k)


def keep(k: tuple[str, bytes] | None, value: Any) -> None:
    scope = _SCOPE.get()
    if scope is None or k is None:
        return
    if len(scope) >= _KEPT:
        del scope[next(iter(scope))]
    scope[k] = value
