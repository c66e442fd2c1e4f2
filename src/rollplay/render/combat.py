"""A combat turn's or a healing day's report in words: every die of every roll and every
modifier by name, as players read it at the table. The engine reports typed data (an
``effect`` code and its numbers); the words are made here."""

from __future__ import annotations

from typing import Any

Report = dict[str, Any]


def effect_text(e: Report) -> str:
    """What an action did, in words (reports stored before effects were codes keep their
    ``result`` text)."""
    if "result" in e:
        return str(e["result"])
    effect = e.get("effect")
    if effect is None:
        return ""
    if effect == "suppressed":
        return f"{e['target']} suppressed to {e['suppression']}"
    if effect == "aiming":
        return f"aiming at {e['target']}: +{e['aim_bonus']} next turn"
    if effect in ("treated", "rallied") and e.get("revived"):
        return f"{effect} and revived"
    return _EFFECTS.get(str(effect), str(effect))


_EFFECTS = {
    "passed": "passes", "empty": "click: the weapon is empty", "held": "still held",
    "outside": "out of the blast",
}  # fmt: skip


def roll_text(r: Report) -> str:
    """'Firearms 3 + Reflexes 3, aimed +3, wounds -1 -> 8 dice: 8 7 3 1 1 2 2 5 = 2 hits'."""
    parts = [p["label"] for p in r.get("parts", [])]
    mods = [f"{m['reason']} {m['value']:+d}" for m in r.get("modifiers", [])]
    dice = " ".join(map(str, r["dice"])) or "no dice"
    text = f"{' + '.join(parts) or 'pool'}{''.join(', ' + m for m in mods)} -> "
    text += f"{r['pool']} {'die' if r['pool'] == 1 else 'dice'}: {dice} = {_hits(r['successes'])}"
    if r.get("embarrassing"):
        text += f" ({r['level']})"
    if r.get("discarded"):
        text += f"; luck re-roll, kept over {' '.join(map(str, r['discarded']['dice']))}"
    return text


def _hits(n: int) -> str:
    return f"{n} hit" if n == 1 else f"{n} hits"


def _rolled(part: Report, key: str, hits: str = "hits") -> str:
    """A roll in a report, or, in a players' view that leaves an NPC's dice out, what is
    left of it: the hits, if they are told."""
    if part.get(key):
        return roll_text(part[key])
    told = f"{_hits(part[hits])}, " if isinstance(part.get(hits), int) else ""
    return f"{told}dice kept by the Storyteller"


def hit_text(h: Report) -> str:
    """Where a hit landed, what armor did, and the damage: every roll."""
    text = str(h["location"])
    if h.get("location_dice"):
        a, b = h["location_dice"]
        text = f"2d8 {a}+{b} -> {h['location']}"
    layers = h.get("armor") or []
    for layer in layers if isinstance(layers, list) else [layers]:
        rolled = f" d100 {layer['roll']}" if layer.get("roll") is not None else ""
        text += f"; {layer['source']} (stop {layer['stop_chance']}%){rolled}: "
        if layer["stopped"]:
            text += "stopped"
        elif layer["bypassed"]:
            text += "bypassed"
        else:
            text += f"-{layer['reduction']}"
    if h.get("damage_roll") is not None:
        text += f"; damage d100 {h['damage_roll']} -> {h['damage']}"
    if h.get("wound"):
        text += f": {h['wound']['severity']} {h['wound']['type']}"
    return text


def _crew(e: Report) -> list[str]:
    lines = []
    for c in e.get("crew_rolls", []):
        rolled = f"d100 {c['roll']} " if c.get("roll") is not None else ""
        line = f"      crew {c['name']}: {rolled}vs {c['chance']}%"
        if c["hurt"]:
            count = f" ({'+'.join(map(str, c['count_dice']))})" if c["count_dice"] else ""
            line += f": hurt, {len(c['hits'])} hit{'s' if len(c['hits']) != 1 else ''}{count}"
            lines.append(line)
            lines += [f"        {hit_text(h)}" for h in c["hits"]]
        else:
            lines.append(line + ": unhurt")
    return lines


def _attack(who: str, e: Report) -> list[str]:
    lines = [
        f"  {who} {e.get('action', 'attack')}s {e.get('defender', e.get('target'))}: {e['outcome']}"
    ]
    lines.append(f"    attack: {_rolled(e, 'attack_roll', 'attack_hits')}")
    lines.append(f"    defense: {_rolled(e, 'defense_roll', 'defense_hits')}")
    if e.get("location"):
        lines.append(f"    {hit_text(e)}")
    if e.get("cover_roll") is not None:
        lines.append(f"    cover d100 {e['cover_roll']}")
    if effect_text(e):
        lines.append(f"    {effect_text(e)}")
    return lines + _crew(e)


def _explosion(who: str, e: Report) -> list[str]:
    lines = [f"  {who} throws at {e['target']}: attack {_rolled(e, 'attack_roll', 'attack_hits')}"]
    for v in e["caught"]:
        start = f"zone {v['start_zone']}" + (
            f" at {v['distance']:g}" if v.get("distance") is not None else "")  # fmt: skip
        end = "out of the blast" if v["zone"] is None else f"zone {v['zone']}"
        lines.append(f"    {v['name']} ({start}): defense {_rolled(v, 'defense_roll')} -> {end}")
        if v.get("pieces_dice"):
            lines.append(f"      shrapnel dice: {' '.join(map(str, v['pieces_dice']))}")
        lines += [f"      {h['kind']}: {hit_text(h)}" for h in v["hits"]]
        lines += _crew(v)
    lines += [f"    {s['name']} at {s['distance']:g}: beyond the blast" for s in e.get("safe", [])]
    return lines


def event_lines(e: Report) -> list[str]:
    who = e["actor"]
    if e["action"] == "none":
        return [f"  {who} cannot act ({e['why']})"]
    if "caught" in e:
        return _explosion(who, e)
    if "bullets" in e:
        lines = [f"  {who} fires {e['rounds']} rounds at {e['target']}"]
        for b in e["bullets"]:
            lines += ["  " + line for line in _attack(who, b)]
        return lines
    if "attack_roll" in e or "attack_hits" in e:
        return _attack(who, e)
    target = f" {e['target']}" if e.get("target") else ""
    lines = [f"  {who}: {e['action']}{target}: {effect_text(e)}"]
    if e.get("roll"):
        lines.append(f"    {e.get('ability', e['action'])}: {roll_text(e['roll'])}")
    if e.get("holder_roll"):
        lines.append(f"    holder: {roll_text(e['holder_roll'])}")
    return lines


def turn_lines(report: Report) -> list[str]:
    """A resolved turn, top to bottom."""
    lines = [f"{report['combat']}: turn {report['turn']}", "Initiative:"]
    for i in report["initiative"]:
        ties = " ".join(map(str, i["tiebreaks"]))  # only the tied roll them (rulings C20)
        broken = f" (tie-break d100 {ties})" if ties else ""
        lines.append(f"  {i['name']}: {_rolled(i, 'roll')}{broken}")
    lines.append("Actions:")
    for e in report["events"]:
        lines += event_lines(e)
    for k in report["knockouts"]:
        verdict = "KNOCKED OUT" if k["knocked_out"] else "stays up"
        if k.get("luck") == "recovered":
            verdict = "out, but recovers with a luck point"
        lines.append(f"Knockout roll for {k['name']}: {_rolled(k, 'roll')}: {verdict}")
    lines += [f"Note: {n}" for n in report.get("notes", [])]
    return lines


def day_lines(report: Report) -> list[str]:
    """A healing day: each patient's and mechanic's rolls and their wounds' progress."""
    if report["already_healed"]:
        return [f"{report['game']}: day {report['day']} was already healed; nothing changed"]
    lines = [f"{report['game']}: day {report['day']}"]
    if not report["patients"] and not report["vehicles"]:
        lines.append("  nobody is wounded")
    for p in [*report["patients"], *report["vehicles"]]:
        changes = ", ".join(f"{w['location']} {w['from']} -> {w['to']}" for w in p["wounds"])
        if "vehicle" in p:
            lines.append(f"  {p['vehicle']} (repaired by {p['mechanic']}): "
                         f"+{p['points']} a wound; {changes}")  # fmt: skip
            lines.append(f"    repair: {roll_text(p['repair_roll'])}")
            continue
        care = " in hospital" if p["hospital"] else ""
        lines.append(f"  {p['name']}{care}: +{p['points']} points a wound; {changes}")
        lines.append(f"    toughness: {roll_text(p['toughness_roll'])}")
        if p.get("medicine_roll"):
            lines.append(f"    medicine by {p['doctor']}: {roll_text(p['medicine_roll'])}")
        if p.get("doctor_problem"):
            lines.append(f"    no medicine: {p['doctor_problem']}")
    lines += [f"  skipped {s['name']}: {s['problem']}" for s in report.get("skipped", [])]
    return lines


def status_lines(data: Report) -> list[Any]:
    """A combat's state (``CombatStatus``'s answer) as styled lines: each combatant's team,
    stance, gear, wounds, luck (not an NPC's) and plight, then problems and set actions."""
    from rollplay.render.spans import Span, alarm, bold, plain

    state = "" if data.get("active", True) else " (over)"
    if data.get("deleted"):
        state = " (deleted)"
    lines: list[Any] = [[bold(str(data["combat"])), plain(f", turn {data['turn']}{state}")]]
    for c in data.get("combatants", []):
        if isinstance(c, str):
            lines.append([plain(f"  {c}")])
            continue
        gun = f"{c['weapon']} ({c['ammo']} rounds)" if c["ammo"] else c["weapon"]
        flags: list[Span] = [plain(f"{c['stance']}; {gun}; armor {c['armor']}")]
        if c["wounds"]:
            flags.append(plain(f"; wounds {', '.join(w['severity'] for w in c['wounds'])} "
                               f"({c['wound_modifier']})"))  # fmt: skip
        if c["suppression"]:
            flags.append(plain(f"; suppressed {c['suppression']}"))
        if not c.get("npc"):
            flags.append(plain(f"; luck {c['luck']}"))
        if c["knocked_out"]:
            flags += [plain("; "), alarm("KNOCKED OUT")]
        if c["subdued_by"]:
            flags.append(plain(f"; held by {c['subdued_by']}"))
        lines.append([plain(f"  {c['name']} [{c['team']}]: "), *flags])
    lines += [[alarm(f"  {problem}")] for problem in data.get("problems", [])]
    if data.get("actions"):
        set_ = ", ".join(f"{k} {v['kind']}" for k, v in data["actions"].items())
        lines.append([plain(f"Actions set: {set_}")])
    return lines
