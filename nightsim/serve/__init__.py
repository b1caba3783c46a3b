"""`nightsim serve`: the table in a browser (docs/serve.md).

A second shell beside `nightsim.cli`: the referee's console, the players' screen, the
stream for tools and a JSON API, over the same public API the commands use. Nothing here
adds to the engine, the log or the rules.
"""

from __future__ import annotations

from nightsim.serve.app import create_app

__all__ = ["create_app"]
