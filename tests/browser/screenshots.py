"""The screenshots in docs/ and the README: a real server with the example games and the
test people, a few rolls, a combat turn, and Chromium at a desktop's and a phone's width.

    ./scripts/screenshots            # writes docs/images/*.png
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from rollplay.table.service import Table
from tests.browser.conftest import DESKTOP, PHONE, person
from tests.people import seat_people
from tests.server.process import lines_as, serving, signed_in

LINES = {
    "Stella": ["combat/start Ambush", "combat/join Nikos/weapon=Pistol",
               "combat/join Mavros/weapon=Rifle",
               "combat/join Raider 1/npc=5,team=B,weapon=Rifle,armor=Flak Vest",
               "combat/attack Raider 1=Nikos", "roll/secret Raider/4",
               "luck/award Nikos=1/a daring landing"],
    "Pia": ["roll Piloting", "roll/private Alertness", "combat/attack Raider 1/called=Chest"],
    "Otto": ["roll Mavros/Firearms vs Raider/5", "combat/stance Mavros=Cover",
             "combat/aim Raider 1"],
}  # fmt: skip


def play(base: str) -> None:
    for name, lines in LINES.items():
        client, headers = signed_in(base, name)
        try:
            for line in lines:
                done = client.post("/api/v1/games/Pegasus/commands", json={"text": line},
                                   headers=headers)  # fmt: skip
                if done.status_code != 200:
                    raise SystemExit(f"{name}: {line}: {done.text}")
        finally:
            client.close()
    client, headers = signed_in(base, "Stella")
    try:
        client.post("/api/v1/games/Pegasus/commands", json={"text": "combat/newturn Ambush"},
                    headers=headers).raise_for_status()  # fmt: skip
    finally:
        client.close()


# A short scene (issue 30), played after the rolls above: poses and a roll between them.
SCENE = [("Stella", "scene/start Docks=Rain on the harbour"), ("Pia", "scene/join 1"),
         ("Otto", "scene/join 1"),
         ("Stella", "pose/as Harbourmaster=squints through the rain. *Papers*, please."),
         ("Pia", ":hands over the forged papers, smiling."), ("Pia", "roll Nikos/Poker"),
         ("Otto", "say We should not linger.\nThe tide turns soon.")]  # fmt: skip


def play_scene(base: str) -> None:
    for name, line in SCENE:
        lines_as(base, name, line)


# The Storyteller's roster (issue 31): a few NPCs with their ratings and notes.
ROSTER = [
    ("Harbourmaster", "3", "Knows every ship in port"),
    ("Raider Captain", "6", "Leads the boarding party"),
    ("Dock Guard", "2", ""),
]


def fill_roster(db: str) -> None:
    table = Table(db)
    try:
        stella = table.acting_as("Stella")
        for name, rating, note in ROSTER:
            stella.add_npc("Pegasus", name, rating, note)
    finally:
        table.close()


def new_character(page: Page, out: Path) -> None:
    """A player's new character on the form, part filled: its totals as they type."""
    page.goto("/games/Pegasus/new-character")
    page.get_by_label("Name", exact=True).first.fill("Calla")
    for attribute, rating in (("Brawn", "3"), ("Reflexes", "4"), ("Presence", "2")):
        page.get_by_label(attribute, exact=True).fill(rating)
    page.wait_for_timeout(500)  # the totals redraw
    page.screenshot(path=str(out), full_page=False)
    print(f"wrote {out}")


def shoot(page: Page, path: str, out: Path, *, whole: bool = False) -> None:
    page.goto(path)
    page.wait_for_timeout(500)  # the live feed connects (and a scene's combat panel loads)
    page.screenshot(path=str(out), full_page=whole)
    print(f"wrote {out}")


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{tmp}/table.db"
        seat_people(db)
        fill_roster(db)
        with serving(db) as (base, _), sync_playwright() as p:
            play(base)
            play_scene(base)
            browser = p.chromium.launch(executable_path=_chromium())
            for name, size, scheme, shots in (
                ("Pia", DESKTOP, "light", [("/games/Pegasus", "table.png"),
                                           ("/games/Pegasus/characters/Nikos", "sheet.png")]),
                ("Stella", DESKTOP, "dark", [("/games/Pegasus/combats/Ambush", "combat.png")]),
                ("Pia", PHONE, "dark", [("/games/Pegasus", "table-phone.png")]),
                ("Stella", DESKTOP, "light", [("/games/Pegasus/scenes/1", "scene.png")]),
                ("Otto", PHONE, "dark", [("/games/Pegasus/scenes/1", "scene-phone.png")]),
                ("Stella", DESKTOP, "light", [("/games/Pegasus/npcs", "npcs.png"),
                                              ("/games/Pegasus/members", "members.png")]),
                ("Pia", PHONE, "light", [("/games/Pegasus/combats/Ambush", "combat-phone.png")]),
            ):  # fmt: skip
                context, page = person(browser, base, name, size, color_scheme=scheme)  # type: ignore[arg-type]
                for path, file in shots:
                    shoot(page, path, folder / file)
                context.close()
            context, page = person(browser, base, "Pia", DESKTOP)
            new_character(page, folder / "character-form.png")
            context.close()
            # Last, so the shots above stay as they were: the Storyteller, in scene 1,
            # resolves Ambush's next turn there, and the scene's page shows its combat panel.
            lines_as(base, "Stella", "combat/newturn Ambush")
            context, page = person(browser, base, "Stella", DESKTOP)
            shoot(page, "/games/Pegasus/scenes/1", folder / "scene-combat.png", whole=True)
            context.close()
            browser.close()


def _chromium() -> str:
    import os

    path = os.environ.get("ROLLPLAY_CHROMIUM")
    if not path:
        raise SystemExit("set ROLLPLAY_CHROMIUM (./scripts/screenshots does)")
    return path


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
