"""The one place a night's events are recorded.

An actor records an event with `rec.emit(builder, *args)`: the builder is a small function
beside the actor that returns the typed event (nightsim/events.py), and its first parameter
is the `Stamp` the recorder fills in (the envelope: `seq`, `night`, `t`, `clock`; `v` is the
model's default). mypy checks the arguments against the builder (a TypeVarTuple: positional only, as
keyword arguments would cost the null path a dict per call) and the builder's fields against
the model, so a misspelt field is a type error.

Builders make their events with `Model.model_construct(...)`: the pydantic mypy plugin types
its keywords as the model's fields (a misspelt, missing or mistyped field is still a mypy
error), and it skips run-time validation, which would build every event model's core schema
on a cold `nightsim run` (~13 ms of it, docs/design-notes.md). tests/engine/test_events.py
holds every event the engine records to the one validation would make from the same values.

`EventLog` is the recorder of `run`, `verify` and `simulate()`; `NO_RECORD` is the one of
`odds`: it ignores the call, so no event, no roll record and no clock face is built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, Protocol, TypedDict, TypeVarTuple

from nightsim.clock import DAY, clock, faces
from nightsim.codes import Purpose
from nightsim.events import Event, Roll, Target

Ts = TypeVarTuple("Ts")


class Envelope(TypedDict):
    """The fields every log line carries besides `v` and `type` (hash comes later)."""

    seq: int
    night: int
    t: int
    clock: str


class Stamp:
    """What a builder is handed: the envelope of the event it builds, and the camp's clock
    for any other minute the event names (`until`, `from`, ...)."""

    __slots__ = ("camp_minute", "envelope")

    def __init__(self, envelope: Envelope, camp_minute: int) -> None:
        self.envelope = envelope
        self.camp_minute = camp_minute

    def clock(self, t: int) -> str:
        return clock(self.camp_minute, t)


class Minute(Protocol):
    """Where the recorder reads the time: the night's environment (`LeanEnvironment`)."""

    @property
    def minute(self) -> int: ...


class At:
    """A clock stopped at one minute."""

    __slots__ = ("minute",)

    def __init__(self, minute: int) -> None:
        self.minute = minute


_START: Final = At(0)


# A many-event builder's source of stamps: each call is the next event's.
Stamps = Callable[[], Stamp]


class Recorder(Protocol):
    """Where the actors send their events."""

    @property
    def recording(self) -> bool:
        """Whether events are kept (the night wires the hourly strikes only then)."""
        ...

    def timed(self, clock: Minute, offset: int, night: int) -> None:
        """Stamp the next events at `offset + clock.minute` (minutes since the first camp),
        as events of `night` (1..N: log format 2 names each line's night, so a tool need not
        work it out from `t`)."""
        ...

    def emit(self, build: Callable[[Stamp, *Ts], Event], /, *args: *Ts) -> None:
        """Record the event `build(stamp, *args)`."""
        ...

    def emit_all(self, build: Callable[[Stamps, *Ts], Iterable[Event]], /, *args: *Ts) -> None:
        """Record the events `build(stamps, *args)` yields, all at this minute; the builder
        takes a stamp from `stamps()` for each (one call where a moment has many events)."""
        ...


class NullRecorder:
    """Records nothing and builds nothing (what `odds` runs)."""

    __slots__ = ()
    recording: Final = False

    def timed(self, clock: Minute, offset: int, night: int) -> None:
        pass

    def emit(self, build: Callable[[Stamp, *Ts], Event], /, *args: *Ts) -> None:
        pass

    def emit_all(self, build: Callable[[Stamps, *Ts], Iterable[Event]], /, *args: *Ts) -> None:
        pass


NO_RECORD: Final = NullRecorder()


class EventLog:
    """Keeps the events of a night, or of a journey's nights, in order, numbered from `seq`
    (1: the header, which the caller makes, is line 0)."""

    __slots__ = ("_clock", "_faces", "_night", "_offset", "camp_minute", "events", "seq")

    def __init__(self, camp_minute: int, seq: int = 1) -> None:
        self.camp_minute = camp_minute
        self.seq = seq
        self.events: list[Event] = []
        self._clock: Minute = _START
        self._offset = 0
        self._night = 1
        self._faces = faces()

    recording: Final = True

    def timed(self, clock: Minute, offset: int, night: int) -> None:
        self._clock = clock
        self._offset = offset
        self._night = night

    def stamp(self) -> Stamp:
        """The envelope of the next event: the next `seq`, and now."""
        t = self._offset + self._clock.minute
        cm = self.camp_minute
        face = self._faces[(cm + t) % DAY]  # `clock(cm, t)`, inline: every event has one
        stamp = Stamp({"seq": self.seq, "night": self._night, "t": t, "clock": face}, cm)
        self.seq += 1
        return stamp

    def emit(self, build: Callable[[Stamp, *Ts], Event], /, *args: *Ts) -> None:
        self.events.append(build(self.stamp(), *args))

    def emit_all(self, build: Callable[[Stamps, *Ts], Iterable[Event]], /, *args: *Ts) -> None:
        self.events.extend(build(self.stamp, *args))

    def drain(self) -> list[Event]:
        """The events recorded since the last drain."""
        out, self.events = self.events, []
        return out


def roll(
    dice: str,
    faces: list[int],
    mod: int = 0,
    purpose: Purpose | None = None,
    target: Target | None = None,
) -> Roll:
    """One entry of an event's `rolls`: the dice, the faces, the modifier and the total."""
    return Roll.model_construct(
        dice=dice, faces=faces, mod=mod, total=sum(faces) + mod, purpose=purpose, target=target
    )
