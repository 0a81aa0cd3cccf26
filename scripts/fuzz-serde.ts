/**
 * Differential fuzzing of our serde reader/writer against the serde oracle.
 *
 *   npx tsx scripts/fuzz-serde.ts [--cases N] [--seeds 1,2,3] [--show K] [--generator fuzz_gen|targeted]
 *
 * For each seed, `scripts/serde-fuzz-gen.py N SEED` writes N request lines
 * (`--generator targeted`: our own generator of number texts, escapes,
 * deep nesting and byte-level mutations of valid documents instead);
 * the oracle (`$SERDE_ORACLE`, default /tmp/oracle/target/release/
 * exomonad-hook-oracle) answers them, and so does our implementation
 * in-process. Reports accept/reject and canonical-text differences (the goal
 * is 0) and how often the error texts agree. Exit code 1 on any accept/reject
 * or canonical difference.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { answerSerdeRequest } from "../src/conformance/serde.js";

export const ORACLE = process.env["SERDE_ORACLE"] ?? "/tmp/oracle/target/release/exomonad-hook-oracle";
const GENERATOR = fileURLToPath(new URL("./serde-fuzz-gen.py", import.meta.url));

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

/** Small seeded PRNG (mulberry32), so targeted runs are reproducible. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Number texts, string escapes, nesting near the limit, and byte-level mutations, in every type. */
function targetedRequests(cases: number, seed: number): string {
  const rnd = prng(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => String(int(10))).join("");
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
  const lines: string[] = [];
  for (let i = 0; i < cases; i++) {
    const [type, json] = document();
    lines.push(JSON.stringify({ type, json: mutate(json) }));
  }
  return lines.join("\n") + "\n";
}

export async function fuzzSeed(cases: number, seed: number, show: number, generator: string): Promise<SeedReport> {
  const requests = generator === "targeted" ? targetedRequests(cases, seed) : await run("python3", [GENERATOR, String(cases), String(seed)]);
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
    if (r.acceptReject > 0 || r.canonical > 0 || r.badRequest > 0) failed = true;
  }
  const pct = total.bothRejected === 0 ? 100 : (100 * total.errorTextEqual) / total.bothRejected;
  console.log(
    `total: ${total.cases} cases over ${seeds.length} seeds, accept/reject differences ${total.acceptReject}, ` +
      `canonical differences ${total.canonical}, error text equal ${total.errorTextEqual}/${total.bothRejected} (${pct.toFixed(3)}%)`,
  );
  return failed ? 1 : 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(await main());
