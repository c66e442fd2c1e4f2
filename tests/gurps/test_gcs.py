"""GCS (GURPS Character Sheet, version 5) import, on the shipped fixtures and on the shapes
they use: specializations, techniques and nested containers."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rollplay import gurps
from rollplay.errors import RollplayError
from rollplay.systems.gurps.gcs import from_gcs
from tests.table.conftest import GCS, needs_fixtures


def load(name: str) -> dict[str, Any]:
    return from_gcs(json.loads((GCS / name).read_text(encoding="utf-8")), name)


@needs_fixtures
def test_louis() -> None:
    louis = load("louis-dantares.gcs")
    assert louis["name"] == 'Haut-Cornet "Louis" d\'Antares'
    assert louis["attributes"] == {"ST": 10, "DX": 14, "IQ": 11, "HT": 12, "Will": 12, "Per": 11}
    assert louis["skills"]["Beam Weapons (Pistol)"] == 14
    assert louis["skills"]["Connoisseur (Wine)"] == 12
    assert louis["skills"]["Feint"] == 19  # a technique
    character = gurps.character(louis)
    assert character.level("Rapier", gurps.ruleset()).value == 14
    # Untrained, the built-in Lockpicking default applies: IQ 11 - 5.
    assert character.level("Lockpicking", gurps.ruleset()).value == 6


@needs_fixtures
def test_orc_leader() -> None:
    orc = load("orc-leader.gcs")
    assert orc["attributes"]["ST"] == 12
    assert orc["skills"] == {"Bow": 13, "Brawling": 14, "Shield (Shield)": 13, "Shortsword": 14}


def test_nested_containers() -> None:
    data = {
        "version": 5,
        "profile": {"name": "Nested"},
        "attributes": [{"attr_id": a, "calc": {"value": 10}} for a in ("st", "dx", "iq", "ht")],
        "skills": [
            {"name": "Group", "children": [
                {"name": "Inner", "children": [{"name": "Stealth", "calc": {"level": 12}}]},
                {"name": "Guns", "specialization": "Rifle", "calc": {"level": 13}},
            ]},
            {"name": "No level yet"},
        ],
    }  # fmt: skip
    sheet = from_gcs(data)
    assert sheet["skills"] == {"Stealth": 12, "Guns (Rifle)": 13}
    assert sheet["attributes"] == {"ST": 10, "DX": 10, "IQ": 10, "HT": 10}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"version": 5}, "not a GCS character"),
        ({"version": 4, "attributes": []}, "version 4"),
        ({"version": 5, "attributes": []}, "no computed value for ST, DX, IQ, HT"),
    ],
)
def test_bad_gcs(data: dict[str, Any], message: str) -> None:
    with pytest.raises(RollplayError, match=message):
        from_gcs(data)
