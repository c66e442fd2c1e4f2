"""Scenes in Discord (issue 30): ``/pose``, ``/say``, ``/ooc`` and ``/scene`` in a channel
bound to a game, as lines of the command language run through the table's common path (the
rate limit, the one-line refusals, the audiences). A channel plays one scene at a time: the
one started there, or the one bound with ``/scene bind N`` (rulings S40); what is typed there
lands in it (rulings S41). The relay (relay.py) posts what the scene's other surfaces write."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from rollplay.bridges.discord.embeds import card_embed
from rollplay.bridges.discord.replies import say
from rollplay.errors import RollplayError
from rollplay.render.answers import answer_lines
from rollplay.render.events import event_card
from rollplay.table.answers import AnyAnswer, SceneShown
from rollplay.table.service import Service

if TYPE_CHECKING:
    from rollplay.bridges.discord.table import DiscordTable

STYLES = ("pose", "semipose", "emit")
ACTIONS = ("start", "private", "join", "stop", "pause", "resume", "invite", "show", "bind")
SHOWN = 10  # a scene's last entries /scene show lists
_MARKS = {"pose": "pose ", "semipose": ";", "emit": "emit ", "say": "say ", "ooc": "ooc "}


def pose_line(text: str, style: str = "pose", name: str | None = None) -> str:
    """What /pose, /say and /ooc typed, as a line: ``pose TEXT``, ``;TEXT``, ``say TEXT``;
    with a name, ``pose/as NAME=TEXT`` (a Storyteller's NPC; a plain pose only)."""
    if style not in _MARKS:
        raise RollplayError(f"a pose's style is one of {', '.join(STYLES)}, not {style!r}")
    if name is not None and name.strip():
        if style != "pose":
            raise RollplayError("posing as someone is a plain pose: leave the style as pose")
        return f"pose/as {name.strip()}={text}"
    return _MARKS[style] + text


async def pose(table: DiscordTable, interaction: Any, text: str, style: str = "pose",
               name: str | None = None) -> None:  # fmt: skip
    try:
        line = pose_line(text, style, name)
    except RollplayError as exc:
        if await table._allowed(interaction):
            await say(interaction, str(exc))
        return
    await table.run_line(interaction, line)


async def scene(table: DiscordTable, interaction: Any, action: str, args: str = "") -> None:
    """/scene ACTION [ARGS]: start (binds the channel to the new scene), private, join,
    stop, pause, resume, invite NAME, show [N], bind N. Join, stop, pause, resume and show
    without a number mean the channel's scene."""
    args = " ".join(args.split())
    if action == "show":
        await _show(table, interaction, args)
    elif action == "bind":
        await _bind(table, interaction, args)
    elif action in ("start", "private"):
        channel = str(interaction.channel_id)

        async def bind_new(service: Service, game: str, result: AnyAnswer) -> int | None:
            """The channel plays the scene started there (rulings S40)."""
            assert isinstance(result, SceneShown)
            done = await asyncio.to_thread(service.bind_scene, "discord", channel, game,
                                           result.number)  # fmt: skip
            return done.scene_id

        await table.run_line(interaction, f"scene/{action} {args}".strip(), then=bind_new)
    elif action in ACTIONS:

        def numbered(service: Service) -> str:
            """Without a number, the channel's scene (the service acts in it)."""
            here = service.actor.scene
            return f"scene/{action} {args or ('' if here is None else here.number)}".strip()

        await table.run_line(interaction, numbered)
    elif await table._allowed(interaction):
        await say(interaction, f"/scene takes one of {', '.join(ACTIONS)}, not {action!r}")


async def _bind(table: DiscordTable, interaction: Any, args: str) -> None:
    found = await table.seated(interaction)
    if found is None:
        return
    service, game = found
    if not args.isdigit():
        await say(interaction, f"say which scene to play here: /scene bind N (not {args!r})"
                  if args else "say which scene to play here: /scene bind N")  # fmt: skip
        return
    try:
        done = await asyncio.to_thread(service.bind_scene, "discord",
                                       str(interaction.channel_id), game, int(args))  # fmt: skip
    except RollplayError as exc:
        await say(interaction, str(exc))
        return
    private = " (private: choose a channel only its people read)" if done.scene_private else ""
    await say(interaction, f"This channel plays scene {done.scene} ({done.scene_title}) of "
                           f"{game}{private}: poses and rolls here are in it.")  # fmt: skip


async def _show(table: DiscordTable, interaction: Any, args: str) -> None:
    """The scene (the channel's, or N) and its last entries as the caller may see them."""
    found = await table.seated(interaction)
    if found is None:
        return
    service, game = found
    here = service.actor.scene
    if not args and here is None:
        await say(interaction, "this channel plays no scene: /scene show N, or /scene start")
        return
    if args and not args.isdigit():
        await say(interaction, f"a scene is a number: /scene show N (not {args!r})")
        return
    number = int(args) if args else here.number if here is not None else 0
    try:
        shown, ledger = await asyncio.to_thread(service.scene, game, number)
    except RollplayError as exc:
        await say(interaction, str(exc))
        return
    lines = answer_lines(shown)
    for view in ledger[-SHOWN:]:
        lines.extend(event_card(view))
    embed = card_embed(lines, "answer", f"rollplay · {game} · scene {number}")
    await interaction.response.send_message(embed=embed, ephemeral=True)
