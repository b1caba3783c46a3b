"""nightsim: a night in a Dolmenwood wilderness camp, as a SimPy timeline with a replayable log.

The Python API: these names and no others, `__all__` (the one list of them: this manual and
docs/api.md are held to it by tests/test_exported_members.py). The `nightsim` command is a
thin shell around them; nothing here prints:

    load_config(path, overrides=())       read a TOML config (+ --set items) -> Config
    simulate(config, seed, nights=1)      a night or a journey, whole -> Night
    iter_events(config, seed, nights=1)   the same typed events, streamed as they happen
    read_log(path)                        a log file's events, checked like `replay`
    iter_log(lines)                       the streaming reader: checked LogLines, flat memory
    narrate(events, lang="en", width=100) the narration as plain text, as `replay` prints it
    for_view(events, view)                the events as "players" may know them (--view)
    involves(event)                       every character an event names (its CloudEvent's)
    odds(config, seed, nights)            the chances with 95% intervals -> OddsReport
    compare(config_a, config_b, seed, n)  B - A over the same nights, paired -> CompareReport
    rank_rotas(config, seed, nights)      every order of the watchers, ranked -> RankReport
    sweep(config, key, values, seed, n)   one setting over several values -> SweepReport
    grid(config, rows, columns, seed, n)  two settings at once, every pair -> GridReport
    write_log(path, config, seed)         a night's hashed log, written atomically -> head

    Config, Night                         the config and a simulated night (typed, frozen)
    Campaign                              a campaign file: new, open, play, adjust, nights,
                                          state, verify (docs/campaign.md)
    OddsReport, CompareReport, RankReport, SweepReport, GridReport, Estimate: the typed
                                          reports (TypedDicts whose keys are
                                          `odds --format json`'s)
    ConfigError                           a config that cannot be read, naming the field
    LogError: NotALog, BrokenLog          a log that is not one, or is broken, naming the line

A night from the bundled config: who rested, what came, and the story told at the table:

    >>> import nightsim
    >>> from nightsim.config import default_config_path
    >>> config = nightsim.load_config(default_config_path(), ["camp.season=winter"])
    >>> night = nightsim.simulate(config, 9)
    >>> [c.name for c in night.summary.characters if not c.full_rest]
    ['Sir Aldric', 'Sister Ysolde', 'Moss', 'Wren']
    >>> for event in nightsim.iter_events(config, 9):
    ...     if event.type == "monster.arrived":
    ...         print(event.clock, event.creature)
    04:37 a giant centipede
    >>> print(nightsim.narrate(night.events, width=60).splitlines()[1])
    │ Camp in tangled forest: wandering monsters 2-in-6.       │

Bad arguments raise TypeError (the wrong kind of object: a config that is not a Config, a
bare string for `overrides`) or ValueError (a bad value: a negative seed, 0 nights, an
unknown language), each naming the argument. The events are `nightsim.events` (one union,
`Event`, discriminated on `type`); `nightsim schema` prints their JSON Schema.

The names load on first use (PEP 562): `import nightsim` (which every `nightsim.x` submodule
import runs first) stays cheap, and the log reader, the narration and the schema never load
SimPy or the engine through it: a command loads only what it uses.
"""

# Every name here but the API's is private (`_`), so that the package's public members are
# exactly `__all__` (tests/test_exported_members.py).
import typing as _typing

from nightsim.errors import BrokenLog, ConfigError, LogError, NotALog
from nightsim.lazy import attribute as _attribute

# The one place the version is written (pyproject.toml reads it). Between releases main is
# the next release's development version (`X.Y.Z.dev0`, PEP 440): later than every release
# before it, earlier than X.Y.Z itself (CONTRIBUTING.md, "Releasing").
__version__ = "0.5.0.dev0"

if _typing.TYPE_CHECKING:
    from nightsim.campaign import Campaign
    from nightsim.config import Config, load_config
    from nightsim.engine.journey import Night, iter_events, simulate
    from nightsim.involved import involves
    from nightsim.log.reader import iter_log, read_log
    from nightsim.narration.plain import narrate
    from nightsim.reports import (
        CompareReport,
        Estimate,
        GridReport,
        OddsReport,
        RankReport,
        SweepReport,
        compare,
        grid,
        odds,
        rank_rotas,
        sweep,
        write_log,
    )
    from nightsim.view import for_view

#: The public API, listed once: what `from nightsim import *` gives, what type checkers take
#: as re-exported, what the manual above and docs/api.md document (tests/test_exported_members.py
#: holds them to it). A name added here is added to `_LAZY` (or imported above) and documented.
__all__ = [
    "BrokenLog",
    "Campaign",
    "CompareReport",
    "Config",
    "ConfigError",
    "Estimate",
    "GridReport",
    "LogError",
    "Night",
    "NotALog",
    "OddsReport",
    "RankReport",
    "SweepReport",
    "__version__",
    "compare",
    "for_view",
    "grid",
    "involves",
    "iter_events",
    "iter_log",
    "load_config",
    "narrate",
    "odds",
    "rank_rotas",
    "read_log",
    "simulate",
    "sweep",
    "write_log",
]


# Where each lazily loaded name lives. `narrate` is the plain text; the rich blocks the CLI
# prints are `nightsim.narration.narrate_blocks`.
_LAZY = {
    "Campaign": "nightsim.campaign",
    "Config": "nightsim.config",
    "load_config": "nightsim.config",
    "iter_log": "nightsim.log.reader",
    "read_log": "nightsim.log.reader",
    "narrate": "nightsim.narration.plain",
    "Night": "nightsim.engine.journey",
    "iter_events": "nightsim.engine.journey",
    "simulate": "nightsim.engine.journey",
    "involves": "nightsim.involved",
    "for_view": "nightsim.view",
    "CompareReport": "nightsim.reports",
    "Estimate": "nightsim.reports",
    "GridReport": "nightsim.reports",
    "OddsReport": "nightsim.reports",
    "RankReport": "nightsim.reports",
    "SweepReport": "nightsim.reports",
    "compare": "nightsim.reports",
    "grid": "nightsim.reports",
    "odds": "nightsim.reports",
    "rank_rotas": "nightsim.reports",
    "sweep": "nightsim.reports",
    "write_log": "nightsim.reports",
}


def __getattr__(name: str) -> _typing.Any:
    value = _attribute("nightsim", _LAZY, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
