"""The Verify page in a real Chromium (issue 18): the browser re-derives the log as the player
sees it with WebCrypto and marks each revealed roll verified and each unrevealed one awaiting
a reveal; a tampered export chosen with the file input is flagged, naming the roll and why,
with the same verdicts and lines as ``rollplay verify`` (provable_log); a player sets her
client seed and the Storyteller reveals a seed from the page, which checks the log again.
The live server is shared by the session, so the log already holds other tests' rolls."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from rollplay.table.dice.provable_log import BadLog, read_log, verify_log
from tests.server.process import signed_in


def _api(base: str, who: str, method: str, path: str, body: Any = None) -> Any:
    client, headers = signed_in(base, who)
    try:
        done = client.request(method, path, json=body, headers=headers)
        assert done.status_code == 200, done.text
        json_answer = done.headers["content-type"].startswith("application/json")
        return done.json() if json_answer else done.text
    finally:
        client.close()


def _roll(base: str, who: str, line: str) -> int:
    done = _api(base, who, "POST", "/api/v1/games/Pegasus/commands", {"text": line})
    return int(done["log_id"])


def _verdicts(page: Page) -> dict[int, tuple[str, str]]:
    """Each listed roll's status and text, once the page has checked the log."""
    expect(page.get_by_role("status").first).to_contain_text("checked")
    items = page.locator("#verdicts > li")
    return {int(items.nth(i).get_attribute("data-id") or 0):
            (items.nth(i).get_attribute("data-status") or "", items.nth(i).inner_text())
            for i in range(items.count())}  # fmt: skip


def test_the_page_verifies_revealed_rolls_and_flags_a_tampered_one(
    people: Callable[..., Page], live_server: str, tmp_path: Path
) -> None:
    revealed = _roll(live_server, "Pia", "roll Nikos/Firearms")
    _api(live_server, "Stella", "POST", "/api/v1/games/Pegasus/seeds/rotate", {"chain": "public"})
    waiting = _roll(live_server, "Pia", "roll Nikos/Piloting")
    page = people("Pia")
    page.goto("/games/Pegasus/verify")
    seen = _verdicts(page)
    assert seen[revealed][0] == "verified", seen[revealed]
    assert seen[waiting][0] == "awaiting", seen[waiting]
    assert "awaiting reveal" in seen[waiting][1]
    assert not [i for i, (status, _) in seen.items() if status == "mismatch"]
    problems = page.locator("#seed-problems > li").all_inner_texts()
    assert problems == []  # each game's events numbered 1, 2, 3, ... (rulings T8)
    expect(page.locator("#verify-said")).to_have_attribute("data-ok", "true")
    # Nothing failed, but a roll awaits its reveal: not every roll is proven (V11).
    expect(page.locator("#verify-said")).to_have_attribute("data-verdict", "unproven")
    expect(page.locator("#unproven")).to_contain_text("awaiting a reveal (its seed is not revealed")

    # Pia's saved export, one die changed: chosen with the file input, checked in the page.
    export = _api(live_server, "Pia", "GET", "/games/Pegasus/log/export?format=jsonl")
    lines = [json.loads(line) for line in export.splitlines()]
    target = next(line for line in lines if line["id"] == revealed)
    target["provable"]["draws"][0][1][0] = target["provable"]["draws"][0][1][0] % 8 + 1
    target["dice"] = [f for _, faces in target["provable"]["draws"] for f in faces]
    saved = tmp_path / "Pegasus-log.jsonl"
    saved.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    page.locator("#verify-file").set_input_files(str(saved))
    expect(page.locator("#verify-said")).to_contain_text("The file Pegasus-log.jsonl")
    expect(page.locator("#verify-said")).to_contain_text("1 MISMATCH")
    flagged = _verdicts(page)
    status, text = flagged[revealed]
    assert status == "mismatch"
    assert "MISMATCH" in text
    assert "the seed gives" in text  # the die that does not re-derive, named
    expect(page.locator("#verify-said")).to_have_attribute("data-ok", "false")
    # The browser's verdicts and lines are rollplay verify's, for every roll in the file.
    python = verify_log(read_log(saved.read_text(encoding="utf-8")))
    browser = page.evaluate("""async (text) => {
        const v = await import("/static/verify_log.js");
        return await v.verifyLog(v.readLog(text));
    }""", saved.read_text(encoding="utf-8"))  # fmt: skip
    assert [(v["id"], v["status"], v["problems"]) for v in browser["verdicts"]] == [
        (v.id, v.status, v.problems) for v in python.verdicts
    ]
    assert browser["seedProblems"] == python.seed_problems
    assert browser["summary"] == python.summary()


def test_a_player_sets_her_client_seed_and_the_storyteller_reveals_a_seed(
    people: Callable[..., Page], live_server: str
) -> None:
    pia = people("Pia")
    pia.goto("/games/Pegasus/verify")
    pia.get_by_label("Your client seed").fill("pia's browser seed")
    pia.get_by_role("button", name="Set my client seed").click()
    expect(pia.get_by_role("alert")).to_contain_text("a client seed is 1 to 64 printable")
    pia.get_by_label("Your client seed").fill("pias-browser-seed")
    pia.get_by_role("button", name="Set my client seed").click()
    expect(pia.locator("#seed-result")).to_contain_text("Your client seed is now pias-browser-seed")
    expect(pia.get_by_role("button", name="Reveal the seed and commit a new one")).to_have_count(0)
    rolled = _roll(live_server, "Pia", "roll Nikos/Melee")
    seeds = _api(live_server, "Pia", "GET", "/api/v1/games/Pegasus/seeds")
    assert seeds["client_seed"] == "pias-browser-seed"

    stella = people("Stella")
    stella.goto("/games/Pegasus/verify")
    assert _verdicts(stella)[rolled][0] == "awaiting"
    stella.get_by_label("Chain").select_option("public")
    stella.once("dialog", lambda dialog: dialog.accept())  # asked first (rulings S76)
    stella.get_by_role("button", name="Reveal the seed and commit a new one").click()
    expect(stella.locator("#seed-result")).to_contain_text("The public seed is revealed")
    # The answer tells the page to check the log again: the roll is verified now.
    expect(stella.locator(f'#verdicts > li[data-id="{rolled}"]')).to_have_attribute(
        "data-status", "verified"
    )


# Values whose every rendering the two agree on (verify.js and provable quote others apart).
JUNK: list[Any] = [-1, 2**53 - 1, 2**53, "x", "", [], [1], [[8, [1, 2]]], [0, 5], [9, 1], 7, {}]


def _mutants(lines: list[dict[str, Any]], count: int) -> list[str]:
    """Exports with one to three values swapped for junk, the same every run."""

    def places(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        found: list[tuple[Any, ...]] = []
        items = value.items() if isinstance(value, dict) else enumerate(value) \
            if isinstance(value, list) else []  # fmt: skip
        for key, inner in items:
            found += [(*at, key), *places(inner, (*at, key))]
        return found

    chosen = random.Random(18)
    out = []
    for _ in range(count):
        copy = json.loads(json.dumps(lines))
        for _ in range(chosen.randint(1, 3)):
            line = chosen.choice(copy)
            where = chosen.choice([p for p in places(line) if p != ("id",)])
            holder = line
            for key in where[:-1]:
                holder = holder[key]
            holder[where[-1]] = json.loads(json.dumps(chosen.choice(JUNK)))
        out.append("".join(json.dumps(line) + "\n" for line in copy))
    return out


def test_the_browser_and_rollplay_verify_agree_on_damaged_logs(
    people: Callable[..., Page], live_server: str
) -> None:
    """Logs damaged at random (values swapped for junk): the browser never fails to answer,
    and answers each as rollplay verify does, line for line."""
    _roll(live_server, "Pia", "roll Nikos/Athletics")
    _api(live_server, "Stella", "POST", "/api/v1/games/Pegasus/seeds/rotate", {"chain": "public"})
    export = _api(live_server, "Stella", "GET", "/games/Pegasus/log/export?format=jsonl")
    texts = _mutants([json.loads(line) for line in export.splitlines()], 100)
    page = people("Stella")
    page.goto("/games/Pegasus/verify")
    browser = page.evaluate("""async (texts) => {
        const v = await import("/static/verify_log.js");
        const out = [];
        for (const text of texts) {
            try {
                out.push(await v.verifyLog(v.readLog(text)));
            } catch (error) {  // a number past 2**53 - 1 refuses the file, in both
                if (!(error instanceof v.BadLog)) throw error;
                out.push({bad: error.message});
            }
        }
        return out;
    }""", texts)  # fmt: skip
    for text, theirs in zip(texts, browser, strict=True):
        try:
            read = read_log(text)
        except BadLog as exc:
            assert theirs == {"bad": str(exc)}, text
            continue
        ours = verify_log(read)
        assert [(v["id"], v["status"], v["problems"]) for v in theirs["verdicts"]] == [
            (v.id, v.status, v.problems) for v in ours.verdicts
        ], text
        assert theirs["seedProblems"] == ours.seed_problems, text
        assert theirs["ok"] == ours.ok
        assert (theirs["code"], theirs["unproven"]) == (ours.code, ours.unproven)
