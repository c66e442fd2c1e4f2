"""A combat turn's or a healing day's report in words: every die of every roll and every
modifier by name, as players read it at the table. The engine reports typed data (an
``effect`` code and its numbers); the words are made here. A players' view of a turn has an
NPC's dice left out (table/events/combat.py): those parts say the Storyteller kept them."""

from __future__ import annotations

from rollplay.render.spans import Line, Span, alarm, bold, plain
from rollplay.table.answers import CombatStatus
from rollplay.table.events.combat import (
    ActionSet,
    Caught,
    CrewRoll,
    HealDay,
    Hit,
    Shot,
    Step,
    Turn,
)
from rollplay.table.events.outcomes import FS3Roll


def effect_text(e: Step | Shot | Caught) -> str:
    """What an action did, in words (reports stored before effects were codes keep their
    ``result`` text)."""
    if isinstance(e, Shot) and e.result is not None:
        return e.result
    effect = e.effect
    if effect is None:
        return ""
    if isinstance(e, Step):
        if effect == "suppressed":
            return f"{e.target} suppressed to {e.suppression}"
        if effect == "aiming":
            return f"aiming at {e.target}: +{e.aim_bonus} next turn"
        if effect in ("treated", "rallied") and e.revived:
            return f"{effect} and revived"
    return _EFFECTS.get(effect, effect)


_EFFECTS = {
    "passed": "passes", "empty": "click: the weapon is empty", "held": "still held",
    "outside": "out of the blast",
}  # fmt: skip


def roll_text(r: FS3Roll) -> str:
    """'Firearms 3 + Reflexes 3, aimed +3, wounds -1 -> 8 dice: 8 7 3 1 1 2 2 5 = 2 hits'."""
    parts = [p.label for p in r.parts]
    mods = [f"{m.reason} {m.value:+d}" for m in r.modifiers]
    dice = " ".join(map(str, r.dice)) or "no dice"
    text = f"{' + '.join(parts) or 'pool'}{''.join(', ' + m for m in mods)} -> "
    text += f"{r.pool} {'die' if r.pool == 1 else 'dice'}: {dice} = "
    if r.embarrassing:  # 000: its successes count for nothing in a fight (rulings R2)
        counted = f"; its {_hits(r.successes)} count none" if r.successes else ""
        text += f"0 hits ({r.level}{counted})"
    else:
        text += _hits(r.successes)
    if r.discarded is not None:
        text += f"; luck re-roll, kept over {' '.join(map(str, r.discarded.dice))}"
    return text


def _hits(n: int) -> str:
    return f"{n} hit" if n == 1 else f"{n} hits"


def _rolled(roll: FS3Roll | None, hits: int | None = None) -> str:
    """A roll in a report, or, in a players' view that leaves an NPC's dice out, what is
    left of it: the hits, if they are told."""
    if roll is not None:
        return roll_text(roll)
    told = f"{_hits(hits)}, " if hits is not None else ""
    return f"{told}dice kept by the Storyteller"


def place(location: str) -> str:
    """A hit location as people read it: the charts' names are single words for typing
    (``--called Right_Arm``), shown with their space ("Right Arm") on every surface."""
    return location.replace("_", " ")


def hit_text(h: Hit) -> str:
    """Where a hit landed, what armor did, and the damage: every roll."""
    text = place(str(h.location))
    if h.location_dice:
        text = f"2d8 {'+'.join(map(str, h.location_dice))} -> {place(str(h.location))}"
    if h.moved_from:  # 004: automatic hits each land, each on a location of its own
        text += f" (the chart's {place(h.moved_from)} moved to the nearest free location)"
    for layer in h.armor:
        rolled = f" d100 {layer.roll}" if layer.roll is not None else ""
        text += f"; {layer.source} (stop {layer.stop_chance}%){rolled}: "
        if layer.stopped:
            text += "stopped"
        elif layer.bypassed:
            text += "bypassed"
        else:
            text += f"-{layer.reduction}"
    if h.damage_roll is not None:
        text += f"; damage d100 {h.damage_roll} -> {h.damage}"
    if h.wound is not None:
        text += f": {h.wound.severity} {h.wound.type}"
    return text


def _crew(rolls: tuple[CrewRoll, ...]) -> list[str]:
    lines = []
    for c in rolls:
        rolled = f"d100 {c.roll} " if c.roll is not None else ""
        line = f"      crew {c.name}: {rolled}vs {c.chance}%"
        if c.hurt:
            count = f" ({'+'.join(map(str, c.count_dice))})" if c.count_dice else ""
            line += f": hurt, {len(c.hits)} hit{'s' if len(c.hits) != 1 else ''}{count}"
            lines.append(line)
            lines += [f"        {hit_text(h)}" for h in c.hits]
        else:
            lines.append(line + ": unhurt")
    return lines


def _attack(who: str, e: Shot) -> list[str]:
    lines = [f"  {who} {e.action or 'attack'}s {e.defender or e.target}: {e.outcome}"]
    lines.append(f"    attack: {_rolled(e.attack_roll, e.attack_hits)}")
    lines.append(f"    defense: {_rolled(e.defense_roll, e.defense_hits)}")
    if e.location:
        lines.append(f"    {hit_text(e)}")
    if e.cover_roll is not None:
        lines.append(f"    cover d100 {e.cover_roll}")
    if effect_text(e):
        lines.append(f"    {effect_text(e)}")
    return lines + _crew(e.crew_rolls)


def _explosion(who: str, e: Step) -> list[str]:
    lines = [f"  {who} throws at {e.target}: attack {_rolled(e.attack_roll, e.attack_hits)}"]
    for v in e.caught:
        start = f"zone {v.start_zone}" + (f" at {v.distance:g}" if v.distance is not None else "")
        end = "out of the blast" if v.zone is None else f"zone {v.zone}"
        lines.append(f"    {v.name} ({start}): defense {_rolled(v.defense_roll)} -> {end}")
        if v.pieces_dice:
            lines.append(f"      shrapnel dice: {' '.join(map(str, v.pieces_dice))}")
        lines += [f"      {h.kind}: {hit_text(h)}" for h in v.hits]
        lines += _crew(v.crew_rolls)
    lines += [f"    {s.name} at {s.distance:g}: beyond the blast" for s in e.safe]
    return lines


def event_lines(e: Step) -> list[str]:
    who = str(e.actor)
    if e.action == "none":
        return [f"  {who} cannot act ({e.why})"]
    if e.caught or e.safe:
        return _explosion(who, e)
    if e.bullets:
        lines = [f"  {who} fires {e.rounds} rounds at {e.target}"]
        for b in e.bullets:
            lines += ["  " + line for line in _attack(who, b)]
        return lines
    if e.attack_roll is not None or e.attack_hits is not None:
        return _attack(who, e)
    target = f" {e.target}" if e.target else ""
    lines = [f"  {who}: {e.action}{target}: {effect_text(e)}"]
    if e.roll is not None:
        lines.append(f"    {e.ability or e.action}: {roll_text(e.roll)}")
    if e.holder_roll is not None:
        lines.append(f"    holder: {roll_text(e.holder_roll)}")
    return lines


def turn_lines(report: Turn) -> list[str]:
    """A resolved turn, top to bottom."""
    lines = [f"{report.combat}: turn {report.turn}", "Initiative:"]
    for i in report.initiative:
        ties = " ".join(map(str, i.tiebreaks))  # only the tied roll them (rulings C20)
        broken = f" (tie-break d100 {ties})" if ties else ""
        lines.append(f"  {i.name}: {_rolled(i.roll, i.hits)}{broken}")
    lines.append("Actions:")
    for e in report.events:
        lines += event_lines(e)
    for k in report.knockouts:
        verdict = "KNOCKED OUT" if k.knocked_out else "stays up"
        if k.luck == "recovered":
            verdict = "out, but recovers with a luck point"
        lines.append(f"Knockout roll for {k.name}: {_rolled(k.roll)}: {verdict}")
    lines += [f"Note: {n}" for n in report.notes]
    return lines


def day_lines(report: HealDay) -> list[str]:
    """A healing day: each patient's and mechanic's rolls and their wounds' progress."""
    if report.already_healed:
        return [f"{report.game}: day {report.day} was already healed; nothing changed"]
    lines = [f"{report.game}: day {report.day}"]
    if not report.patients and not report.vehicles:
        lines.append("  nobody is wounded")
    for p in report.patients:
        changes = ", ".join(f"{place(w.location)} {w.before} -> {w.after}" for w in p.wounds)
        care = " in hospital" if p.hospital else ""
        lines.append(f"  {p.name}{care}: +{p.points} points a wound; {changes}")
        lines.append(f"    toughness: {roll_text(p.toughness_roll)}")
        if p.medicine_roll is not None:
            lines.append(f"    medicine by {p.doctor}: {roll_text(p.medicine_roll)}")
        if p.doctor_problem:
            lines.append(f"    no medicine: {p.doctor_problem}")
    for v in report.vehicles:
        changes = ", ".join(f"{place(w.location)} {w.before} -> {w.after}" for w in v.wounds)
        lines.append(f"  {v.vehicle} (repaired by {v.mechanic}): +{v.points} a wound; {changes}")
        lines.append(f"    repair: {roll_text(v.repair_roll)}")
    lines += [f"  skipped {s.name}: {s.problem}" for s in report.skipped]
    return lines


def action_said(a: ActionSet) -> str:
    """An action set for the coming turn, in words, all of it: 'attack Raider (burst),
    called Right Arm, long range, luck on attack' (the tracker's Action column and the
    forms' "in force" line)."""
    return a.kind + (f" {a.target}" if a.target else "") + action_rest(a)


def action_rest(a: ActionSet) -> str:
    """What an action says after its kind and target: ' (burst), called Right Arm, ...'."""
    text = ""
    if a.burst:
        text += " (burst)" if a.burst == (a.target,) else f" (burst at {', '.join(a.burst)})"
    if a.called:
        text += f", called {place(a.called)}"
    if a.range and a.range != "short":
        text += f", {a.range} range"
    if a.near:
        text += f", near {', '.join(a.near)}"
    if a.stance:
        text += f", taking the {a.stance} stance"
    if a.weapon:
        text += f", drawing {a.weapon}"
    if a.luck:
        text += f", luck on {a.luck}"
        if a.luck_spend not in (None, "bonus"):  # 3.2's re-roll, or a point on another's
            text += f" ({a.luck_spend}{' ' + a.luck_on if a.luck_on else ''})"
    return text


def status_lines(data: CombatStatus) -> list[Line]:
    """A combat's state (``CombatStatus``'s answer) as styled lines: each combatant's team,
    stance, gear, wounds, luck (not an NPC's) and plight, then problems and set actions."""
    state = "" if data.active else " (over)"
    if data.deleted:
        state = " (deleted)"
    lines: list[Line] = [[bold(data.combat), plain(f", turn {data.turn}{state}")]]
    for c in data.combatants:
        if isinstance(c, str):
            lines.append([plain(f"  {c}")])
            continue
        # No count for a weapon that takes no rounds (a knife); an empty gun says 0.
        gun = f"{c.weapon} ({c.ammo} rounds)" if c.ammo is not None else c.weapon
        flags: list[Span] = [plain(f"{c.stance}; {gun}; armor {c.armor}")]
        if c.wounds:
            flags.append(plain(f"; wounds {', '.join(w.severity for w in c.wounds)} "
                               f"({c.wound_modifier})"))  # fmt: skip
        if c.suppression:
            flags.append(plain(f"; suppressed {c.suppression}"))
        if not c.npc:
            flags.append(plain(f"; luck {c.luck}"))
        if c.knocked_out:
            flags += [plain("; "), alarm("KNOCKED OUT")]
        if c.subdued_by:
            flags.append(plain(f"; held by {c.subdued_by}"))
        lines.append([plain(f"  {c.name} [{c.team}]: "), *flags])
    lines += [[alarm(f"  {problem}")] for problem in data.problems]
    if data.initiative:  # the last resolved turn's order (each turn rolls anew)
        order = ", ".join(i.name if i.hits is None else f"{i.name} ({_hits(i.hits)})"
                          for i in data.initiative)  # fmt: skip
        lines.append([plain(f"Last initiative: {order}")])
    if data.actions:
        set_ = ", ".join(f"{k} {v.kind}" for k, v in data.actions.items())
        lines.append([plain(f"Actions set: {set_}")])
    return lines
