"""render/mush.py read by Evennia's own markup parser: each span kind comes out as its
colour, and text a player typed (colour codes, links, a line break code) comes out as typed."""

from __future__ import annotations

from evennia.server.portal.mxp import mxp_parse
from evennia.utils import ansi
from evennia.utils.test_resources import BaseEvenniaTestCase

from rollplay.render.mush import ZWSP, line_mush
from rollplay.render.spans import Kind, Span

HOSTILE = "Bo|r|[R|/|lclook|ltgo|le|555|*"


class MarkupTest(BaseEvenniaTestCase):  # type: ignore[misc]
    def test_each_kind_is_its_colour_and_ends_with_a_reset(self) -> None:
        codes: tuple[tuple[Kind, str], ...] = (
            ("bold", ansi.ANSI_HILITE), ("success", ansi.ANSI_GREEN), ("one", ansi.ANSI_RED),
            ("alarm", ansi.ANSI_RED), ("wild", ansi.ANSI_CYAN), ("muted", ansi.ANSI_BLACK),
        )  # fmt: skip
        for kind, code in codes:
            shown = ansi.parse_ansi(line_mush([Span("[8]", kind), Span(" after")]))
            assert code in shown.split("[8]")[0], kind
            assert shown.endswith(ansi.ANSI_NORMAL + " after"), (kind, shown)

    def test_typed_markup_shows_as_typed(self) -> None:
        kinds: tuple[Kind, ...] = ("", "bold", "muted")
        for kind in kinds:
            markup = line_mush([Span(HOSTILE, kind)])
            assert ansi.parse_ansi(markup, strip_ansi=True).replace(ZWSP, "") == HOSTILE
            shown = ansi.parse_ansi(markup)
            assert ansi.ANSI_RED not in shown
            assert ansi.ANSI_BACK_RED not in shown
            assert "\n" not in shown

    def test_a_typed_link_is_no_link_for_a_client_with_mxp(self) -> None:
        markup = line_mush([Span(HOSTILE)])
        for colour in (True, False):  # as the telnet portal sends it, with and without colour
            sent = mxp_parse(ansi.parse_ansi(markup, strip_ansi=not colour, mxp=True))
            assert "<SEND" not in sent
            assert "lclook" in sent
