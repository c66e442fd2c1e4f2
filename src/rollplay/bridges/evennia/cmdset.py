"""The command set a game adds to its characters (docs/evennia.md):

    from rollplay.bridges.evennia.cmdset import RollplayCmdSet
    ...
    self.add(RollplayCmdSet)      # in commands/default_cmdsets.py, CharacterCmdSet

Import only once Evennia is initialised."""

from __future__ import annotations

from evennia.commands.cmdset import CmdSet

from rollplay.bridges.evennia.commands import COMMANDS
from rollplay.bridges.evennia.scene_commands import SCENE_COMMANDS


class RollplayCmdSet(CmdSet):  # type: ignore[misc]
    key = "rollplay"

    def at_cmdset_creation(self) -> None:
        for command in (*COMMANDS, *SCENE_COMMANDS):
            self.add(command())
