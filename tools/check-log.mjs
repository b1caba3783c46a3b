// Checks a nightsim log of format 2, written from docs/log-format.md alone: every line is its
// own JCS text (RFC 8785), `v` is 2, `seq` counts 0, 1, 2, … and `hash` is the SHA-256 hex of
// the previous line's hash (64 zeros before line 0) followed by the line's JCS without `hash`.
// Usage: node tools/check-log.mjs [LOG]  (stdin without LOG). No npm packages.
// Exit 0 and the chain's head on stdout; exit 1 naming the first bad line on stderr.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

// JCS = JSON.stringify with object keys sorted at every depth (Array.prototype.sort compares
// UTF-16 code units, as RFC 8785 does); JSON.stringify already writes numbers and strings as
// RFC 8785 does (ECMAScript's shortest number form, minimal string escapes).
const jcs = (v) =>
  Array.isArray(v) ? `[${v.map(jcs).join(",")}]`
  : v !== null && typeof v === "object"
    ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${jcs(v[k])}`).join(",")}}`
    : JSON.stringify(v);

const fail = (n, why) => { console.error(`line ${n}: ${why}`); process.exit(1); };
const text = readFileSync(process.argv[2] ?? 0, "utf8");
const lines = text.split("\n");
if (lines.pop() !== "") fail(lines.length + 1, "no newline at the end: the file was cut short");
if (lines.length === 0) fail(1, "empty: a nightsim log has a header line");
let prev = "0".repeat(64);
lines.forEach((line, seq) => {
  let data;
  try { data = JSON.parse(line); } catch { fail(seq + 1, "not JSON"); }
  if (data === null || typeof data !== "object" || Array.isArray(data)) fail(seq + 1, "not a JSON object");
  if (data.v !== 2) fail(seq + 1, `'v' is ${JSON.stringify(data.v)}, expected 2`);
  if (data.seq !== seq) fail(seq + 1, `seq is ${JSON.stringify(data.seq)}, expected ${seq}`);
  if (line !== jcs(data)) fail(seq + 1, "not in JCS form (RFC 8785)");
  const { hash, ...body } = data;
  if (hash !== createHash("sha256").update(prev + jcs(body)).digest("hex")) fail(seq + 1, "hash does not match");
  prev = hash;
});
console.log(`ok: ${lines.length} lines, head ${prev}`);
