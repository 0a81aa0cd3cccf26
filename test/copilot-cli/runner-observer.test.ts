/**
 * The Copilot CLI runner against the recorded runs: for every recording, the
 * hook files Copilot was given (`hooks_files`, verbatim) are written into a
 * temp dir with a script per hook that answers as the scenario says; the
 * runner reads them from Copilot's locations, selects, orders and runs them,
 * and its effects must equal the recording's (the vector's expected effects)
 * and each script must have run as often as it did under Copilot
 * (`outcome.hook_invocations`). This checks config locations, file order,
 * matchers, trust, the chain stopping and rewrite chaining against the real
 * agent, not against our reading of the spec.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { runCopilotHooks } from "../../src/copilot-cli/runner.js";
import { resolveEvent } from "../../src/copilot-cli/events.js";
import type { JsonObject } from "../../src/json/value.js";
import { loadMergeVectors } from "../lib/merge-vectors.js";

const OBSERVED = "test/observer/copilot-cli/observed";

interface ScenarioHook {
  stdout?: string;
  stderr?: string;
  exit?: number;
  delay_ms?: number;
  once?: boolean;
  same_command_as?: number;
}
interface Recording {
  scenario: { name: string; event?: string; hooks?: ScenarioHook[]; trust_folder?: boolean };
  /** The command line Copilot ran with: `--allow-all-tools` or not. */
  cli: { args: string[] };
  hooks_files: Record<string, unknown>;
  outcome: { hook_invocations?: number[] };
}
interface Vector {
  request: { event: string; tool_name?: string; tool_input?: JsonObject; input?: JsonObject };
  expected: { effects: Record<string, unknown> };
}

const vectorsByRecording = new Map(loadMergeVectors<Vector>("copilot-cli").map(({ path, vector }) => [basename(path), vector]));

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Everything `$TMP` in the recording becomes `root`, and back for comparing. */
function materialise(rec: Recording, root: string): void {
  const vars: Record<string, string> = { MARKER: `${root}/work/oracle-marker.txt`, WORK: `${root}/work`, HOOKS: `${root}/hooks`, HOME: `${root}/home`, DIR: root };
  const subst = (text: string): string => text.replace(/\{\{([A-Z]+)\}\}/g, (all, name: string) => vars[name] ?? all);
  mkdirSync(join(root, "hooks"), { recursive: true });
  mkdirSync(join(root, "work"), { recursive: true });
  mkdirSync(join(root, "home", ".copilot"), { recursive: true });
  for (const [path, content] of Object.entries(rec.hooks_files)) {
    const file = path.replace("$TMP", root);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(content).replaceAll("$TMP", root));
  }
  for (const [i, hook] of (rec.scenario.hooks ?? []).entries()) {
    if (hook.same_command_as !== undefined) continue;
    const dir = join(root, "hooks");
    writeFileSync(join(dir, `h${i}.out`), subst(hook.stdout ?? ""));
    writeFileSync(join(dir, `h${i}.err`), subst(hook.stderr ?? ""));
    const count = shellQuote(join(dir, `h${i}.count`));
    const lines = [
      "#!/bin/bash",
      "cat > /dev/null",
      `echo x >> ${count}`,
      hook.delay_ms ? `sleep ${hook.delay_ms / 1000}` : ":",
      hook.once ? `[ "$(wc -l < ${count})" -gt 1 ] && exit 0` : ":",
      `cat ${shellQuote(join(dir, `h${i}.out`))}`,
      `cat ${shellQuote(join(dir, `h${i}.err`))} >&2`,
      `exit ${hook.exit ?? 0}`,
    ];
    writeFileSync(join(dir, `h${i}.sh`), lines.join("\n") + "\n", { mode: 0o755 });
  }
}

/** The native event input the runner gets (Copilot adds sessionId, timestamp, cwd). */
function inputOf(vector: Vector, root: string): JsonObject {
  const fix = (v: unknown): JsonObject => JSON.parse(JSON.stringify(v ?? {}).replaceAll("$TMP", root)) as JsonObject;
  const event = resolveEvent(vector.request.event)!.event;
  const recorded = fix(vector.request.input);
  const tool = vector.request.tool_name === undefined ? {} : { toolName: vector.request.tool_name };
  switch (event) {
    case "preToolUse":
      return { ...tool, toolArgs: fix(vector.request.tool_input) };
    case "permissionRequest":
      return { ...tool, toolInput: { command: fix(vector.request.tool_input)["command"] ?? "" } };
    case "postToolUse": {
      const result = (recorded["toolResult"] ?? recorded["tool_result"]) as JsonObject | undefined;
      return { ...tool, toolArgs: fix(vector.request.tool_input), toolResult: { resultType: "success", textResultForLlm: (result?.["textResultForLlm"] ?? result?.["text_result_for_llm"] ?? "") as string } };
    }
    case "postToolUseFailure":
      return { ...tool, toolArgs: fix(vector.request.tool_input), error: (recorded["error"] as string | undefined) ?? "Path does not exist" };
    case "userPromptSubmitted":
      return { prompt: "do it" };
    case "sessionStart":
      return { source: "new", initialPrompt: "do it" };
    case "agentStop":
      return { transcriptPath: `${root}/home/.copilot/session-state/s/events.jsonl`, stopReason: "end_turn", stop_hook_active: false };
  }
}

const recordings = readdirSync(OBSERVED).filter((f) => f.endsWith(".json")).sort();

test(`the runner reproduces every recorded run from the hook files Copilot was given (${recordings.length} runs)`, async () => {
  const failures: string[] = [];
  for (const file of recordings) {
    const rec = JSON.parse(readFileSync(join(OBSERVED, file), "utf8")) as Recording;
    const vector = vectorsByRecording.get(file)!;
    const root = mkdtempSync(join(tmpdir(), "copilot-observer-"));
    materialise(rec, root);
    const event = resolveEvent(vector.request.event)!.event;
    const { merged } = await runCopilotHooks({
      event,
      input: inputOf(vector, root),
      projectDir: join(root, "work"),
      homeDir: join(root, "home"),
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: join(root, "home") },
      trustedFolder: rec.scenario.trust_folder !== false,
      allowAllTools: rec.cli.args.includes("--allow-all-tools"),
    });
    const effects = JSON.parse(JSON.stringify(merged.effects).replaceAll(root, "$TMP")) as Record<string, unknown>;
    for (const [key, expected] of Object.entries(vector.expected.effects)) {
      // the hook sees only `command` in a permission request; the tool runs with the model's whole args
      if (event === "permissionRequest" && key === "tool_input") continue;
      try {
        assert.deepEqual(effects[key], expected);
      } catch {
        failures.push(`${file}: ${key}: got ${JSON.stringify(effects[key])}, recorded ${JSON.stringify(expected)}`);
      }
    }
    const recordedRuns = rec.outcome.hook_invocations ?? [];
    const ours = (rec.scenario.hooks ?? []).map((_, i) => {
      const count = join(root, "hooks", `h${i}.count`);
      return existsSync(count) ? readFileSync(count, "utf8").trim().split("\n").length : 0;
    });
    // an agentStop hook fires again on each continuation under Copilot; the runner runs one firing
    const comparable = event === "agentStop" ? recordedRuns.map((n) => Math.min(n, 1)) : recordedRuns;
    if (JSON.stringify(ours) !== JSON.stringify(comparable)) failures.push(`${file}: invocations ${JSON.stringify(ours)}, recorded ${JSON.stringify(comparable)}`);
  }
  assert.deepEqual(failures, []);
});
