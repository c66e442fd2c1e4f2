"""Reading an AresMUSH sheet (issue 38 §2): any sheet AresMUSH's template draws reads back
to the same ratings, in each form a player can take out (the ``sheet`` command in a client
log, a screen reader's rows, the web portal's backup .zip), and anything else is one line
naming what is wrong."""

from __future__ import annotations

import io
import string
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rollplay.aresmush import sheets
from rollplay.aresmush.learning import Learned
from rollplay.aresmush.sheets import AresSheet, Rated, SheetFileError
from tests.aresmush.sheet_text import Drawn, render, render_xp
from tests.fuzzing import fuzz

SAMPLES = Path(__file__).parent / "samples"


def backup_zip(text: str) -> bytes:
    """A character backup as AresMUSH's WikiCharExporter packs it: profile/sheet.txt is
    the sheet drawn without colour, beside the profile's other files and the scenes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("profile/profile.txt", "Mira's profile")
        archive.writestr("profile/sheet.txt", "\n".join(sheets.clean(text)))
        archive.writestr("scenes/2026-01-01 A Scene.txt", "A Scene\nDate: ...")
    return buffer.getvalue()


def test_a_client_log_of_the_sheet_command_reads_every_line() -> None:
    sheet = sheets.read_bytes((SAMPLES / "mira.txt").read_bytes(), "mira.txt")
    assert (sheet.name, sheet.status, sheet.form) == ("Mira", "Approved", "sheet")
    assert {a.name: a.rating for a in sheet.attributes} == {
        "Brawn": 2, "Grit": 2, "Perception": 4, "Presence": 2, "Reflexes": 3, "Wits": 3,
    }  # fmt: skip
    ratings = {a.name: a.rating for a in sheet.action}
    assert ratings["Piloting"] == 7  # Amazing, @@@@@@@
    assert ratings["Demolitions"] == 0  # Incapable: no dots at all
    # "Exceptional (WIT" fills its 16 columns and runs into the next name
    assert ratings["Medicine"] == 6
    assert ratings["Melee"] == 2
    assert sheet.specialties == (("Medicine", "Surgeon"), ("Piloting", "Viper"),
                                 ("Piloting", "Raptor"))  # fmt: skip
    # left(name, 14): "Starship Engineering:" loses its colon and its tail
    assert Rated("Starship Engin", 2, cut=True) in sheet.background
    assert (sheet.xp, sheet.luck) == (14, 2)


def test_a_screen_readers_sheet_reads_the_same_way() -> None:
    sheet = sheets.read_bytes(
        (SAMPLES / "tobin_screen_reader.txt").read_bytes(), "tobin_screen_reader.txt"
    )
    assert (sheet.name, sheet.status, sheet.form) == ("Tobin", "Not Yet Approved", "screen reader")
    assert Rated("Tightrope Walking", 3, linked="BRA") in sheet.action  # never cut
    assert {a.name: a.rating for a in sheet.advantages} == {"Rank": 2, "Resources": 1}
    assert {a.name: a.rating for a in sheet.languages} == {"Klingon": 2, "Standard": 3}


def test_a_backup_zip_reads_as_its_sheet_does() -> None:
    text = (SAMPLES / "mira.txt").read_text()
    from_zip = sheets.read_bytes(backup_zip(text), "export_1_abc.zip")
    from_text = sheets.read_bytes(text.encode(), "mira.txt")
    assert from_zip.form == "backup"
    assert from_zip.attributes == from_text.attributes
    assert from_zip.action == from_text.action
    assert from_zip.background == from_text.background


def test_older_forms_read_too() -> None:
    """Before August 2019 the sheet had no dots and gave names 16 columns; from 2021 to
    April 2024 a screen reader's row had the number where the dots are."""
    old = (
        "Mira   Approved\n-----[ Attributes ]-----\n"
        "Brawn:           Average              Wits:            Good\n"
        "-----[ Action Skills ]-----\n"
        "Communications   Fair (WIT)           Firearms:        Great (REF)\n"
        "XP: 2   Luck Points: 1\n"
    )
    sheet = sheets.parse(old, "old.txt")
    assert sheet.attributes == (Rated("Brawn", 2), Rated("Wits", 3))
    assert sheet.action[0] == Rated("Communications", 2, cut=True, linked="WIT")
    numbered = "Mira Approved\nAttributes\nBrawn:         2        Average\nXP: 0 Luck Points: 0"
    assert sheets.parse(numbered, "n.txt").attributes == (Rated("Brawn", 2),)


def test_dots_that_disagree_with_the_rating_are_refused() -> None:
    text = "Mira\n--[ Attributes ]--\nBrawn:         @@@      Average\nXP: 1 Luck Points: 0"
    with pytest.raises(SheetFileError, match="line 3: Brawn shows @@@ but is rated Average"):
        sheets.parse(text, "s.txt")


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b"", "not an AresMUSH FS3 sheet"),
        (b"Hello, this is a pose.\n", "not an AresMUSH FS3 sheet"),
        (b'{"type": "character", "version": 4}', "a JSON file"),
        (b"name: Mira\nsystem: gurps\n", r"a rollplay sheet file \(gurps\)"),
        (b"XP: 3\nAttributes\nLuck Points: 1\n", "line 3: cannot read 'Luck Points: 1' as At"),
        (b"\xff\xfe\x00binary", "not UTF-8 text"),
        (b"PK\x03\x04 not really", "not a .zip file"),
        (b"Mira\n--[ Attributes ]--\nBrawn:   @@   Average\n", "no 'XP: N  Luck Points: N'"),
        (b"Mira\n--[ Attributes ]--\nBrawn: @@ Mighty\nXP: 1 Luck Points: 1", "line 3"),
        (b"Mira\n--[ Attributes ]--\n--[ Attributes ]--\nXP: 1 Luck Points: 1", "two Attr"),
        (b"M\n-[ Attributes ]-\nBrawn:  @ Poor\nBrawn:  @ Poor\nXP: 1 Luck Points: 1", "twice"),
    ],
)
def test_what_is_not_a_sheet_is_one_line(body: bytes, says: str) -> None:
    with pytest.raises(SheetFileError, match=says) as caught:
        sheets.read_bytes(body, "f.txt")
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith("f.txt")


def test_a_zip_without_a_sheet_and_a_file_too_large_are_refused() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("profile/profile.txt", "no FS3 here")
    with pytest.raises(SheetFileError, match=r"no profile/sheet\.txt"):
        sheets.read_bytes(buffer.getvalue(), "b.zip")
    with pytest.raises(SheetFileError, match="at most 200,000 bytes"):
        sheets.read_bytes(b"x" * (sheets.MAX_TEXT_BYTES + 1), "big.txt")


# -- any sheet the template can draw ------------------------------------------------------

_word = st.builds(
    str.__add__, st.sampled_from(string.ascii_uppercase),
    st.text(alphabet=string.ascii_lowercase + string.digits, max_size=9),
)  # fmt: skip
# Generation, not the parser, is the slow part on a busy machine: no health check on it.
_PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
_name = st.lists(_word, min_size=1, max_size=3).map(" ".join)
_attr3 = st.sampled_from(["Reflexes", "Brawn", "Wits", "Grit", "Perception", "Presence"])


def _rows(top: int, low: int = 0) -> st.SearchStrategy[list[tuple[str, int]]]:
    return st.lists(
        st.tuples(_name, st.integers(low, top)), max_size=8,
        unique_by=lambda p: p[0].casefold(),
    )  # fmt: skip


@st.composite
def drawn(draw: st.DrawFn) -> Drawn:
    action = draw(_rows(8))
    return Drawn(
        name=draw(_word),
        status=draw(st.sampled_from(["Approved", "Not Yet Approved", "NPC", "On Roster"])),
        attributes=draw(_rows(4, 1).filter(bool)),
        action=action,
        linked={n: draw(_attr3) for n, _ in action},
        specialties={n: [draw(_word)] for n, _ in action[:2]},
        background=draw(_rows(3)),
        languages=draw(_rows(3)),
        advantages=draw(_rows(3)),
        use_advantages=draw(st.booleans()),
        xp=draw(st.integers(0, 999)),
        luck=draw(st.integers(0, 20)),
    )


def shown(rows: list[tuple[str, int]], screen_reader: bool) -> tuple[Rated, ...]:
    """What the sheet keeps of each ability: in columns, a name and colon cut at 14."""
    out = []
    for name, rating in sorted(rows):
        cut = not screen_reader and len(name) + 1 > 14
        out.append(Rated(name[:14].rstrip() if cut else name, rating, cut))
    return tuple(out)


def linked(d: Drawn, screen_reader: bool) -> tuple[Rated, ...]:
    words = ("Incapable", "Everyman", "Fair", "Competent", "Good", "Great", "Exceptional",
             "Amazing", "Legendary")  # fmt: skip
    out = []
    for (full, _), r in zip(sorted(d.action), shown(d.action, screen_reader), strict=True):
        attr = d.linked[full][:3].upper()
        fits = screen_reader or len(words[r.rating]) + 5 <= 16  # "Word (REF" in 16
        out.append(Rated(r.name, r.rating, r.cut, attr if fits else None))
    return tuple(out)


@settings(_PROPERTY, max_examples=150)
@given(d=drawn(), screen_reader=st.booleans(), ansi=st.booleans())
def test_any_sheet_the_template_draws_reads_back(d: Drawn, screen_reader: bool, ansi: bool) -> None:
    """Property: the template's every sheet parses back to its values (names as the sheet
    keeps them), whichever form."""
    sheet = sheets.parse(render(d, screen_reader, ansi), "drawn.txt")
    assert isinstance(sheet, AresSheet)
    assert (sheet.name, sheet.status, sheet.xp, sheet.luck) == (d.name, d.status, d.xp, d.luck)
    assert sheet.attributes == shown(d.attributes, screen_reader)
    assert sheet.action == linked(d, screen_reader)
    assert sheet.background == shown(d.background, screen_reader)
    assert sheet.languages == shown(d.languages, screen_reader)
    assert sheet.advantages == (shown(d.advantages, screen_reader) if d.use_advantages else ())
    assert sheet.specialties == tuple((k, s) for k, v in d.specialties.items() for s in v)


@fuzz
@given(text=st.text(alphabet=st.sampled_from("Attributes XP: Luck Points @ :-[]\n0123 Good"),
                    max_size=300))  # fmt: skip
def test_any_text_is_a_sheet_or_one_error(text: str) -> None:
    try:
        sheets.parse(text, "t.txt")
    except SheetFileError as exc:
        assert "\n" not in str(exc)


@fuzz
@given(d=drawn(), cut=st.integers(0, 4000), junk=st.text(max_size=20))
def test_a_sheet_damaged_anywhere_is_a_sheet_or_one_error(d: Drawn, cut: int, junk: str) -> None:
    text = render(d)
    try:
        sheets.parse(text[:cut] + junk + text[cut:], "t.txt")
    except SheetFileError as exc:
        assert "\n" not in str(exc)


def test_the_xp_page_saved_with_the_sheet_gives_learning_and_whole_names() -> None:
    """xp.erb's rows cut names at 20 columns, not 14: "Starship Engineering" comes back
    whole; "(3/6)" is XP spent toward Medicine's next level (A49)."""
    sheet = sheets.read_bytes((SAMPLES / "mira_with_xp.txt").read_bytes(), "mira_with_xp.txt")
    assert Rated("Starship Engineering", 2, cut=True) in sheet.background  # 20: may be more
    assert Rated("Colonial History", 3) in sheet.background  # whole: not cut
    assert Learned("Medicine", 3, 6, cut=False) in sheet.learned
    assert Learned("Piloting", None, None, cut=False) in sheet.learned  # (---): at its most
    assert (sheet.xp, sheet.luck) == (14, 2)


def test_an_xp_page_of_another_character_is_refused() -> None:
    mira = (SAMPLES / "mira.txt").read_text()
    other = render_xp(Drawn(name="Tobin", attributes=[("Brawn", 2)]), {"Brawn": (1, 4)})
    with pytest.raises(SheetFileError, match="the xp page is Tobin's and the sheet Mira's"):
        sheets.parse(mira + other, "log.txt")


@settings(_PROPERTY, max_examples=100)
@given(d=drawn(), data=st.data())
def test_any_sheet_with_its_xp_page_reads_back(d: Drawn, data: st.DataObject) -> None:
    """Property: whatever each ability's progress, the xp page reads back, and a name the
    sheet cut is whole wherever the xp page has it whole."""
    rated = [n for rows in (d.attributes, d.action, d.background, d.languages) for n, _ in rows]
    cost = st.integers(1, 12).flatmap(lambda n: st.tuples(st.integers(0, n - 1), st.just(n)))
    progress = {n: data.draw(st.none() | cost) for n in rated}
    text = render(d) + render_xp(d, progress)
    sheet = sheets.parse(text, "log.txt")
    assert {x.name: (x.xp, x.needed) for x in sheet.learned} == {
        n[:20].rstrip(): ((None, None) if p is None else p) for n, p in progress.items()
    }
    for shown_row, (full, _) in zip(sheet.background, sorted(d.background), strict=True):
        matches = [n for n in rated if n.casefold().startswith(full[:14].casefold())]
        if len(full) < 20 and len(matches) == 1:
            assert shown_row.name == full


@fuzz
@given(at=st.integers(0, 2000), junk=st.binary(max_size=40))
def test_a_damaged_backup_zip_is_a_sheet_or_one_error(at: int, junk: bytes) -> None:
    body = backup_zip((SAMPLES / "mira.txt").read_text())
    try:
        sheets.read_bytes(body[:at] + junk + body[at + len(junk) :], "b.zip")
    except SheetFileError as exc:
        assert "\n" not in str(exc)
