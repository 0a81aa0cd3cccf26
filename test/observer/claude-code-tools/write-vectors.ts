/**
 * test/observer/claude-code-tools/observed/kit-ui-*.json (one PreToolUse hook
 * rewriting the tool input, recorded with Claude Code 2.1.332) -> merge vectors
 * test/vectors/merge/kit-ui-*.json, in the format of test/vectors/merge/README.md.
 *
 * Expected effects are read from the recording only:
 * - the model's tool_result starts `PreToolUse hook for `: the tool did not run
 *   (`tool_input` null) and `tool_result` is that text;
 * - otherwise the tool ran: `tool_result` null (the model got the tool's own
 *   output); `tool_input` is left out (whether Claude Code passed the rewrite
 *   coerced or with unknown keys stripped is not visible), except when the
 *   marker says the model's own input ran (`original`);
 * - `notices`: the stream notices; `model_context`: the texts added to the
 *   next requests (none in these runs); `stopped` false, `stop_reason` null.
 *
 * Run: npx tsx test/observer/claude-code-tools/write-vectors.ts [--check]
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

interface Recording {
  name: string;
  description: string;
  scenario: { hooks: { timeout?: number }[] };
  hook_events: { subtype: string; stdout?: string; stderr?: string; exit_code?: number }[];
  hooks: { command: string; stdin_first: Record<string, unknown> & { tool_name: string; tool_input: Record<string, unknown> } }[];
  outcome: { tool_result: { content: string } | null; marker_lines: string[]; stream_notices: unknown[]; context_added: string[][] };
}

const root = fileURLToPath(new URL("../../..", import.meta.url));
const dir = "test/observer/claude-code-tools/observed";
const check = process.argv.includes("--check");
let changed = 0;
let count = 0;
for (const file of readdirSync(join(root, dir)).filter((name) => name.startsWith("kit-ui-")).sort()) {
  const recording = JSON.parse(readFileSync(join(root, dir, file), "utf8")) as Recording;
  const response = recording.hook_events.find((event) => event.subtype === "hook_response")!;
  const stdin = recording.hooks[0]!.stdin_first;
  const content = recording.outcome.tool_result?.content ?? null;
  const effects: Record<string, unknown> = { stopped: false, stop_reason: null, notices: recording.outcome.stream_notices };
  if (content !== null && content.startsWith("PreToolUse hook for ")) {
    effects["tool_input"] = null;
    effects["tool_result"] = content;
  } else {
    if (recording.outcome.marker_lines[0] === "original") effects["tool_input"] = stdin.tool_input;
    effects["tool_result"] = null;
  }
  effects["model_context"] = recording.outcome.context_added.flat();
  const vector = {
    description: recording.description,
    scenario: recording.name,
    source: `${dir}/${file}`,
    request: {
      event: "PreToolUse",
      tool_name: stdin.tool_name,
      tool_input: stdin.tool_input,
      input: stdin,
      hooks: [{ command: recording.hooks[0]!.command, exit: 0, stdout: response.stdout ?? "", stderr: "", source: "flag", timeout: recording.scenario.hooks[0]!.timeout ?? 10, config_index: 0 }],
    },
    expected: { effects },
  };
  const text = `${JSON.stringify(vector, null, 2)}\n`;
  const target = join(root, "test/vectors/merge", file);
  if (!existsSync(target) || readFileSync(target, "utf8") !== text) {
    changed++;
    if (!check) writeFileSync(target, text);
  }
  count++;
}
console.error(`write-vectors: ${count} vectors, ${changed} ${check ? "would change" : "written"}`);
process.exit(check && changed > 0 ? 1 : 0);
