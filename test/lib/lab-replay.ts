/**
 * A lab recording's run directory made again, for replaying the recording through a runner: the
 * scenario's hooks written by the lab's own script writer (lab/core/hook-script.ts), so each one
 * reads its stdin, sleeps, prints the scenario's bytes, exits and logs its invocations exactly as
 * it did under the real agent, at the same paths (`$TMP/hooks/h<k>.sh`, which the recorded
 * configuration names), and the scenario's files in the working directory. `$TMP` in a recording
 * is the run's directory. Names no agent: the caller writes the agent's configuration.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { readHookRecord, writeHookScript, type ScriptedHook } from "../../lab/core/hook-script.js";
import { makeRunDir, substitute, writeScenarioFiles, type RunDir } from "../../lab/core/workspace.js";

/** A scenario's hook as the lab reads it: scripted, or a custom `command`, or another hook's command again. */
export interface LabHook extends ScriptedHook {
  readonly command?: string;
  readonly same_command_as?: number;
}

export interface LabScenario {
  readonly name: string;
  readonly hooks?: readonly LabHook[];
  readonly files?: unknown;
}

export interface LabReplay {
  readonly run: RunDir;
  /** `value` (any JSON) with the recording's `$TMP` made this run's directory, and its `{{…}}` placeholders filled as the lab fills them. */
  here<T>(value: T): T;
  /** `value` (any JSON) with this run's directory written `$TMP` again, to compare with the recording. */
  recorded<T>(value: T): T;
  /** How many times each scenario hook's script ran, counted as the lab counts them (a custom command, or a hook sharing another's command: 0). */
  invocations(): number[];
  remove(): void;
}

const mapJson = <T>(value: T, f: (text: string) => string): T => (value === undefined ? value : (JSON.parse(f(JSON.stringify(value))) as T));

export function replayLabRun(scenario: LabScenario): LabReplay {
  const run = makeRunDir(scenario.name, "oracle-marker.txt", tmpdir());
  const hooks = substitute(scenario.hooks ?? [], run.vars);
  writeScenarioFiles(run.work, scenario.files, run.vars);
  hooks.forEach((hook, k) => {
    // the lab writes no script for these: the configuration names another command
    if (hook.command === undefined && hook.same_command_as === undefined) writeHookScript(run.hooks, k, hook, "^$");
  });
  return {
    run,
    here: (value) => substitute(mapJson(value, (text) => text.replaceAll("$TMP", run.dir)), run.vars),
    recorded: (value) => mapJson(value, (text) => text.replaceAll(run.dir, "$TMP")),
    invocations: () => hooks.map((_, k) => readHookRecord(run.hooks, k, "", 0).invocations),
    remove: () => rmSync(run.dir, { recursive: true, force: true }),
  };
}
