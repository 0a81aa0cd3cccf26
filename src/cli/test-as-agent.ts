/**
 * `test --agent A` for an agent other than the reference one: a hook test's
 * commands run as A runs them. The commands are installed (A's installer, as
 * `install --scope user` writes them) into a throwaway home directory, the
 * case's input is given A's tool names, and A's runner reads that
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
import { isJsonObject, toNullPrototype, type JsonObject } from "../json/value.js";

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
  const { agentToolName } = await import("../install/tool-names.js");
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
    const given = toNullPrototype(testCase.input) as JsonObject;
    const input: JsonObject = Object.assign(Object.create(null) as JsonObject, given);
    delete input["hook_event_name"];
    const tool = input["tool_name"];
    if (typeof tool === "string") input["tool_name"] = agentToolName(dialect.agent, tool);
    if (!isJsonObject(input)) return { effects: null, errors: ["the case's input is not an object"] };
    const outcome = await dialect.runner!.run({ event, input, projectDir, homeDir: home, env: baseEnv });
    // install's notes (hook review, where it wrote) are about the throwaway home, not the hooks
    return { effects: outcome.merged.effects, errors: [...outcome.problems.map((p) => `${p.path === "" ? "" : `${p.path}: `}${p.message}`), ...outcome.merged.errors] };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
