"""Narration: a pure function from a night's events to lines of text.

Shared by `run` and `replay`, so a replayed night reads exactly like the live one.
"""

from __future__ import annotations

from collections.abc import Iterable

from nightsim import events as ev


def _rolls(rolls: list[ev.Roll]) -> str:
    if not rolls:
        return ""
    parts = []
    for r in rolls:
        faces = "+".join(str(f) for f in r.faces)
        mod = f"{r.mod:+d}" if r.mod else ""
        tgt = f" vs {r.target}" if r.target else ""
        parts.append(f"{r.purpose or r.dice}: {r.dice} [{faces}]{mod} = {r.total}{tgt}")
    return "  (" + "; ".join(parts) + ")"


def _names(names: list[str]) -> str:
    return ", ".join(names) if names else "nobody"


def _hm(minutes: int) -> str:
    return f"{minutes // 60}h{minutes % 60:02d}"


def narrate(events: Iterable[ev.Event]) -> list[str]:
    out: list[str] = []
    for e in events:
        c = e.clock
        match e:
            case ev.NightHeader():
                r = e.resolved
                out.append(
                    f"nightsim {e.nightsim} - seed {e.seed!r} - encounter chance"
                    f" {r['encounter_chance']}-in-6, {r['season']},"
                    f" rest {r['rest_from']}-{r['rest_to']}"
                )
            case ev.NightBegan():
                out.append(f"== Night {e.night} ({e.season}) ==")
            case ev.SitePrepared():
                out.append(f"{c}  {_names(e.actors)} prepare the camp site.")
            case ev.FirewoodGathered():
                out.append(f"{c}  {e.actor} gathers {e.hours}h of firewood.{_rolls(e.rolls)}")
            case ev.WaterFetched():
                out.append(f"{c}  {e.actor} fills every waterskin.")
            case ev.FireLit():
                out.append(
                    f"{c}  The fire is lit: {e.hours:g}h of wood, burns until {e.until}."
                    + _rolls(e.rolls)
                )
            case ev.FireNotLit():
                out.append(f"{c}  No fire tonight: {e.reason}.{_rolls(e.rolls)}")
            case ev.MealCooked():
                out.append(f"{c}  {e.actor} cooks: the meal is {e.outcome}.{_rolls(e.rolls)}")
            case ev.MealNotCooked():
                out.append(f"{c}  {e.actor} cannot cook: {e.reason}.")
            case ev.CampEntertained():
                out.append(f"{c}  {e.actor} entertains: the mood is {e.outcome}.{_rolls(e.rolls)}")
            case ev.RestBegan():
                rota = ", ".join(f"{s.actor} {s.from_}-{s.to}" for s in e.shifts) or "no watch"
                extra = f"; unwatched from {e.unwatched_from}" if e.unwatched_from else ""
                out.append(f"{c}  The camp lies down until {e.until}. Watch: {rota}{extra}.")
            case ev.WatchBegan():
                verb = "takes up the watch again" if e.resumed else "takes the watch"
                out.append(f"{c}  {e.actor} {verb} until {e.until}.{_rolls(e.rolls)}")
            case ev.WatchHandedOver():
                out.append(f"{c}  {e.actor} wakes {e.to} and hands over the watch.")
            case ev.WatchDozed():
                out.append(f"{c}  {e.actor} nods off on watch. Nobody is watching now.")
            case ev.WatchMissed():
                out.append(f"{c}  Nobody wakes {e.actor} for the watch.")
            case ev.WatchEnded():
                out.append(f"{c}  {e.actor} ends the watch; the rest of the night is unwatched.")
            case ev.FireOut():
                out.append(f"{c}  The fire dies.")
            case ev.HourPassed():
                fire = "fire burning" if e.fire else "no fire"
                out.append(
                    f"{c}  -- hour {e.hour}: on watch {e.on_watch or 'nobody'}; awake"
                    f" {_names(e.awake)}; asleep {_names(e.asleep)}; {fire}"
                )
            case ev.MonsterChecked():
                what = "something is abroad tonight" if e.encounter else "no wandering monster"
                out.append(f"{c}  Wandering monster check ({e.chance}-in-6): {what}.")
            case ev.MonsterArrived():
                who = e.creature or f"roll on your {e.table.replace('_', ' ')} table"
                out.append(
                    f"{c}  ENCOUNTER: {who}, {e.distance_ft} ft away. Awake: {_names(e.awake)}."
                    f" Surprised: {_names(e.surprised)}. Monster surprised: "
                    f"{'yes' if e.monster_surprised else 'no'}.{_rolls(e.rolls)}"
                )
            case ev.CampWoke():
                out.append(f"{c}  The whole camp is awake.")
            case ev.CampSettled():
                out.append(f"{c}  The camp settles again; on watch: {e.on_watch or 'nobody'}.")
            case ev.RestChecked():
                verdict = "full rest" if e.full_rest else "no full rest"
                out.append(
                    f"{c}  {e.actor}: slept {_hm(e.slept_minutes)}, {e.difficulty} night,"
                    f" {verdict} ({e.reason}).{_rolls(e.rolls)}"
                )
            case ev.CharacterWoke():
                out.append(
                    f"{c}  {e.actor} wakes: HP {e.hp_before}->{e.hp}, exhaustion {e.exhaustion}."
                )
            case ev.SpellPrepared():
                out.append(f"{c}  {e.actor} prepares {e.spell}.{_rolls(e.rolls)}")
            case ev.SpellLost():
                out.append(f"{c}  {e.actor} fails to prepare {e.spell}.{_rolls(e.rolls)}")
            case ev.NightSummary():
                out.append(f"== Morning of night {e.night} ==")
            case _:
                pass
    return out
