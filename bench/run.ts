/**
 * `npm run bench [-- section...]`: every figure is a ratio against a baseline
 * measured in the same process (or, for the CLI, in the same hyperfine
 * command), printed as a table with its target. Sections: serde, validate,
 * merge, cli, runner, alloc (bytes allocated per call), imports (cold import
 * of each package entry point, bench/import-cost.ts), json (the positional
 * JSON reader at doubling sizes, bench/json-positions.ts; default: all).
 *
 * Nothing here asserts: the table is the output. `--json` prints the rows as
 * JSON too. Builds dist/ first (`--no-build` to skip) and measures the compiled code.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { JsonObject } from "../src/claude-code/read-stdout.js";
import type { HookConfiguration } from "../src/claude-code/runner/types.js";
import { compareAsync, compareSync, timeSync } from "./measure.js";
import { CLAUDE_CODE_OUTPUTS, PRE_TOOL_USE_INPUT, RUST_TYPICAL, preToolUseResults, rustLargeUpdatedInput } from "./fixtures.js";
import { peerValidators } from "./peer-schemas.js";
import { measureImportCosts } from "./import-cost.js";
import { measureJsonPositions, SIZES as JSON_SIZES } from "./json-positions.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

// What users run is the compiled dist/ (tsc output), not tsx's transform of src/
// (esbuild's keepNames wraps every closure in __name(), 8% of a read): build, then load dist/.
if (!process.argv.includes("--no-build")) {
  const built = spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(ROOT, "tsconfig.build.json")], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("bench: npm run build failed");
}
const dist = (path: string): string => new URL(`../dist/${path}`, import.meta.url).href;
const { readRust, writeRust } = (await import(dist("src/serde/index.js"))) as typeof import("../src/serde/index.js");
const { checkOutputShape } = (await import(dist("src/claude-code/output-shape.js"))) as typeof import("../src/claude-code/output-shape.js");
const { classifyRun } = (await import(dist("src/claude-code/classify.js"))) as typeof import("../src/claude-code/classify.js");
const { mergeRuns } = (await import(dist("src/claude-code/merge.js"))) as typeof import("../src/claude-code/merge.js");
const { runEvent } = (await import(dist("src/claude-code/runner/run-event.js"))) as typeof import("../src/claude-code/runner/run-event.js");
const { parseHookSettingsValue } = (await import(dist("src/claude-code/runner/load-settings.js"))) as typeof import("../src/claude-code/runner/load-settings.js");
const { validateClaudeCodeHookOutput } = (await import(dist("generated/validators/claude-code.js"))) as typeof import("../generated/validators/claude-code.js");

interface Row {
  readonly section: string;
  readonly name: string;
  /** What the figure is: `ratio` (subject / baseline time) or `rate` (operations per second). */
  readonly kind: "ratio" | "rate";
  readonly value: number;
  readonly subject: string;
  readonly baseline: string;
  readonly target: string;
  readonly met: boolean | null;
}

const rows: Row[] = [];

function us(ns: number): string {
  return ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : `${(ns / 1e3).toFixed(2)} µs`;
}

function ratioRow(section: string, name: string, c: { subject: { nsPerOp: number }; baseline: { nsPerOp: number }; ratio: number }, target: number | null, baselineName: string): void {
  rows.push({
    section,
    name,
    kind: "ratio",
    value: c.ratio,
    subject: us(c.subject.nsPerOp),
    baseline: `${baselineName} ${us(c.baseline.nsPerOp)}`,
    target: target === null ? "" : `≤ ${target}x`,
    met: target === null ? null : c.ratio <= target,
  });
  printRow(rows[rows.length - 1]!);
}

function printRow(r: Row): void {
  const figure = r.kind === "ratio" ? `${r.value.toFixed(2)}x` : `${Math.round(r.value).toLocaleString("en-US")}/s`;
  const met = r.met === null ? "" : r.met ? "met" : "MISSED";
  process.stderr.write(`  ${r.section} | ${r.name} | ${figure} | ${r.subject} | ${r.baseline} | ${r.target} ${met}\n`);
}

/** Each document read many times per batch, so one call is the whole set. */
function overAll<T>(items: readonly T[], fn: (item: T) => unknown): () => unknown {
  return () => {
    let last: unknown;
    for (const item of items) last = fn(item);
    return last;
  };
}

function benchSerde(): void {
  const typicalSize = RUST_TYPICAL.map((t) => t.length);
  for (const t of RUST_TYPICAL) if (!readRust("HookOutput", t).ok) throw new Error(`bench: typical output rejected: ${t.slice(0, 80)}`);
  ratioRow(
    "serde",
    `readRust HookOutput, ${RUST_TYPICAL.length} typical outputs (${Math.min(...typicalSize)}-${Math.max(...typicalSize)} B)`,
    compareSync(overAll(RUST_TYPICAL, (t) => readRust("HookOutput", t)), overAll(RUST_TYPICAL, (t) => JSON.parse(t))),
    2,
    "JSON.parse",
  );
  const large = rustLargeUpdatedInput();
  if (!readRust("HookOutput", large).ok) throw new Error("bench: large output rejected");
  ratioRow(
    "serde",
    `readRust HookOutput, 1 MB updatedInput (${(large.length / 1048576).toFixed(2)} MiB)`,
    compareSync(() => readRust("HookOutput", large), () => JSON.parse(large), { rounds: 9, batchMs: 100 }),
    3,
    "JSON.parse",
  );
  const values = RUST_TYPICAL.map((t) => {
    const r = readRust("HookOutput", t);
    if (!r.ok) throw new Error("unreachable");
    return r.value;
  });
  const plain = RUST_TYPICAL.map((t) => JSON.parse(t) as unknown);
  ratioRow(
    "serde",
    `writeRust HookOutput, ${values.length} typical values`,
    compareSync(overAll(values, (v) => writeRust("HookOutput", v).ok), overAll(plain, (v) => JSON.stringify(v))),
    2,
    "JSON.stringify",
  );
  const largeValue = readRust("HookOutput", large);
  if (!largeValue.ok) throw new Error("unreachable");
  const largePlain = JSON.parse(large) as unknown;
  ratioRow(
    "serde",
    "writeRust HookOutput, 1 MB updatedInput",
    compareSync(() => writeRust("HookOutput", largeValue.value).ok, () => JSON.stringify(largePlain), { rounds: 9, batchMs: 100 }),
    2,
    "JSON.stringify",
  );
}

function benchValidate(): void {
  const docs = CLAUDE_CODE_OUTPUTS.map((t) => JSON.parse(t) as JsonObject);
  // The peers must agree with ours on every document, or the race is not the same check.
  const strict = peerValidators("strict");
  const strip = peerValidators("strip");
  for (const d of docs) {
    const verdicts = [validateClaudeCodeHookOutput(d), strict.zod(d), strict.valibot(d), strict.typebox(d), checkOutputShape(d).ok, strip.zod(d), strip.valibot(d)];
    if (verdicts.some((x) => x !== true)) throw new Error(`bench: validators disagree on ${JSON.stringify(d).slice(0, 100)}: ${verdicts.join(",")}`);
  }
  const ours = overAll(docs, (d) => validateClaudeCodeHookOutput(d));
  const peers = [
    ["zod 4 safeParse (strictObject)", strict.zod],
    ["valibot safeParse (strictObject)", strict.valibot],
    ["TypeBox TypeCompiler Check", strict.typebox],
  ] as const;
  for (const [name, check] of peers) {
    ratioRow("validate", `generated validateClaudeCodeHookOutput vs ${name}, ${docs.length} outputs`, compareSync(ours, overAll(docs, check)), 1, name.split(" ")[0]!);
  }
  // Claude Code's own reading: unknown keys stripped into a fresh object, first issue in its words.
  const shape = overAll(docs, (d) => checkOutputShape(d));
  for (const [name, check] of [["zod 4 safeParse (object, strips)", strip.zod], ["valibot safeParse (object, strips)", strip.valibot]] as const) {
    ratioRow("validate", `checkOutputShape (strip, Claude Code texts) vs ${name}`, compareSync(shape, overAll(docs, check)), 1, name.split(" ")[0]!);
  }
}

function benchMerge(): void {
  const input = PRE_TOOL_USE_INPUT as unknown as Record<string, unknown>;
  const records = preToolUseResults().map((r) => classifyRun(r, { event: "PreToolUse", hookName: "PreToolUse:Bash" }));
  const context = { toolName: "Bash", toolInput: { command: "ls -la" } as JsonObject, input };
  const t = timeSync(() => mergeRuns("PreToolUse", records, context));
  const rate = 1e9 / t.nsPerOp;
  rows.push({
    section: "merge",
    name: "mergeRuns, 10 PreToolUse run records",
    kind: "rate",
    value: rate,
    subject: us(t.nsPerOp),
    baseline: "",
    target: "≥ 500,000/s",
    met: rate >= 500_000,
  });
  printRow(rows[rows.length - 1]!);
  const c = compareSync(
    () => records.map((r) => classifyRun(r, { event: "PreToolUse", hookName: "PreToolUse:Bash" })),
    () => mergeRuns("PreToolUse", records, context),
  );
  ratioRow("merge", "classifyRun x10 (reads each stdout), relative to one merge", c, null, "mergeRuns");
}

function benchCli(): void {
  const cli = join(ROOT, "dist/src/cli.js");
  if (!existsSync(cli)) {
    process.stderr.write("  cli | skipped: dist/ not built (npm run build)\n");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "chp-bench-"));
  try {
    const file = join(dir, "output.json");
    let doc = JSON.stringify({
      systemMessage: "sandboxed",
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "", updatedInput: { command: "npm test" } },
    });
    doc = doc.replace('"permissionDecisionReason":""', `"permissionDecisionReason":"${"x".repeat(1024 - doc.length)}"`);
    writeFileSync(file, doc);
    const validate = `${process.execPath} ${cli} validate --event PreToolUse ${file}`;
    const check = spawnSync(process.execPath, [cli, "validate", "--event", "PreToolUse", file], { encoding: "utf8" });
    if (check.status !== 0) throw new Error(`bench: validate exited ${check.status}: ${check.stdout}${check.stderr}`);
    const json = join(dir, "hyperfine.json");
    const hf = spawnSync(
      "hyperfine",
      ["-N", "--warmup", "5", "--runs", "40", "--export-json", json, `${process.execPath} -e 0`, validate],
      { encoding: "utf8" },
    );
    if (hf.status !== 0) throw new Error(`bench: hyperfine failed: ${hf.stderr}`);
    const results = (JSON.parse(readFileSync(json, "utf8")) as { results: { median: number }[] }).results;
    const [base, subject] = [results[0]!.median * 1e9, results[1]!.median * 1e9];
    ratioRow("cli", `cold start: validate --event PreToolUse on a ${doc.length} B file (dist/)`, { subject: { nsPerOp: subject }, baseline: { nsPerOp: base }, ratio: subject / base }, 1.3, "node -e 0");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchRunner(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "chp-bench-"));
  try {
    const command = `cat > /dev/null; printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`;
    const parsed = parseHookSettingsValue(
      { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] } },
      { file: "bench-settings.json", kind: "project" },
    );
    const configuration: HookConfiguration = { hooks: parsed.hooks, problems: parsed.problems, disabledBy: null };
    const input = { ...PRE_TOOL_USE_INPUT, cwd: dir };
    const stdin = JSON.stringify(input);
    const bare = (): Promise<string> =>
      new Promise((resolvePromise, reject) => {
        const child = spawn("/bin/sh", ["-c", command], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
        const out: Buffer[] = [];
        child.stdout.on("data", (d: Buffer) => out.push(d));
        child.stderr.resume();
        child.on("error", reject);
        child.on("close", () => resolvePromise(Buffer.concat(out).toString("utf8")));
        child.stdin.end(stdin);
      });
    const viaRunner = async (): Promise<unknown> => {
      const outcome = await runEvent({ event: "PreToolUse", input, configuration, cwd: dir, projectDir: dir });
      if (outcome.merged.effects.decision !== "allow") throw new Error(`bench: runner decided ${outcome.merged.effects.decision}`);
      return outcome;
    };
    ratioRow("runner", "runEvent, one command hook (spawn, classify, merge)", await compareAsync(viaRunner, bare, { samples: 60 }), 1.2, "child_process.spawn");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Allocation per operation, in a child process with a fixed young generation (bench/allocations.ts). */
function benchAllocations(): void {
  const child = spawnSync(
    process.execPath,
    ["--min-semi-space-size=16", "--max-semi-space-size=16", "--import", "tsx", join(ROOT, "bench/allocations.ts")],
    { encoding: "utf8", cwd: ROOT },
  );
  if (child.status !== 0) throw new Error(`bench: allocations failed: ${child.stderr}`);
  for (const line of child.stdout.split("\n").filter((l) => l.startsWith("{"))) {
    const r = JSON.parse(line) as { name: string; subject: number; baselineName: string; baseline: number | null };
    rows.push({
      section: "alloc",
      name: `${r.name}, KiB allocated per call`,
      kind: "ratio",
      value: r.baseline === null ? Number.NaN : r.subject / r.baseline,
      subject: `${r.subject.toFixed(1)} KiB`,
      baseline: r.baseline === null ? "" : `${r.baselineName} ${r.baseline.toFixed(1)} KiB`,
      target: "",
      met: null,
    });
    printRow(rows[rows.length - 1]!);
  }
}

/** Cold import of each entry point against `node -e 0` (bench/import-cost.ts). */
function benchImports(): void {
  for (const c of measureImportCosts()) {
    for (const [what, ratio, subject, baseline] of [
      ["wall", c.ratio, c.subjectMs, c.baselineMs],
      ["CPU", c.cpuRatio, c.subjectCpuMs, c.baselineCpuMs],
    ] as const) {
      rows.push({
        section: "imports",
        name: `cold import of ${c.specifier} (${what} time)`,
        kind: "ratio",
        value: ratio,
        subject: `${subject.toFixed(1)} ms`,
        baseline: `node -e 0 ${baseline.toFixed(1)} ms`,
        target: "",
        met: null,
      });
      printRow(rows[rows.length - 1]!);
    }
  }
}

function machine(): string {
  const cpu = cpus();
  return `${cpu[0]?.model ?? "unknown CPU"} x${cpu.length}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform} ${process.arch}`;
}

/** The positional JSON reader against JSON.parse at doubling sizes: linear keeps the ratio flat (bench/json-positions.ts). */
async function benchJsonPositions(): Promise<void> {
  for (const row of await measureJsonPositions()) {
    const largest = row.ratios[row.ratios.length - 1]!;
    rows.push({
      section: "json",
      name: `parseJsonWithPositions, ${row.shape}, ${JSON_SIZES[JSON_SIZES.length - 1]! >> 10} KiB (ratio at ${JSON_SIZES.map((s) => s >> 10).join(", ")} KiB: ${row.ratios.map((r) => r.toFixed(1)).join(", ")})`,
      kind: "ratio",
      value: largest,
      subject: `${row.growth.toFixed(2)}x from ${JSON_SIZES[0]! >> 10} KiB`,
      baseline: "JSON.parse, same text",
      target: "flat as the size doubles (quadratic doubles it per step)",
      met: row.growth < 4,
    });
  }
}

function table(): string {
  const lines = [
    "| section | benchmark | figure | ours | baseline | target | |",
    "|---|---|---:|---:|---|---|---|",
    ...rows.map((r) => {
      const figure = Number.isNaN(r.value) ? "" : r.kind === "ratio" ? `${r.value.toFixed(2)}x` : `${Math.round(r.value).toLocaleString("en-US")}/s`;
      return `| ${r.section} | ${r.name} | ${figure} | ${r.subject} | ${r.baseline} | ${r.target} | ${r.met === null ? "" : r.met ? "met" : "missed"} |`;
    }),
  ];
  return lines.join("\n");
}

const args = process.argv.slice(2);
const wanted = args.filter((a) => !a.startsWith("--"));
const run = (name: string): boolean => wanted.length === 0 || wanted.includes(name);
process.stderr.write(`machine: ${machine()}\n`);
if (run("serde")) benchSerde();
if (run("validate")) benchValidate();
if (run("merge")) benchMerge();
if (run("cli")) benchCli();
if (run("runner")) await benchRunner();
if (run("alloc")) benchAllocations();
if (run("imports")) benchImports();
if (run("json")) await benchJsonPositions();
console.log(`Machine: ${machine()}\n`);
console.log(table());
if (args.includes("--json")) console.log(JSON.stringify(rows, null, 2));
