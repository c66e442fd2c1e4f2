// The Verify page (/games/{game}/verify): fetch the log as this viewer sees it (the same JSON
// Lines export they can save) and check every roll in this browser with verify_log.js, or
// check a saved export they choose. The server's own verdict is never asked for. After the
// Storyteller rotates a seed (the form's answer triggers "done"), the log is checked again.

import { BadLog, readLog, verifyLog } from "./verify_log.js";

const SAID = {
  verified: "verified",
  awaiting: "awaiting reveal",
  hidden: "hidden from you",
  typed: "typed-in dice: not from a committed seed",
  seeded: "seeded dice: not from a committed seed",
  secure: "OS entropy: not from a committed seed",
  before: "rolled before verifiable dice",
};

const section = document.getElementById("check");
const status = document.getElementById("verify-said");
const list = document.getElementById("verdicts");
const problems = document.getElementById("seed-problems");
const unproven = document.getElementById("unproven");
// The verdict as rollplay verify's exit status says it (rulings V11).
const VERDICT = { 0: "proven", 1: "failed", 3: "unproven" };

function options() {
  const value = (id) => document.getElementById(id).value.trim();
  const commitment = value("verify-commitment");
  const [seed, roller] = [value("verify-client-seed"), value("verify-roller")];
  return {
    commitments: commitment ? [commitment] : [],
    clientSeeds: seed && roller ? { [roller]: seed } : {},
  };
}

function item(verdict) {
  const li = document.createElement("li");
  li.dataset.status = verdict.status;
  li.dataset.id = String(verdict.id);
  const name = document.createElement("span");
  name.textContent = `${verdict.name}: `;
  const mark = document.createElement("strong");
  if (verdict.status === "mismatch") {
    mark.className = "error";
    mark.textContent = "MISMATCH";
    li.append(name, mark, document.createTextNode(` \u2014 ${verdict.problems.join("; ")}`));
  } else {
    mark.className = verdict.status === "verified" ? "verified" : "muted";
    mark.textContent = SAID[verdict.status] || verdict.status;
    li.append(name, mark);
  }
  return li;
}

async function check(text, what) {
  status.textContent = `Checking ${what} in this browser\u2026`;
  list.replaceChildren();
  problems.replaceChildren();
  unproven.replaceChildren();
  delete status.dataset.verdict;
  let report;
  try {
    report = await verifyLog(readLog(text), options());
  } catch (error) {
    status.textContent = error instanceof BadLog ? `Not checked: ${error.message}` : `Not checked: ${error}`;
    status.dataset.ok = "false";
    return;
  }
  list.replaceChildren(...report.verdicts.map(item));
  problems.replaceChildren(...report.seedProblems.map((said) => {
    const li = document.createElement("li");
    li.className = "error";
    li.textContent = said;
    return li;
  }));
  unproven.replaceChildren(...report.unproven.map((said) => {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = `Not proven: ${said}`;
    return li;
  }));
  const verdict = VERDICT[report.code];
  const head = { proven: "every roll proven", failed: "FAILED", unproven: "nothing failed, but not every roll could be proven" }[verdict];
  status.textContent = `${what[0].toUpperCase()}${what.slice(1)}: ${head}. ${report.summary}.`;
  status.dataset.ok = String(report.ok);
  status.dataset.verdict = verdict;
}

async function fromServer() {
  const answer = await fetch(section.dataset.export, { credentials: "same-origin" });
  if (!answer.ok) {
    status.textContent = `Not checked: the log could not be read (${answer.status}).`;
    return;
  }
  await check(await answer.text(), "the log as you see it");
}

document.getElementById("verify-again").addEventListener("click", fromServer);
document.getElementById("verify-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (file) await check(await file.text(), `the file ${file.name}`);
});
document.addEventListener("done", fromServer); // a seed was rotated: check again
if (!window.isSecureContext) {
  status.textContent = "Not checked: this browser checks dice only on https (or on localhost).";
} else {
  fromServer();
}
