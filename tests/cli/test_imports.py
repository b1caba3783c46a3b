"""Dependencies point one way (docs/architecture.md): the reader, the narration and the
schema load neither SimPy nor the engine, and a command loads only what it uses. Each case
runs in a fresh interpreter, so what an earlier test imported cannot hide an import here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# What a downstream module may load from the engine: the outcome's plain records and the
# dice (leaves, no SimPy); anything else of the engine is the simulation itself.
ENGINE_LEAVES = ("nightsim.engine", "nightsim.engine.outcome", "nightsim.engine.dice")


def loaded_after(code: str) -> set[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    return set(json.loads(out.splitlines()[-1]))


def engine_parts(modules: set[str]) -> list[str]:
    return sorted(
        m
        for m in modules
        if m == "simpy" or (m.startswith("nightsim.engine") and m not in ENGINE_LEAVES)
    )


@pytest.mark.parametrize(
    "module", ["nightsim.log.reader", "nightsim.narration", "nightsim.log.schema"]
)
def test_a_downstream_module_loads_no_engine(module: str) -> None:
    assert engine_parts(loaded_after(f"import {module}")) == []


def test_import_nightsim_is_lazy_but_complete() -> None:
    modules = loaded_after("import nightsim")
    assert engine_parts(modules) == []
    assert "pydantic" not in modules
    assert "rich" not in modules
    # The names still resolve, on first use.
    modules = loaded_after(
        "import nightsim\n"
        "assert callable(nightsim.simulate) and callable(nightsim.read_log)\n"
        "assert callable(nightsim.iter_log) and callable(nightsim.narrate)\n"
        "import nightsim.engine.journey\n"
        "assert callable(nightsim.simulate), 'no submodule may hide the function'"
    )
    assert "nightsim.engine.sim" in modules


@pytest.mark.parametrize("name", ["iter_log", "narrate", "read_log"])
def test_the_readers_api_loads_no_engine(name: str) -> None:
    """`nightsim.iter_log`, `read_log` and `narrate` are downstream of the log: using one
    loads neither SimPy nor the engine."""
    code = f"import nightsim\nassert callable(nightsim.{name})"
    assert engine_parts(loaded_after(code)) == []


def test_narrate_is_the_text_not_the_blocks() -> None:
    """`nightsim.narrate` is the plain-text function; the block generator the CLI prints has
    its own name, `nightsim.narration.narrate_blocks`, so the two cannot be confused."""
    code = (
        "import nightsim, nightsim.narration, nightsim.narration.plain\n"
        "assert nightsim.narrate is nightsim.narration.plain.narrate\n"
        "assert not hasattr(nightsim.narration, 'narrate')\n"
        "assert callable(nightsim.narration.narrate_blocks)"
    )
    loaded_after(code)


def run_cli(argv: list[str]) -> set[str]:
    code = (
        "import contextlib, io\n"
        "from nightsim.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):\n"
        f"    main({argv!r})"
    )
    return loaded_after(code)


@pytest.mark.parametrize("argv", [["check"], ["schema"], ["init", "-"]])
def test_commands_without_a_night_load_no_engine(argv: list[str]) -> None:
    assert engine_parts(run_cli(argv)) == []


def test_init_loads_no_models() -> None:
    assert "pydantic" not in run_cli(["init", "-"])


@pytest.mark.slow
def test_replay_loads_no_engine(tmp_path: Path) -> None:
    log = tmp_path / "n.jsonl"
    run_cli(["run", "--seed", "3", "--log", str(log)])
    modules = run_cli(["replay", str(log)])
    assert "nightsim.log.reader" in modules
    assert engine_parts(modules) == []


def test_run_loads_no_reader() -> None:
    modules = run_cli(["run", "--seed", "3", "--no-log", "--format", "jsonl"])
    assert "nightsim.engine.sim" in modules
    assert "nightsim.log.reader" not in modules
    # `--sink`'s HTTP client and queue load only when a sink is asked for.
    assert not {"nightsim.cli.sink", "http.client", "queue"} & modules


def test_odds_json_on_one_job_loads_no_text_nor_pool() -> None:
    """`odds --format json` on one job prints no sentence and starts no worker pool: it
    loads neither rich nor the narration's renderers, nor concurrent.futures or
    multiprocessing (each imported where it is used; docs/design-notes.md, "Imports where
    they are used"). The seed's line on stderr speaks --lang: the catalogue loads for it."""
    modules = run_cli(["odds", "--nights", "2", "--jobs", "1", "--seed", "1", "--format", "json"])
    assert "nightsim.engine.sim" in modules
    assert "nightsim.narration.produced" in modules
    heavy = {"rich", "multiprocessing", "concurrent"}
    assert sorted(m for m in modules if m.split(".")[0] in heavy) == []
    assert "nightsim.narration.odds" not in modules and "nightsim.narration.facts" not in modules


def test_the_narration_names_load_on_first_use() -> None:
    modules = loaded_after("import nightsim.narration")
    assert "rich" not in modules
    modules = loaded_after(
        "import nightsim.narration as n\n"
        "assert callable(n.narrate_blocks) and n.Catalogue and n.LANGS and n.Block\n"
        "assert not hasattr(n, 'no_such_name')"
    )
    assert "rich" in modules


def built_after_run(argv: list[str]) -> tuple[list[str], set[str]]:
    """(the pydantic models whose validator a `nightsim run` built, the modules it loaded)."""
    code = (
        "import contextlib, io, json, sys\n"
        "from pydantic import BaseModel\n"
        "from pydantic._internal._mock_val_ser import MockValSer\n"
        "from nightsim.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):\n"
        f"    main({argv!r})\n"
        "def models(cls):\n"
        "    for sub in cls.__subclasses__():\n"
        "        yield sub\n"
        "        yield from models(sub)\n"
        "built = sorted({f'{m.__module__}.{m.__name__}' for m in models(BaseModel)\n"
        "    if not isinstance(m.__dict__.get('__pydantic_validator__'), MockValSer)})\n"
        "events = sys.modules.get('nightsim.events')\n"
        "if events is not None and not isinstance(\n"
        "        events.EVENT_ADAPTER.__dict__.get('validator'), MockValSer):\n"
        "    built.append('nightsim.events.EVENT_ADAPTER')\n"
        "print(json.dumps([built, sorted(sys.modules)]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    built, modules = json.loads(out.splitlines()[-1])
    return built, set(modules)


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_run_builds_no_event_schema(fmt: str) -> None:
    """The engine constructs its events and the writer dumps them without pydantic's
    validators or serializers (events.json_data): building them is ~13 ms of a cold start.
    The narration tells the engine's events, not the lines parsed back: the union's
    validator (`EVENT_ADAPTER`) is ~30 ms more. The config is validated, so its models are
    built."""
    built, _ = built_after_run(["run", "--seed", "14", "--no-log", "--format", fmt])
    assert [m for m in built if m.startswith("nightsim.events.")] == []
    assert "nightsim.config.model.Config" in built


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_run_loads_no_locale_data(lang: str) -> None:
    """A count needs Babel's plural rules only (catalogue.CLDR_PLURALS), not the locale's
    data, which would bring babel.dates and babel.numbers (~6-9 ms)."""
    _, modules = built_after_run(["run", "--seed", "14", "--no-log", "--lang", lang])
    assert "babel.plural" in modules
    assert not {"babel.dates", "babel.numbers"} & modules


def test_the_script_is_the_one_that_leaves_the_heap_to_the_os() -> None:
    """`nightsim` (pyproject) and `python -m nightsim` both run `nightsim.__main__.script`,
    which freezes the collector before exit (~40 ms of a cold run); `main` itself does not,
    so the tests that call it in-process keep a collected heap."""
    import tomllib

    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    assert pyproject["project"]["scripts"]["nightsim"] == "nightsim.__main__:main"
    out = subprocess.run(
        [sys.executable, "-m", "nightsim", "--version"], capture_output=True, text=True
    )
    assert out.returncode == 0 and out.stdout.startswith("nightsim ")


@pytest.mark.parametrize(
    "argv", [["run", "--seed", "3", "--no-log", "--format", "jsonl"], ["check"], ["schema"]]
)
def test_no_other_command_loads_the_server(argv: list[str]) -> None:
    """`nightsim serve`'s stack (Starlette, uvicorn, the server's modules) loads only for
    `serve`: every other command starts as fast as before it existed."""
    modules = run_cli(argv)
    server = {"starlette", "uvicorn", "multipart", "anyio", "nightsim.serve"}
    assert sorted(m for m in modules if m.split(".")[0] in server or m in server) == []
    assert not any(m.startswith("nightsim.serve") for m in modules)


def test_the_command_leaves_structlogs_rich_renderers_out() -> None:
    """nightsim/cli/lean_imports.py: `python -m nightsim run` writes its log through
    structlog without rich's traceback and pretty-printer (~30 ms of its start); a program
    that imports nightsim as a library keeps structlog's rich renderers, and an import of
    either from any other module works."""
    probe = (
        "import json, sys\n"
        "import nightsim.cli\n"
        "real = nightsim.cli.main\n"
        "def command(argv=None):\n"
        "    code = real(argv)\n"
        "    import structlog.dev\n"
        "    left = sorted({'rich.pretty', 'rich.traceback'} & set(sys.modules))\n"
        "    import rich.pretty\n"
        "    print(json.dumps([left, structlog.dev.rich is None]), file=sys.stderr)\n"
        "    return code\n"
        "nightsim.cli.main = command\n"
        "from nightsim.__main__ import main\n"
        "raise SystemExit(main())\n"
    )
    argv = ["run", "--seed", "3", "--no-log", "--format", "jsonl"]
    done = subprocess.run(
        [sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=True
    )
    assert json.loads(done.stderr.splitlines()[-1]) == [[], True]
    library = loaded_after("import nightsim.log.writer as w\nw.log_pipeline([])")
    assert {"structlog", "rich.pretty", "rich.traceback"} <= library
