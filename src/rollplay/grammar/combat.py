"""FS3 combat (002 Combat Turns; 004) and healing (004 Healing Damage).

    combat [COMBAT]                        combat/status [COMBAT]
    combat/start COMBAT                    combat/newturn [COMBAT]    combat/stop [COMBAT]
    combat/join [WHO][/OPTIONS]            combat/leave [WHO][/combat=C]
    combat/stance [WHO=]STANCE[/combat=C]  combat/recover [WHO][/combat=C] (or combat/hero)
    combat/ACTION [WHO=]TARGET[/OPTIONS]   (attack, aim, suppress, subdue, rally, treat)
    combat/ACTION [WHO][/OPTIONS]          (reload, escape, pass)
    combat/move [WHO=]WOUND/LOCATION[/combat=C]
    combat/orders NPC=ACTION [TARGET], NPC=ACTION [TARGET]...[/combat=C]   (the Storyteller)
    heal/day [DAY][/doctor=PATIENT=DOCTOR,hospital=NAME,repair=COMBAT:VEHICLE=MECHANIC]

WHO left out is the actor's own character; ``combat=C`` names the combat when more than one
is under way in the game.
"""

from __future__ import annotations

from typing import Any

from rollplay.errors import RollplayError
from rollplay.grammar.errors import GrammarError, clip, pick, reworded
from rollplay.grammar.options import Spec, looks_like_options, read
from rollplay.grammar.words import Context, name, number
from rollplay.table.commands import (
    CombatAction,
    CombatJoin,
    CombatLeave,
    CombatMoveWound,
    CombatOrders,
    CombatRecover,
    CombatStance,
    CombatStart,
    CombatStatus,
    CombatStop,
    CombatTurn,
    Command,
    HealDay,
    NpcOrder,
)

_IN = Spec("combat", "combat")
_PLAIN = ("leave", "recover", "hero", "stance", "orders")  # commands whose one option is combat=
JOIN = (Spec("team", "team"), Spec("npc", "rating", "number", low=1),
        Spec("weapon", "weapon"), Spec("armor", "armor"), Spec("type", "kind"),
        Spec("crew", "crew", "many"), _IN)  # fmt: skip
HEAL = (Spec("doctor", "doctors", "many"), Spec("hospital", "hospital", "many"),
        Spec("repair", "repairs", "many"))  # fmt: skip


def action_specs() -> tuple[Spec, ...]:
    from rollplay.systems.fs3.combat.state import LUCK_ROLLS, LUCK_SPENDS

    return (Spec("called", "called"), Spec("range", "range"),
            Spec("luck", "luck", choices=LUCK_ROLLS),
            Spec("luck-spend", "luck_spend", choices=LUCK_SPENDS),
            Spec("luck-on", "luck_on"), Spec("stance", "stance"), Spec("draw", "weapon"),
            Spec("burst", "burst", "flag-or-many"), Spec("near", "near", "many"), _IN)  # fmt: skip


def combat(switch: str, args: str, ctx: Context) -> Command:
    ctx.only(("fs3",), f"combat/{switch}" if switch else "combat", "002 Combat, 004")
    if switch in ("", "status", "newturn", "stop", "start"):
        whole = name(args, "the combat") if args else None
        if switch == "start":
            if whole is None:
                raise GrammarError("combat/start NAME: name the combat", "combat/start")
            return CombatStart(ctx.game, whole)
        if switch == "newturn":
            return CombatTurn(ctx.game, whole)
        if switch == "stop":
            return CombatStop(ctx.game, whole)
        return CombatStatus(ctx.game, whole)
    if switch == "move":
        return _move(args, ctx)
    main, slash, options = args.partition("/")
    if slash and not options.strip():
        raise GrammarError(f"combat/{switch}: options are missing after '/'", args)
    if switch == "join":
        got = read(options, JOIN, "combat/join") if slash else {}
        return CombatJoin(ctx.game, got.pop("combat", None), _who(main), **got)
    got = read(options, (_IN,), f"combat/{switch}") if switch in _PLAIN and slash else {}
    if switch in ("leave", "recover", "hero"):
        kind = CombatLeave if switch == "leave" else CombatRecover
        return kind(ctx.game, got.get("combat"), _who(main))
    if switch == "stance":
        who, stance = _pair(main, "combat/stance [WHO=]STANCE", "the stance")
        return CombatStance(ctx.game, got.get("combat"), who, stance)
    if switch == "orders":
        return CombatOrders(ctx.game, got.get("combat"), _orders(main, ctx))
    return _action(switch, main, options if slash else "", ctx)


def _who(text: str) -> str | None:
    if "=" in text:  # "combat/join team=B": an option without its slash, not a name
        raise GrammarError(
            f"{text.strip()!r} is not a name (a name has no '='): options go after a slash, "
            f"like combat/join Nikos/team=B or combat/join /team=B",
            text,
        )
    return name(text, "who") if text.strip() else None


def _pair(text: str, usage: str, what: str) -> tuple[str | None, str]:
    """'[WHO=]THING' -> (who, thing)."""
    who, equals, thing = text.rpartition("=")
    if not thing.strip():
        raise GrammarError(f"{usage}: {what} is missing", text)
    return (name(who, "who") if equals else None), name(thing, what)


def _action(kind: str, main: str, options: str, ctx: Context) -> Command:
    from rollplay.systems.fs3.combat.state import NEEDS_TARGET, parse_near

    got: dict[str, Any] = read(options, action_specs(), f"combat/{kind}") if options else {}
    if kind in NEEDS_TARGET:
        who, target = _pair(main, f"combat/{kind} [WHO=]TARGET", "the target")
    elif "=" in main:
        raise GrammarError(f"combat/{kind} takes no target: combat/{kind} [WHO]", main)
    else:
        who, target = _who(main), None
    if ("luck_spend" in got or "luck_on" in got) and "luck" not in got:
        raise GrammarError("luck-spend and luck-on go with luck=ROLL", options)
    for entry in got.get("near", ()):
        try:
            parse_near(entry)
        except RollplayError as e:
            raise reworded(e, entry) from None
    if "burst" in got:
        if target is None:
            raise GrammarError(f"burst fire needs a target: combat/{kind} TARGET/burst", main)
        got["burst"] = (target, *got["burst"])
    return CombatAction(ctx.game, got.pop("combat", None), who, kind, target, **got)


ORDERS = (
    "combat/orders NPC=ACTION [TARGET], ..., like combat/orders Raider=attack Nikos, Thug=reload"
)


def _orders(text: str, ctx: Context) -> tuple[NpcOrder, ...]:
    """'Raider=attack Nikos, Thug=reload': each NPC's action, its first word, then any target
    (an action is one word, so a target may hold spaces)."""
    from rollplay.systems.fs3.combat.state import NEEDS_TARGET

    if not text.strip():
        raise GrammarError(f"no orders given: {ORDERS}", text)
    orders: list[NpcOrder] = []
    for entry in text.split(","):
        if not entry.strip():
            raise GrammarError(f"an empty order between commas: {ORDERS}", text)
        who, equals, said = entry.partition("=")
        if not equals or not who.strip() or "=" in said or not said.strip():
            raise GrammarError(f"{clip(entry.strip())!r} is not an order: {ORDERS}", entry)
        npc = name(who, "the NPC")
        word, _, rest = said.strip().partition(" ")
        try:
            kind = pick(word, ctx.combat_actions, "action")
        except GrammarError as e:
            raise GrammarError(f"{npc}: {e}", entry, e.suggestions) from None
        target = name(rest, "the target") if rest.strip() else None
        if kind in NEEDS_TARGET and target is None:
            raise GrammarError(f"{npc}={kind}: {kind} needs a target, like {npc}={kind} NAME",
                               entry)  # fmt: skip
        if kind not in NEEDS_TARGET and target is not None:
            raise GrammarError(f"{npc}={kind} {target}: {kind} takes no target", entry)
        if any(o.who.casefold() == npc.casefold() for o in orders):
            raise GrammarError(f"{npc} is given two orders: one each", entry)
        orders.append(NpcOrder(npc, kind, target))
    return tuple(orders)


def _move(args: str, ctx: Context) -> Command:
    usage = "combat/move [WHO=]WOUND/LOCATION"
    parts = args.split("/")
    got: dict[str, Any] = {}
    if len(parts) > 2 and looks_like_options(parts[-1], ()):
        got = read(parts.pop(), (_IN,), "combat/move")
    if len(parts) != 2 or not parts[1].strip():
        raise GrammarError(f"{usage}: which wound, and where to, like combat/move 1/Left Arm", args)
    who, wound = _pair(parts[0], usage, "the wound")
    count = number(wound, "the wound (1: the first taken)", low=1, high=10_000)
    where = name(parts[1], "the location")
    return CombatMoveWound(ctx.game, got.get("combat"), who, count, where)


def heal(switch: str, args: str, ctx: Context) -> Command:
    ctx.only(("fs3",), "heal/day", "004 Healing Damage")
    from rollplay.table.combat.healing import parse_doctors, parse_repair

    day, slash, options = args.partition("/")
    if slash and not options.strip():
        raise GrammarError("heal/day: options are missing after '/'", args)
    got = read(options, HEAL, "heal/day") if slash else {}
    try:
        doctors = parse_doctors(got.get("doctors", ()))
        repairs = tuple(parse_repair(r) for r in got.get("repairs", ()))
    except RollplayError as e:
        raise reworded(e, clip(options)) from None
    return HealDay(
        ctx.game,
        number(day, "the day", low=1, high=1_000_000) if day.strip() else None,
        doctors,
        tuple(name(h, "a patient") for h in got.get("hospital", ())),
        repairs,
    )
