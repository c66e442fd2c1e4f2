// Whether a roll's roller could roll its character (issue 29): provable_who.py written again
// for verify_log.js, with the same lines. Keep the two in step (tests/verify_corpus).

import { eventKey, eventNumber, said } from "./verify_checks.js";

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** Event number -> the line saying its roller could not roll its character then. */
export function creditProblems(lines) {
  const roles = new Map(); // "game\0user" -> role
  const players = new Map(); // "game\0character" -> its player, or null
  const out = new Map();
  const ordered = [...lines].sort((a, b) => eventNumber(a) - eventNumber(b));
  for (const line of ordered) {
    const game = said(line.game);
    const kind = line.kind;
    if (kind === "member" && typeof line.user === "string") {
      member(game, line.user, line, roles, players);
    } else if (kind === "player" && typeof line.character === "string") {
      players.set(`${game}\u0000${line.character}`, typeof line.player === "string" ? line.player : null);
    } else if (kind === "character" && typeof line.character === "string") {
      const maker = line.actor;
      const mine = typeof maker === "string" && roles.get(`${game}\u0000${maker}`) === "player";
      players.set(`${game}\u0000${line.character}`, mine ? maker : null);
    } else if (kind === "roll") {
      const claim = claimOf(game, line, roles, players);
      if (claim) out.set(eventKey(line), claim);
    }
  }
  return out;
}

function member(game, user, line, roles, players) {
  const role = line.role;
  if (typeof role !== "string") { // they left: what they played is the Storyteller's
    roles.delete(`${game}\u0000${user}`);
    for (const [key, player] of players) {
      if (key.split("\u0000")[0] === game && player === user) players.set(key, null);
    }
    return;
  }
  roles.set(`${game}\u0000${user}`, role);
  for (const name of Array.isArray(line.characters) ? line.characters : []) {
    if (typeof name === "string") players.set(`${game}\u0000${name}`, user);
  }
}

function claimOf(game, line, roles, players) {
  const { actor: roller, character: name, outcome } = line;
  if (line.hidden === true || typeof roller !== "string" || typeof name !== "string") return "";
  if (isObject(outcome) && ((outcome.assisting !== undefined && outcome.assisting !== null) ||
      (isObject(outcome.opposed) && outcome.opposed.side === "second"))) {
    return "";
  }
  const role = roles.get(`${game}\u0000${roller}`);
  if (role === undefined || role === "storyteller") return "";
  const key = `${game}\u0000${name}`;
  const player = players.has(key) ? players.get(key) : null;
  if (player === roller) return "";
  return `its roller ${roller} does not play ${name} here (its player is ` +
    `${player || "nobody: the Storyteller"})`;
}
