/**
 * The built-in tool schemas (schemas/claude-code/tools/, written from the
 * `tools` of a recorded Claude Code 2.1.332 request) against the tool-input
 * types the same version ships in its npm package (sdk-tools.d.ts; its property
 * names and optionality in test/fixtures/claude-code-sdk-tools/declared-inputs.json): same property names, same required
 * set, for every tool the .d.ts declares. The .d.ts is read with the
 * TypeScript 7 API (typescript/unstable/sync: a parse, no type checking).
 * The schemas are checked to be what the writer makes of the recording, and
 * the tool inputs recorded in the observer's runs validate against them.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import * as validators from "../generated/validators/claude-code-tools.js";
import type { Validator } from "../generated/validators/validator.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const recorded = (JSON.parse(readFileSync(join(root, "test/observer/claude-code-tools/tools.json"), "utf8")) as { tools: { name: string; defer_loading?: boolean }[] }).tools
  .filter((tool) => tool.defer_loading !== true)
  .map((tool) => tool.name);
const kebab = (name: string): string => name.replace(/(?<!^)(?=[A-Z])/g, "-").toLowerCase();

interface Schema { title: string; properties?: Record<string, unknown>; required?: string[] }
const schemaOf = (tool: string): Schema => JSON.parse(readFileSync(join(root, "schemas/claude-code/tools", `${kebab(tool)}.schema.json`), "utf8")) as Schema;

/** sdk-tools.d.ts names three tools' inputs after their implementation (`FileEditInput`); the rest are `<Tool>Input`. */
const DTS_NAME: Readonly<Record<string, string>> = { Edit: "FileEditInput", Read: "FileReadInput", Write: "FileWriteInput" };
/** Tools Claude Code 2.1.332 sends the model that its sdk-tools.d.ts does not declare. */
const NOT_IN_DTS = ["ListAgents", "SendMessage", "Skill"];
/**
 * Properties the .d.ts declares that the recorded request does not: Agent's
 * agent-team parameters, which Claude Code leaves out of the schema it sends
 * when agent teams are off (as in the recorded session). All optional.
 */
const DTS_ONLY: Readonly<Record<string, readonly string[]>> = { Agent: ["mode", "name", "team_name"] };

/**
 * Every exported interface of the .d.ts: property name -> optional. The
 * repository keeps these facts (declared-inputs.json, written by derive.ts
 * from the packed .d.ts), not the file.
 */
function declaredInterfaces(): Map<string, Map<string, boolean>> {
  const table = JSON.parse(readFileSync(join(root, "test/fixtures/claude-code-sdk-tools/declared-inputs.json"), "utf8")) as { interfaces: Record<string, Record<string, boolean>> };
  return new Map(Object.entries(table.interfaces).map(([name, members]) => [name, new Map(Object.entries(members))]));
}

test("one schema per recorded tool, and each is what write-schemas makes of the recording", () => {
  const files = readdirSync(join(root, "schemas/claude-code/tools")).sort();
  assert.deepEqual(files, recorded.map((tool) => `${kebab(tool)}.schema.json`).sort());
  assert.equal(recorded.length, 21);
  for (const tool of recorded) assert.equal(schemaOf(tool).title, `${tool}ToolInput`);
  const check = spawnSync(process.execPath, ["--import", "tsx", "test/observer/claude-code-tools/write-schemas.ts", "--check"], { cwd: root, encoding: "utf8" });
  assert.equal(check.status, 0, check.stderr);
});

test("property names and the required set agree with sdk-tools.d.ts of @anthropic-ai/claude-code 2.1.332", () => {
  const interfaces = declaredInterfaces();
  const missing: string[] = [];
  let compared = 0;
  for (const tool of recorded) {
    const declared = interfaces.get(DTS_NAME[tool] ?? `${tool}Input`);
    if (declared === undefined) {
      missing.push(tool);
      continue;
    }
    const schema = schemaOf(tool);
    const dtsOnly = DTS_ONLY[tool] ?? [];
    for (const name of dtsOnly) assert.equal(declared.get(name), true, `${tool}.${name}: declared optional in the .d.ts`);
    const expectedNames = [...declared.keys()].filter((name) => !dtsOnly.includes(name)).sort();
    assert.deepEqual(Object.keys(schema.properties ?? {}).sort(), expectedNames, `${tool}: property names`);
    const requiredInDts = [...declared].filter(([, optional]) => !optional).map(([name]) => name).sort();
    assert.deepEqual([...(schema.required ?? [])].sort(), requiredInDts, `${tool}: required`);
    compared++;
  }
  assert.deepEqual(missing, NOT_IN_DTS);
  assert.equal(compared, 18);
});

/** Every PreToolUse/PostToolUse input recorded by the observer whose tool has a schema. */
function recordedToolInputs(): { tool: string; input: unknown; from: string }[] {
  const found: { tool: string; input: unknown; from: string }[] = [];
  for (const dir of ["test/observer/claude-code/observed", "test/observer/claude-code/probes/observed"]) {
    for (const file of readdirSync(join(root, dir)).filter((name) => name.endsWith(".json"))) {
      const run = JSON.parse(readFileSync(join(root, dir, file), "utf8")) as { hooks?: { stdin_first?: unknown }[] };
      for (const hook of run.hooks ?? []) {
        const stdin = hook.stdin_first as { tool_name?: unknown; tool_input?: unknown } | undefined;
        if (typeof stdin?.tool_name === "string" && recorded.includes(stdin.tool_name)) found.push({ tool: stdin.tool_name, input: stdin.tool_input, from: `${dir}/${file}` });
      }
    }
  }
  return found;
}

test("the tool inputs the observer recorded validate against their tool's schema", () => {
  const inputs = recordedToolInputs();
  assert.ok(inputs.length >= 100, `${inputs.length} recorded tool inputs`);
  for (const { tool, input, from } of inputs) {
    const validate = (validators as unknown as Record<string, Validator<unknown>>)[`validate${tool}ToolInput`]!;
    assert.equal(validate(input), true, `${from}: ${JSON.stringify(input).slice(0, 200)} ${JSON.stringify(validate.errors)}`);
  }
  const tools = new Set(inputs.map((entry) => entry.tool));
  assert.ok(tools.has("Bash") && tools.has("Read"), [...tools].join(","));
});

test("the kit's ToolInputs map (src/hooks/tool-inputs.ts) has one entry per recorded tool", () => {
  const text = readFileSync(join(root, "src/hooks/tool-inputs.ts"), "utf8");
  const body = text.slice(text.indexOf("export interface ToolInputs {"), text.indexOf("}", text.indexOf("export interface ToolInputs {")));
  const entries = [...body.matchAll(/^ {2}(\w+): (\w+);$/gm)].map((m) => [m[1], m[2]]);
  assert.deepEqual(entries, recorded.map((tool) => [tool, `${tool}ToolInput`]));
});
