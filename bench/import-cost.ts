/**
 * Cold import cost of each entry point: `node -e 'import("claude-hook-protocol/<subpath>")'`
 * (through package.json `exports`, by the package's own name) against bare
 * `node -e 0`, the two started alternately, many times; each figure is the
 * median of the per-pair ratios, so machine load hits both alike. Two
 * figures: wall time, and CPU time (user + system, which the process reports
 * as it exits), which waiting for a busy CPU does not inflate. Measures the
 * compiled dist/ (build first: npm run build).
 *
 * `tsx bench/import-cost.ts [--runs N]` prints the table; bench/run.ts runs it as its `imports` section.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { moduleGraph } from "../scripts/lib/module-graph.js";
import { median } from "./measure.js";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export interface ImportCost {
  readonly specifier: string;
  /** The package's modules the import loads (its static module graph in dist/) and their bytes: no noise. */
  readonly modules: number;
  readonly bytes: number;
  /** Median over pairs of (subject wall time / `node -e 0` wall time). */
  readonly ratio: number;
  /** The same for CPU time. */
  readonly cpuRatio: number;
  /** Median milliseconds (wall) of the import run and of the bare run. */
  readonly subjectMs: number;
  readonly baselineMs: number;
  /** Median CPU milliseconds of each. */
  readonly subjectCpuMs: number;
  readonly baselineCpuMs: number;
}

/** Every importable code subpath of package.json `exports` (patterns expanded over dist/, null targets left out), with its dist file. */
export function entrySpecifiers(): { readonly specifier: string; readonly file: string }[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; exports: Record<string, unknown> };
  const out: { specifier: string; file: string }[] = [];
  for (const [key, target] of Object.entries(pkg.exports)) {
    if (target === null || typeof target !== "object") continue;
    const at = (subpath: string): string => (subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`);
    if (!key.includes("*")) {
      out.push({ specifier: at(key), file: join(ROOT, (target as { default: string }).default) });
      continue;
    }
    const pattern = (target as { default: string }).default.replace(/^\.\//, "");
    const [prefix, suffix] = pattern.split("*") as [string, string];
    for (const file of readdirSync(join(ROOT, dirname(pattern))).sort()) {
      const path = `${dirname(pattern)}/${file}`;
      if (!path.startsWith(prefix) || !path.endsWith(suffix)) continue;
      const subpath = key.replace("*", path.slice(prefix.length, path.length - suffix.length));
      if (pkg.exports[subpath] !== null) out.push({ specifier: at(subpath), file: join(ROOT, path) });
    }
  }
  return out;
}

interface Timing {
  readonly wall: number;
  readonly cpu: number;
}

/** Prints the process's CPU time when it is about to exit (after the import, if any). */
const REPORT_CPU = `process.on("exit", () => { const u = process.cpuUsage(); process.stdout.write(String((u.user + u.system) / 1000)); });`;

function timed(code: string): Timing {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ["-e", `${REPORT_CPU}${code}`], { cwd: ROOT, encoding: "utf8" });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`bench: node -e ${code} failed: ${r.stderr}`);
  return { wall, cpu: Number(r.stdout) };
}

export function measureImportCosts(options: { readonly runs?: number } = {}): ImportCost[] {
  if (!existsSync(join(ROOT, "dist/src/index.js"))) throw new Error("bench: dist/ is not built (npm run build)");
  const runs = options.runs ?? 21;
  const bare = "0";
  timed(bare); // warm the file cache
  return entrySpecifiers().map(({ specifier, file }) => {
    const graph = [...moduleGraph(file)];
    const subject = `import(${JSON.stringify(specifier)})`;
    timed(subject);
    const pairs: [Timing, Timing][] = [];
    for (let i = 0; i < runs; i++) {
      // alternate which goes first, so a slow moment does not always fall on one side
      if (i % 2 === 0) {
        const s = timed(subject);
        pairs.push([s, timed(bare)]);
      } else {
        const b = timed(bare);
        pairs.push([timed(subject), b]);
      }
    }
    return {
      specifier,
      modules: graph.length,
      bytes: graph.reduce((sum, f) => sum + statSync(f).size, 0),
      ratio: median(pairs.map(([s, b]) => s.wall / b.wall)),
      cpuRatio: median(pairs.map(([s, b]) => s.cpu / b.cpu)),
      subjectMs: median(pairs.map(([s]) => s.wall)),
      baselineMs: median(pairs.map(([, b]) => b.wall)),
      subjectCpuMs: median(pairs.map(([s]) => s.cpu)),
      baselineCpuMs: median(pairs.map(([, b]) => b.cpu)),
    };
  });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const runsAt = process.argv.indexOf("--runs");
  const costs = measureImportCosts(runsAt === -1 ? {} : { runs: Number(process.argv[runsAt + 1]) });
  console.log("| import | modules | KiB | wall, to `node -e 0` | median wall | `node -e 0` | CPU, to `node -e 0` | median CPU | `node -e 0` |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const c of costs) {
    console.log(`| \`${c.specifier}\` | ${c.modules} | ${(c.bytes / 1024).toFixed(0)} | ${c.ratio.toFixed(2)}x | ${c.subjectMs.toFixed(1)} ms | ${c.baselineMs.toFixed(1)} ms | ${c.cpuRatio.toFixed(2)}x | ${c.subjectCpuMs.toFixed(1)} ms | ${c.baselineCpuMs.toFixed(1)} ms |`);
  }
}
