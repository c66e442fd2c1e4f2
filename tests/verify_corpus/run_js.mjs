// Runs the browser's verifier (src/rollplay/server/static/verify_log.js) under Node on each
// file named, printing one JSON object per file: what the Verify page would say of it
// (tests/verify_corpus/test_corpus.py holds it to rollplay verify's answer).
import { existsSync, readFileSync } from "node:fs";

const { BadLog, readLog, verifyLog } = await import("../../src/rollplay/server/static/verify_log.js");

for (const path of process.argv.slice(2)) {
  const text = readFileSync(path, "utf8");
  const beside = path.replace(/\.jsonl$/, ".options.json"); // what the player gives, if any
  const options = existsSync(beside) ? JSON.parse(readFileSync(beside, "utf8")) : {};
  let said;
  try {
    const report = await verifyLog(readLog(text), options);
    said = {
      file: path, code: report.code, summary: report.summary,
      verdicts: report.verdicts.map((v) => [v.id, v.status, v.problems]),
      seed_problems: report.seedProblems, unproven: report.unproven,
    };
  } catch (error) {
    if (!(error instanceof BadLog)) throw error;
    said = { file: path, code: 2, error: error.message };
  }
  process.stdout.write(JSON.stringify(said) + "\n");
}
