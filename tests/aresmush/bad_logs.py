"""Scene logs the service would refuse after a good log was made, were they not checked
first or imported in one transaction (issue 38, "Scene logs"; rulings A50, A57): each is
(file name, bytes, what the one line says). The first three break a limit a scene has
(a location or title of 200 characters, a summary of 2,000); the last passes every check
of the reader but its title shows nothing, which only the service refuses."""

from __future__ import annotations

POSE = b"\nParticipants: Ivan\n\nIvan waves.\n"
BAD_LOGS = [
    ("far.txt", b"Far Away\nDate: x\nLocation: " + b"L" * 300 + POSE,
     "far.txt: a location of 300 characters: at most 200"),
    ("long.txt", b"Long Story\nDate: x\nSummary: " + b"S" * 2_001 + POSE,
     "long.txt: a summary of 2,001 characters: at most 2,000"),
    ("wide.txt", b"T" * 201 + b"\nDate: x" + POSE,
     "wide.txt, line 1: a title of 201 characters: at most 200"),
    ("blank.txt", "\u200b\nDate: x".encode() + POSE, "an imported scene's title is empty"),
]  # fmt: skip
LONG_NAME = "N" * 240 + ".txt"  # a title taken from it is trimmed to 200 characters
UNTITLED = b"Date: x" + POSE
