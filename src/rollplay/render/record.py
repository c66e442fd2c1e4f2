"""A scene's record (issue 30, "The record"): its head and its ledger, oldest first, as a
Markdown or a standalone HTML file to keep. Every event is drawn by event_card, as on every
surface, and every text a player typed is escaped by the format's own escaper. Each
provable roll carries the keys ``rollplay verify`` finds it by (its event number, chain,
commitment, client seed and nonce); the JSON Lines export holds its draws (rulings S30)."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable, Iterator

from markupsafe import Markup

from rollplay.render.answers import answer_lines
from rollplay.render.events import event_card
from rollplay.render.html import card_html, line_html
from rollplay.render.markdown import card_markdown, escape, line_markdown
from rollplay.render.spans import Line, Span, plain
from rollplay.table.answers import SceneShown
from rollplay.table.events import combat as cb
from rollplay.table.events import payloads as p
from rollplay.table.events.views import EventView

VERIFY = (
    "rollplay scene export {n} --game {g} --format jsonl --out scene.jsonl; "
    "rollplay verify scene.jsonl"
)


def proof_line(e: EventView) -> Line | None:
    """What ``rollplay verify`` looks a provable roll up by; None for any other event (and
    for a roll whose dice the reader is not shown)."""
    data = e.data
    provable = data.provable if isinstance(data, p.Roll | cb.Turn | cb.HealDay) else None
    if provable is None:
        return None
    said = (f"  verify #{e.id}: {provable.chain} seed {provable.commitment}, "
            f"client seed {provable.client_seed}, nonce {provable.nonce}")  # fmt: skip
    return [Span(said, "muted")]


def record_cards(ledger: list[EventView]) -> list[tuple[EventView, list[Line]]]:
    """Each event of the ledger with its card (and, under a provable roll, its proof line)."""
    out = []
    for e in ledger:
        card = event_card(e)
        proof = proof_line(e)
        out.append((e, card if proof is None else [*card, proof]))
    return out


def _about(shown: SceneShown, reader: str, when: str) -> list[Line]:
    head = answer_lines(shown)
    said = [plain(f"{shown.game}, as {reader} may see it, exported {when}.")]
    return [*head, said]


def _how(shown: SceneShown) -> str:
    """How to verify the dice: a command (with the game's name quoted for a shell)."""
    return VERIFY.format(n=shown.number, g=shlex.quote(shown.game))


def record_markdown(shown: SceneShown, ledger: list[EventView], reader: str, when: str) -> str:
    """The record as Markdown: a heading, the summary quoted, then one paragraph an event
    (a card's lines kept apart by hard line breaks)."""
    return "".join(record_parts("markdown", shown, [ledger], reader, when))


def record_html(shown: SceneShown, ledger: list[EventView], reader: str, when: str) -> str:
    """The record as one HTML file: no script, no style sheet but a few plain rules, every
    text escaped."""
    return "".join(record_parts("html", shown, [ledger], reader, when))


def record_parts(fmt: str, shown: SceneShown, pages: Iterable[list[EventView]], reader: str,
                 when: str) -> Iterator[str]:  # fmt: skip
    """The record (``fmt``: markdown or html) a part at a time: its head, each page of the
    ledger's cards as ``pages`` hands them over, its end. A download streams it, so a long
    scene is never whole in memory (rulings H12)."""
    head, card, tail = (_markdown(shown, reader, when) if fmt == "markdown"
                        else _html(shown, reader, when))  # fmt: skip
    yield head
    for page in pages:
        yield "".join(card(e, lines) for e, lines in record_cards(page))
    yield tail


Parts = tuple[str, Callable[[EventView, list[Line]], str], str]


def _markdown(shown: SceneShown, reader: str, when: str) -> Parts:
    out = [f"# Scene {shown.number}: {escape(shown.title)}", ""]
    if shown.summary:
        out += [f"> {escape(shown.summary)}", ""]
    out += [line_markdown(line) + "  " for line in _about(shown, reader, when)]
    how = _how(shown)
    fence = "``" if "`" in how else "`"  # a code span holds the command as typed
    out += [f"The dice: {fence} {how} {fence}", ""]
    # One paragraph an event, each after a blank line.
    return (
        "\n".join(out),
        lambda _, card: "\n" + card_markdown(card).replace("\n", "  \n") + "\n",
        "",
    )


def _html(shown: SceneShown, reader: str, when: str) -> Parts:
    about = Markup("").join(Markup("<p>{}</p>").format(line_html(line))
                            for line in _about(shown, reader, when))  # fmt: skip
    about += Markup("<p>The dice: <code>{}</code></p>").format(_how(shown))
    summary = Markup("<blockquote>{}</blockquote>").format(shown.summary) if shown.summary else ""
    head = str(Markup(
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>Scene {n}: {title}</title><style>{style}</style></head><body>"
        '<h1>Scene {n}: {title}</h1>{summary}{about}<ol class="ledger">'
    ).format(n=shown.number, title=shown.title, summary=summary, about=about,
             style=Markup(_STYLE)))  # fmt: skip

    def item(e: EventView, card: list[Line]) -> str:
        return str(
            Markup('<li id="e{}">{}</li>').format(e.id, card_html(card, visibility=e.visibility))
        )

    return head, item, "</ol></body></html>\n"


_STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:48rem;margin:auto;padding:1rem}"
    ".muted{color:#555}.ledger{list-style:none;padding:0}.card{margin:.5rem 0}"
    ".card p{margin:0}.die.success{font-weight:bold}.die.one{text-decoration:line-through}"
    ".badge{font-size:.8em;border:1px solid;padding:0 .3em;margin-right:.3em}"
)
