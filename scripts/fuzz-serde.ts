/**
 * Differential fuzzing of our serde reader/writer against the serde oracle.
 *
 *   npx tsx scripts/fuzz-serde.ts [--cases N] [--seeds 1,2,3] [--show K]
 *                                 [--generator fuzz_gen|targeted|multibyte|tagged|escapes]
 *
 * For each seed a generator writes N request lines:
 *   fuzz_gen   scripts/serde-fuzz-gen.py N SEED (copy of the oracle's generator; default)
 *   targeted   number texts, escapes, nesting near the limit, byte-level mutations
 *   multibyte  errors inside 2-, 3- and 4-byte characters (line/column positions)
 *   tagged     internally tagged enum bodies: tag order, duplicates, escaped tag
 *              keys, unknown keys holding 1e400 or nesting of 120-130
 *   escapes    long strings with many escapes, good and bad
 * The in-process generators are deterministic by seed. The oracle
 * (`$SERDE_ORACLE`, default /tmp/oracle/target/release/exomonad-hook-oracle)
 * answers them, and so does our implementation in-process. Reports
 * accept/reject, canonical-text and error-text differences (the goal is 0 of
 * each). Exit code 1 on any difference.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { answerSerdeRequest } from "../src/conformance/serde.js";

export const ORACLE = process.env["SERDE_ORACLE"] ?? "/tmp/oracle/target/release/exomonad-hook-oracle";
const FUZZ_GEN_SCRIPT = fileURLToPath(new URL("./serde-fuzz-gen.py", import.meta.url));

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

function run(command: string, args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
    const out: Buffer[] = [];
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(Buffer.concat(out).toString("utf8")) : reject(new Error(`${command} exited ${code}`))));
    child.stdin.end(input ?? "");
  });
}

interface Answer {
  ok: boolean;
  canonical?: string;
  error?: string;
  bad_request?: boolean;
}

export interface SeedReport {
  seed: number;
  cases: number;
  acceptReject: number;
  canonical: number;
  badRequest: number;
  bothRejected: number;
  errorTextEqual: number;
}

/** Small seeded PRNG (mulberry32) and the draws every generator makes from it, so runs are reproducible by seed. */
function randomSource(seed: number) {
  let a = seed >>> 0;
  const rnd = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  const digits = (n: number): string => Array.from({ length: n }, () => String(int(10))).join("");
  return { rnd, int, pick, digits };
}

/** One protocol request line per generated case. */
function requestLines(requests: ReadonlyArray<readonly [type: string, json: string]>): string {
  return requests.map(([type, json]) => JSON.stringify({ type, json })).join("\n") + "\n";
}

/** Number texts, string escapes, nesting near the limit, and byte-level mutations, in every type. */
function targetedRequests(cases: number, seed: number): string {
  const { rnd, int, pick, digits } = randomSource(seed);
  const numberText = (): string => {
    let t = (rnd() < 0.3 ? "-" : "") + (rnd() < 0.1 ? "0" : String(1 + int(9)) + digits(int(24)));
    if (rnd() < 0.5) t += "." + digits(int(22) + (rnd() < 0.05 ? 0 : 1));
    if (rnd() < 0.5) t += pick(["e", "E"]) + pick(["", "+", "-"]) + digits(rnd() < 0.05 ? 0 : 1 + int(rnd() < 0.1 ? 12 : 3));
    if (rnd() < 0.05) {
      t = pick(["18446744073709551615", "18446744073709551616", "18446744073709551619", "-9223372036854775808", "-9223372036854775809"]) +
        pick(["", ".", ".5", ".0e1", "e0", ".55", ".x"]);
    }
    return t;
  };
  const PIECES = [
    "a", "\\u00e9", "\\ud83d\\ude00", "\\ud800", "\\udc00", "\\ud800\\u0041", "\\ud800x", "\\n", "\\x", "\\u12g4", "\\u00", "\\/", "\\\\", '\\"',
    "\\u0000", "\\u001f", "\\u007f", "\\u00a0", "\\u200b", "\\u0301", "\\ue000", "\\ufeff", "\\u2028", "\\U0041", "\\", "\u00e9", "\ud83d\ude00",
    "\u0001", "\t", "\n", " ",
  ];
  const stringText = (): string => '"' + Array.from({ length: int(5) }, () => pick(PIECES)).join("") + (rnd() < 0.97 ? '"' : "");
  const scalar = (): string => (rnd() < 0.5 ? numberText() : rnd() < 0.8 ? stringText() : pick(["null", "true", "false", "nul", "[]", "{}"]));
  const nestedText = (): string => {
    const depth = 120 + int(12);
    let open = "";
    let close = "";
    for (let i = 0; i < depth; i++) {
      if (rnd() < 0.5) {
        open += "[";
        close = "]" + close;
      } else {
        open += '{"k":';
        close = "}" + close;
      }
    }
    return open + scalar() + close;
  };
  const document = (): [string, string] => {
    const v = rnd() < 0.1 ? nestedText() : scalar();
    switch (int(9)) {
      case 0: return ["Value", v];
      case 1: return ["Value", `[${scalar()},${scalar()}]`];
      case 2: return ["HookOutput", `{"${pick(["continue", "stopReason", "suppressOutput", "systemMessage", "x"])}":${v}}`];
      case 3: return ["HookOutput", `{"x":${v},"hookSpecificOutput":{"hookEventName":"Stop","reason":${scalar()}}}`];
      case 4: return ["HookSpecificOutput", `{"hookEventName":"PreToolUse","permissionDecision":${pick(['"allow"', '{"deny":null}', scalar()])},"updatedInput":${v}}`];
      case 5: return ["HookSpecificOutput", `{"hookEventName":${pick(['"Stop"', '"Notification"', scalar()])},"x":${v}}`];
      case 6: return ["PermissionDecision", `{"behavior":"deny","message":${scalar()},"interrupt":${scalar()}}`];
      case 7: return ["ToolPermission", pick([scalar(), `{${stringText()}:${scalar()}}`])];
      default: return ["HookOutput", `[${pick(["true", scalar()])},${scalar()},null,${scalar()},${pick(['{"hookEventName":"PreCompact"}', '["Stop",null]', v])}]`];
    }
  };
  const mutate = (text: string): string => {
    if (rnd() < 0.7 || text.length === 0) return text;
    const at = int(text.length + 1);
    const r = rnd();
    if (r < 0.3) return text.slice(0, at);
    if (r < 0.6) return text.slice(0, at) + pick([",", "}", "]", "\\n", "\n", " ", '"', ":", "0", ".", "e", "-", "\r\n"]) + text.slice(at);
    return text.slice(0, at) + text.slice(at + 1 + int(3));
  };
  return requestLines(Array.from({ length: cases }, () => {
    const [type, json] = document();
    return [type, mutate(json)] as const;
  }));
}

/**
 * Error positions where serde_json stops inside a multi-byte character: JSON
 * tokens and fragments mixed with 2-, 3- and 4-byte characters and newlines,
 * after prefixes that leave the reader inside a string, escape, number,
 * literal or envelope field of every type.
 */
function multibyteRequests(cases: number, seed: number): string {
  const { rnd, int, pick } = randomSource(seed);
  const WIDE = ["é", "€", "😀", "\ufffd", "\u0800", "\u07ff", "\n", "\r\n"];
  const TOKENS = [
    '"', "\\", "\\u", "\\ud83d", "\\ud83d\\", "\\ud83d\\u", "\\ude00", "u", "0", "00", "1", "a", "f", "-", ".", "e", "E", "+", "n", "nu", "nul", "t", "tr",
    "f", "fa", "[", "]", "{", "}", ":", ",", " ", "null", "true", '"k"', '"hookEventName"', '"PreToolUse"', '"Stop"',
  ];
  const PREFIXES: ReadonlyArray<readonly [string, string]> = [
    ["Value", ""], ["Value", "["], ["Value", '{"a":'], ["Value", '"'], ["Value", '"x\\'], ["Value", '"\\u'], ["Value", '"\\u0'], ["Value", '"\\u00'],
    ["Value", '"\\u000'], ["Value", '"\\ud83d'], ["Value", '"\\ud83d\\'], ["Value", '"\\ud83d\\u'], ["Value", '"\\ud83d\\ude0'], ["Value", "-"],
    ["Value", "1."], ["Value", "1e"], ["Value", "1e+"], ["Value", "n"], ["Value", "tru"], ["Value", "[1,2]"], ["Value", '{"a":1'], ["Value", '{"a"'],
    ["HookOutput", '{"continue":'], ["HookOutput", '{"continue":t'], ["HookOutput", '{"x":'], ["HookOutput", '{"x":"\\u'], ["HookOutput", '{"x":-'],
    ["HookOutput", '{"hookSpecificOutput":{"hookEventName":"Stop","x":'], ["HookOutput", '{"hookSpecificOutput":{"x":"\\u0'],
    ["HookOutput", '{"hookSpecificOutput":{"x":'], ["HookOutput", '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":'],
    ["HookSpecificOutput", '{"hookEventName":"PreToolUse","permissionDecision":{"allow":'],
    ["HookSpecificOutput", '{"hookEventName":"PreToolUse","permissionDecision":{"allow":n'], ["HookSpecificOutput", '{"hookEventName":"PreToolUse","updatedInput":'],
    ["PermissionDecision", '{"behavior":"deny","interrupt":'], ["ToolPermission", ""], ["ToolPermission", '{"allow":nu'], ["HookOutput", "[true,"],
    ["HookOutput", '[true,"\\'],
  ];
  return requestLines(Array.from({ length: cases }, () => {
    const [type, prefix] = pick(PREFIXES);
    let body = "";
    for (let k = 1 + int(6); k > 0; k--) body += rnd() < 0.45 ? pick(WIDE) : pick(TOKENS);
    let json = (rnd() < 0.3 ? pick(WIDE) + (rnd() < 0.5 ? "\n" : "") : "") + prefix + body;
    if (rnd() < 0.3) json += pick(['"', '"}', "}", "}}", "]", '"}}']);
    return [type, json] as const;
  }));
}

/**
 * Internally tagged enum bodies (HookSpecificOutput by hookEventName,
 * PermissionDecision by behavior): tag first or later, duplicated keys,
 * unknown keys holding out-of-range numbers or nesting of 120-130, escaped
 * tag keys, and the body inside the HookOutput envelope.
 */
function taggedRequests(cases: number, seed: number): string {
  const { rnd, int, pick } = randomSource(seed);
  const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
  const VALUES = [
    "null", "true", "false", "1", "-0", "1e400", "1e-400", "18446744073709551616", "-9223372036854775809", "1.5", '"x"', '"\\ud800"', '"\\u00e9"',
    "[]", "{}", '{"a":[1,{"b":null}]}', nested(120), nested(126), nested(127), nested(130), '{"hookEventName":"Stop"}', '"allow"', '{"allow":null}',
    '{"allow":{}}', '{"deny":null,"x":1}', '["allow"]', '{"behavior":"allow"}', '{"behavior":"deny","message":"m","interrupt":true}',
    '{"message":"m","behavior":"deny"}', '{"behavior":"allow","behavior":"allow"}', '{"behavior":"allow","updatedInput":{"a":1e400}}', "nul", "[1,]",
    '{"a" 1}',
  ];
  const ENUMS: ReadonlyArray<readonly [type: string, tag: string, variants: readonly string[]]> = [
    ["HookSpecificOutput", "hookEventName", ["PreToolUse", "PostToolUse", "Stop", "Notification", "PreCompact", "UserPromptSubmit", "PermissionRequest", "SessionStart", "Nope"]],
    ["PermissionDecision", "behavior", ["allow", "deny", "ask", "x"]],
  ];
  const KEYS = [
    "permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext", "decision", "reason", "message", "interrupt", "behavior",
    "hookEventName", "x", "unknown", "hook\\u0045ventName", "be\\u0068avior", "updatedPermissions", "systemMessage",
  ];
  return requestLines(Array.from({ length: cases }, () => {
    const [type, tag, variants] = pick(ENUMS);
    const escapedTag = rnd() < 0.1 ? `\\u00${tag.charCodeAt(0).toString(16)}${tag.slice(1)}` : tag;
    const tagEntry = `"${escapedTag}":"${pick(variants)}"`;
    const entries: string[] = [];
    for (let k = int(5); k > 0; k--) entries.push(`"${pick(KEYS)}":${pick(VALUES)}`);
    if (rnd() < 0.85) entries.unshift(tagEntry);
    else entries.splice(int(entries.length + 1), 0, tagEntry);
    const body = `{${entries.join(",")}}`;
    if (type === "HookSpecificOutput" && rnd() < 0.4) {
      return ["HookOutput", `{"continue":true,"hookSpecificOutput":${body}${rnd() < 0.5 ? ',"x":1' : ""}}`] as const;
    }
    return [type, rnd() < 0.05 ? ` ${body} ` : body] as const;
  }));
}

/**
 * Long strings (5-34 pieces) with many escapes, so decoding past the first
 * few escapes is exercised; 60% carry one bad piece (lone surrogate, bad
 * escape, raw control character, cut escape) somewhere, 5% are unterminated.
 */
function escapesRequests(cases: number, seed: number): string {
  const { rnd, int, pick } = randomSource(seed);
  const GOOD = ["a", "bc", "\\n", "\\t", '\\"', "\\\\", "\\/", "\\b", "\\f", "\\r", "\\u00e9", "\\u0041", "\\ud83d\\ude00", "é", "€", "😀", "\\u0000", "\\u001f", " ", '\\\\\\"'];
  const BAD = ["\\ud800", "\\udc00", "\\ud800\\u0041", "\\ud800x", "\\x", "\\u12g4", "\\u00", "\\", "\u0001", "\n", "\t", "\\U0041", "\\ud83d\\", "\\ud83d\\u", "\\u0é12"];
  return requestLines(Array.from({ length: cases }, () => {
    const pieces = 5 + int(30);
    const badAt = rnd() < 0.6 ? int(pieces) : -1;
    let body = "";
    for (let k = 0; k < pieces; k++) body += k === badAt ? pick(BAD) : pick(GOOD);
    const text = '"' + body + (rnd() < 0.95 ? '"' : "");
    switch (int(4)) {
      case 0: return ["Value", text] as const;
      case 1: return ["HookOutput", `{"systemMessage":${text},"continue":true}`] as const;
      case 2: return ["HookOutput", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"k":${text}}}}`] as const;
      default: return ["HookOutput", `{"x":${text},\n"stopReason":${text}}`] as const;
    }
  }));
}

/** The in-process generators by `--generator` name (`fuzz_gen` is the Python copy of the oracle's). */
const GENERATORS: Readonly<Record<string, (cases: number, seed: number) => string>> = {
  targeted: targetedRequests,
  multibyte: multibyteRequests,
  tagged: taggedRequests,
  escapes: escapesRequests,
};
export const GENERATOR_NAMES = ["fuzz_gen", ...Object.keys(GENERATORS)];

export async function fuzzSeed(cases: number, seed: number, show: number, generator: string): Promise<SeedReport> {
  const inProcess = GENERATORS[generator];
  if (inProcess === undefined && generator !== "fuzz_gen") throw new Error(`unknown generator ${generator} (one of ${GENERATOR_NAMES.join(", ")})`);
  const requests = inProcess !== undefined ? inProcess(cases, seed) : await run("python3", [FUZZ_GEN_SCRIPT, String(cases), String(seed)]);
  const expected = (await run(ORACLE, [], requests)).split("\n").filter((l) => l !== "");
  const lines = requests.split("\n").filter((l) => l.trim() !== "");
  if (lines.length !== expected.length) throw new Error(`seed ${seed}: ${lines.length} requests, ${expected.length} oracle answers`);
  const report: SeedReport = { seed, cases: lines.length, acceptReject: 0, canonical: 0, badRequest: 0, bothRejected: 0, errorTextEqual: 0 };
  const shown = { acceptReject: 0, canonical: 0, error: 0 };
  const log = show > 0 ? console.log : () => undefined;
  lines.forEach((line, i) => {
    const want = JSON.parse(expected[i] as string) as Answer;
    const gotLine = answerSerdeRequest(line) ?? "";
    const got = JSON.parse(gotLine) as Answer;
    if (Boolean(want.bad_request) !== Boolean(got.bad_request)) report.badRequest++;
    if (want.ok !== got.ok) {
      report.acceptReject++;
      if (shown.acceptReject++ < show) log(`  accept/reject  ${line}\n    oracle: ${expected[i]}\n    ours:   ${gotLine}`);
    } else if (want.ok) {
      if (want.canonical !== got.canonical) {
        report.canonical++;
        if (shown.canonical++ < show) log(`  canonical  ${line}\n    oracle: ${expected[i]}\n    ours:   ${gotLine}`);
      }
    } else {
      report.bothRejected++;
      if (want.error === got.error) report.errorTextEqual++;
      else if (shown.error++ < show) log(`  error text  ${line}\n    oracle: ${expected[i]}\n    ours:   ${gotLine}`);
    }
  });
  return report;
}

/** Whether the oracle binary is there (the differential test skips without it). */
export function oracleAvailable(): boolean {
  return existsSync(ORACLE);
}

async function main(): Promise<number> {
  const cases = Number(option("cases", "100000"));
  const seeds = option("seeds", "1,2,3").split(",").map(Number);
  const show = Number(option("show", "5"));
  const generator = option("generator", "fuzz_gen");
  if (!GENERATOR_NAMES.includes(generator)) {
    console.error(`fuzz-serde: unknown generator ${generator} (one of ${GENERATOR_NAMES.join(", ")})`);
    return 2;
  }
  let failed = false;
  const total = { cases: 0, acceptReject: 0, canonical: 0, bothRejected: 0, errorTextEqual: 0 };
  for (const seed of seeds) {
    const r = await fuzzSeed(cases, seed, show, generator);
    const pct = r.bothRejected === 0 ? 100 : (100 * r.errorTextEqual) / r.bothRejected;
    console.log(
      `seed ${r.seed}: ${r.cases} cases, accept/reject differences ${r.acceptReject}, canonical differences ${r.canonical}, ` +
        `bad_request differences ${r.badRequest}, error text equal ${r.errorTextEqual}/${r.bothRejected} (${pct.toFixed(3)}%)`,
    );
    total.cases += r.cases;
    total.acceptReject += r.acceptReject;
    total.canonical += r.canonical;
    total.bothRejected += r.bothRejected;
    total.errorTextEqual += r.errorTextEqual;
    if (r.acceptReject > 0 || r.canonical > 0 || r.badRequest > 0 || r.errorTextEqual !== r.bothRejected) failed = true;
  }
  const pct = total.bothRejected === 0 ? 100 : (100 * total.errorTextEqual) / total.bothRejected;
  console.log(
    `total: ${total.cases} cases over ${seeds.length} seeds, accept/reject differences ${total.acceptReject}, ` +
      `canonical differences ${total.canonical}, error text equal ${total.errorTextEqual}/${total.bothRejected} (${pct.toFixed(3)}%)`,
  );
  return failed ? 1 : 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(await main());
