"""The MUSH's scene verbs (issue 30): ``+scene``, ``+request``, and the room's own ``pose``
(``:``, ``;``), ``say`` (``"``) and ``emit``, which are the scene's poses in a room hosting
a scene and Evennia's own elsewhere (scenes.py). Import only once Evennia is initialised."""

from __future__ import annotations

from typing import ClassVar

from evennia.commands.command import Command
from evennia.commands.default.general import CmdPose, CmdSay

from rollplay.bridges.evennia import scenes
from rollplay.bridges.evennia.commands import LineCommand, _account_of


class CmdScene(Command):  # type: ignore[misc]
    """
    Scenes at the rollplay table.

    Usage:
      +scene                       the scene this room hosts
      +scene/start TITLE[=SUMMARY] start one; this room hosts it
      +scene/private TITLE[=SUMMARY]
      +scene/join [N]              join (this room's scene without N)
      +scene/stop [N]              finish it (its starter or a Storyteller)
      +scene/pause, +scene/resume, +scene/invite NAME
      +scene/show [N]              a scene and its last entries
      +scene/bind N                this room hosts scene N

    In a room hosting a scene, pose, say, emit, : and ; are the scene's poses, and
    rolls made there land in it.
    """

    key = "+scene"
    locks = "cmd:all()"
    help_category = "Rollplay"
    arg_regex = r"\s|/|$"

    def func(self) -> None:
        args = str(self.args)
        switch, rest = "", args
        if args.startswith("/"):
            switch, _, rest = args[1:].partition(" ")
        scenes.scene(self.caller, self.account or _account_of(self.caller), switch.strip(), rest)


class CmdRequest(LineCommand):
    """
    Ask a character for a roll (Storytellers).

    Usage:
      +request NAME ROLL

    Example:
      +request Nikos Piloting+1
    """

    key = "+request"
    word = "request"


class CmdScenePose(CmdPose):  # type: ignore[misc]
    """
    Pose; in a room hosting a scene, a pose in that scene.

    Usage:
      pose TEXT, :TEXT     Nikos leans in.
      ;TEXT                Nikos's hand...
    """

    aliases: ClassVar[list[str]] = [":", ";", "emote"]

    def parse(self) -> None:
        self.typed = str(self.args)
        if self.cmdstring != ";":
            super().parse()

    def func(self) -> None:
        semi = self.cmdstring == ";"
        line = f";{self.typed}" if semi else f"pose {self.typed.strip()}"
        scenes.pose(self.caller, self.account or _account_of(self.caller), line,
                    self.semipose if semi else super().func)  # fmt: skip

    def semipose(self) -> None:
        """Outside a scene: Evennia's pose, with no space after the name ("Nikos's")."""
        if not self.args:
            super().func()
            return
        self.caller.location.msg_contents(
            text=(f"{self.caller.name}{self.args}", {"type": "pose"}), from_obj=self.caller
        )


class CmdSceneSay(CmdSay):  # type: ignore[misc]
    """
    Say something; in a room hosting a scene, a say in that scene.

    Usage:
      say TEXT, "TEXT      Nikos says, "..."
    """

    def func(self) -> None:
        line = f"say {str(self.args).strip()}"
        scenes.pose(self.caller, self.account or _account_of(self.caller), line, super().func)


class CmdSceneEmit(Command):  # type: ignore[misc]
    """
    Emit text as is, in the scene this room hosts.

    Usage:
      emit TEXT
    """

    key = "emit"
    locks = "cmd:all()"
    help_category = "Rollplay"
    arg_regex = r"\s|$"

    def func(self) -> None:
        line = f"emit {str(self.args).strip()}"
        scenes.pose(self.caller, self.account or _account_of(self.caller), line, self.nowhere)

    def nowhere(self) -> None:
        self.caller.msg("|rrollplay:|n emit is for a room hosting a scene: +scene/start TITLE")


SCENE_COMMANDS = (CmdScene, CmdRequest, CmdScenePose, CmdSceneSay, CmdSceneEmit)
