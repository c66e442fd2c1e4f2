// Checking a whole exported log in the browser (issue 18): src/rollplay/provable_log.py written
// again on verify.js, with the same verdicts and the same lines, so a player's browser judges
// the log without trusting the server that sent it. Keep the two in step
// (tests/browser/test_verify_page.py holds them to the same answers). No dependencies.

import { chained, commitmentOf, verifyDraws } from "./verify.js";
import {
  JUDGED, clientSeedProblems, eventKey, eventNumber, links, nonceOrder, numbering, seededBefore,
  unprovenLines, unsetChoices, withheld,
} from "./verify_checks.js";
import {
  contestProblems, d6AfterProblems, d6Problems, fs3Problems, gurpsProblems, partOrder,
} from "./verify_outcomes.js";
import {
  BadLog, canonical, drawn, isObject, isPart, isWhole, kindOf, nameOf, readLog, said, shownFaces,
  shownProblems, withoutPart,
} from "./verify_read.js";
import { askedProblems } from "./verify_asked.js";
import { rulesInForce } from "./verify_rules.js";
import { ratingProblems } from "./verify_sheets.js";
import { creditProblems } from "./verify_who.js";

export { BadLog, readLog, shownFaces };

const NOT_PROVABLE = ["typed", "seeded", "secure"];

async function judge(line, commits, reveals, derived) {
  if (line.hidden === true) return ["hidden", []];
  const source = line.dice_source;
  if (source === undefined || source === null) return ["before", []];
  if (NOT_PROVABLE.includes(source)) return [source, []];
  const block = line.provable;
  if (source !== "provable" || !isObject(block)) {
    return ["mismatch", [`its dice source is ${said(source)} but it has no provable block`]];
  }
  const problems = [];
  const key = `${said(line.game)}\u0000${said(block.commitment)}`;
  const commit = commits.get(key);
  if (commit === undefined) {
    problems.push("its seed's commitment was never published in this log");
  } else if (eventNumber(commit) > eventNumber(line)) {
    problems.push(`its seed's commitment was published after it (#${eventNumber(commit)})`);
  }
  if (kindOf(line) === "roll") problems.push(...shownProblems(line, block.draws, block.part));
  const reveal = reveals.get(key);
  if (reveal === undefined) return [problems.length ? "mismatch" : "awaiting", problems];
  if (canonical(block.chain) !== canonical(reveal.chain)) {
    problems.push(
      `it names the ${said(block.chain)} chain, but its seed is the ${said(reveal.chain)} chain's`,
    );
  }
  const nonce = block.nonce;
  if (isWhole(nonce) && isWhole(reveal.nonces) && nonce >= reveal.nonces) {
    problems.push(`its nonce ${nonce} is past the ${reveal.nonces} the reveal says were used`);
  }
  const args = {
    server_seed: reveal.seed, commitment: block.commitment, client_seed: block.client_seed,
    nonce, draws: block.draws, after: chained(reveal.after),
  };
  const memo = canonical(args);
  if (!derived.has(memo)) derived.set(memo, await verifyDraws(args));
  problems.push(...derived.get(memo));
  return [problems.length ? "mismatch" : "verified", problems];
}

/** Every entry that drew dice, judged, and what is wrong with a seed as a whole (as
 * provable_log.verify_log). commitments: ones a player recorded earlier, each of which the
 * log must publish; clientSeeds: {roller: the client seed they say they chose}. */
export async function verifyLog(lines, { commitments = [], clientSeeds = {} } = {}) {
  const commits = new Map();
  const reveals = new Map();
  const seeds = new Map();
  const rolled = [];
  for (const line of [...lines].sort((a, b) => eventNumber(a) - eventNumber(b))) {
    const kind = kindOf(line);
    const key = `${said(line.game ?? null)}\u0000${said(line.commitment ?? null)}`;
    if (kind === "seed_commit") {
      if (!commits.has(key)) commits.set(key, line);
    } else if (kind === "seed_reveal") {
      reveals.set(key, line);
    } else if (kind === "client_seed") {
      const who = `${said(line.game ?? null)}\u0000${said(line.user ?? null)}`;
      if (!seeds.has(who)) seeds.set(who, []);
      seeds.get(who).push([eventNumber(line), said(line.client_seed ?? null)]);
    } else if (kind === "roll" || "dice_source" in line || "provable" in line) {
      rolled.push(line);
    }
  }
  const verdicts = [];
  const commands = new Map();
  const derived = new Map();
  const [rules, misnamed] = await rulesInForce(lines);
  for (const line of rolled) {
    let [status, problems] = await judge(line, commits, reveals, derived);
    if (JUDGED.includes(status)) {
      const key = eventKey(line);
      if (misnamed.has(key)) problems.push(misnamed.get(key));
      const seeded = seededBefore(line, seeds);
      if (seeded) problems.push(...clientSeedProblems(line, seeds, clientSeeds));
      const given = rules.get(key) ?? null;
      problems.push(...fs3Problems(line, given), ...gurpsProblems(line, given),
        ...d6Problems(line, given), ...askedProblems(line, given));
      if (problems.length) status = "mismatch";
      else if (status === "verified" && !seeded) status = "unseeded";
    }
    verdicts.push({ id: eventNumber(line), name: nameOf(line), status, problems,
      game: said(line.game ?? null) });
    const block = line.provable;
    if (JUDGED.includes(status) && isObject(block) && isWhole(block.nonce)) {
      const game = said(line.game ?? null);
      const commitment = said(block.commitment ?? null);
      const key = `${game}\u0000${commitment}\u0000${block.nonce}`;
      if (!commands.has(key)) commands.set(key, { game, commitment, nonce: block.nonce, group: [] });
      commands.get(key).group.push([line, verdicts.length - 1]);
    }
  }
  repeats(commands, verdicts);
  const groups = [...commands.values()].map((c) => ({ ...c, lines: c.group.map(([l]) => l) }));
  const late = nonceOrder(groups);
  for (const { lines: group } of groups) {
    for (const [n, said] of partOrder(group)) if (!late.has(n)) late.set(n, said);
    for (const [n, said] of contestProblems(group, rules)) if (!late.has(n)) late.set(n, said);
  }
  for (const [n, said] of d6AfterProblems(lines, rules)) if (!late.has(n)) late.set(n, said);
  const credits = creditProblems(lines);
  const ratings = ratingProblems(lines, rules);
  for (const verdict of verdicts) {
    const key = `${verdict.game}\u0000${verdict.id}`; // numbers are each game's own
    const more = late.has(key) ? [late.get(key)] : [];
    if (JUDGED.includes(verdict.status)) {
      for (const said of [credits, ratings]) if (said.has(key)) more.push(said.get(key));
    }
    if (more.length) {
      verdict.status = "mismatch";
      verdict.problems.push(...more);
    }
  }
  const [gaps, whole] = numbering(lines);
  const held = withheld(lines);
  const judged = new Set([...reveals].filter(([, r]) => whole.has(said(r.game)) &&
    !held.has(`${said(r.game)}\u0000${said(r.chain)}`)).map(([key]) => key));
  const seedProblems = [...gaps, ...(await seedProblemsOf(reveals, commands, judged))];
  seedProblems.push(...links(commits, reveals));
  seedProblems.push(...unsetChoices(seeds, clientSeeds));
  for (const [key, reveal] of reveals) {
    if (!commits.has(key)) {
      seedProblems.push(`the ${said(reveal.chain ?? null)} seed revealed in #${eventNumber(reveal)} ` +
        `(${said(reveal.game ?? null)}) was never committed in this log`);
    }
  }
  const published = new Set([...commits.values()].map((c) => said(c.commitment ?? null).toLowerCase()));
  for (const mine of commitments) {
    if (!published.has(mine.toLowerCase())) {
      seedProblems.push(`the commitment you recorded, ${mine}, is not published in this log`);
    }
  }
  const ok = !seedProblems.length && verdicts.every((v) => v.status !== "mismatch");
  const unproven = unprovenLines(verdicts);
  const code = ok ? (unproven.length ? 3 : 0) : 1;
  const imported = importedCount(lines);
  return { verdicts, seedProblems, ok, code, unproven, imported, summary: summary(verdicts, imported) };
}

// An imported scene's kinds (issue 38): another table's text, never judged (provable_report.py).
const IMPORTED = ["scene_import", "imported"];

/** Lines brought in from another table, whole or as placeholders (provable_log.imported). */
function importedCount(lines) {
  return lines.filter((line) => IMPORTED.includes(kindOf(line) === "placeholder" ? line.of : kindOf(line))).length;
}

function repeats(commands, verdicts) {
  for (const { nonce, group } of commands.values()) {
    if (group.length < 2) continue;
    const blocks = new Set(group.map(([line]) => canonical(withoutPart(line.provable))));
    const parts = group.map(([line]) => line.provable.part);
    const spans = parts.filter(isPart).map((p) => [...p]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const apart = spans.length === parts.length && spans.every((s, i) => i === 0 || spans[i - 1][1] <= s[0]);
    if (blocks.size === 1 && apart) continue;
    for (const [line, at] of group) {
      const others = group.filter(([other]) => other !== line).map(([other]) => `#${eventNumber(other)}`);
      verdicts[at].status = "mismatch";
      verdicts[at].problems.push(
        `its nonce ${nonce} is used by ${others.join(", ")} too: a nonce serves one roll`,
      );
    }
  }
}

async function seedProblemsOf(reveals, commands, judged) {
  const out = [];
  for (const [key, reveal] of reveals) {
    const hashed = said(reveal.commitment);
    const game = said(reveal.game);
    const where = `the ${said(reveal.chain)} seed revealed in #${eventNumber(reveal)} (${game})`;
    try {
      if ((await commitmentOf(reveal.seed, chained(reveal.after))) !== hashed.toLowerCase()) {
        out.push(`${where} does not hash to its commitment ${hashed.slice(0, 16)}\u2026`);
      }
    } catch (error) {
      out.push(`${where}: ${error.message}`);
    }
    if (!judged.has(key) || !isWhole(reveal.nonces)) continue;
    const mine = new Map();
    for (const c of commands.values()) {
      if (c.game === game && c.commitment === hashed) mine.set(c.nonce, c.group.map(([line]) => line));
    }
    const missing = []; // the first eleven: a reveal may claim any count, never list them all
    for (let n = 0; n < reveal.nonces && missing.length < 11; n++) if (!mine.has(n)) missing.push(n);
    if (missing.length) {
      const listed = missing.slice(0, 10).join(", ") + (missing.length > 10 ? ", \u2026" : "");
      out.push(`${where}: no roll in the log has nonce ${listed} of the ${reveal.nonces} used ` +
        "(a roll made under the seed and left out)");
    }
    for (const nonce of [...mine.keys()].sort((a, b) => a - b)) {
      const said = uncovered(nonce, mine.get(nonce));
      if (said) out.push(`${where}: ${said}`);
    }
  }
  return out;
}

function uncovered(nonce, lines) {
  const parts = lines.map((line) => line.provable.part);
  if (!parts.some(isPart)) return "";
  const faces = drawn(lines[0].provable.draws);
  if (faces === null) return "";
  const total = faces.length;
  let reach = 0;
  const spans = parts.filter(isPart).map((p) => [...p]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [start, end] of spans) {
    if (start !== reach) break;
    reach = end;
  }
  if (reach === total) return "";
  return `the entries of nonce ${nonce} show ${reach} of its ${total} dice (an entry left out)`;
}

function summary(verdicts, imported = 0) {
  const count = (...statuses) => verdicts.filter((v) => statuses.includes(v.status)).length;
  const checked = count("verified", "mismatch", "unseeded");
  const wrong = count("mismatch");
  let said = `${checked} revealed roll${checked !== 1 ? "s" : ""} checked: `;
  said += `${count("verified")} verified` + (wrong ? `, ${wrong} MISMATCH` : "");
  if (count("unseeded")) said += `, ${count("unseeded")} with no client seed logged before them`;
  said += `; ${count("awaiting")} await a reveal`;
  const others = NOT_PROVABLE.filter((s) => count(s)).map((s) => `${count(s)} ${s}`);
  if (others.length) said += `; not from a committed seed: ${others.join(", ")}`;
  if (count("before")) said += `; ${count("before")} from before verifiable dice`;
  if (count("hidden")) said += `; ${count("hidden")} hidden from you`;
  if (imported) {
    said += `; ${imported} imported entr${imported !== 1 ? "ies" : "y"} ` +
      "(another table's log: text, not provable, not checked)";
  }
  return said;
}
