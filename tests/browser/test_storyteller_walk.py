"""Issue 31's first evening with no terminal, in two browsers and only by clicks and typing: a
new Storyteller takes the first run's link that ``rollplay serve`` prints, makes a game on the
home page and invites a player from the members page; the player takes the link in their own
browser, makes their character on the new-character page and submits it; the Storyteller
opens it from its card on the table, approves it, and awards it a luck point; the player
makes their first roll, which both see as a card with its dice. Then the Storyteller puts an
NPC on the roster, starts a combat, adds the player's character to it and, from the roster,
the NPC with its weapon and armor; the player follows the fight's card to it and, asked for
an action, attacks the NPC; the Storyteller orders the NPC in the NPC form and resolves the
turn; both read the report as roll cards (the player with their own dice, not the NPC's),
the next turn starts with the actions carried over, and the wound shows on the tracker and
the player's sheet.

Its own ``rollplay serve`` on a new database (a real first run: the session's live server has
its users, and the first run's link would make its taker Storyteller of the shared games).

The dice are the server's own (provably fair, so not scripted), so the walk is made sure
rather than lucky (rulings W70): the player sets a luck point on a knockout, so the first turn
cannot take the character out and both actions carry; the turns go on until the NPC's attack
wounds the character, at most ``TURNS`` of them (an NPC of rating 8 with a pistol wounded an
unarmored character in 87% of a thousand first turns); its tactical armor kept the
character's pistol from taking it out in all but one of them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import person
from tests.server.process import serving
from tests.table.conftest import NIKOS

GAME, STORYTELLER, PLAYER, HERO = "Walk Caprica", "Walk Nova", "Walk Rook", "Walk Zoe"
NPC, FIGHT, TURNS = "Walk Raider", "Hangar Deck", 8
SECRET = "a walk long password"
ARMORED = ("Head", "Neck", "Chest", "Abdomen")  # what the NPC's Tactical Armor covers
SHEET: dict[str, Any] = {  # Nikos's ratings, as a new character's sheet
    **{k: v for k, v in NIKOS.items() if k != "name"},
    "system": "fs3",
    "concept": "A deckhand who picked up a sidearm.",
}


def _join(page: Page, name: str) -> None:
    page.get_by_label("Your name").fill(name)
    page.get_by_label("A password").fill(SECRET)
    page.get_by_role("button", name="Join").click()


def _make_character(page: Page, name: str, sheet: Mapping[str, Any]) -> None:
    """The new-character page's FS3 form, filled in field by field from ``sheet`` and sent
    (by a player: submitted for approval). The one place the walk knows that page's fields."""
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Concept").fill(sheet["concept"])
    for attribute, rating in sheet["attributes"].items():
        page.get_by_label(attribute, exact=True).fill(str(rating))
    for skill, rating in sheet["action"].items():
        page.get_by_label(skill).fill(str(rating))  # its label names its attribute too
    for skill, rating in sheet["background"].items():
        page.get_by_role("button", name="Add a background skill").click()
        page.keyboard.type(skill)  # the new row has the focus
        page.locator("#rows-bg .entry").last.get_by_label("Rating").fill(str(rating))
    assert dict(sheet["languages"]) == {"English": 3}  # the form's first language
    for quirk in sheet["quirks"]:
        page.get_by_role("button", name="Add a quirk").click()
        page.keyboard.type(quirk)
    expect(page.locator("#problems")).to_contain_text("Ability points")  # the running total
    expect(page.get_by_text("No problems: the sheet can be approved.")).to_be_visible()
    page.get_by_role("button", name=re.compile("^(Create|Submit for approval)$")).click()


def test_a_new_storyteller_runs_the_first_evening_in_the_browser(
    browser: Browser, tmp_path: Path
) -> None:
    log = tmp_path / "serve.log"
    with serving(f"sqlite:///{tmp_path / 'first.db'}", output=log) as (base, _):
        printed = re.search(r"http://\S+/invite/inv_[\w-]+", log.read_text(encoding="utf-8"))
        assert printed is not None, log.read_text(encoding="utf-8")
        nova_in, rook_in = person(browser, base), person(browser, base)
        try:
            nova, rook = nova_in.page, rook_in.page
            _set_up(base, printed.group(0), nova, rook)
            _first_roll(nova, rook)
            _combat(nova, rook)
            _turns(nova, rook)
        finally:
            nova_in.context.close()
            rook_in.context.close()


def _set_up(base: str, first_link: str, nova: Page, rook: Page) -> None:
    """The first run's link, a game, an invite; the player's character, approved."""
    nova.goto(first_link)
    expect(nova.get_by_text("This link makes the table's first Storyteller")).to_be_visible()
    _join(nova, STORYTELLER)
    # Home, with what to do next (rulings W90): the game is made there.
    welcome = nova.get_by_role("heading", name=f"Welcome, {STORYTELLER}: what to do next")
    expect(welcome).to_be_visible()
    nova.get_by_label("Name", exact=True).fill(GAME)
    nova.get_by_label("System and edition").select_option("fs3 3.3")
    nova.get_by_role("button", name="Make the game").click()
    nova.wait_for_url(f"**/games/{GAME.replace(' ', '%20')}")
    expect(nova.get_by_text(f"{STORYTELLER}, storyteller")).to_be_visible()

    nova.get_by_role("link", name="Members").click()
    nova.get_by_role("button", name="Make an invite link").click()  # a player, no character yet
    link = nova.get_by_label("Invite link")
    expect(link).to_be_visible()
    invite = link.input_value()
    assert invite.startswith(f"{base}/invite/inv_")
    nova.get_by_role("button", name="Copy").click()
    expect(nova.get_by_role("button", name="Copied")).to_be_visible()

    rook.goto(invite)
    expect(rook.get_by_text("You are invited as a player")).to_be_visible()
    _join(rook, PLAYER)  # taken to the game's table
    expect(rook.get_by_text(f"{PLAYER}, player")).to_be_visible()
    expect(rook.get_by_text("You have no character here yet")).to_be_visible()
    rook.get_by_role("link", name="make your character").click()
    _make_character(rook, HERO, SHEET)
    expect(rook.get_by_role("heading", name=HERO)).to_be_visible()  # its sheet
    expect(rook.get_by_text("not yet approved")).to_be_visible()

    nova.get_by_role("link", name="Table").click()  # the new character's card leads on
    expect(_cards(nova).filter(has_text=f"New character: {HERO}")).to_have_count(1)
    nova.get_by_role("link", name=f"Open {HERO}'s sheet").click()
    expect(nova.locator("#sheet")).to_contain_text(f"played by {PLAYER} · not yet approved")
    nova.get_by_role("button", name="Approve this sheet").click()
    expect(nova.locator("#sheet")).to_contain_text(f"played by {PLAYER} · approved")
    nova.get_by_role("link", name="Characters").click()
    expect(nova.get_by_role("row").filter(has_text=HERO)).to_contain_text(f"{PLAYER} approved")


def _first_roll(nova: Page, rook: Page) -> None:
    """A luck point from the table page, and the player's first roll, seen by both."""
    nova.get_by_role("link", name="Table").click()
    nova.get_by_label("Award to").select_option(HERO)
    nova.get_by_label("Points").select_option("luck")
    nova.get_by_label("Why").fill("first evening")
    nova.get_by_role("button", name="Award").click()
    expect(nova.locator("#gm-result")).to_contain_text(HERO)

    rook.get_by_role("link", name="Table").click()
    expect(rook.locator("#mine")).to_contain_text("Luck 2")  # a new character's one, and the award
    rook.locator("#text").fill("Firearms")  # a bare ability: their one character's
    rook.locator("#roll").get_by_role("button", name="Roll", exact=True).click()
    for page in (rook, nova):
        roll = _cards(page).filter(has_text=HERO).filter(has_text="Firearms")
        expect(roll).to_have_count(1)
        expect(roll).to_contain_text(re.compile(r"Firearms 3 \+ Reflexes 3 → 6 dice\s*[\[(]?\d"))


def _combat(nova: Page, rook: Page) -> None:
    """An NPC on the roster; a combat started; the character and the NPC in it, armed."""
    nova.get_by_role("link", name="NPCs").click()
    nova.get_by_label("Name", exact=True).fill(NPC)
    nova.get_by_label("Rating").fill("8")
    nova.get_by_label("Note").fill("a Cylon sympathizer")
    nova.get_by_role("button", name="Add", exact=True).click()
    expect(nova.get_by_role("row").filter(has_text=NPC)).to_contain_text("8")

    nova.get_by_role("link", name="Combat").click()
    nova.get_by_label("Name of the combat").fill(FIGHT)
    nova.get_by_role("button", name="Start").click()
    expect(nova.get_by_role("heading", name=FIGHT)).to_be_visible()
    nova.get_by_label("Character", exact=True).select_option(HERO)
    nova.get_by_label("Weapon", exact=True).select_option("Pistol")
    nova.get_by_role("button", name="Join", exact=True).click()
    expect(nova.locator("#combat-result")).to_contain_text(f"{HERO} joins {FIGHT}")
    expect(_fighter(nova, HERO)).to_contain_text("Pistol (")

    nova.get_by_role("link", name="the NPC roster").click()
    row = nova.get_by_role("row").filter(has_text=NPC)
    row.get_by_label(f"{NPC}'s weapon").select_option("Pistol")
    row.get_by_label(f"{NPC}'s armor").select_option("Tactical Armor")
    row.get_by_role("button", name=f"Add {NPC} to {FIGHT}").click()
    expect(nova.locator("#npc-result")).to_contain_text(f"{NPC} joins {FIGHT}")
    nova.get_by_role("link", name=FIGHT).click()  # back to the fight
    expect(_fighter(nova, NPC)).to_contain_text("Tactical Armor")

    # The player finds the fight from the table (its first card), and is asked for an action.
    expect(_cards(rook).filter(has_text=f"{FIGHT}: the fight begins")).to_have_count(1)
    rook.get_by_role("link", name=f"Go to {FIGHT}").click()
    expect(rook.locator("[data-action-needed]")).to_contain_text(
        f"Your action is needed: {HERO} has no action for turn 1"
    )
    rook.get_by_label("Action", exact=True).select_option("attack")
    rook.get_by_label("Target", exact=True).select_option(NPC)
    rook.get_by_label("Luck on").select_option("knockout")
    rook.get_by_role("button", name="Set action").click()
    expect(rook.locator("[data-action-needed]")).to_have_count(0)
    expect(rook.locator("#tracker")).to_contain_text(f"attack {NPC}, luck on knockout")

    expect(nova.locator("#tracker")).to_contain_text("Every character has an action")
    nova.get_by_label(f"{NPC}'s action").select_option("attack")
    nova.get_by_label(f"{NPC}'s target").select_option(HERO)
    nova.get_by_role("button", name="Set NPC actions").click()
    expect(nova.locator("#tracker")).to_contain_text(f"attack {HERO}")


def _turns(nova: Page, rook: Page) -> None:
    """Turns resolved until the NPC's attack wounds the character: each report read as roll
    cards by both; the first turn's actions carried into the next; the wound on the tracker
    and the sheet."""
    for turn in range(1, TURNS + 1):
        nova.get_by_role("button", name="Resolve the turn").click()
        for page in (nova, rook):
            _read_report(page, turn, storyteller=page is nova)
            expect(page.locator("#tracker")).to_contain_text(f"Turn {turn + 1}")
        if turn == 1:  # the luck point kept the character up, so both actions carry
            for page in (nova, rook):
                expect(_fighter(page, HERO)).to_contain_text(f"attack {NPC}")
            expect(_fighter(rook, HERO)).not_to_contain_text("luck on")  # spent for one turn
            expect(_fighter(nova, NPC)).to_contain_text(f"attack {HERO}")
            expect(_fighter(rook, NPC)).to_contain_text("hidden")
            expect(rook.locator("[data-action-needed]")).to_have_count(0)
        theirs = _attack(rook, turn, NPC, HERO).inner_text()
        if "Wound:" in theirs:
            break
    else:
        raise AssertionError(f"{NPC} never wounded {HERO} in {TURNS} turns")

    assert "Hit location:" in theirs, theirs
    wound = re.search(r"Wound: (\w+)", theirs)
    assert wound is not None, theirs
    for page in (nova, rook):
        expect(_fighter(page, HERO)).to_contain_text(wound.group(1))
    rook.get_by_role("navigation").get_by_role("link", name=HERO).click()
    expect(rook.locator("#sheet")).to_contain_text(wound.group(1))


def _read_report(page: Page, turn: int, *, storyteller: bool) -> None:
    """A turn's report: the initiative card, with the character's dice, then each attack as
    a card with its dice; the NPC's (they would tell its rating) only for the Storyteller."""
    report = _cards(page).filter(has_text=f"{FIGHT}: turn {turn}")
    expect(report).to_have_count(1)
    initiative = report.locator(".turn-cards > .card").first
    expect(initiative).to_contain_text(f"Initiative · {FIGHT}, turn {turn}")
    faces = r"(?:[\[(]?\d|\(no dice\))"  # the first die, or none (wounds may leave none)
    expect(initiative).to_contain_text(re.compile(rf"{HERO} \(\d+ hits?\)[^:]*: {faces}"))
    hero, npc = (rf"{who}: .* \d+ dic?e\s*{faces}" for who in (HERO, NPC))  # "→ 6 dice" ...
    if not storyteller:
        npc = r"\d+ hits?, dice kept by the Storyteller"
    mine, theirs = _attack(page, turn, HERO, NPC), _attack(page, turn, NPC, HERO)
    for attack in (mine, theirs):
        expect(attack).to_contain_text(re.compile(r"^.*: (hit|miss|blocked)"))
    expect(mine).to_contain_text(re.compile(f"Attack: {hero}.*Defense: {npc}"))
    expect(theirs).to_contain_text(re.compile(f"Attack: {npc}.*Defense: {hero}"))
    where = re.search(r"Hit location: (?:2d8 [\d+]+ → )?(\w+)", mine.inner_text())
    if where and where.group(1) in ARMORED:  # the NPC's armor had its say, on the card
        expect(mine).to_contain_text(re.compile(r"Armor: Tactical Armor \(stop \d+%"))


def _attack(page: Page, turn: int, attacker: str, defender: str) -> Locator:
    report = _cards(page).filter(has_text=f"{FIGHT}: turn {turn}")
    return report.locator(".turn-cards > .card").filter(has_text=f"{attacker} attacks {defender}")


def _cards(page: Page) -> Locator:
    return page.locator("#feed > li")


def _fighter(page: Page, name: str) -> Locator:
    """A combatant's row of the tracker."""
    tracker = page.locator("#tracker")
    return tracker.get_by_role("row").filter(has=page.get_by_role("rowheader", name=name))
