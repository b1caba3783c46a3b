"""The engine: the night as actors on one SimPy timeline, in the manner of SimPy's
machine_shop example.

- `sleepers.Sleepers`: who is asleep since when, stretches, minutes slept (no SimPy).
- `evening.Evening`: preparation, firewood, water, the fire lit, the meal, the entertainer.
- `fire.Fire`: lit or not, burning down on its wood.
- `rota.Rota`: each shift taken up, dozed through, handed over or missed; resumed after an
  `Encounter`.
- `monster.Monster`: the check, the arrival (surprise, distance, creature), settling again.
- `hours.HourStrikes`: `hour.passed`, the hour just passed told whole, on a recorded night
  only (with `hours.TracedSleepers`, the sleepers keeping their trail of states).
- `morning.morning`: a pure function from the night's facts to its outcome.
- `recorder`: the one `Recorder` every actor records through (`EventLog`, `NO_RECORD`).
- `_simpy.Driven`: the one class that knows SimPy beyond its public surface.
- `shared`: speed only, what configs differing only in their watch share on one night.
- `sim.NightSim`: wires them together.

Every rule decision is a call into `nightsim.rules`; the comments cite docs/rules.md.
"""
