"""The MUSH's verbs, one small command each (Evennia shows each docstring as its help). A
verb passes what was typed after it, switches and all, to the command language as
``WORD/SWITCH ARGS``: the grammar, not this module, knows the switches and their
abbreviations, so the MUSH takes exactly the lines the web table does (docs/grammar.md).

Import only once Evennia is initialised (a game's typeclasses or command sets)."""

from __future__ import annotations

from evennia.commands.command import Command

from rollplay.bridges.evennia import playing


class LineCommand(Command):  # type: ignore[misc]
    """A verb of the command language (``word``), run at the rollplay table."""

    word = ""
    locks = "cmd:all()"
    help_category = "Rollplay"
    # "+roll/private" is +roll with a switch; "+rollplay" is not +roll with "play".
    arg_regex = r"\s|/|$"

    def func(self) -> None:
        args = str(self.args)
        gap = "" if not args or args[0] == "/" or args[0].isspace() else " "
        playing.run(self.caller, self.account or _account_of(self.caller),
                    f"{self.word}{gap}{args}")  # fmt: skip


def _account_of(caller: object) -> object:
    """A command forced on a puppet has no session: the puppet's account acts."""
    return getattr(caller, "account", None)


class CmdRoll(LineCommand):
    """
    Roll at the rollplay table.

    Usage:
      +roll[/private|/secret] [NAME/]WHAT[/OPTIONS]
      +roll [NAME/]WHAT vs NAME/WHAT        a contest
      +roll [NAME/]WHAT with NAME/WHAT, ...  FS3 teamwork

    Without a NAME you roll for the character you are. /private shows the roll
    to you and the Storytellers; /secret to the Storytellers alone (you are
    told that a roll was made). Examples:
      +roll Firearms+Reflexes-1
      +roll/secret Alertness
      +roll Firearms vs Mavros/Melee
      +roll Firearms/luck=bonus
    """

    key = "+roll"
    word = "roll"


class CmdSheet(LineCommand):
    """
    Read a character sheet at the rollplay table.

    Usage:
      +sheet [NAME]
      +sheet/approve NAME                 Storytellers
      +sheet/sendback NAME=COMMENT        Storytellers: not approved, saying why
      +sheet/set NAME=KEY.PATH=VALUE      Storytellers

    The answer is yours alone.
    """

    key = "+sheet"
    word = "sheet"


class CmdLuck(LineCommand):
    """
    Spend or award luck (FS3).

    Usage:
      +luck/spend [REASON]
      +luck/award NAME[=N][/REASON]      Storytellers

    Example:
      +luck/spend to cancel the hinder
    """

    key = "+luck"
    word = "luck"


class CmdXP(LineCommand):
    """
    Experience (FS3): award it, or raise a skill with it.

    Usage:
      +xp/award NAME=N[/REASON]          Storytellers
      +xp/raise [NAME=]SKILL[/KIND]      KIND: action, background, language

    Example:
      +xp/raise Firearms
    """

    key = "+xp"
    word = "xp"


class CmdCombat(LineCommand):
    """
    The FS3 combat tracker.

    Usage:
      +combat[/status] [COMBAT]
      +combat/join [WHO][/team=T,weapon=W,armor=A]
      +combat/stance [WHO=]STANCE
      +combat/attack [WHO=]TARGET[/OPTIONS]   and aim, suppress, subdue,
                                              rally, treat, reload, escape, pass
      +combat/leave, +combat/move, +combat/recover
      +combat/start COMBAT, +combat/newturn, +combat/stop   Storytellers
      +combat/orders NPC=ACTION [TARGET], NPC=ACTION...    Storytellers: NPCs' actions

    Example:
      +combat/attack Raider/called=Head
    """

    key = "+combat"
    word = "combat"


class CmdLog(LineCommand):
    """
    Read the rollplay table's roll log, as you may see it.

    Usage:
      +log [NAME] [LIMIT]
    """

    key = "+log"
    word = "log"


class CmdHeal(LineCommand):
    """
    Pass a day of healing (FS3; Storytellers).

    Usage:
      +heal/day [DAY][/doctor=PATIENT=DOCTOR,hospital=NAME]
    """

    key = "+heal"
    word = "heal"


class CmdPoints(LineCommand):
    """
    Spend D6 Character Points on a roll already made.

    Usage:
      +cp/after LOG_ID=N
    """

    key = "+cp"
    word = "cp"


class CmdRollplay(Command):  # type: ignore[misc]
    """
    Link this account to the rollplay table.

    Usage:
      +rollplay                  who this account plays as
      +rollplay/link CODE        link it (make the code on the table's web page)
      +rollplay/unlink           forget the link

    Every rollplay command acts as the table user this account is linked to.
    """

    key = "+rollplay"
    locks = "cmd:all()"
    help_category = "Rollplay"
    arg_regex = r"\s|/|$"

    def func(self) -> None:
        account = self.account or _account_of(self.caller)
        switch, _, code = self.args.lstrip("/").partition(" ")
        wanted = switch.strip().casefold() if self.args.startswith("/") else ""
        if wanted and "link".startswith(wanted):
            playing.link(self.caller, account, code)
        elif wanted and "unlink".startswith(wanted):
            playing.unlink(self.caller, account)
        elif wanted:
            self.caller.msg("|rrollplay:|n +rollplay takes /link CODE or /unlink")
        else:
            playing.status(self.caller, account)


COMMANDS = (CmdRoll, CmdSheet, CmdLuck, CmdXP, CmdCombat, CmdLog, CmdHeal, CmdPoints,
            CmdRollplay)  # fmt: skip
