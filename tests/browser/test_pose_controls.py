"""A pose's Edit and Delete, a secret roll's Reveal, search onto an edited pose and the seed
reveal's question, in real Chromium, each person in their own browser (issue 37; rulings
S73-S76). Pia edits her pose twice in a row from its card and Otto's page follows live, the
pose keeping its place, its time, its Link and Copy tools and "(edited)"; she deletes another
and its words leave both pages; Otto's search lands on the edited pose by its new words. The
Storyteller reveals two secret rolls in a row from their cards and each opens on Pia's page
(a phone) where it was. Revealing a seed chain asks first, and a No reveals nothing."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Dialog, Page, expect

from tests.browser.conftest import PHONE
from tests.browser.scene_pages import post_lines
from tests.server.process import lines_as, signed_in


def _number(page: Page, text: str) -> int:
    """The event number of the newest card holding ``text`` on ``page``."""
    card = page.locator("#feed > li").filter(has_text=text).last
    expect(card).to_be_visible()
    return int(str(card.get_attribute("id"))[1:])


def _stop(live_server: str, number: object) -> None:
    """The scene ends, for the shared server's next tests, whatever became of this one."""
    client, headers = signed_in(live_server, "Stella")
    try:
        client.post("/api/v1/games/Pegasus/commands", json={"text": f"scene/stop {number}"},
                    headers=headers)  # fmt: skip
    finally:
        client.close()


def test_a_pose_is_edited_twice_and_another_deleted_from_its_card(
    people: Callable[..., Page], live_server: str
) -> None:
    (started,) = lines_as(live_server, "Stella", "scene/start Tidewatch=Low water")
    number = started["number"]
    lines_as(live_server, "Pia", f"scene/join {number}")
    url = f"/games/Pegasus/scenes/{number}"
    try:
        pia, otto = people("Pia"), people("Otto", PHONE)
        for page in (pia, otto):
            page.goto(url)
            expect(page.locator("#live")).to_have_text("Live")
        post_lines(pia, "watches the tide come in.")
        pose = _number(otto, "watches the tide come in.")
        post_lines(pia, "checks her watch.")  # a later card: the edited pose keeps its place
        later = _number(otto, "checks her watch.")
        when = pia.locator(f"#e{pose} time").get_attribute("datetime")
        mine, theirs = pia.locator(f"#e{pose}"), otto.locator(f"#e{pose}")
        expect(theirs.get_by_role("button", name="Edit")).to_be_hidden()  # Pia's alone
        expect(theirs.get_by_role("button", name="Delete")).to_be_hidden()
        for text in ("watches the *dark* tide.", "watches the rising tide."):
            mine.get_by_role("button", name="Edit").click()
            box = mine.get_by_label(f"Pose #{pose}, as it should read")
            expect(box).to_be_focused()
            box.fill(text)
            mine.get_by_role("button", name="Save").click()
            shown = text.replace("*", "")
            for page in (pia, otto):
                card = page.locator(f"#e{pose}")
                expect(card).to_contain_text(shown)
                expect(card).to_contain_text("(edited)")
                expect(card.get_by_role("link", name="Link")).to_be_visible()
                expect(card.get_by_role("button", name="Copy as text")).to_be_visible()
                copied = card.get_by_role("button", name="Copy as text").get_attribute("data-copy")
                assert shown in str(copied), copied
                assert card.locator("time").get_attribute("datetime") == when
                ids = page.locator("#feed > li[id]").evaluate_all("l => l.map(i => i.id)")
                assert ids.index(f"e{pose}") < ids.index(f"e{later}"), ids
            expect(pia.locator(f"#e{pose}").get_by_role("button", name="Edit")).to_be_visible()
            expect(otto.locator(f"#e{pose}").get_by_role("button", name="Edit")).to_be_hidden()
        for page in (pia, otto):
            expect(page.locator("#feed")).not_to_contain_text("come in")
            expect(page.locator("#feed")).not_to_contain_text("dark tide")
        # Another pose, deleted from its card after a question.
        post_lines(pia, "drops the harbour map.")
        gone = _number(otto, "drops the harbour map.")
        asked: list[str] = []

        def answer(dialog: Dialog) -> None:
            asked.append(dialog.message)
            dialog.accept()

        pia.once("dialog", answer)
        pia.locator(f"#e{gone}").get_by_role("button", name="Delete").click()
        for page in (pia, otto):
            expect(page.locator(f"#e{gone}")).to_contain_text("Nikos's pose was deleted")
            expect(page.locator("#feed")).not_to_contain_text("harbour map")
        assert len(asked) == 1
        assert f"Delete pose #{gone}?" in asked[0], asked
        # Search lands on the pose by its words now; its old words and the deleted pose's
        # find nothing.
        otto.goto("/games/Pegasus/scenes/search?q=rising+tide")
        otto.locator("ol.hits a").first.click()
        otto.wait_for_url(f"**{url}#e{pose}")
        expect(otto.locator(f"#e{pose}")).to_have_class("linked-card")
        expect(otto.locator(f"#e{pose}")).to_contain_text("watches the rising tide.")
        for words in ("come in", "dark", "harbour map"):
            otto.goto(f"/games/Pegasus/scenes/search?q={words.replace(' ', '+')}")
            expect(otto.locator("#hits .status")).to_have_text("0 found.")
    finally:
        _stop(live_server, number)


def test_the_storyteller_reveals_secret_rolls_from_their_cards(
    people: Callable[..., Page], live_server: str
) -> None:
    (started,) = lines_as(live_server, "Stella", "scene/start Backroom=Cards on the table")
    number = started["number"]
    url = f"/games/Pegasus/scenes/{number}"
    try:
        stella, pia = people("Stella"), people("Pia", PHONE)
        for page in (stella, pia):
            page.goto(url)
            expect(page.locator("#live")).to_have_text("Live")
        for npc in ("Dealerzed", "Croupierzed"):  # two in a row
            post_lines(stella, f"roll/secret {npc}/5")
            roll = _number(stella, npc)
            expect(pia.locator(f"#e{roll}")).to_contain_text("hidden")
            expect(pia.locator(f"#e{roll}")).not_to_contain_text(npc)
            expect(pia.get_by_role("button", name="Reveal to the scene")).to_have_count(0)
            stella.locator(f"#e{roll}").get_by_role("button", name="Reveal to the scene").click()
            opened = pia.locator(f"#e{roll}")
            expect(opened).to_contain_text(npc)  # the card opens where it was
            expect(stella.locator(f"#e{roll}")).to_contain_text("Revealed: #")
            expect(stella.locator(f"#e{roll}").get_by_role("button")).to_have_text(
                ["Copy as text"])  # fmt: skip
        pia.reload()  # as the ledger stands: still open
        expect(pia.locator("#feed")).to_contain_text("Dealerzed")
        expect(pia.locator("#feed")).to_contain_text("Croupierzed")
    finally:
        _stop(live_server, number)


def _reveals(live_server: str) -> int:
    """How many seeds the game has revealed (its seeds as the Storyteller reads them)."""
    client, _ = signed_in(live_server, "Stella")
    try:
        return len(client.get("/api/v1/games/Pegasus/seeds").json()["revealed"])
    finally:
        client.close()


def test_revealing_a_seed_chain_asks_first(people: Callable[..., Page], live_server: str) -> None:
    stella = people("Stella")
    stella.goto("/games/Pegasus/verify")
    before = _reveals(live_server)
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        if len(asked) == 1:
            dialog.dismiss()  # the first time: no
        else:
            dialog.accept()

    stella.on("dialog", answer)
    stella.get_by_label("Chain").select_option("hidden")
    stella.get_by_role("button", name="Reveal the seed and commit a new one").click()
    assert len(asked) == 1
    assert "secret and private rolls" in asked[0], asked
    stella.get_by_role("button", name="Reveal the seed and commit a new one").click()
    expect(stella.locator("#seed-result")).to_contain_text("the next is committed")
    assert len(asked) == 2
    assert _reveals(live_server) == before + 1  # the No revealed nothing; the Yes one
