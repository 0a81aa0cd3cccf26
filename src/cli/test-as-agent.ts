/**
 * `test --agent A` for an agent other than the reference one: a hook test's
 * commands run as A runs them. The commands are installed (A's installer, as
 * `install --scope user` writes them) into a throwaway home directory, the
 * case's input is given A's tool names and field names (and A's own stdin
 * form, if it has one: `agentInput`), and A's runner reads that
 * configuration, builds A's stdin, runs the hooks and merges by A's rules.
 * The project-level configuration of the test file's directory is A's to
 * read too, as it would be. Names no agent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, resolve } from "node:path";
import type { HookTest, HookTestCase } from "../../generated/types.js";
import type { Dialect } from "../core/dialect.js";
import type { MergeEffects } from "../core/records.js";
import { capabilitiesOf } from "../agent-capabilities.js";
import { agentToolName } from "../install/tool-names.js";
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";

export interface AgentCaseOutcome {
  readonly effects: MergeEffects | null;
  readonly errors: readonly string[];
}

/** The `$VARIABLE`s an agent's configuration locations name (`$<AGENT>_HOME/hooks.json`): set, they would move its user directory away from the throwaway one. */
function homeVariables(dialect: Dialect): string[] {
  return [...new Set((dialect.runner?.configLocations ?? []).flatMap((location) => [...location.matchAll(/\$([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!)))];
}

/** The environment with the agent's home variables removed (`HOME` stays: the hooks see the user's, the runner is given the throwaway one). */
function environmentFor(dialect: Dialect, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of homeVariables(dialect)) delete out[name];
  return out;
}

/**
 * A case's input, written as the reference agent sends it, as `dialect`'s runner takes it: the
 * tool under the agent's name with its field names (its capabilities' `tools`: `path` for
 * `file_path`, say), and for an agent whose stdin has a form of its own without event names
 * (`nativeInput`: camelCase keys), whose runner takes that form and writes each hook's spelling
 * itself, the keys in that form: where two of its keys read as one key (both `tool_input`), the
 * one the event's own input has. The event name is left out: the runner is given it.
 */
export function agentInput(dialect: Dialect, canonical: string, given: JsonObject): JsonObject {
  const capabilities = capabilitiesOf(dialect.agent);
  const input: JsonObject = Object.create(null) as JsonObject;
  for (const [key, value] of Object.entries(given)) if (key !== "hook_event_name") input[key] = value;
  const tool = input["tool_name"];
  if (typeof tool === "string") {
    input["tool_name"] = agentToolName(dialect.agent, tool);
    const fields = capabilities?.tools.find((t) => t.canonical === tool)?.fields;
    const toolInput = input["tool_input"];
    if (fields !== undefined && isJsonObject(toolInput)) {
      const renamed: JsonObject = Object.create(null) as JsonObject;
      for (const [key, value] of Object.entries(toolInput)) renamed[fields[key] ?? key] = value;
      input["tool_input"] = renamed;
    }
  }
  const native = capabilities?.nativeInput;
  if (native === undefined) return input;
  const ownEvents = new Set(dialect.events.filter((e) => e.canonical === canonical).map((e) => e.name));
  const eventKeys = native.events.find((e) => ownEvents.has(e.event))?.keys ?? [];
  const out: JsonObject = Object.create(null) as JsonObject;
  for (const [key, value] of Object.entries(input)) {
    const spellings = Object.keys(native.keys).filter((own) => native.keys[own] === key);
    out[spellings.find((own) => eventKeys.includes(own)) ?? spellings[0] ?? key] = value;
  }
  return out;
}

/** The keys `dialect`'s own stdin form tells the event by that `input` (in that form) lacks: a hook told the event by its keys cannot tell it. */
export function missingEventKeys(dialect: Dialect, canonical: string, input: JsonObject): string[] {
  const native = capabilitiesOf(dialect.agent)?.nativeInput;
  if (native === undefined) return [];
  const ownEvents = new Set(dialect.events.filter((e) => e.canonical === canonical).map((e) => e.name));
  const keys = native.events.find((e) => ownEvents.has(e.event))?.keys ?? [];
  return keys.filter((key) => !Object.prototype.hasOwnProperty.call(input, key) && key !== "hookName");
}

/** The effects with the tool input the tool gets under the agent's field names read back as the case's (`path` as `file_path`), so that the same input compares equal. */
function inReferenceFields(dialect: Dialect, given: JsonObject, effects: MergeEffects): MergeEffects {
  const tool = given["tool_name"];
  const fields = typeof tool === "string" ? capabilitiesOf(dialect.agent)?.tools.find((t) => t.canonical === tool)?.fields : undefined;
  const toolInput = effects.tool_input as JsonValue | null;
  if (fields === undefined || !isJsonObject(toolInput)) return effects;
  const referenceOf = new Map(Object.entries(fields).map(([reference, own]) => [own, reference]));
  const renamed: JsonObject = Object.create(null) as JsonObject;
  for (const [key, value] of Object.entries(toolInput)) renamed[referenceOf.get(key) ?? key] = value;
  return { ...effects, tool_input: renamed };
}

/** Why `spec` cannot run under `dialect`, or null. */
export function agentSpecProblem(dialect: Dialect, spec: HookTest): string | null {
  if (dialect.runner === undefined) return `running hooks as ${dialect.displayName} is not supported (no runner in this package)`;
  if (spec.hooks === undefined) return `"settings" are the reference agent's settings file; to run under ${dialect.displayName}, give "hooks" (commands)`;
  return null;
}

/**
 * The case's hooks run as `dialect`'s agent. `event` is the agent's own event name; `canonical`
 * its reference-agent name, in which install manifests are written.
 */
export async function runCaseAsAgent(dialect: Dialect, file: string, spec: HookTest, testCase: HookTestCase, event: string, canonical: string): Promise<AgentCaseOutcome> {
  const { loadInstallers } = await import("../agents.js");
  const { installFromRequest } = await import("../install/install.js");
  const projectDir = dirname(resolve(file));
  const home = mkdtempSync(resolve(tmpdir(), "hooktest-home-"));
  try {
    const baseEnv = environmentFor(dialect, testCase.env === undefined ? process.env : { ...process.env, ...testCase.env });
    const manifest = { hooks: (spec.hooks ?? []).map((command) => ({ event: canonical, command, ...(spec.timeout !== undefined ? { timeout: spec.timeout } : {}) })) };
    const installed = installFromRequest({
      manifestText: JSON.stringify(manifest),
      mode: "install",
      agents: [dialect.agent],
      scope: "user",
      projectDir,
      homeDir: home,
      env: baseEnv,
      installers: await loadInstallers(),
    });
    if (!installed.ok) return { effects: null, errors: [`installing the hooks for ${dialect.displayName}: ${installed.error.message}`] };
    const given = toNullPrototype(testCase.input);
    if (!isJsonObject(given)) return { effects: null, errors: ["the case's input is not an object"] };
    const input = agentInput(dialect, canonical, given);
    const outcome = await dialect.runner!.run({ event, input, projectDir, homeDir: home, env: baseEnv });
    // install's notes (hook review, where it wrote) are about the throwaway home, not the hooks
    const missing = missingEventKeys(dialect, canonical, input).map(
      (key) => `${dialect.displayName}'s own input of this event has ${key}, which the case's input gives no counterpart of (${capabilitiesOf(dialect.agent)?.nativeInput?.keys[key] ?? key}): a hook that tells the event by its keys cannot`,
    );
    return { effects: inReferenceFields(dialect, given, outcome.merged.effects), errors: [...missing, ...outcome.problems.map((p) => `${p.path === "" ? "" : `${p.path}: `}${p.message}`), ...outcome.merged.errors] };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
