"""Rules read again (issue 37) in a real Chromium, several people at once, desktop and
phone: a misspelt ability is refused by the roll box before anything is rolled (000
Untrained Rolls; rulings R28); a roll request is answered from its card with a luck point
spent as on one's own roll, and a Hail Mary (002 Luck, 000 Hail Mary Rolls; R31); a request
card's odds follow a raise on every open screen (R32); a 3.2 background skill is learned on
the sheet with its ruling attribute (002 Ruling Attribute; R30).

On a server of this module's own: these raise skills and spend luck, which the session's
shared server's other tests count on."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Dialog, Page, ViewportSize, expect

from rollplay.table.service import Table
from tests.browser.conftest import DESKTOP, PHONE, person
from tests.people import seat_people
from tests.server.process import serving

NEWEST = "() => { const l = document.querySelector('#feed > li:last-child'); " \
         "return l ? +l.id.slice(1) : 0 }"  # fmt: skip
ADA = {"name": "Ada", "system": "fs3",
       "attributes": {"Academic": 2, "Athletic": 3, "Creative": 2, "Reactive": 3, "Social": 2},
       "action": {"Firearms": 4}, "background": {"Singing": {"rating": 2, "attribute": "Creative"}},
       "languages": ["English"]}  # fmt: skip


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = f"sqlite:///{tmp_path_factory.mktemp('rules') / 'rules.db'}"
    seat_people(db)
    table = Table(db)
    try:  # an FS3.2 game (002), where each character chooses a background skill's attribute
        table.new_game("Galactica", "fs3", "3.2")
        table.add_member("Galactica", "Stella", "storyteller")
        table.add_member("Galactica", "Pia", "player")
        table.acting_as("Pia").new_character("Galactica", ADA)
        table.approve("Galactica", "Ada")
        table.award_xp("Galactica", "Ada", 3)
    finally:
        table.close()
    with serving(db) as (url, _):
        yield url


@pytest.fixture
def at(browser: Browser, base: str) -> Iterator[Callable[..., Page]]:
    """``at("Pia", PHONE)``: her page on this module's server, signed in, in her own context."""
    opened: list[BrowserContext] = []

    def open_page(name: str, viewport: ViewportSize = DESKTOP, where: str = "/games/Pegasus"
                  ) -> Page:  # fmt: skip
        context, page = person(browser, base, name, viewport)
        opened.append(context)
        page.goto(where)
        if where == "/games/Pegasus":
            expect(page.locator("#live")).to_have_text("Live")
        return page

    yield open_page
    for context in opened:
        context.close()


def newest(page: Page) -> int:
    return int(page.evaluate(NEWEST))


def type_line(page: Page, text: str) -> None:
    """A line sent from the roll box, its answer awaited (htmx drops a send in flight)."""
    page.locator("#text").fill(text)
    with page.expect_response(lambda r: r.url.endswith("/roll")):
        page.get_by_role("button", name="Roll", exact=True).click()


def test_a_misspelt_roll_is_refused_before_it_is_rolled(at: Callable[..., Page]) -> None:
    """Pia on her phone types Pilotting: the odds under the box say what she meant before she
    rolls; the Roll is refused in the same words and no card reaches Stella's feed; she
    fixes the word and the roll lands."""
    pia, stella = at("Pia", PHONE), at("Stella")
    before = newest(stella)
    pia.locator("#text").fill("roll Nikos/Pilotting")
    expect(pia.locator("#odds")).to_contain_text("(did you mean Piloting?)")
    pia.get_by_role("button", name="Roll", exact=True).click()
    expect(pia.locator("#roll-result")).to_contain_text("(did you mean Piloting?)")
    type_line(pia, "roll Nikos/Alertness")  # a roll after it lands: nothing was held back
    stella.wait_for_function(f"() => ({NEWEST})() > {before}")
    landed = newest(stella)
    expect(stella.locator(f"#e{landed}")).to_contain_text("Alertness")
    assert stella.locator("#feed > li").filter(has_text="Pilotting").count() == 0
    type_line(pia, "roll Nikos/Piloting")
    stella.wait_for_function(f"() => ({NEWEST})() > {landed}")
    expect(stella.locator(f"#e{newest(stella)}")).to_contain_text("Piloting")


def test_a_request_is_answered_with_luck_from_its_card(at: Callable[..., Page]) -> None:
    """Stella asks Nikos for Firearms: on Pia's phone the card offers a luck point as her own
    roll would take it (FS3.3: a bonus or a Hail Mary, no re-roll); she spends one, and
    every screen shows the request answered by a roll with luck. Then Stella asks for
    Demolitions, which only a Hail Mary allows (000): the card says so, and her Roll spends
    the point."""
    stella, pia, otto = at("Stella"), at("Pia", PHONE), at("Otto")
    luck = pia.locator("#mine strong").first
    expect(luck).to_have_text("1")  # 002 Luck: "Every character begins the game with 1"
    type_line(stella, "luck/award Nikos=2")
    expect(luck).to_have_text("3")
    before = newest(pia)
    type_line(stella, "request Nikos Firearms")
    pia.wait_for_function(f"() => ({NEWEST})() > {before}")
    asked = newest(pia)
    control = pia.locator(f"#answer-{asked}")
    spend = control.get_by_label("Spend luck")
    expect(spend).to_be_visible()
    expect(spend.locator("option")).to_have_text(["no", "a bonus", "a Hail Mary"])
    expect(otto.locator(f"#answer-{asked}")).to_be_hidden()  # he does not play Nikos
    spend.select_option("bonus")
    control.get_by_role("button").click()
    for page in (stella, pia, otto):
        expect(page.locator(f"#answer-{asked}")).to_contain_text("Answered: #")
    answer = int(pia.locator(f"#answer-{asked}").inner_text().split("#")[1])
    expect(otto.locator(f"#e{answer}")).to_contain_text("luck")
    expect(luck).to_have_text("2")
    type_line(stella, "request Nikos Demolitions")
    pia.wait_for_function(f"() => ({NEWEST})() > {answer}")
    hail = newest(pia)
    card = pia.locator(f"#answer-{hail}")
    expect(card).to_contain_text("A Hail Mary")
    card.get_by_role("button").click()
    expect(stella.locator(f"#answer-{hail}")).to_contain_text("Answered: #")
    expect(luck).to_have_text("1")


def test_a_request_cards_odds_follow_a_raise_on_every_screen(at: Callable[..., Page]) -> None:
    """A request's odds are the roll its answer makes: Pia raises Nikos's Melee before she
    answers, and the card on Stella's and Otto's open pages shows the new odds, unasked."""
    stella, pia, otto = at("Stella"), at("Pia", PHONE), at("Otto")
    before = newest(otto)
    type_line(stella, "request Nikos Melee")
    otto.wait_for_function(f"() => ({NEWEST})() > {before}")
    asked = newest(otto)
    expect(otto.locator(f"#e{asked}")).to_contain_text("Melee: 4 dice")  # Melee 2 + Brawn 2
    type_line(stella, "xp/award Nikos=4")
    expect(stella.locator("#roll-result")).to_contain_text("Nikos")
    type_line(pia, "xp/raise Melee")
    for page in (stella, otto, pia):
        expect(page.locator(f"#e{asked}")).to_contain_text("Melee: 5 dice")
    expect(otto.locator(f"#answer-{asked}")).to_be_hidden()  # redrawn, still not his to roll
    pia.locator(f"#answer-{asked}").get_by_role("button").click()
    expect(otto.locator(f"#answer-{asked}")).to_contain_text("Answered: #")


def test_a_32_background_skill_is_learned_with_its_ruling_attribute(
    at: Callable[..., Page],
) -> None:
    """002 Ruling Attribute: Pia learns Cooking for Ada on her phone; the form will not send
    it without the attribute it is rolled with, then learns it with Creative, and the
    sheet has no character-creation problem."""
    pia = at("Pia", PHONE, "/games/Galactica/characters/Ada")
    form = pia.locator("#learn-background")
    form.get_by_label("Learn a background skill").fill("Cooking")
    asked: list[str] = []

    def yes(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    pia.on("dialog", yes)
    form.get_by_role("button", name="Learn for 0.5 XP").click()
    expect(pia.locator("#sheet-result")).to_be_empty()  # the browser asks for the attribute
    assert asked == []
    form.get_by_label("Its ruling attribute").select_option("Creative")
    form.get_by_role("button", name="Learn for 0.5 XP").click()
    expect(pia.locator("#sheet-result")).to_contain_text("Cooking 0 → 1")
    expect(pia.locator("#sheet")).to_contain_text("Cooking")
    expect(pia.locator("#sheet")).not_to_contain_text("character-creation problem")
    assert len(asked) == 1
    assert "learn the background skill" in asked[0]


def test_the_spend_control_offers_what_the_edition_has_in_one_set_of_words(
    at: Callable[..., Page],
) -> None:
    """Luck on a roll as the game's edition has it (000: a bonus or a Hail Mary, no re-roll;
    002 Luck: a bonus, a re-roll, and a Hail Mary too), offered by one control, in the same
    words, beside the table's roll box, the scene's pose box and on a request's card: Pia's
    Pegasus (3.3) and her phone's Galactica (3.2). Stella asks Ada for a roll and starts a
    scene in Galactica, from her own roll box."""
    v33 = ["no", "a bonus", "a Hail Mary"]
    v32 = ["no", "a bonus", "a re-roll", "a Hail Mary"]
    pia = at("Pia")
    expect(pia.locator("#spend").get_by_label("Spend luck").locator("option")).to_have_text(v33)
    stella = at("Stella", DESKTOP, "/games/Galactica")
    phone = at("Pia", PHONE, "/games/Galactica")
    for page in (stella, phone):
        expect(page.locator("#live")).to_have_text("Live")
    roll_box = phone.locator("#spend").get_by_label("Spend luck").locator("option")
    expect(roll_box).to_have_text(v32)
    before = newest(phone)
    type_line(stella, "request Ada Firearms")
    phone.wait_for_function(f"() => ({NEWEST})() > {before}")
    card = phone.locator(f"#answer-{newest(phone)}")
    expect(card.get_by_label("Spend luck").locator("option")).to_have_text(v32)
    assert (
        card.get_by_label("Spend luck").inner_html()
        == phone.locator("#spend").get_by_label("Spend luck").inner_html()
    )  # the same control, word for word
    type_line(stella, "scene/start Flight Deck")
    phone.goto("/games/Galactica/scenes/1")
    pose_box = phone.locator("#pose-spend").get_by_label("Spend luck").locator("option")
    expect(pose_box).to_have_text(v32)
