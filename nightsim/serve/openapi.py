"""The JSON API's OpenAPI 3.1 description (`/openapi.json`), kept beside the routes:
tests/serve check that every API route is described and that a fuzzer driven by it gets no
5xx (docs/serve.md)."""

from __future__ import annotations

from typing import Any

_NAME = {
    "name": "name",
    "in": "path",
    "required": True,
    "description": "the campaign's file name in the served folder, less `.campaign`",
    "schema": {"type": "string", "pattern": r"^\w[\w .-]{0,63}$"},
}
_ERROR = {
    "description": "refused: one line saying why",
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {"error": {"type": "string"}},
                "required": ["error"],
            }
        }
    },
}


def _names(key: str) -> dict[str, Any]:
    return {
        "description": "the names",
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "properties": {key: {"type": "array", "items": {"type": "string"}}},
                    "required": [key],
                }
            }
        },
    }


def _json(schema: dict[str, Any], what: str) -> dict[str, Any]:
    return {"description": what, "content": {"application/json": {"schema": schema}}}


_PLAYED = {
    "type": "object",
    "properties": {
        "number": {"type": "integer"},
        "head": {"type": "string"},
        "first_event_id": {"type": "integer"},
        "last_event_id": {"type": "integer"},
    },
    "required": ["number", "head", "first_event_id", "last_event_id"],
}
_LOG = {
    "description": "the log",
    "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
}


_REFUSED = {"400": _ERROR, "401": _ERROR, "403": _ERROR, "404": _ERROR}
_NIGHT_NUMBER = {
    "name": "n",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 1},
}
_PLAY = {
    "type": "object",
    "properties": {
        "pace": {
            "type": "number",
            "minimum": 0,
            "maximum": 60,
            "description": "seconds between events on the stream",
        },
        "sets": {
            "type": "array",
            "maxItems": 200,
            "items": {"type": "string"},
            "description": "tonight's KEY=VALUE changes",
        },
    },
}


def _get(summary: str, answer: dict[str, Any], *params: dict[str, Any]) -> dict[str, Any]:
    op: dict[str, Any] = {"summary": summary, "responses": {"200": answer, **_REFUSED}}
    if params:
        op["parameters"] = list(params)
    return {"get": op}


def _paths() -> dict[str, Any]:
    play = {
        "summary": "play the campaign's next night",
        "parameters": [_NAME],
        "requestBody": {"required": False, "content": {"application/json": {"schema": _PLAY}}},
        "responses": {"201": _json(_PLAYED, "played and committed"), "409": _ERROR, **_REFUSED},
    }
    return {
        "/api/camps": _get("the camps in the folder", _names("camps")),
        "/api/campaigns": _get("the campaigns in the folder", _names("campaigns")),
        "/api/campaigns/{name}": _get(
            "the campaign as `nightsim campaign show --format json`",
            _json({"type": "object"}, "the campaign"),
            _NAME,
        ),
        "/api/campaigns/{name}/nights": {"post": play},
        "/api/campaigns/{name}/nights/{n}/log": _get(
            "night n's log, byte for byte (`nightsim campaign log`)", _LOG, _NAME, _NIGHT_NUMBER
        ),
    }


def description() -> dict[str, Any]:
    from nightsim import __version__

    return {
        "openapi": "3.1.0",
        "info": {"title": "nightsim serve", "version": __version__},
        "components": {"securitySchemes": {"token": {"type": "http", "scheme": "bearer"}}},
        "security": [{"token": []}],
        "paths": _paths(),
    }
