"""For tests/browser/test_aresmush_config.py alone: ``rollplay serve``'s app, with the combat
side's stand-in (tests/aresmush/skills_game.py) where the combat converter gives no combat
rules yet (another part of issue 38), so a real config's renamed skills make a ruleset. Once
the combat side reads a config's combat skills, its own rules are used and this adds
nothing. Served by ``tests.server.process.serving(app=APP)``."""

from __future__ import annotations

from fastapi import FastAPI

from rollplay.aresmush import combat
from rollplay.server.app import app_from_env
from tests.aresmush.skills_game import with_combat

APP = "tests.browser.aresmush_app:aresmush_app"


def aresmush_app() -> FastAPI:
    combat.read = with_combat
    return app_from_env()
