"""A resolved combat turn as a stack of roll cards for the web (issue 31): the initiative
first, then a card for each attack (or burst bullet) with its dice marked as every roll card
marks them (fs3.py), where it hit, what armor did and the wound; other actions and the
knockout rolls after. Lines only: html.py writes them, so a phone reads each card as a
column of short lines, never a table wider than the screen. The CLI's report (combat.py)
stays one block of text."""

from __future__ import annotations

from rollplay.render.combat import effect_text, event_lines, place
from rollplay.render.fs3 import dice_spans, pool_line, result_line
from rollplay.render.spans import Line, alarm, bold, plain
from rollplay.table.events.combat import Hit, Shot, Step, Turn
from rollplay.table.events.outcomes import FS3Roll

Card = list[Line]


def turn_cards(report: Turn) -> list[Card]:
    """The turn's cards, in the order they happened."""
    cards: list[Card] = [_initiative(report)]
    for step in report.events:
        if step.bullets:
            cards += [_attack(str(step.actor), b, f" (burst {i} of {len(step.bullets)})")
                      for i, b in enumerate(step.bullets, 1)]  # fmt: skip
        elif step.caught or step.safe or (step.attack_roll is None and step.attack_hits is None):
            cards.append(_other(step))
        else:
            cards.append(_attack(str(step.actor), step))
    if report.knockouts:
        card: Card = [[bold("Knockout rolls")]]
        for k in report.knockouts:
            out = "knocked out" if k.knocked_out else "stays up"
            if k.luck == "recovered":
                out = "out, but recovers with a luck point"
            card.append([bold(k.name), plain(": "), alarm(out) if k.knocked_out else plain(out)])
            card += _roll(k.roll)
        cards.append(card)
    cards += [[[plain(f"Note: {n}")]] for n in report.notes]
    return cards


def _initiative(report: Turn) -> Card:
    card: Card = [[bold("Initiative"), plain(f" · {report.combat}, turn {report.turn}")]]
    for rank, i in enumerate(report.initiative, 1):
        hits = "" if i.hits is None else f" ({i.hits} hit{'s' if i.hits != 1 else ''})"
        ties = f", tie-break d100 {' '.join(map(str, i.tiebreaks))}" if i.tiebreaks else ""
        dice = [plain(": "), *dice_spans(i.roll.dice, i.roll.threshold)] if i.roll else []
        card.append([plain(f"{rank}. "), bold(i.name), plain(hits + ties), *dice])
    return card


def _attack(who: str, e: Shot, burst: str = "") -> Card:
    whom = e.defender or e.target or "?"
    verdict = e.outcome or "?"
    said = alarm(verdict) if verdict == "hit" else plain(verdict)
    card: Card = [[bold(who), plain(f" {e.action or 'attack'}s "), bold(whom),
                   plain(f"{burst}: "), said]]  # fmt: skip
    card += _side("Attack", e.attack_roll, e.attack_hits)
    card += _side("Defense", e.defense_roll, e.defense_hits)
    if e.location:
        card += _hit(e)
    if e.cover_roll is not None:
        card.append([plain(f"Cover: d100 {e.cover_roll}")])
    if effect_text(e) and e.result is None:
        card.append([plain(effect_text(e))])
    return card


def _side(label: str, roll: FS3Roll | None, hits: int | None) -> Card:
    if roll is None:
        told = f"{hits} hit{'s' if hits != 1 else ''}, " if hits is not None else ""
        return [[plain(f"{label}: {told}"), plain("dice kept by the Storyteller")]]
    return [[plain(f"{label}: "), *pool_line(roll)], result_line(roll)]


def _roll(roll: FS3Roll | None) -> Card:
    return [] if roll is None else [pool_line(roll), result_line(roll)]


def _hit(h: Hit) -> Card:
    where = f"2d8 {'+'.join(map(str, h.location_dice))} → " if h.location_dice else ""
    card: Card = [[plain(f"Hit location: {where}"), bold(place(str(h.location)))]]
    for layer in h.armor:
        rolled = f", d100 {layer.roll}" if layer.roll is not None else ""
        did = "stopped" if layer.stopped else "bypassed" if layer.bypassed else ""
        did = did or f"-{layer.reduction}"
        card.append([plain(f"Armor: {layer.source} (stop {layer.stop_chance}%{rolled}): {did}")])
    if h.damage_roll is not None:
        card.append([plain(f"Damage: d100 {h.damage_roll} → {h.damage}")])
    if h.wound is not None:
        card.append([plain("Wound: "), alarm(f"{h.wound.severity} {h.wound.type}")])
    return card


def _other(step: Step) -> Card:
    """An action that is not one attack: its words as the CLI says them, its roll marked."""
    first, *rest = event_lines(step)
    card: Card = [[bold(first.strip())], *([plain(line.strip())] for line in rest)]
    card += _roll(step.roll)
    return card
