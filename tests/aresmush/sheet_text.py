"""AresMUSH's ``sheet`` drawn as its template draws it (plugins/fs3skills/templates/
sheet.erb and sheet_template.rb, the default skin's lines, Erubis's trimming of statement
lines), so the tests can make any sheet the template can: written for the tests from
reading the template, not AresMUSH's code run."""

from __future__ import annotations

from dataclasses import dataclass, field

HEADER = "+==~~~~~====~~~~====~~~~====~~~~=====~~~~=====~~~~====~~~~====~~~~====~~~~~==+"
ATTR_WORDS = ("", "Poor", "Average", "Good", "Exceptional")
ACTION_WORDS = ("Incapable", "Everyman", "Fair", "Competent", "Good", "Great",
                "Exceptional", "Amazing", "Legendary")  # fmt: skip
BG_WORDS = ("Everyman", "Fair", "Good", "Exceptional")
LANG_WORDS = ("Everyman", "Beginner", "Conversational", "Fluent")
BOLD, RESET = "\x1b[1m", "\x1b[0m"


@dataclass
class Drawn:
    """A character as AresMUSH holds it: (name, rating) per kind; an action skill's
    linked attribute by its name; specialties by skill."""

    name: str
    status: str = "Approved"
    attributes: list[tuple[str, int]] = field(default_factory=list)
    action: list[tuple[str, int]] = field(default_factory=list)
    linked: dict[str, str] = field(default_factory=dict)
    specialties: dict[str, list[str]] = field(default_factory=dict)
    background: list[tuple[str, int]] = field(default_factory=list)
    languages: list[tuple[str, int]] = field(default_factory=list)
    advantages: list[tuple[str, int]] = field(default_factory=list)
    use_advantages: bool = False
    xp: int = 0
    luck: int = 1


def left(text: str, width: int) -> str:
    return text[:width].ljust(width)


def center(text: str, width: int) -> str:
    text = text[:width]
    room = width - len(text)
    return " " * (room // 2) + text + " " * (room - room // 2)


def line_with_text(title: str) -> str:
    return "-----[ " + title + " ]" + "-" * (78 - 5 - len(title) - 4)


def render(d: Drawn, screen_reader: bool = False, ansi: bool = False) -> str:
    """The sheet's text as the player's client shows it (``ansi``: with the colour codes
    a client log keeps)."""
    b, r = (BOLD, RESET) if ansi else ("", "")

    def section(title: str) -> str:
        return title if screen_reader else b + line_with_text(title) + r

    def entry(i: int, name: str, rating: int, word: str, linked: str, *, skill: bool) -> str:
        brk = "\n" if i % 2 == 0 else ""
        shown = f" ({linked})" if linked else ""  # print_linked_attr: " %xh%xx(REF)%xn"
        if screen_reader:  # format_attr / format_skill's screen-reader rows (2024 on)
            tail = f" {shown}" if skill else ""
            return f"{brk}{name}: {rating} {word}{tail} :: "
        dots = "@" * rating
        return f"{brk}{b}{left(name + ':', 14)}{r} {left(dots, 8)} {left(word + shown, 16)}"

    def entries(rows: list[tuple[str, int]], words: tuple[str, ...], kind: str = "") -> str:
        out = []
        for i, (name, rating) in enumerate(sorted(rows)):
            linked = d.linked.get(name, "")[:3].upper() if kind == "action" else ""
            out.append(entry(i, name, rating, words[rating], linked, skill=kind != "attr"))
        return "".join(out)

    out = "" if screen_reader else HEADER
    out += "\n" + f"{b}{d.name}{r} {center(d.status, 23)}" + "\n"
    out += section("Attributes") + entries(d.attributes, ATTR_WORDS, "attr") + "\n\n"
    out += section("Action Skills") + entries(d.action, ACTION_WORDS, "action") + "\n"
    specs = [f"{s} ({skill})" for skill, listed in d.specialties.items() for s in listed]
    if specs:
        out += "\n" + f"{b}Specialties:{r} " + ", ".join(specs) + "\n"
    out += "\n"
    out += section("Background Skills") + entries(d.background, BG_WORDS) + "\n\n"
    out += section("Languages") + entries(d.languages, LANG_WORDS) + "\n"
    if d.use_advantages:
        out += "\n" + section("Advantages") + entries(d.advantages, BG_WORDS) + "\n"
    out += "\n" + f"{b}XP:{r} {left(str(d.xp), 30)} {b}Luck Points:{r} {d.luck}" + "\n"
    out += "" if screen_reader else HEADER
    return out


def render_xp(d: Drawn, progress: dict[str, tuple[int, int] | None], ansi: bool = False) -> str:
    """AresMUSH's ``xp`` page (templates/xp.erb, xp_template.rb): a row per ability in
    ``progress`` (its XP toward the next level and that level's cost, or None: it cannot be
    raised further), the attributes, action skills, background skills and languages in
    turn."""
    b, r = (BOLD, RESET) if ansi else ("", "")

    def row(name: str) -> str:
        got = progress[name]
        if got is None:
            bar, detail = "..........", "(---)"
        else:
            xp, need = got
            filled = max(min(xp * 10 // need, 10), 1 if xp > 0 else 0)
            bar, detail = "@" * filled + "." * (10 - filled), f"({xp}/{need})"
        return f"{left(name, 20)} {bar} {detail.ljust(16)} {center('Now', 13)}"

    out = [HEADER, f"{b}Learning Progress - {d.name}{r}", "",
           f"{b}Ability                 Progress                 Learn Again In{r}"]  # fmt: skip
    for rows in (d.attributes, d.action, d.background, d.languages):
        out.append("")
        out += [row(name) for name, _ in rows if name in progress]
    out += ["", "", f"XP: {d.xp}", HEADER]
    return "\n".join(out) + "\n"
