/**
 * The public surface, pinned (an API report, as api-extractor keeps one):
 * test/fixtures/api-report.md lists, per package.json subpath, every runtime
 * name and every type name its entry module exports. A change to the surface
 * fails here with a diff until the report is rewritten on purpose:
 *
 *   UPDATE_API_REPORT=1 node scripts/run-tests.mjs api-surface   (or npm run api:update)
 *
 * Runtime names come from importing each entry module; type names from its
 * export statements, followed through re-exports (the runtime names found
 * that way must equal the imported ones, which checks the reading).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { merge } from "../src/index.js";
import { moduleGraph } from "../scripts/lib/module-graph.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPORT = join(ROOT, "test/fixtures/api-report.md");
const ROOT_RUNTIME_LIMIT = 60;
/** Helpers the package uses inside; none is public under any subpath. */
const INTERNALS = ["compareUtf8", "formatF64", "readWithSeed", "settlesEvent", "handlerFingerprint", "matchQuery", "fromStr", "toNullPrototype", "jsonPointer"];

type Target = string | null | { readonly types: string; readonly default: string };
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; exports: Record<string, Target> };

/** The TypeScript source behind a `dist/...` target: `./dist/src/entry/serde.js` -> `src/entry/serde.ts`. */
function sourceOf(distPath: string): string {
  return distPath.replace(/^\.\/dist\//, "").replace(/\.d\.ts$|\.js$/, ".ts");
}

/** Every subpath with code (schemas and package.json are files), patterns expanded, null targets left out. */
export function subpaths(): { readonly subpath: string; readonly source: string }[] {
  const out: { subpath: string; source: string }[] = [];
  const excluded = new Set(Object.entries(pkg.exports).filter(([, t]) => t === null).map(([k]) => k));
  for (const [key, target] of Object.entries(pkg.exports)) {
    if (target === null || typeof target === "string") continue;
    // the declarations name the module a subpath exports (./hooks runs a bundle of it: scripts/bundle-kit.mjs)
    const source = sourceOf(target.types);
    if (!key.includes("*")) {
      out.push({ subpath: key, source });
      continue;
    }
    const [prefix, suffix] = source.split("*") as [string, string];
    for (const file of readdirSync(join(ROOT, dirname(prefix + "x"))).sort()) {
      const full = `${dirname(prefix + "x")}/${file}`;
      if (!full.startsWith(prefix) || !full.endsWith(suffix)) continue;
      const stem = full.slice(prefix.length, full.length - suffix.length);
      const subpath = key.replace("*", stem);
      if (!excluded.has(subpath)) out.push({ subpath, source: full });
    }
  }
  return out;
}

interface Exports {
  readonly runtime: Set<string>;
  readonly types: Set<string>;
}

const DECLARATION = /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(function\*?|const|let|var|abstract\s+class|class|interface|type|enum|namespace)\s+([A-Za-z_$][\w$]*)/gm;
const STAR = /^export\s+(type\s+)?\*\s+from\s+"([^"]+)"/gm;
const NAMED = /^export\s+(type\s+)?\{([^}]*)\}\s*(?:from\s+"([^"]+)")?/gm;

/** What a source module exports, read from its export statements (relative re-exports followed). */
function exportsOf(file: string, cache = new Map<string, Exports>()): Exports {
  const known = cache.get(file);
  if (known !== undefined) return known;
  const result: Exports = { runtime: new Set(), types: new Set() };
  cache.set(file, result);
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const target = (specifier: string): Exports => exportsOf(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")), cache);
  for (const [, kind, name] of text.matchAll(DECLARATION)) {
    (kind === "interface" || kind === "type" ? result.types : result.runtime).add(name!);
  }
  for (const [, typeOnly, specifier] of text.matchAll(STAR)) {
    const from = target(specifier!);
    for (const name of from.types) result.types.add(name);
    for (const name of from.runtime) (typeOnly ? result.types : result.runtime).add(name);
  }
  for (const [, typeOnly, list, specifier] of text.matchAll(NAMED)) {
    const from = specifier === undefined ? null : target(specifier);
    for (const raw of list!.replace(/\/\/.*$/gm, "").split(",")) {
      const item = raw.trim();
      if (item === "") continue;
      const [, itemType, local, alias] = /^(type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(item) ?? [];
      assert.ok(local !== undefined, `${relative(ROOT, file)}: cannot read export item "${item}"`);
      const name = alias ?? local;
      const isRuntime = typeOnly === undefined && itemType === undefined && (from === null || from.runtime.has(local));
      (isRuntime ? result.runtime : result.types).add(name);
    }
  }
  // a name that is both (a class) is listed once, as runtime
  for (const name of result.runtime) result.types.delete(name);
  return result;
}

async function surface(): Promise<{ subpath: string; source: string; runtime: string[]; types: string[] }[]> {
  const out = [];
  for (const { subpath, source } of subpaths()) {
    const file = join(ROOT, source);
    assert.ok(existsSync(file), `exports["${subpath}"]: ${source} does not exist`);
    const runtime = Object.keys(await import(pathToFileURL(file).href)).sort();
    const read = exportsOf(file);
    assert.deepEqual([...read.runtime].sort(), runtime, `${source}: the runtime names read from its exports differ from the imported ones`);
    out.push({ subpath, source, runtime, types: [...read.types].sort() });
  }
  return out;
}

function render(entries: Awaited<ReturnType<typeof surface>>): string {
  const lines = [
    "# API report",
    "",
    "Every name each subpath of the package exports, runtime names (values) and",
    "type names apart. Generated by test/api-surface.test.ts; rewrite it with",
    "`npm run api:update` after a deliberate change to the public surface.",
  ];
  for (const e of entries) {
    const specifier = e.subpath === "." ? pkg.name : `${pkg.name}/${e.subpath.slice(2)}`;
    lines.push("", `## \`${specifier}\``, "", `Entry module: \`${e.source}\`.`);
    lines.push("", `### Runtime (${e.runtime.length})`, "", ...e.runtime.map((n) => `- ${n}`));
    if (e.types.length > 0) lines.push("", `### Types (${e.types.length})`, "", ...e.types.map((n) => `- ${n}`));
  }
  return lines.join("\n") + "\n";
}

/** A line diff (longest common subsequence), each change under the section it is in. */
function lineDiff(expected: string, actual: string): string {
  const a = expected.split("\n");
  const b = actual.split("\n");
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const out: string[] = [];
  let heading = "";
  let shown = "";
  const change = (line: string): void => {
    if (heading !== shown) out.push(heading);
    shown = heading;
    out.push(line);
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      if (a[i]!.startsWith("## ")) heading = a[i]!;
      else if (a[i]!.startsWith("### ")) heading = `${heading.split(" / ")[0]} / ${a[i]!.slice(4)}`;
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) change(`+ ${b[j++]}`);
    else change(`- ${a[i++]}`);
  }
  return out.join("\n");
}

test("the exported surface matches test/fixtures/api-report.md", async () => {
  const actual = render(await surface());
  if (process.env["UPDATE_API_REPORT"] === "1") {
    writeFileSync(REPORT, actual);
    return;
  }
  const expected = existsSync(REPORT) ? readFileSync(REPORT, "utf8") : "";
  assert.ok(expected === actual, `the public surface changed (run npm run api:update if that is intended):\n${lineDiff(expected, actual)}`);
});

test(`the root stays small (at most ${ROOT_RUNTIME_LIMIT} runtime names) and no internal helper is public`, async () => {
  const entries = await surface();
  const root = entries.find((e) => e.subpath === ".")!;
  assert.ok(root.runtime.length <= ROOT_RUNTIME_LIMIT, `${root.runtime.length} runtime names at the root`);
  for (const e of entries) {
    const leaked = INTERNALS.filter((n) => e.runtime.includes(n));
    assert.deepEqual(leaked, [], `${e.subpath} exports internals`);
  }
  // every validator family has its subpath
  const families = readdirSync(join(ROOT, "generated/validators")).filter((f) => f.endsWith(".ts") && f !== "index.ts" && f !== "validator.ts");
  for (const f of families) assert.ok(entries.some((e) => e.subpath === `./validators/${f.replace(/\.ts$/, "")}`), `no subpath for ${f}`);
});

test("one validator family's module loads no other family", () => {
  const dir = join(ROOT, "generated/validators");
  const families = readdirSync(dir).filter((f) => f.endsWith(".ts") && f !== "index.ts" && f !== "validator.ts");
  assert.ok(families.includes("rust.ts") && families.includes("claude-code.ts"));
  for (const family of families) {
    const graph = [...moduleGraph(join(dir, family))].map((f) => relative(dir, f)).sort();
    const others = graph.filter((f) => f !== family && f !== "validator.ts");
    assert.deepEqual(others, [], `validators/${family} loads ${others.join(", ")}`);
  }
  // and the graph reader finds what a module does load
  assert.ok([...moduleGraph(join(dir, "index.ts"))].some((f) => f.endsWith("claude-code.ts")));
});

test("merge: one entry point; a malformed request value is an error value naming the field, never a throw", () => {
  assert.deepEqual(merge({ event: "PreToolUse", hooks: 5 }), {
    ok: false,
    error: { code: "invalid-request", path: "/hooks", message: "hooks must be an array" },
  });
  const cyclic: Record<string, unknown> = { event: "Stop", hooks: [] };
  (cyclic["hooks"] as unknown[]).push({ command: "a", exit: 0, stdout: "", stderr: "", self: cyclic });
  assert.deepEqual(merge(cyclic), { ok: false, error: { code: "invalid-request", path: "/hooks/0/self", message: "the value contains itself (a cycle)" } });
  assert.deepEqual(merge({ event: "Stop", hooks: [{ command: "a", exit: Number.NaN, stdout: "", stderr: "" }] }), {
    ok: false,
    error: { code: "invalid-request", path: "/hooks/0/exit", message: "NaN is not a JSON number" },
  });
  assert.deepEqual(merge(null), { ok: false, error: { code: "invalid-request", path: "", message: "a request is a JSON object" } });
  assert.equal(merge({ event: "Stop", hooks: [] }, "perl").ok, false);
  // a good request: exit 2 on PreToolUse denies with the stderr text (Claude Code 2.1.332, as the merge vectors record)
  const merged = merge({
    event: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "ls" },
    hooks: [{ command: "a.sh", exit: 2, stdout: "", stderr: "no", timed_out: undefined }],
  });
  assert.ok(merged.ok, JSON.stringify(merged));
  assert.equal(merged.value.effects.decision, "deny");
  assert.equal(merged.value.effects.tool_result, "PreToolUse:Bash hook error: [a.sh]: no");
});

test("merge: a 100,000-deep tool_input is copied without exhausting the stack; a deep cycle is named", () => {
  let deep: unknown = "leaf";
  for (let i = 0; i < 100_000; i++) deep = { a: deep };
  const merged = merge({ event: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls", deep }, hooks: [] });
  assert.equal(merged.ok, true);
  const root: Record<string, unknown> = {};
  let node = root;
  for (let i = 0; i < 1000; i++) node = (node["a"] = {}) as Record<string, unknown>;
  node["back"] = root;
  const cyclic = merge({ event: "PreToolUse", tool_name: "Bash", tool_input: root, hooks: [] });
  assert.ok(!cyclic.ok);
  assert.equal(cyclic.error.path, `/tool_input${"/a".repeat(1000)}/back`);
});

test("merge dispatches to every implemented dialect; the answer names the agent", async () => {
  const { allDialects } = await import("../src/index.js");
  for (const dialect of allDialects()) {
    const merged = merge({ event: dialect.events[0]!.name, hooks: [] }, dialect.agent);
    assert.ok(merged.ok, `${dialect.agent}: ${JSON.stringify(merged)}`);
    assert.equal(merged.value.agent, dialect.agent);
  }
});
