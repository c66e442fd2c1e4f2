"""Experience and luck (002): the Storyteller's awards, a player's raises and spends."""

from __future__ import annotations

import math
from datetime import UTC, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.dice import Dice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.fs3.ruleset import FS3Ruleset
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.answers import Character as CharacterAnswer
from rollplay.table.answers import TableAwarded
from rollplay.table.base import ServiceBase
from rollplay.table.events import payloads as ev
from rollplay.table.events.requests import RequestOdds
from rollplay.table.handlers import handles
from rollplay.table.limits import MAX_LUCK, MAX_LUCK_AWARD, MAX_REASON, MAX_XP, MAX_XP_AWARD
from rollplay.table.play.names import character_dict
from rollplay.table.sheet_limits import stored_sheet
from rollplay.table.store.models import Character, Event, Game, now
from rollplay.table.store.writers import CoreWriter
from rollplay.table.systems import Points, require


def award_xp(
    t: ServiceBase, game_name: str | None, name: str, amount: float, reason: str = ""
) -> CharacterAnswer:
    """The Storyteller awards XP (002 Experience): whole or half points."""
    _xp_amount(amount)
    reason = _reason(reason)
    with t.transaction() as s:
        game, row = t.character_row(s, game_name, name, lock=True)
        t.require(s, game, Act.AWARD, row)
        _fs3_only(game, "experience")
        _add_xp(t, s, game, row, amount=amount, reason=reason)
        return character_dict(row, game)


def _xp_amount(amount: float) -> None:
    if not math.isfinite(amount) or not 0 < amount <= MAX_XP_AWARD or (amount * 2) % 1:
        raise RollplayError(
            f"award XP in whole or half points from 0.5 to {MAX_XP_AWARD:,}, like 2 or "
            f"1.5; not {amount:g}"
        )


def _add_xp(t: ServiceBase, s: Session, game: Game, row: Character, *, amount: float,
            reason: str) -> None:  # fmt: skip
    """XP onto one character and its event, in the caller's transaction; a game's hoard cap
    (``max_xp``, AresMUSH's max_xp_hoard) keeps what passes it, as AresMUSH does (A14)."""
    halves = int(amount * 2)
    cap = _rules(t, game).max_xp if game.system == "fs3" else None
    if cap is not None:
        halves = max(0, min(halves, cap * 2 - row.xp_halves))
        amount = halves / 2
    if row.xp_halves + halves > MAX_XP * 2:
        raise RollplayError(
            f"{row.name} would hold {(row.xp_halves + halves) / 2:g} XP; at most {MAX_XP:,}"
        )
    row.xp_halves += halves
    row.raises_since_award = 0
    t.record(s, game, ev.XPAwarded.written({"amount": amount, "xp": row.xp_halves / 2,
                                            "reason": reason}), character=row)  # fmt: skip


def award_table(
    t: ServiceBase, game_name: str | None, points: str, amount: float, reason: str = ""
) -> TableAwarded:
    """Luck or XP to every character a player plays (rulings W3), in one transaction: each
    is checked as a one-character award is, and if one would pass its limit none gets any."""
    if points not in ("luck", "xp"):
        raise RollplayError(f"unknown award {points!r}; accepted: luck, xp")
    if points == "luck" and (not float(amount).is_integer()
                             or not 1 <= amount <= MAX_LUCK_AWARD):  # fmt: skip
        raise RollplayError(f"award 1 to {MAX_LUCK_AWARD} luck points at a time, not {amount:g}")
    if points == "xp":
        _xp_amount(amount)
    reason = _reason(reason)
    with t.transaction() as s:
        game = t.game_row(s, t.game_for(game_name))
        t.require(s, game, Act.AWARD)
        _fs3_only(game, "experience" if points == "xp" else "luck")
        rows = list(s.scalars(select(Character).where(
            Character.game_id == game.id, Character.player_id.is_not(None))
            .order_by(Character.name).with_for_update()))  # fmt: skip
        if not rows:
            raise RollplayError(f"no character in {game.name} has a player yet: nobody to award")
        for row in rows:
            if points == "luck":
                _add_luck(t, s, game, row, amount=int(amount), reason=reason)
            else:
                _add_xp(t, s, game, row, amount=amount, reason=reason)
        return TableAwarded(game=game.name, characters=tuple(character_dict(r, game)
                                                             for r in rows))  # fmt: skip


def raise_skill(
    t: ServiceBase, game_name: str | None, name: str, skill: str, kind: str = "action", *,
    attribute: str | None = None,
) -> CharacterAnswer:  # fmt: skip
    """002 Experience: spend XP to raise a skill (or learn a language) one level; a new
    background skill takes its ruling attribute (002 Ruling Attribute)."""
    from rollplay.systems.fs3.experience import raise_with_xp
    from rollplay.systems.fs3.sheet import sheet_from_mapping
    from rollplay.table.play.request_odds import refresh_odds

    with t.transaction() as s:
        game, row = t.character_row(s, game_name, name, lock=True)
        t.require(s, game, Act.RAISE, row)
        _fs3_only(game, "experience")
        rules, _ = t.ruleset_of(game)
        sheet = sheet_from_mapping(row.sheet, rules, "sheet")
        _wait_between(s, row, skill, rules.days_between_raises)
        raised = raise_with_xp(
            sheet, kind, skill, rules, xp_halves=row.xp_halves,
            raises_since_award=row.raises_since_award, attribute=attribute,
        )  # fmt: skip
        row.sheet = stored_sheet(game.system, raised.sheet, rules)
        row.xp_halves -= raised.cost_halves
        row.raises_since_award += 1
        row.updated_at = now()
        change = {"skill": raised.skill, "from": raised.before, "to": raised.after,
                  "cost": raised.cost_halves / 2,
                  **({"attribute": raised.ruling} if raised.ruling else {})}  # fmt: skip
        t.record(s, game, ev.Raised.written(change), character=row)
        refresh_odds(t, s, game, row)
        return character_dict(row, game, raised=change)


def award_luck(
    t: ServiceBase, game_name: str | None, name: str, amount: int = 1, reason: str = ""
) -> CharacterAnswer:
    """The Storyteller awards luck points (002 Luck)."""
    if not 1 <= amount <= MAX_LUCK_AWARD:
        raise RollplayError(f"award 1 to {MAX_LUCK_AWARD} luck points at a time, not {amount}")
    reason = _reason(reason)
    with t.transaction() as s:
        game, row = t.character_row(s, game_name, name, lock=True)
        t.require(s, game, Act.AWARD, row)
        _fs3_only(game, "luck")
        _add_luck(t, s, game, row, amount=amount, reason=reason)
        return character_dict(row, game)


def _add_luck(t: ServiceBase, s: Session, game: Game, row: Character, *, amount: int,
              reason: str) -> None:  # fmt: skip
    """Luck onto one character and its event, in the caller's transaction; a game's cap
    (``max_luck``) keeps what passes it, as AresMUSH does (rulings A16)."""
    cap = _rules(t, game).max_luck if game.system == "fs3" else None
    if cap is not None:
        amount = max(0, min(amount, cap - row.luck))
    if row.luck + amount > MAX_LUCK:
        raise RollplayError(
            f"{row.name} would hold {row.luck + amount} luck points; at most {MAX_LUCK:,}"
        )
    row.luck += amount
    t.record(s, game, ev.LuckAwarded.written({"amount": amount, "luck": row.luck,
                                              "reason": reason}), character=row)  # fmt: skip


def add_luck(t: ServiceBase, s: Session, game: Game, row: Character, *, amount: int,
             reason: str) -> None:  # fmt: skip
    """Luck onto one character, as an award, in the caller's transaction (a scene's luck:
    scene_luck.py); nothing where the game's cap leaves no room."""
    cap = _rules(t, game).max_luck
    if cap is None or row.luck < cap:
        _add_luck(t, s, game, row, amount=amount, reason=reason)


def spend_luck(
    t: ServiceBase, game_name: str | None, name: str, reason: str = ""
) -> CharacterAnswer:
    """Spend a luck point outside a roll (cancelling one used against the character)."""
    reason = _reason(reason)
    with t.transaction() as s:
        game, row = t.character_row(s, game_name, name)
        t.require(s, game, Act.SPEND, row)
        _fs3_only(game, "luck")
        t.spend(CoreWriter(s.connection()), row, Points(luck=1))
        s.refresh(row)
        t.record(s, game, ev.LuckSpent.written({"amount": 1, "luck": row.luck,
                                            "reason": reason}), character=row)  # fmt: skip
        return character_dict(row, game)


def _rules(t: ServiceBase, game: Game) -> FS3Ruleset:
    rules, _ = t.ruleset_of(game)
    assert isinstance(rules, FS3Ruleset)
    return rules


def _wait_between(s: Session, row: Character, skill: str, days: int) -> None:
    """A game's days between raises of one ability (AresMUSH's days_between_learning;
    rulings A15): the last raise of the same ability must be that long ago."""
    if days <= 0:
        return
    recent = s.scalars(select(Event).where(
        Event.character_id == row.id, Event.kind == ev.Raised.kind,
    ).order_by(Event.id.desc()).limit(500))  # fmt: skip
    wanted = skill.strip().casefold()
    last = next((e for e in recent if str(e.payload.get("skill", "")).casefold() == wanted), None)
    if last is None:
        return
    when = last.created_at if last.created_at.tzinfo else last.created_at.replace(tzinfo=UTC)
    left = when + timedelta(days=days) - now()
    if left > timedelta(0):
        raise RuleError(f"{row.name} raised {last.payload.get('skill')} less than {days} "
                        f"day{'s' if days != 1 else ''} ago; this game waits that long between "
                        f"raises of one ability ({left.days + 1} day"
                        f"{'s' if left.days else ''} to go)")  # fmt: skip


def _reason(text: str) -> str:
    """Why an award or spend was made: one line of at most MAX_REASON characters."""
    text = " ".join(str(text).split())
    if len(text) > MAX_REASON:
        raise RollplayError(f"a reason is at most {MAX_REASON} characters, not {len(text):,}")
    return text


def _fs3_only(game: Game, what: str) -> None:
    capability = "experience" if what == "experience" else "luck"
    require(game, capability, f"{what} as points to award and spend", "002")


@handles(c.AwardLuck, act=Act.AWARD, writes=(ev.LuckAwarded,))
def run_award_luck(t: ServiceBase, cmd: c.AwardLuck, dice: Dice | None) -> CharacterAnswer:
    """The Storyteller awards luck (002 Luck)."""
    return award_luck(t, cmd.game, cmd.character, cmd.amount, cmd.reason)


@handles(c.SpendLuck, act=Act.SPEND, writes=(ev.LuckSpent,))
def run_spend_luck(t: ServiceBase, cmd: c.SpendLuck, dice: Dice | None) -> CharacterAnswer:
    """A luck point spent outside a roll (002 Luck), by the actor's own character unless
    named."""
    game, who = t.own_character(cmd.game, cmd.character)
    return spend_luck(t, game, who, cmd.reason)


@handles(c.AwardXP, act=Act.AWARD, writes=(ev.XPAwarded,))
def run_award_xp(t: ServiceBase, cmd: c.AwardXP, dice: Dice | None) -> CharacterAnswer:
    """The Storyteller awards experience (002 Experience)."""
    return award_xp(t, cmd.game, cmd.character, cmd.amount, cmd.reason)


@handles(c.AwardTable, act=Act.AWARD, writes=(ev.LuckAwarded, ev.XPAwarded))
def run_award_table(t: ServiceBase, cmd: c.AwardTable, dice: Dice | None) -> TableAwarded:
    """The Storyteller awards luck or XP to the whole table (rulings W3)."""
    return award_table(t, cmd.game, cmd.points, cmd.amount, cmd.reason)


@handles(c.RaiseSkill, act=Act.RAISE, writes=(ev.Raised, RequestOdds))
def run_raise(t: ServiceBase, cmd: c.RaiseSkill, dice: Dice | None) -> CharacterAnswer:
    """XP spent on a skill (002 Experience), the actor's own character's unless named."""
    game, who = t.own_character(cmd.game, cmd.character)
    return raise_skill(t, game, who, cmd.skill, cmd.kind, attribute=cmd.attribute)
