"""A config's fingerprint: the SHA-256 of its resolved form, as a log's header commits to it.

The resolved form is `Config.canonical()` (what a log's header holds as `config`) in RFC 8785
canonical JSON, the log writer's own form (docs/log-format.md), so `check`, a header and the
reports' `config_sha256` agree on one value for one config. Here, not in the writer, so that
`check` loads no engine.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import rfc8785

if TYPE_CHECKING:
    from nightsim.config.model import Config


def data_sha256(data: Mapping[str, Any]) -> str:
    """The SHA-256 of a config's canonical data (a header's `config`)."""
    return hashlib.sha256(rfc8785.dumps(data)).hexdigest()


def config_sha256(config: Config) -> str:
    """The fingerprint `check` prints and `verify --config-sha256` compares."""
    return data_sha256(config.canonical())
