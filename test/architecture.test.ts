// The layout as the code's own imports draw it (every relative import under src/, type-only and
// dynamic ones included): the floors below, lowest first, where a file imports its own floor or a
// lower one and never a higher one; no circle between folders; the CLI's commands never import its
// dispatcher; and an agent is named only in its folder, the registry and its entry point.
// `node --import tsx test/architecture.test.ts` prints the figures.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { directImports, type ModuleImport } from "../scripts/lib/module-graph.js";
import { AGENTS } from "../src/agents.js";
import { AGENT_NAMES } from "../src/core/agents.js";
import { AGENT_CAPABILITIES } from "../generated/agent-capabilities.js";
import { allCapabilities } from "../src/entry/capabilities.js";
import { REGISTRY_SCHEMAS, withRegistryAgents } from "../scripts/gen-schema-agents.js";
import { PACKAGE_JSON, withRegistryExports } from "../scripts/gen-package-exports.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const AGENT_FOLDERS = AGENTS.map((agent) => `src/${agent.name}/`);

/**
 * The floors, lowest first. A prefix ending in `/` is a folder, any other a file; a file's floor
 * is the one of its longest matching prefix.
 */
const FLOORS: readonly (readonly string[])[] = [
  ["generated/"],
  ["src/json/"],
  ["src/core/"],
  ["src/process/"],
  ["src/serde/"],
  // machinery that takes what it needs of an agent as values (a dialect, generated data)
  ["src/conformance/", "src/hooks/"],
  ["src/install/"],
  ["src/lint/"],
  // the interface every agent folder implements
  ["src/agent.ts"],
  AGENT_FOLDERS,
  // the registry, and its views
  ["src/agents.ts"],
  ["src/dialects.ts", "src/agent-capabilities.ts"],
  ["src/merge.ts", "src/public-api.ts"],
  ["src/cli/"],
  ["src/cli/main.ts"],
  ["src/cli.ts", "src/entry/", "src/index.ts"],
];

/** The agent a command names without being that agent's own code: the default agent, whose event names are the protocol's canonical ones (Claude Code's). */
const REFERENCE_AGENT = AGENTS[0]!.name;

/**
 * The files outside the reference agent's folder that import its modules (or its schema family's
 * validators): the registry; the entry points that are its API (the root, `./claude-code`,
 * `./runner`, and `public-api.ts`'s guarded functions); the CLI commands whose default it is
 * (`validate`, `run`, `test`, `merge`, `events`, `describe`: its event catalog, reader and runner);
 * and `conformance types`, whose Rust types are its settings and tools schemas. This list may
 * shrink, never grow; every other agent has only the registry.
 */
const REFERENCE_AGENT_IMPORTERS: readonly string[] = [
  "src/agents.ts",
  "src/cli/describe.ts",
  "src/cli/events.ts",
  "src/cli/merge.ts",
  "src/cli/run.ts",
  "src/cli/test.ts",
  "src/cli/validate.ts",
  "src/conformance/types.ts",
  "src/entry/claude-code.ts",
  "src/entry/runner.ts",
  "src/index.ts",
  "src/public-api.ts",
];

/**
 * The files outside the reference agent's folder that name it without importing it, at most
 * (today's figure, to shrink). This is vocabulary, not naming: the protocol's event, tool and
 * field names are Claude Code's (the kit takes a hook's event and tools in them, an install
 * manifest is written in them, each other agent's events table says which Claude Code event each
 * row copies, its texts quote where it parts from Claude Code), so the words "Claude Code" say
 * which names a value is in. No such file loads Claude Code's code or decides by its name: the
 * machinery reaches it as the registry's first agent (`DEFAULT_AGENT`, the kit's
 * `DETECTION_DEFAULT`).
 */
// 72 with Kimi Code CLI: its folder says where it reads answers otherwise than Claude Code (5 files)
const REFERENCE_AGENT_VOCABULARY_FILES_AT_MOST = 72;

/** The files that import `agent`'s folder (or its generated validators) from outside it. */
function importersOf(agent: string): string[] {
  const inside = (file: string): boolean => file.startsWith(`src/${agent}/`) || file.startsWith(`generated/validators/${agent}`);
  return [...new Set(EDGES.filter((e) => inside(e.to) && !inside(e.from)).map((e) => e.from))].sort();
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(join(ROOT, path)).isDirectory() ? filesUnder(path) : name.endsWith(".ts") ? [path] : [];
  });
}

const SOURCES = filesUnder("src");

function floorOf(file: string): number {
  let best = -1;
  let length = -1;
  FLOORS.forEach((prefixes, floor) => {
    for (const prefix of prefixes) {
      if ((prefix.endsWith("/") ? file.startsWith(prefix) : file === prefix) && prefix.length > length) [best, length] = [floor, prefix.length];
    }
  });
  if (best === -1) throw new Error(`test/architecture.test.ts: ${file} is on no floor (add it to FLOORS)`);
  return best;
}

/** The unit circles are counted between: a folder (`src/cli/main.ts` apart from the commands), or a top-level file. */
function unitOf(file: string): string {
  if (file === "src/cli/main.ts") return file;
  const parts = file.split("/");
  return parts.length > 2 ? `${parts[0]}/${parts[1]}/` : file;
}

interface Edge extends ModuleImport {
  readonly from: string;
  readonly to: string;
}

const EDGES: readonly Edge[] = SOURCES.flatMap((from) => directImports(join(ROOT, from)).map((i) => ({ ...i, from, to: relative(ROOT, i.target) })));

export function upwardImports(): string[] {
  return EDGES.filter((e) => floorOf(e.to) > floorOf(e.from)).map((e) => `${e.from} -> ${e.to} (${e.kind})`);
}

/** Every circle between units: each strongly connected set of two or more (Tarjan). */
export function unitCircles(): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of EDGES) {
    const [a, b] = [unitOf(e.from), unitOf(e.to)];
    if (a !== b) (next.get(a) ?? next.set(a, new Set()).get(a)!).add(b);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (unit: string): void => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit)!);
    stack.push(unit);
    for (const other of next.get(unit) ?? []) {
      if (!index.has(other)) {
        visit(other);
        low.set(unit, Math.min(low.get(unit)!, low.get(other)!));
      } else if (stack.includes(other)) low.set(unit, Math.min(low.get(unit)!, index.get(other)!));
    }
    if (low.get(unit) === index.get(unit)) {
      const set: string[] = [];
      for (let top = stack.pop()!; ; top = stack.pop()!) {
        set.push(top);
        if (top === unit) break;
      }
      if (set.length > 1) out.push(set.sort());
    }
  };
  for (const unit of next.keys()) if (!index.has(unit)) visit(unit);
  return out;
}

/** How a file names `agent`: its name in any spelling (`qwen-code`, `Qwen Code`, `qwenCode`, `QWEN_CODE`), or its first word where that is not the package's own (`Qwen`, `droid` but not `Android`). */
function namePattern(agent: string): RegExp {
  const words = agent.split("-");
  if (words.length > 1 && "claude-hook-protocol".includes(words[0]!)) return new RegExp(words.join("[-_ ]?"), "i");
  const word = words[0]!;
  return new RegExp(`(?<![a-z])${word}|${word[0]!.toUpperCase()}${word.slice(1)}|${word.toUpperCase()}`);
}

/** Per agent: the files under src/ outside its folder that name it. */
export function filesNaming(): Map<string, string[]> {
  return new Map(
    AGENTS.map((agent) => {
      const pattern = namePattern(agent.name);
      return [agent.name, SOURCES.filter((file) => !file.startsWith(`src/${agent.name}/`) && pattern.test(readFileSync(join(ROOT, file), "utf8")))];
    }),
  );
}

test("no import runs back up a floor", () => {
  const up = upwardImports();
  assert.deepEqual(up, [], `${up.length} imports run up:\n${up.join("\n")}`);
});

test("no circle between folders", () => {
  assert.deepEqual(unitCircles(), []);
});

test("the CLI's commands do not import its dispatcher (src/cli/main.ts)", () => {
  const back = EDGES.filter((e) => e.to === "src/cli/main.ts" && e.from !== "src/cli.ts").map((e) => e.from);
  assert.deepEqual(back, []);
});

test("no agent folder imports another agent's folder", () => {
  const across = EDGES.filter((e) => {
    const [a, b] = [AGENT_FOLDERS.find((f) => e.from.startsWith(f)), AGENT_FOLDERS.find((f) => e.to.startsWith(f))];
    return a !== undefined && b !== undefined && a !== b;
  });
  assert.deepEqual(across.map((e) => `${e.from} -> ${e.to}`), []);
});

/**
 * The files of other agents' folders that may name an agent, each with the fact that makes the name the other
 * agent's own (a literal it reads or writes), not a statement about the named agent: nothing else. Where a rule or
 * a table needs another agent's data, it comes as data from the registry (detection's order and exclusions:
 * scripts/lib/detection-order.ts; what another agent runs of this one's files: its installer's `alsoRuns`).
 */
const NAMED_IN_OTHER_AGENT_FOLDERS: readonly { readonly agent: string; readonly file: string; readonly why: string }[] = [
  // docs/spec/qwen-code-observed.md "environment" [env-01]: the variable is Qwen's, its name inherited from its upstream
  { agent: "gemini-cli", file: "src/qwen-code/runner.ts", why: "Qwen Code sets GEMINI_PROJECT_DIR for every hook (env-01)" },
];

test("an agent is named outside the agents' folders only by the registry and its entry point", () => {
  for (const [agent, files] of filesNaming()) {
    if (agent === REFERENCE_AGENT) {
      const importers = importersOf(agent);
      assert.deepEqual(importers.filter((file) => !REFERENCE_AGENT_IMPORTERS.includes(file)), [], `${agent}: files that import it beyond the entry points and its default commands`);
      const vocabulary = files.filter((file) => !importers.includes(file));
      assert.ok(vocabulary.length <= REFERENCE_AGENT_VOCABULARY_FILES_AT_MOST, `${agent}: ${vocabulary.length} files name it without importing it (at most ${REFERENCE_AGENT_VOCABULARY_FILES_AT_MOST})`);
      continue;
    }
    assert.deepEqual(importersOf(agent), ["src/agents.ts", `src/entry/${agent}.ts`], `${agent}: only the registry and its entry point import its folder`);
    const inOtherAgents = files.filter((file) => AGENT_FOLDERS.some((folder) => file.startsWith(folder)));
    const machinery = files.filter((file) => !inOtherAgents.includes(file) && file !== "src/agents.ts" && file !== `src/entry/${agent}.ts`);
    assert.deepEqual(machinery, [], `${agent} is named in ${files.length} files outside src/${agent}/`);
    const allowed = NAMED_IN_OTHER_AGENT_FOLDERS.filter((entry) => entry.agent === agent).map((entry) => entry.file);
    assert.deepEqual(inOtherAgents, allowed, `${agent} is named in other agents' folders`);
  }
});

/** The test files every agent shares (test/ but each agent's test/<agent>/ and the recorded data: observer/, vectors/, fixtures/). */
function sharedTestFiles(): string[] {
  const skip = new Set(["test/observer", "test/vectors", "test/fixtures", ...AGENTS.map((agent) => `test/${agent.name}`)]);
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir)).flatMap((name) => {
      const path = `${dir}/${name}`;
      return statSync(join(ROOT, path)).isDirectory() ? (skip.has(path) ? [] : walk(path)) : name.endsWith(".ts") ? [path] : [];
    });
  return walk("test");
}

/** The shared test files that spell every agent but the reference one by hand: a list the next agent must be added to (they iterate the registry, AGENT_NAMES, and read each agent's test/<agent>/facts.ts instead). */
export function handAgentLists(): string[] {
  const others = AGENTS.slice(1).map((agent) => namePattern(agent.name));
  return sharedTestFiles().filter((file) => {
    const text = readFileSync(join(ROOT, file), "utf8");
    return others.every((pattern) => pattern.test(text));
  });
}

// none: what a shared test checks of each agent is data in its test/<agent>/facts.ts (test/lib/agent-facts.ts), read by the registry
const HAND_AGENT_LISTS_AT_MOST = 0;

test("few shared test files spell every agent by hand (the rest iterate the registry)", () => {
  const lists = handAgentLists();
  assert.ok(lists.length <= HAND_AGENT_LISTS_AT_MOST, `${lists.length} shared test files name every agent: ${lists.join(", ")}`);
});

test("every agent folder is on the floors and assembles its own agent", () => {
  for (const agent of AGENTS) {
    assert.equal(agent.dialect.agent, agent.name);
    assert.equal(agent.capabilities.agent, agent.name);
    assert.ok(SOURCES.includes(`src/${agent.name}/agent.ts`), `src/${agent.name}/agent.ts`);
  }
});

test("the static lists are the registry's (npm run gen): AGENT_NAMES and the ./capabilities data", () => {
  assert.deepEqual([...AGENT_NAMES], AGENTS.map((agent) => agent.name));
  assert.deepEqual(AGENT_CAPABILITIES, JSON.parse(JSON.stringify(Object.fromEntries(AGENTS.map((agent) => [agent.name, agent.capabilities])))));
  assert.deepEqual(allCapabilities(), JSON.parse(JSON.stringify(AGENTS.map((agent) => agent.capabilities))));
});

test("the schemas that list every agent list the registry's (npm run gen writes them; gen:check names a drift)", () => {
  for (const { path, describe } of REGISTRY_SCHEMAS) {
    const text = readFileSync(join(ROOT, path), "utf8");
    assert.equal(withRegistryAgents(path, text, describe), text, `${path}: run npm run gen`);
    const agentAt = text.indexOf('"agent": {');
    const fewer = text.slice(0, agentAt) + text.slice(agentAt).replace(/,\s*"qwen-code"/, "");
    assert.notEqual(fewer, text);
    assert.equal(withRegistryAgents(path, fewer, describe), text, `${path}: an agent left out comes back`);
    assert.deepEqual((JSON.parse(text) as { properties: { agent: { enum: string[] } } }).properties.agent.enum, AGENTS.map((agent) => agent.name));
  }
});

test("package.json's agent subpaths are the registry's (npm run gen writes them; gen:check names a drift)", () => {
  const text = readFileSync(join(ROOT, PACKAGE_JSON), "utf8");
  assert.equal(withRegistryExports(text), text, `${PACKAGE_JSON}: run npm run gen`);
  const exports = (JSON.parse(text) as { exports: Record<string, unknown> }).exports;
  for (const agent of AGENTS) {
    assert.deepEqual(exports[`./${agent.name}`], { types: `./dist/src/entry/${agent.name}.d.ts`, default: `./dist/src/entry/${agent.name}.js` });
    assert.ok(SOURCES.includes(`src/entry/${agent.name}.ts`), `src/entry/${agent.name}.ts`);
  }
  const fewer = text.replace(/,\n {4}"\.\/kimi-code": \{[^}]*\}/, "");
  assert.notEqual(fewer, text);
  assert.equal(withRegistryExports(fewer), text, `${PACKAGE_JSON}: an agent left out comes back`);
  const wrong = text.replace("./dist/src/entry/droid.js", "./dist/src/entry/other.js");
  assert.notEqual(wrong, text);
  assert.equal(withRegistryExports(wrong), text, `${PACKAGE_JSON}: an agent's entry is made the registry's`);
});

test("the measures see what they measure: an import up, a circle and a name are found", () => {
  assert.equal(floorOf("src/core/records.ts") < floorOf("src/agents.ts"), true);
  assert.equal(floorOf("src/cli/run.ts") < floorOf("src/cli/main.ts"), true);
  assert.ok(namePattern("qwen-code").test("isQwenCodeInput") && namePattern("qwen-code").test("QWEN_CODE_SYSTEM_SETTINGS_PATH") && namePattern("qwen-code").test("Qwen Code"));
  assert.ok(namePattern("droid").test("droid's hooks.json") && !namePattern("droid").test("Android"));
  assert.ok(namePattern("claude-code").test("Claude Code") && !namePattern("claude-code").test("claude-hook-protocol"));
});

/**
 * The kit (src/hooks/) names no agent and imports no agent folder: what it loads of an agent comes from
 * generated/kit/loaders.ts, lazy `import()`s generated from the registry's `Agent.kit`. That file is the
 * one place under generated/ that imports an agent's folder, and it imports exactly what `Agent.kit` names.
 */
test("only generated/kit/loaders.ts reaches into agent folders from generated/, and only for what Agent.kit names", () => {
  const generated = (function walk(dir: string): string[] {
    return readdirSync(join(ROOT, dir)).flatMap((name) => {
      const path = `${dir}/${name}`;
      return statSync(join(ROOT, path)).isDirectory() ? walk(path) : name.endsWith(".ts") ? [path] : [];
    });
  })("generated");
  const intoAgents = generated.flatMap((from) => directImports(join(ROOT, from)).map((i) => ({ from, to: relative(ROOT, i.target), kind: i.kind }))).filter((e) => e.kind !== "type" && AGENT_FOLDERS.some((folder) => e.to.startsWith(folder)));
  // (type-only imports load nothing: generated/claude-code-output-shape.ts types its data with its agent's table types)
  assert.deepEqual([...new Set(intoAgents.map((e) => e.from))], ["generated/kit/loaders.ts"]);
  assert.deepEqual([...new Set(intoAgents.map((e) => e.kind))], ["dynamic"]);
  const named = AGENTS.flatMap((agent) => [agent.kit.answerWriter, ...(agent.kit.toolInputCheck === undefined ? [] : [agent.kit.toolInputCheck])].map((target) => `src/${agent.name}/${target.module.slice(2).replace(/\.js$/, ".ts")}`));
  assert.deepEqual(intoAgents.map((e) => e.to).sort(), named.sort());
});

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`shared test files that name every agent by hand: ${handAgentLists().length}: ${handAgentLists().join(", ")}`);
  const up = upwardImports();
  console.log(`imports that run up: ${up.length}\n${up.map((line) => `  ${line}`).join("\n")}`);
  console.log(`circles between folders: ${unitCircles().length}\n${unitCircles().map((c) => `  ${c.join(" <-> ")}`).join("\n")}`);
  for (const [agent, files] of filesNaming()) {
    const importers = importersOf(agent);
    const machinery = files.filter((file) => !AGENT_FOLDERS.some((folder) => file.startsWith(folder)));
    console.log(`${agent}: ${files.length} files outside its folder name it (${machinery.length} outside every agent folder; ${importers.length} import it)${files.length <= 20 ? `: ${files.join(", ")}` : ""}`);
  }
}
