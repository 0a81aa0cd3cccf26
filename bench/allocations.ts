/**
 * Bytes allocated per operation, estimated from minor GCs with a fixed young
 * generation: run with `node --min-semi-space-size=16 --max-semi-space-size=16`
 * (bench/run.ts does, section `alloc`); every scavenge then stands for 16 MiB
 * allocated. Prints one JSON line per pair: subject and baseline KiB per op.
 * Loads the compiled dist/ (bench/run.ts builds it first).
 */
import { PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";
import type { JsonObject } from "../src/claude-code/read-stdout.js";
import { CLAUDE_CODE_OUTPUTS, PRE_TOOL_USE_INPUT, RUST_TYPICAL, preToolUseResults } from "./fixtures.js";
import { peerValidators } from "./peer-schemas.js";

const SEMI_SPACE_MIB = 16;
const dist = (path: string): string => new URL(`../dist/${path}`, import.meta.url).href;
const { readRust, writeRust } = (await import(dist("src/serde/index.js"))) as typeof import("../src/serde/index.js");
const { checkOutputShape } = (await import(dist("src/claude-code/output-shape.js"))) as typeof import("../src/claude-code/output-shape.js");
const { classifyRun } = (await import(dist("src/claude-code/classify.js"))) as typeof import("../src/claude-code/classify.js");
const { mergeRuns } = (await import(dist("src/claude-code/merge.js"))) as typeof import("../src/claude-code/merge.js");

let scavenges = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) {
    if (entry.detail?.kind === 1) scavenges++; // NODE_PERFORMANCE_GC_MINOR
  }
}).observe({ entryTypes: ["gc"] });

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 50));

async function kibPerOp(fn: () => unknown, iterations: number): Promise<number> {
  for (let i = 0; i < iterations / 10; i++) fn();
  await settle();
  const before = scavenges;
  for (let i = 0; i < iterations; i++) fn();
  await settle();
  return ((scavenges - before) * SEMI_SPACE_MIB * 1024) / iterations;
}

const values = RUST_TYPICAL.map((t) => {
  const r = readRust("HookOutput", t);
  if (!r.ok) throw new Error("bench: typical output rejected");
  return r.value;
});
const plain = RUST_TYPICAL.map((t) => JSON.parse(t) as unknown);
const docs = CLAUDE_CODE_OUTPUTS.map((t) => JSON.parse(t) as JsonObject);
const strip = peerValidators("strip");
const records = preToolUseResults().map((r) => classifyRun(r, { event: "PreToolUse", hookName: "PreToolUse:Bash" }));
const context = { toolName: "Bash", toolInput: { command: "ls -la" } as JsonObject, input: PRE_TOOL_USE_INPUT as unknown as Record<string, unknown> };

const pairs: [string, () => unknown, string, (() => unknown) | null, number][] = [
  ["readRust, 5 typical outputs", () => RUST_TYPICAL.map((t) => readRust("HookOutput", t)), "JSON.parse", () => RUST_TYPICAL.map((t) => JSON.parse(t)), 50_000],
  ["writeRust, 5 typical values", () => values.map((v) => writeRust("HookOutput", v).ok), "JSON.stringify", () => plain.map((v) => JSON.stringify(v)), 100_000],
  ["checkOutputShape, 12 outputs", () => docs.map((d) => checkOutputShape(d)), "zod (strip)", () => docs.map((d) => strip.zod(d)), 100_000],
  ["mergeRuns, 10 records", () => mergeRuns("PreToolUse", records, context), "", null, 300_000],
];
for (const [name, subject, baselineName, baseline, iterations] of pairs) {
  const s = await kibPerOp(subject, iterations);
  const b = baseline === null ? null : await kibPerOp(baseline, iterations);
  console.log(JSON.stringify({ name, subject: s, baselineName, baseline: b }));
}
