/**
 * Cold start of a TypeScript hook, run each way docs/authoring.md ("In your own project")
 * offers, in a project outside the clone made as that page says (test/lib/outside-project.ts):
 *
 * - compiled: `examples/hooks/kit-deny-rm-rf.ts` compiled by the page's tsconfig, `node dist/deny.js`;
 * - loader: the same source, `node --import tsx hooks/deny.ts` (every call compiles it first);
 * - the .mjs kit: `examples/hooks/kit-deny-rm-rf.mjs` (the same hook in plain JavaScript);
 * - by hand: bench/fixtures/hand-deny-rm-rf.mjs with the example's rule put in, no package.
 *
 * One process per run, the same `rm -rf` PreToolUse input on stdin (a deny is written), the
 * four interleaved so machine noise hits each alike; medians, and each as a ratio of the
 * hand-written hook's median. No target: the figures say what a loader costs per call.
 *
 *   npx tsx bench/ts-hook-cold-start.ts [--runs N]
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { ROOT } from "../test/lib/built-kit.js";
import { makeOutsideProject, preToolUse } from "../test/lib/outside-project.js";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg === -1 ? 40 : Number(process.argv[runsArg + 1]);

const { dir, project } = makeOutsideProject();
try {
  copyFileSync(join(ROOT, "examples/hooks/kit-deny-rm-rf.ts"), join(project, "hooks/deny.ts"));
  copyFileSync(join(ROOT, "examples/hooks/kit-deny-rm-rf.mjs"), join(project, "deny.mjs"));
  const built = spawnSync(join(project, "node_modules/.bin/tsc"), ["-p", "."], { cwd: project, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`bench: tsc failed in ${project}:\n${built.stdout}${built.stderr}`);
  // the baseline judges with the example's own rule: its functions, from the first doc comment to runHook
  const example = readFileSync(join(ROOT, "examples/hooks/kit-deny-rm-rf.mjs"), "utf8");
  const rule = example.slice(example.indexOf("/**"), example.indexOf("await runHook("));
  const template = readFileSync(join(ROOT, "bench/fixtures/hand-deny-rm-rf.mjs"), "utf8");
  if (!rule.includes("function isRecursiveForcedRm") || !template.includes("/* RULE */")) throw new Error("bench: the example's rule or the baseline's place for it is missing");
  writeFileSync(join(project, "hand.mjs"), template.replace("/* RULE */", rule));

  const stdin = preToolUse("Bash", { command: "rm -rf build", description: "x" });
  const ways = [
    { name: "compiled (node dist/deny.js)", args: ["dist/deny.js"] },
    { name: "loader (node --import tsx hooks/deny.ts)", args: ["--import", "tsx", "hooks/deny.ts"] },
    { name: "the .mjs kit (node deny.mjs)", args: ["deny.mjs"] },
    { name: "by hand (node hand.mjs)", args: ["hand.mjs"] },
  ];
  const once = (args: readonly string[]): number => {
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { cwd: project, input: stdin, encoding: "utf8" });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== 0 || !r.stdout.includes('"permissionDecision":"deny"')) throw new Error(`bench: node ${args.join(" ")} exited ${r.status} without a deny: ${r.stdout}${r.stderr}`);
    return ms;
  };
  const times = ways.map(() => [] as number[]);
  for (let i = 0; i < 3; i++) for (const way of ways) once(way.args); // warm the file cache (and tsx's)
  for (let i = 0; i < RUNS; i++) {
    const order = ways.map((_, j) => (i + j) % ways.length); // rotate who goes first
    for (const j of order) times[j]!.push(once(ways[j]!.args));
  }
  const median = (values: number[]): number => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const medians = times.map(median);
  const hand = medians[medians.length - 1]!;
  console.log(`TypeScript hook cold start (${RUNS} runs each, interleaved, medians; node ${process.version}; load average ${loadavg()[0]!.toFixed(1)})`);
  for (const [j, way] of ways.entries()) console.log(`${way.name.padEnd(44)} ${medians[j]!.toFixed(1).padStart(7)} ms  ${(medians[j]! / hand).toFixed(2)}x by hand`);
  if (process.argv.includes("--json")) console.log(JSON.stringify(ways.map((way, j) => ({ name: way.name, ms: medians[j], ratio: medians[j]! / hand }))));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
