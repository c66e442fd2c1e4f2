"""AresMUSH's scene download, as the tests' own model of it (plugins/scenes: the shared
scene's log as helpers/logging.rb ``build_log_text`` stores it, then
web/download_scene_handler.rb's header and its rules put in place of the log's divs), so a
property test can make any log the download can and read it back. Written from those two
files' behaviour; none of their code."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

RULE = "<" + "-" * 39


@dataclass(frozen=True)
class Pose:
    """A scene pose as AresMUSH keeps it: its text, whether it is a set pose or the system
    character's, and the place of the room it was made at (if any)."""

    text: str
    setpose: bool = False
    system: bool = False
    place: str | None = None


def stored_log(poses: Sequence[Pose], dividers: bool = False) -> str:
    """``build_log_text``: each pose escaped, its lines stripped, then its div or not."""
    log, div = "", False
    for pose in poses:
        text = f"*At {pose.place}*:\n{pose.text}" if pose.place else pose.text
        text = text.replace("<", "&lt;")
        text = "".join(ch if ch != ">" or i == 0 or text[i - 1] == "\n" else "&gt;"
                       for i, ch in enumerate(text))  # fmt: skip
        text = "\n".join(line.strip() for line in text.split("\n"))
        if pose.system:
            if not div:
                log += '[[div class="scene-system-pose"]]\n'
                div = True
            log += text
        elif pose.setpose:
            if div:
                log += "\n[[/div]]\n\n"
                div = False
            log += f'[[div class="scene-set-pose"]]\n{text}\n[[/div]]\n\n'
        else:
            if div:
                log += "\n[[/div]]\n\n"
                div = False
            log += text
        if not div and dividers:
            log += '\n[[div class="pose-divider"]][[/div]]\n'
        log += "\n\n"
    if div:
        log += "\n[[/div]]\n\n"
    return log


def download(*, title: str | None, date: str, summary: str | None, location: str | None,
             plot: str | None, participants: Sequence[str], log: str) -> str:  # fmt: skip
    """The handler's text for a shared scene: the header, the stored log, its divs made
    rules; then the formatter's ending (a line break; the portal saves it with CRLF)."""
    text = ""
    if title is not None:
        text += title + "\n"
    text += f"Date: {date}\n"
    if summary is not None:
        text += f"Summary: {summary}\n"
    if location is not None:
        text += f"Location: {location}\n"
    if plot is not None:
        text += f"Plot: {plot}\n"
    text += f"Participants: {', '.join(participants)}\n\n"
    text += log
    text = text.replace('[[div class="scene-system-pose"]]', f"<System> {RULE}")
    for div in ('[[div class="scene-set-pose"]]', '[[div class="pose-divider"]]'):
        text = text.replace(div, RULE)
    text = text.replace("[[/div]]", RULE)
    return text.rstrip("\n") + "\r\n"
