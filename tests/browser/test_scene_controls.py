"""The scene page's controls (issue 37, "every common move is a control, not a typed
command"), each with the Storyteller and players in their own browsers at once, on a desktop
and a phone (390x844): the Start form's location and type, and the header edited in place
and never stale (a ``scene/set`` typed anywhere reaches every open page); "Ask for a roll"
with its lists and its exact odds; "Start a combat" from the scene; luck and who sees it
beside the pose box; a finished scene (no pose box on any open page, a line to its record,
the scenes list and the "begins" card leading on); search found on the scenes page, a word
finding the words it begins; "Your turn" by the pose box on a phone."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.scene_pages import post_lines
from tests.server.process import lines_as, signed_in

PHONE: ViewportSize = {"width": 390, "height": 844}  # issue 37's phone
SCENES = "/games/Pegasus/scenes"
# What the page holds across a redraw, but not across a reload: set before a change, it
# shows the change came live.
MARK = "() => { window.kept = true; }"
KEPT = "() => window.kept === true"


def _url(number: int) -> str:
    return f"{SCENES}/{number}"


@contextmanager
def _scene(base: str, title: str, *joining: str) -> Iterator[int]:
    """A scene Stella starts (by the API) and ``joining`` join; stopped afterwards, for the
    shared server's next tests."""
    (started,) = lines_as(base, "Stella", f"scene/start {title}")
    number = int(started["number"])
    for name in joining:
        lines_as(base, name, f"scene/join {number}")
    try:
        yield number
    finally:
        _quietly(base, f"scene/stop {number}")


def _quietly(base: str, line: str) -> None:
    """A line run as Stella whatever came of it (a scene the test stopped already)."""
    client, headers = signed_in(base, "Stella")
    try:
        client.post("/api/v1/games/Pegasus/commands", json={"text": line}, headers=headers)
    finally:
        client.close()


def _open(pages: dict[str, Page], url: str) -> None:
    for page in pages.values():
        page.goto(url)
        expect(page.locator("#live")).to_have_text("Live")
        page.evaluate(MARK)


def test_a_scene_starts_from_the_form_and_its_header_is_edited_live(
    people: Callable[..., Page], live_server: str
) -> None:
    """Title, location, type and summary from the Start form; the header edited in place by
    its starter, twice; a ``scene/set`` typed through the API: every open page shows each
    change without a reload; a player gets no edit control."""
    stella, pia, otto = people("Stella"), people("Pia", PHONE), people("Otto")
    stella.goto(SCENES)
    stella.get_by_label("Title").fill("Controls Pier")
    stella.get_by_label("Location").fill("Pier 9")
    stella.get_by_label("Type").select_option("action")
    stella.get_by_label("Summary").fill("Rain on the cranes")
    stella.get_by_role("button", name="Start", exact=True).click()
    stella.wait_for_url("**/games/Pegasus/scenes/*")
    number = int(stella.url.rsplit("/", 1)[1])
    try:
        pages = {"Stella": stella, "Pia": pia, "Otto": otto}
        _open(pages, _url(number))
        for page in pages.values():
            expect(page.locator("#scene-where")).to_have_text("An action scene at Pier 9")
            expect(page.locator("#feed-title")).to_contain_text("Rain on the cranes")
            expect(page.locator("#feed")).to_contain_text("takes place at Pier 9")
        for page in (pia, otto):  # neither started it nor tells the story
            expect(page.locator("#scene-edit")).to_have_count(0)

        stella.get_by_text("Edit where and what kind").click()
        stella.get_by_label("Location", exact=True).fill("Pier 10")
        stella.get_by_label("Type", exact=True).select_option("plot")
        stella.get_by_role("button", name="Save").click()
        for page in pages.values():
            expect(page.locator("#scene-where")).to_have_text("A plot scene at Pier 10")

        lines_as(live_server, "Stella", f"scene/set {number} location=The lighthouse")
        for page in pages.values():
            expect(page.locator("#scene-where")).to_have_text("A plot scene at The lighthouse")
        # The open form follows the header: a second edit starts from where it now is.
        expect(stella.get_by_label("Location", exact=True)).to_have_value("The lighthouse")
        stella.get_by_label("Type", exact=True).select_option("social")
        stella.get_by_role("button", name="Save").click()
        for page in pages.values():
            expect(page.locator("#scene-where")).to_have_text("A social scene at The lighthouse")
            assert page.evaluate(KEPT)  # every change came live, no page reloaded
        # What Stella types is hers while she edits: a pose that arrives meanwhile (its
        # header comes with it) does not take her new place back, the field not focused.
        stella.get_by_label("Location", exact=True).fill("The breakwater")
        stella.get_by_label("Type", exact=True).focus()
        lines_as(live_server, "Pia", f"scene/join {number}", ":waves from the quay.")
        expect(stella.locator("#feed")).to_contain_text("waves from the quay.")
        expect(stella.get_by_label("Location", exact=True)).to_have_value("The breakwater")
        stella.get_by_role("button", name="Save").click()
        for page in pages.values():
            expect(page.locator("#scene-where")).to_have_text("A social scene at The breakwater")
        client, _ = signed_in(live_server, "Pia")
        try:  # as the service has it
            shown = client.get(f"/api/v1/games/Pegasus/scenes/{number}?limit=1").json()
        finally:
            client.close()
        assert (shown["location"], shown["scene_kind"]) == ("The breakwater", "social")
    finally:
        _quietly(live_server, f"scene/stop {number}")


# Odds as drawn (render/html.py odds_html), said as a request's card says them:
# 'CHECK: outcome chance, ...'.
SAID = ("o => o.querySelector('.check').textContent + ': ' + [...o.querySelectorAll('li')]"
        ".map(li => li.textContent.trim()).join(', ')")  # fmt: skip


def _table_odds(page: Page, line: str) -> tuple[str, str]:
    """The table's roll box's odds of ``line`` (its own route): its check, and all of it."""
    said = page.evaluate(
        f"""async line => {{
          const r = await fetch("/games/Pegasus/odds?text=" + encodeURIComponent(line));
          const o = document.createElement("div");
          o.innerHTML = await r.text();
          return [o.querySelector('.check').textContent, ({SAID})(o)];
        }}""", line)  # fmt: skip
    return str(said[0]), str(said[1])


def test_the_storyteller_asks_for_a_roll_with_its_odds(
    people: Callable[..., Page], live_server: str
) -> None:
    """The lists: each character's own abilities, changing with the character; the odds the
    roll box would show, before asking, following the modifier; asked secret, the player
    answers with the card's button; a second ask from the same form."""
    with _scene(live_server, "Controls Ask", "Pia") as number:
        pages = {"Stella": people("Stella"), "Pia": people("Pia", PHONE), "Otto": people("Otto")}
        stella, pia, otto = pages["Stella"], pages["Pia"], pages["Otto"]
        _open(pages, _url(number))
        for page in (pia, otto):
            expect(page.locator("#ask")).to_have_count(0)  # the Storyteller's alone
        ask = stella.locator("#ask")
        ability = ask.get_by_label("Ability")
        ask.get_by_label("Character").select_option("Mavros")
        expect(ability.locator("option", has_text="Medicine")).to_have_count(1)
        expect(ability.locator("option", has_text="Piloting")).to_have_count(0)
        ask.get_by_label("Character").select_option("Nikos")
        expect(ability.locator("option", has_text="Piloting")).to_have_count(1)
        expect(ability.locator("option", has_text="Medicine")).to_have_count(0)
        ability.select_option("Piloting")
        expect(ask.locator("#ask-odds")).to_contain_text("Piloting")
        check, plain = _table_odds(stella, "roll Nikos/Piloting")
        expect(ask.locator("#ask-odds .check")).to_have_text(check)
        assert ask.locator("#ask-odds").evaluate(SAID) == plain
        ask.get_by_label("Modifier").fill("-2")
        check, harder = _table_odds(stella, "roll Nikos/Piloting-2")
        assert harder != plain
        expect(ask.locator("#ask-odds .check")).to_have_text(check)  # as it is typed
        assert ask.locator("#ask-odds").evaluate(SAID) == harder
        ask.get_by_label("Secret").check()
        ask.get_by_role("button", name="Ask").click()
        for page in pages.values():
            card = page.locator("#feed > li").filter(has_text="asks Nikos for a roll: Piloting-2")
            expect(card).to_contain_text("secret")
            expect(card).to_contain_text(f"odds: {harder}")  # as the form showed them
        pia.get_by_role("button", name="Roll Piloting-2 for Nikos").click()
        for page in pages.values():
            expect(page.locator("#feed")).to_contain_text("Answered: #")

        ask.get_by_label("Character").select_option("Mavros")  # a second ask, the same form
        ask.get_by_label("Ability").select_option("Medicine")
        ask.get_by_label("Modifier").fill("0")
        ask.get_by_label("Secret").uncheck()
        expect(ask.locator("#ask-odds")).to_contain_text("Medicine")
        ask.get_by_role("button", name="Ask").click()
        expect(otto.get_by_role("button", name="Roll Medicine for Mavros")).to_be_visible()
        expect(pia.get_by_role("button", name="Roll Medicine for Mavros", include_hidden=True)
               ).to_be_hidden()  # fmt: skip
        for page in pages.values():
            assert page.evaluate(KEPT)


def test_a_combat_starts_from_the_scene_and_a_roll_takes_luck_and_an_audience(
    people: Callable[..., Page], live_server: str
) -> None:
    """ "Start a combat" lands the fight in this scene, its panel on every page; beside the
    pose box, luck and who sees it go with a roll typed there (a private roll: Otto never
    sees it), are refused for a pose, and go back to their defaults after each line."""
    fight = "Controls Brawl"
    # Nikos's luck to spend (the shared server's earlier tests may have spent his).
    lines_as(live_server, "Stella", "luck/award Nikos=1/for the scene controls' test")
    with _scene(live_server, "Controls Fight", "Pia", "Otto") as number:
        pages = {"Stella": people("Stella"), "Pia": people("Pia", PHONE), "Otto": people("Otto")}
        stella, pia, otto = pages["Stella"], pages["Pia"], pages["Otto"]
        try:
            _open(pages, _url(number))
            for page in (pia, otto):
                expect(page.get_by_role("button", name="Start the combat")).to_have_count(0)
            stella.get_by_label("Name of the combat").fill(fight)
            stella.get_by_role("button", name="Start the combat").click()
            for page in pages.values():
                expect(page.locator("#scene-combat")).to_contain_text(f"Combat: {fight}")

            box = pia.locator("#pose-spend")
            luck, audience = box.get_by_label("Spend luck"), box.get_by_label("Who sees it")
            luck.select_option("bonus")
            pia.locator("#text").fill("grins.")
            pia.locator("#text").press("Enter")
            expect(pia.locator("#pose-result")).to_contain_text("spent on a roll")
            expect(pia.locator("#text")).to_have_value("grins.")  # refused: kept, as chosen
            expect(luck).to_have_value("bonus")
            luck.select_option("")
            audience.select_option("private")
            pia.locator("#text").press("Enter")
            expect(pia.locator("#pose-result")).to_contain_text("not for a pose")
            expect(audience).to_have_value("private")
            luck.select_option("bonus")
            pia.locator("#text").fill("roll Piloting")
            pia.locator("#text").press("Enter")
            expect(pia.locator("#text")).to_have_value("")
            rolled = stella.locator("#feed > li").filter(has_text="Piloting").last
            expect(rolled).to_contain_text("luck")
            expect(rolled.locator(".badge")).to_have_text("private")
            expect(luck).to_have_value("")  # for that roll alone
            expect(audience).to_have_value("")
            post_lines(pia, "looks up.")  # and the next line is a pose again
            expect(otto.locator("#feed > li").last).to_contain_text("Nikos looks up.")
            expect(otto.locator("#feed")).not_to_contain_text("Piloting")
            for page in pages.values():
                assert page.evaluate(KEPT)
        finally:
            _quietly(live_server, f"combat/stop {fight}")
            lines_as(live_server, "Stella", "luck/award Nikos=1/given back after a test")


def test_a_finished_scene_shows_it_everywhere_and_leads_to_its_record(
    people: Callable[..., Page], live_server: str
) -> None:
    """Stopped from its page or typed elsewhere, a scene's open pages lose their pose box at
    once and say it is over, with its record's link; the scenes list links it to its record;
    its "begins" card on the table's feed leads to its page."""
    with _scene(live_server, "Controls Over", "Pia") as number:
        pages = {"Stella": people("Stella"), "Pia": people("Pia", PHONE), "Otto": people("Otto")}
        stella, pia, otto = pages["Stella"], pages["Pia"], pages["Otto"]
        pia.goto("/games/Pegasus")
        begins = pia.locator("#feed > li").filter(has_text=f"Scene {number}: Controls Over begins")
        begins.get_by_role("link", name=f"Go to scene {number}").click()
        pia.wait_for_url(f"**{_url(number)}")
        _open(pages, _url(number))
        expect(pia.locator("#text")).to_be_visible()
        expect(otto.get_by_role("button", name="Join")).to_be_visible()  # he is not in it
        stella.on("dialog", lambda dialog: dialog.accept())
        stella.get_by_role("button", name="Stop", exact=True).click()
        for page in pages.values():
            over = page.locator("#scene-over")
            expect(over).to_contain_text("This scene is over.")
            expect(over.get_by_role("link", name="Read its record")).to_have_attribute(
                "href", f"{_url(number)}/record")  # fmt: skip
            expect(page.locator("#text")).to_have_count(0)
            expect(page.locator("#scene-acts")).to_have_count(0)
            assert page.evaluate(KEPT)
        expect(otto.get_by_role("button", name="Join")).to_have_count(0)  # the controls too
        pia.locator("#scene-over").get_by_role("link", name="Read its record").click()
        expect(pia.locator("#record-title")).to_have_text(f"Scene {number}: Controls Over")
        pia.goto(SCENES)
        listed = pia.locator("ul.scenes a", has_text=f"{number}. Controls Over")
        expect(listed).to_have_attribute("href", f"{_url(number)}/record")

    with _scene(live_server, "Controls Over Too", "Pia") as number:  # stopped elsewhere
        pia.goto(_url(number))
        expect(pia.locator("#live")).to_have_text("Live")
        expect(pia.locator("#text")).to_be_visible()
        lines_as(live_server, "Stella", f"scene/stop {number}")
        expect(pia.locator("#scene-over")).to_contain_text("This scene is over.")
        expect(pia.locator("#text")).to_have_count(0)


def test_search_is_on_the_scenes_page_and_finds_a_word_by_its_start(
    people: Callable[..., Page], live_server: str
) -> None:
    with _scene(live_server, "Controls Search", "Pia"):
        lines_as(live_server, "Pia", "pose pries the hatch open with a crowbar.")
        for page in (people("Otto"), people("Otto", PHONE)):
            page.goto(SCENES)
            page.get_by_role("search").get_by_label("Words").fill("CROW hatch")
            page.get_by_role("search").get_by_role("button", name="Search").click()
            page.wait_for_url("**/scenes/search?q=*")
            hit = page.locator("ol.hits li").filter(has_text="crowbar")
            expect(hit).to_contain_text("Nikos: pries the hatch open with a crowbar.")
            expect(hit.get_by_role("link")).to_contain_text("Controls Search")


def test_your_turn_sits_by_the_pose_box_on_a_phone(
    people: Callable[..., Page], live_server: str
) -> None:
    with _scene(live_server, "Controls Turn", "Pia", "Otto") as number:
        pages = {
            "Stella": people("Stella"),
            "Pia": people("Pia", PHONE),
            "Otto": people("Otto", PHONE),
        }
        stella, pia, otto = pages["Stella"], pages["Pia"], pages["Otto"]
        _open(pages, _url(number))
        post_lines(stella, "The rain stops.")
        post_lines(otto, "shakes out his coat.")
        turn = pia.locator("#pose-turn")
        expect(turn).to_have_text("Your turn")
        expect(otto.locator("#pose-turn")).to_be_hidden()
        pia.locator("#text").focus()  # where her eyes are when she writes
        box, said = pia.locator("#text").bounding_box(), turn.bounding_box()
        assert box is not None
        assert said is not None
        assert 0 <= box["y"] - (said["y"] + said["height"]) < 20  # just above the box
        assert said["y"] >= 0  # in view with it
        assert box["y"] < PHONE["height"]
        expect(stella.locator("#pose-turn")).to_be_hidden()  # a desktop: the panel is beside
        post_lines(pia, "follows him in.")
        expect(turn).to_be_hidden()
        expect(otto.locator("#pose-turn")).to_be_hidden()  # Stella's turn now
        lines_as(live_server, "Stella", f"scene/pause {number}")
        expect(stella.locator("#scene-where")).to_contain_text("paused")
        for page in (pia, otto):
            expect(page.locator("#pose-turn")).to_be_hidden()  # nobody is waited on
