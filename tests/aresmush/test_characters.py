"""An AresMUSH sheet made into a game's FS3 sheet (issue 38 §2): each line's fate against
the game's rules (rulings A41-A46), whatever the game calls its abilities."""

from __future__ import annotations

import dataclasses

from rollplay.aresmush.characters import convert
from rollplay.aresmush.sheets import AresSheet, Rated
from rollplay.systems.fs3.presets import FS3_3
from rollplay.systems.fs3.ruleset import ActionSkill

RULES = dataclasses.replace(
    FS3_3,
    action_skills=(
        *FS3_3.action_skills,
        ActionSkill("Demolitions Expert", "Wits"),
        ActionSkill("Communications", "Wits"),
        ActionSkill("Communications Intercept", "Wits"),
        ActionSkill("Sniping", "Reflexes", specialties=("Rifle", "Crossbow")),
    ),
)


def _sheet(**kw: object) -> AresSheet:
    base = {"name": "Mira", "status": "Approved", "form": "sheet",
            "attributes": (Rated("Brawn", 3), Rated("Reflexes", 2))}  # fmt: skip
    return AresSheet(**{**base, **kw})  # type: ignore[arg-type]


def _fates(sheet: AresSheet) -> dict[str, tuple[str, str]]:
    return {i.key: (i.status, i.note) for i in convert(sheet, RULES, "f.txt").items}


def test_a_cut_name_is_the_one_name_of_the_games_it_begins() -> None:
    ares = _sheet(action=(Rated("Demolitions Ex", 3, cut=True),
                          Rated("Communications", 2, cut=True)))  # fmt: skip
    done = convert(ares, RULES, "f.txt")
    assert done.sheet["action"] == {"Demolitions Expert": 3, "Communications": 2}
    fates = _fates(ares)
    assert fates["action.Demolitions Ex"][0] == "converted"
    assert "as Demolitions Expert" in fates["action.Demolitions Ex"][1]
    # "Communications" is a whole name of the game's: it is that one (A41)
    assert fates["action.Communications"] == ("kept", "2")


def test_a_cut_name_that_could_be_two_is_not_guessed() -> None:
    ares = _sheet(action=(Rated("Communicatio", 2, cut=True),))
    assert convert(ares, RULES, "f.txt").sheet["action"] == {}
    status, note = _fates(ares)["action.Communicatio"]
    assert status == "unsupported"
    assert "Communications or Communications Intercept" in note


def test_attributes_the_sheet_lacks_take_the_games_default() -> None:
    done = convert(_sheet(), RULES, "f.txt")
    assert done.sheet["attributes"] == {"Brawn": 3, "Reflexes": 2, "Grit": 2, "Wits": 2,
                                        "Presence": 2}  # fmt: skip
    assert _fates(_sheet())["attributes.Grit"][0] == "converted"  # A42


def test_a_linked_attribute_the_game_changed_is_said() -> None:
    fates = _fates(_sheet(action=(Rated("Firearms", 4, linked="WIT"),
                                  Rated("Melee", 2, linked="BRA"))))  # fmt: skip
    assert fates["action.Firearms"][0] == "converted"  # A45: this game links it to Reflexes
    assert "the sheet linked it to WIT, this game to Reflexes" in fates["action.Firearms"][1]
    assert fates["action.Melee"] == ("kept", "2")


def test_ratings_out_of_range_and_unknown_names_are_not_imported() -> None:
    ares = _sheet(
        attributes=(Rated("Brawn", 5), Rated("Reflexes", 2), Rated("Charm", 3)),
        action=(Rated("Firearms", 9), Rated("Basket Weaving", 3)),
        background=(Rated("Firearms", 2), Rated("Poker", 1)),
        languages=(Rated("English", 3), Rated("Klingon", 2)),
    )
    done = convert(ares, RULES, "f.txt")
    fates = _fates(ares)
    assert "rated 5; this game rates attributes 1 to 4" in fates["attributes.Brawn"][1]
    assert fates["attributes.Charm"][0] == "unsupported"
    assert "action.Firearms" in fates
    assert fates["action.Firearms"][0] == "unsupported"
    assert fates["action.Basket Weaving"][0] == "unsupported"
    assert done.sheet["background"] == {"Poker": 1}  # free-form (A43), but not Firearms
    assert done.sheet["languages"] == {"English": 3}
    assert done.sheet["attributes"]["Brawn"] == 2  # the default, not a clamped 4


def test_specialties_follow_the_games_lists() -> None:
    ares = _sheet(action=(Rated("Sniping", 3), Rated("Melee", 2)),
                  specialties=(("Sniping", "Rifle"), ("Sniping", "Sling"), ("Melee", "Knives"),
                               ("Piloting", "Viper")))  # fmt: skip
    done = convert(ares, RULES, "f.txt")
    assert done.sheet["specialties"] == {"Sniping": ["Rifle"], "Melee": ["Knives"]}
    fates = _fates(ares)
    assert fates["specialties.Sniping.Sling"][0] == "unsupported"
    assert fates["specialties.Piloting.Viper"][0] == "unsupported"  # no Piloting imported


def test_advantages_are_on_the_sheet_where_the_game_uses_them() -> None:
    """Rulings A4, A49: a game that turns advantages on (use_advantages) and lists them
    takes the sheet's ratings; one that does not reports them, with the rating."""
    ares = _sheet(advantages=(Rated("Rank", 2), Rated("Fame", 1), Rated("Resources", 5)))
    assert convert(ares, RULES, "f.txt").advantages == {"Rank": 2, "Fame": 1, "Resources": 5}
    off = _fates(ares)
    assert off["advantages.Rank"][0] == "unsupported"
    assert "use_advantages is off" in off["advantages.Rank"][1]
    assert "advantages" not in convert(ares, RULES, "f.txt").sheet
    using = dataclasses.replace(RULES, use_advantages=True, advantages=("Rank", "Resources"))
    done = convert(ares, using, "f.txt")
    assert done.sheet["advantages"] == {"Rank": 2}
    fates = {i.key: (i.status, i.note) for i in done.items}
    assert fates["advantages.Rank"] == ("kept", "2")
    assert fates["advantages.Fame"][0] == "unsupported"  # not one of the game's
    assert fates["advantages.Resources"][0] == "unsupported"  # past 0-3
    assert "rated 5" in fates["advantages.Resources"][1]
