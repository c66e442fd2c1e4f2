"""Reading AresMUSH's scene download (issue 38, "Scene logs"; plugins/scenes
web/download_scene_handler.rb and helpers/logging.rb): the sample logs here, written in its
form, read into their parts; any log the download can make reads back to the parts it was
made from; anything else is one line, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.aresmush.scenes import (
    MAX_LOG_BYTES,
    Entry,
    LogError,
    SceneLog,
    decode,
    read,
    speaker,
)
from tests.aresmush.scene_download import RULE, Pose, download, stored_log

LOGS = Path(__file__).parent / "logs"


def _read(name: str) -> SceneLog:
    return read(decode((LOGS / name).read_bytes(), name), name)


def test_a_shared_scenes_download_reads_into_its_header_and_entries() -> None:
    log = _read("docks.txt")
    assert log.title == "Trouble at the Docks"
    assert log.date == "2024-03-12"
    assert log.location == "Port Hadley - Pier 9"
    assert log.plots == ("The Hadley Smugglers",)
    assert log.participants == ("Nikos", "Pia", "Kara")
    kinds = [e.kind for e in log.entries]
    assert kinds == ["set", "pose", "pose", "pose", "system", "system", "pose", "pose", "pose"]
    # the log's escaped "<" and ">" are the pose's own again
    assert log.entries[3].text.endswith('"Then open it. Quickly. I don\'t like how quiet it '
                                        'is <and neither should you>."')  # fmt: skip
    assert log.entries[4] == Entry("system", "Nikos rolls Mechanics (Good Success)")


def test_ooc_and_system_lines_dividers_and_a_summary_over_two_lines() -> None:
    log = _read("archive.txt")
    assert log.summary == "A reunion in the officers' club.\nOver drinks, old debts come due."
    assert (log.location, log.plots) == ("", ())
    assert [(e.kind, e.text[:12]) for e in log.entries] == [
        ("pose", "Ivan settles"), ("pose", "Bea's reflec"), ("ooc", "Ivan: brb, d"),
        ("system", "Bea spends a"), ("pose", "Ivan says, \""),
    ]  # fmt: skip


def test_a_scene_with_no_title_date_or_participants_still_reads() -> None:
    log = _read("bare.txt")
    assert (log.title, log.date, log.participants) == ("", "", ())
    assert log.entries == (Entry("pose", "A door creaks somewhere."),)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Nikos leans in.", "Nikos"),
        ("Nikos's hand finds the crate.", "Nikos"),
        ('Nikos says, "Not here."', "Nikos"),
        ("Nikosia is a city.", None),
        ("Inspector Vance frowns.", "Inspector Vance"),
        ("*At the Bar*:\nPia orders.", "Pia"),
        ("The rain falls.", None),
    ],
)
def test_a_pose_is_whose_name_it_begins_with(text: str, said: str | None) -> None:
    assert speaker(text, ["Nikos", "Pia", "Inspector", "Inspector Vance"]) == said


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"", "is empty"),
        (b"   \n\n", "is empty"),
        (b"Just some notes\nabout a game\n", "not an AresMUSH scene log"),
        # the download of a scene not yet shared: AresMUSH's handler drops the header
        (
            b"Nikos leans in.\n\n<OOC> Pia: brb\n\n<System> Nikos rolls Firearms\n\n",
            "share it, then download it again",
        ),
        (b"Title\nDate: today\nSummary: x\n\nNikos poses.\n", "no 'Participants: ...'"),
        (b"T\nDate: x\nParticipants: A\n\n" + RULE.encode() + b"\nA set\n", "never closed"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b"T\nDate: x\nParticipants: A\n\nA \x00 pose\n", "control character"),
        (b"T\nDate: x\nPlot: P\nnot a key\nParticipants: A\n", "after Plot:"),
        (b"T\nDate: x\nParticipants: A\n\n\n", "holds no poses"),
        (b"x" * (MAX_LOG_BYTES + 1), "at most"),
    ],
)
def test_anything_else_is_one_line(data: bytes, says: str) -> None:
    with pytest.raises(LogError) as caught:
        read(decode(data, "bad.txt"), "bad.txt")
    message = str(caught.value)
    assert says in message
    assert "\n" not in message
    assert message.startswith("bad.txt")


_WORD = st.text(st.characters(max_codepoint=0x2FF, whitelist_categories=("L", "N", "P", "S"),
                              blacklist_characters="&,:*"), min_size=1, max_size=8)  # fmt: skip
_LINE = st.lists(_WORD, min_size=1, max_size=6).map(" ".join)
_TEXT = st.lists(_LINE, min_size=1, max_size=3).map("\n".join)
_NAME = st.text(st.characters(whitelist_categories=("Lu", "Ll", "Nd")), min_size=1, max_size=10)


@st.composite
def _poses(draw: st.DrawFn) -> list[Pose]:
    out = []
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["pose", "set", "system"]))
        place = draw(st.none() | _LINE) if kind == "pose" else None
        out.append(Pose(draw(_TEXT), setpose=kind == "set", system=kind == "system",
                        place=place))  # fmt: skip
    return out


def _unmarked(text: str) -> bool:
    """A header line's text that no reader could tell from the next key."""
    keys = ("Date:", "Summary:", "Location:", "Plot:", "Participants:")
    return not any(line.startswith(keys) for line in text.split("\n"))


@given(
    title=st.none() | _LINE.filter(_unmarked),
    date=_LINE,
    summary=st.none() | _TEXT.filter(_unmarked),
    location=st.none() | _LINE.filter(_unmarked),
    plot=st.none() | _LINE,
    participants=st.lists(_NAME, max_size=5),
    poses=_poses(),
    dividers=st.booleans(),
)
def test_any_log_the_download_makes_reads_back_to_its_parts(  # noqa: PLR0917
    title: str | None, date: str, summary: str | None, location: str | None, plot: str | None,
    participants: list[str], poses: list[Pose], dividers: bool,
) -> None:  # fmt: skip
    text = download(title=title, date=date, summary=summary, location=location, plot=plot,
                    participants=participants, log=stored_log(poses, dividers))  # fmt: skip
    log = read(decode(text.encode(), "x.txt"), "x.txt")
    assert (log.title, log.date, log.summary, log.location, log.plots, log.participants) == (
        title or "", date, summary or "", location or "", (plot,) if plot else (),
        tuple(participants),
    )  # fmt: skip
    expected = [
        Entry("system" if p.system else "set" if p.setpose else "pose",
              f"*At {p.place}*:\n{p.text}" if p.place else p.text)
        for p in poses
    ]  # fmt: skip
    assert list(log.entries) == expected


@given(st.binary(max_size=400) | st.text(max_size=400).map(str.encode))
def test_no_input_is_a_traceback(data: bytes) -> None:
    try:
        read(decode(data, "f"), "f")
    except LogError as exc:
        assert "\n" not in str(exc)


@given(names=st.lists(_NAME, min_size=1, max_size=6, unique=True), at=st.integers(0, 5),
       rest=_LINE, joint=st.sampled_from([" ", "'s ", ", ", ": "]))  # fmt: skip
def test_a_pose_beginning_with_a_name_is_that_names_or_a_longer_ones(
    names: list[str], at: int, rest: str, joint: str
) -> None:
    who = names[at % len(names)]
    found = speaker(who + joint + rest, names)
    assert found is not None
    assert found.startswith(who)  # its own, or a longer name it begins (the longest wins)
    assert (who + joint + rest).startswith(found)


@given(names=st.lists(_NAME, max_size=6), text=_TEXT)
def test_a_pose_no_name_begins_is_an_emit(names: list[str], text: str) -> None:
    found = speaker(text, names)
    if found is None:
        assert not any(text.startswith(n + " ") for n in names)
    else:
        assert text.startswith(found)
        assert not text[len(found) : len(found) + 1].isalnum()


@given(
    cut=st.integers(0, 40),
    keep=st.integers(0, 40),
    junk=st.sampled_from(
        ["", RULE, f"<System> {RULE}", RULE + RULE, "Date: x", "Participants: A", "\x00", "\u202e"]
    ),
)
def test_a_log_cut_or_spliced_reads_or_is_one_line(cut: int, keep: int, junk: str) -> None:
    """A real download with lines taken out and a mark or a bad character put in: it reads,
    or it is one line naming the file; never a traceback."""
    lines = (LOGS / "docks.txt").read_text(encoding="utf-8").split("\n")
    lines = [*lines[:cut], junk, *lines[cut + keep :]]
    try:
        read("\n".join(lines), "docks.txt")
    except LogError as exc:
        assert str(exc).startswith("docks.txt")
        assert "\n" not in str(exc)
