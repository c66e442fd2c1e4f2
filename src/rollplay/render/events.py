"""Any event of a game's stream as a card: a roll as its roll card, a combat turn as its
report, everything else (awards, sheets, members, combat steps) as one line. The event is
already projected for its viewer (table/events.py): a hidden one carries only what they may
know, and its card says no more."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.render.cards import entry_card
from rollplay.render.combat import turn_lines
from rollplay.render.spans import Line, Span, bold, plain

Event = Mapping[str, Any]


def event_card(e: Event) -> list[Line]:
    """Lines for one projected event (``events_for``'s and the live stream's shape)."""
    if e["kind"] == "roll":
        return entry_card(roll_entry(e))
    head: Line = [Span(f"#{e['id']} {str(e['time'])[11:16]} ", "muted")]
    data = e.get("data") or {}
    # A turn's shared part is its report, a join's the newcomer without an NPC's rating.
    if e.get("hidden") and not (e["kind"] == "combat_turn" or data.get("name")):
        return [[*head, Span(f"({e['kind'].replace('_', ' ')}: hidden)", "muted")]]
    if e["kind"] == "combat_turn":
        try:
            return [[*head, bold(line)] if i == 0 else [plain("  " + line)]
                    for i, line in enumerate(turn_lines(data))]  # fmt: skip
        except (KeyError, TypeError):  # a players' view with NPCs' parts left out
            return [[*head, bold(f"{data.get('combat')}: turn {data.get('turn')} resolved")]]
    return [[*head, *_line(e["kind"], e.get("character"), data)]]


def roll_entry(e: Event) -> dict[str, Any]:
    """A roll event as a log entry (the log's shape, which entry_card draws)."""
    data = e.get("data") or {}
    hidden = bool(e.get("hidden"))
    return {"id": e["id"], "time": e["time"], "game": e["game"], "character": e["character"],
            "expression": None if hidden else data.get("expression"),
            "outcome": None if hidden else data.get("outcome"),
            "dice_source": None if hidden else data.get("dice_source"),
            "visibility": e["visibility"]}  # fmt: skip


def _line(kind: str, who: str | None, d: Mapping[str, Any]) -> Line:
    name = bold(who or str(d.get("name") or ""))
    reason = f" ({d['reason']})" if d.get("reason") else ""
    combat = f"{d.get('combat')}: " if kind.startswith("combat_") else ""
    match kind:
        case "luck_award":
            return [name, plain(f" gains {d['amount']} luck{reason}, now {d['luck']}")]
        case "luck_spend":
            return [name, plain(f" spends {d['amount']} luck{reason}, now {d['luck']}")]
        case "xp_award":
            return [name, plain(f" gains {d['amount']:g} XP{reason}, now {d['xp']:g}")]
        case "raise":
            return [name, plain(f" raises {d['skill']} from {d['from']} to {d['to']}")]
        case "sheet":
            return [name, plain("'s sheet changed: " + ", ".join(map(str, d["changes"])))]
        case "approved":
            return [name, plain("'s sheet is approved")]
        case "game":
            return [plain("The game begins: "), bold(str(d.get("name"))),
                    plain(f" ({str(d.get('system')).upper()} {d.get('edition')})")]  # fmt: skip
        case "character":
            return [plain("New character: "), name]
        case "member":
            role = d.get("role")
            plays = f", playing {', '.join(d['characters'])}" if d.get("characters") else ""
            text = f" is now {role}{plays}" if role else " left the game"
            return [bold(str(d.get("user"))), plain(text)]
        case "combat_start":
            return [plain(combat), bold("the fight begins")]
        case "combat_join":
            return [plain(combat), name, plain(f" joins (team {d.get('team')})")]
        case "combat_stance":
            return [plain(combat), name, plain(f" takes the {d.get('stance')} stance")]
        case "combat_action":
            act = d.get("action") or {}
            aim = f" {act['target']}" if act.get("target") else ""
            return [plain(combat), name, plain(f": {act.get('kind', 'an action')}{aim}")]
        case "combat_stop" | "combat_delete":
            return [plain(combat), bold("the fight is over")]
        case "client_seed":
            return [bold(str(d.get("user"))), plain("'s client seed is now "),
                    Span(str(d.get("client_seed")), "muted")]  # fmt: skip
        case "seed_commit":
            return [plain(f"New {d.get('chain')} dice seed committed: "),
                    Span(str(d.get("commitment")), "muted")]  # fmt: skip
        case "seed_reveal":
            used = d.get("nonces")
            return [plain(f"The {d.get('chain')} dice seed is revealed "
                          f"({used} roll{'s' * (used != 1)} to verify): "),
                    Span(str(d.get("seed")), "muted")]  # fmt: skip
    words = kind.replace("_", " ")
    return [plain(combat), *([name, plain(" · ")] if name.text else []), plain(words)]
