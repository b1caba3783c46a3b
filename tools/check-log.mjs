// Checks a nightsim log of format 2, written from docs/log-format.md alone: UTF-8, every line its
// own JCS text (RFC 8785), `v` is 2, `seq` counts 0, 1, 2, …, `hash` is the SHA-256 hex of the
// previous line's hash (64 zeros before line 0) followed by the line's JCS without `hash`; the
// header first, its `seed_sha256` the SHA-256 of the seed's text; the log ends with the summary
// of the header's last night (else it was cut short).
// Usage: node tools/check-log.mjs [--head HASH] [LOG]  (stdin without LOG). No npm packages.
// --head: the chain head `run` printed, or a prefix of it of 12 or more hex digits (case,
// spaces and dashes ignored, as `nightsim verify --head` takes it): fail unless the log ends there.
// Exit 0 and the chain's head on stdout; exit 1 naming the first bad line on stderr; exit 2 for
// a malformed --head; exit 3, as `nightsim verify`, for an intact log of format 1 (nightsim 0.1.0),
// whose form (Python's json.dumps: `4.0` is not `4`) JSON.parse cannot check: its hashes are over
// each line's own text less its `,"hash":…` member (keys sorted: `clock` comes before it).
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
const sha256 = (text) => createHash("sha256").update(text, "utf8").digest("hex");
const fail = (n, why) => { console.error(`line ${n}: ${why}`); process.exit(1); };

const args = process.argv.slice(2);
let want = null;
const at = args.indexOf("--head");
if (at >= 0) {
  want = (args.splice(at, 2)[1] ?? "").replace(/[\s-]/g, "").toLowerCase();
  if (!/^[0-9a-f]{12,64}$/.test(want)) {
    console.error("--head: expected the chain head `run` printed (64 hex digits), or its first 12 or more");
    process.exit(2);
  }
}
const bytes = readFileSync(args[0] ?? 0);
const raw = [];
for (let start = 0; start < bytes.length; ) {
  const end = bytes.indexOf(10, start);
  raw.push(bytes.subarray(start, end < 0 ? bytes.length : end));
  start = end < 0 ? bytes.length : end + 1;
}
if (raw.length === 0) fail(1, "empty: a nightsim log has a header line");
if (bytes[bytes.length - 1] !== 10) fail(raw.length, "no newline at the end: the file was cut short");
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
let prev = "0".repeat(64);
let nights = 0, done = 0, last = null, format = 2, header = null;
const bare = (line, hash) => (typeof hash === "string" ? line.replace(`,"hash":"${hash}"`, "") : line);
raw.forEach((buf, seq) => {
  const n = seq + 1;
  let line, data;
  try { line = utf8.decode(buf); } catch { fail(n, "not UTF-8: bytes no UTF-8 text has (the file was damaged or re-encoded)"); }
  if (line.startsWith("\uFEFF")) fail(n, "starts with a byte-order mark: a log is UTF-8 without one");
  try { data = JSON.parse(line); } catch { fail(n, "not JSON"); }
  if (data === null || typeof data !== "object" || Array.isArray(data)) fail(n, "not a JSON object");
  if (seq === 0 && data.v === 1) format = 1;
  if (data.v !== format) fail(n, `'v' is ${JSON.stringify(data.v)}, expected ${format}`);
  if (data.seq !== seq) fail(n, `seq is ${JSON.stringify(data.seq)}, expected ${seq}`);
  const { hash, ...body } = data;
  if (format === 2 && line !== jcs(data)) fail(n, "not in JCS form (RFC 8785)");
  if (hash !== sha256(prev + (format === 2 ? jcs(body) : bare(line, hash)))) fail(n, "hash does not match");
  prev = hash;
  if ((seq === 0) !== (data.type === "night.header")) fail(n, seq ? "a second night.header" : "not a night.header: a log starts with one");
  if (seq === 0) {
    header = data;
    nights = data.nights ?? 1;
    const text = typeof data.seed === "string" ? data.seed : String(data.seed);
    if (sha256(text) !== data.seed_sha256) fail(n, `seed ${JSON.stringify(data.seed)} does not match its commitment seed_sha256 ${data.seed_sha256}`);
  } else if (done === nights) fail(n, `${data.type} after the summary of the last night (${nights}): the log ends there, this line was appended`);
  if (data.type === "night.summary") done += 1;
  last = data;
});
if (done !== nights) fail(raw.length, `the log was cut short: it ends with ${last.type} (night ${last.night}), but a whole log ends with the night.summary of night ${nights}`);
if (want !== null && !prev.startsWith(want)) fail(raw.length, `the log ends at hash ${prev}, not at the expected head ${want}`);
if (format === 1) {
  console.log(`format 1 log written by nightsim ${header.nightsim}: its chain is intact (${raw.length} lines, head ${prev}); check its form with nightsim 0.1.0 (pip install nightsim==0.1.0)`);
  process.exit(3);
}
console.log(`ok: ${raw.length} lines, head ${prev}`);
