/**
 * src/claude-code/tool-input-check.ts against the recorded rewrites: for every
 * kit-ui-* run (test/observer/claude-code-tools/observed/, Claude Code 2.1.332)
 * and the older pre-59-like runs, the check answers the tool_result text the
 * model got when the tool did not run, and accepts the rewrite when it ran.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkToolInput, toolInputValidator } from "../src/claude-code/tool-input-check.js";
import type { JsonValue } from "../src/json/value.js";

interface Recording {
  name: string;
  hook_events: { subtype: string; stdout?: string }[];
  hooks: { stdin_first?: { tool_name?: string } }[];
  outcome: { tool_ran: boolean; tool_result: { content: string; is_error: boolean } | null };
}

const recordings: Recording[] = [];
for (const [dir, only] of [["test/observer/claude-code-tools/observed", /^kit-ui-/], ["test/observer/claude-code/observed", /^new-pre-rewrite-(empty-object|valid-then-invalid)\.json$/]] as const) {
  for (const file of readdirSync(dir).filter((name) => only.test(name))) recordings.push(JSON.parse(readFileSync(join(dir, file), "utf8")) as Recording);
}

/** The updatedInput of the last hook to answer, as the hook printed it. */
function lastRewrite(recording: Recording): JsonValue | undefined {
  const responses = recording.hook_events.filter((event) => event.subtype === "hook_response" && typeof event.stdout === "string");
  const output = JSON.parse(responses.at(-1)!.stdout!) as { hookSpecificOutput?: { updatedInput?: JsonValue } };
  return output.hookSpecificOutput?.updatedInput;
}

test("there are the recorded rewrites", () => assert.equal(recordings.length, 19));

for (const recording of recordings) {
  const rewrite = lastRewrite(recording);
  if (rewrite === undefined || typeof rewrite !== "object" || rewrite === null || Array.isArray(rewrite)) continue; // kit-ui-10: not an object, the output is rejected before any check
  const tool = recording.hooks[0]!.stdin_first!.tool_name!;
  // Read and Edit leave no marker: a run is told by its tool_result, Claude Code's text or the tool's output
  const rejected = recording.outcome.tool_result?.content.startsWith("PreToolUse hook for ") === true;
  test(`${recording.name}: ${rejected ? "Claude Code's text" : "accepted"}`, () => {
    const check = checkToolInput(tool, rewrite);
    if (!rejected) {
      assert.deepEqual(check, { ok: true });
    } else {
      assert.equal(check.ok, false);
      if (!check.ok) assert.equal(check.toolResult, recording.outcome.tool_result!.content);
    }
  });
}

test("a tool without a schema is not checked; odd names find no validator", () => {
  assert.deepEqual(checkToolInput("mcp__github__create_issue", { anything: 1 }), { ok: true });
  for (const name of ["__proto__", "constructor", "PreToolUseHook", "", "Bash "]) assert.equal(toolInputValidator(name), null, name);
  assert.notEqual(toolInputValidator("Bash"), null);
});

test("issues name the value at fault with a JSON Pointer", () => {
  const check = checkToolInput("Write", { file_path: 5 });
  assert.equal(check.ok, false);
  if (!check.ok) assert.deepEqual(check.issues.map((issue) => [issue.pointer, issue.kind]), [["/content", "missing"], ["/file_path", "type"]]);
});

test("validate --input: a rewrite failing the tool's schema is reported at its field, with Claude Code's text", async () => {
  const { mkdtempSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { PassThrough } = await import("node:stream");
  const { run } = await import("../src/cli/validate.js");
  const dir = mkdtempSync(join(tmpdir(), "kit-validate-"));
  const recording = recordings.find((entry) => entry.name === "kit-ui-02-command-number")!;
  writeFileSync(join(dir, "event.json"), JSON.stringify(recording.hooks[0]!.stdin_first));
  writeFileSync(join(dir, "out.json"), recording.hook_events.find((event) => event.subtype === "hook_response")!.stdout!);
  const stdout = new PassThrough();
  let text = "";
  stdout.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  const code = await run(["--event", "PreToolUse", "--input", join(dir, "event.json"), "--json", join(dir, "out.json")], { stdin: new PassThrough(), stdout, stderr: new PassThrough(), env: {} });
  const report = JSON.parse(text) as { accepted: boolean; problems: { path: string; claude_code: string }[] };
  assert.equal(code, 1);
  assert.equal(report.accepted, false);
  assert.deepEqual(report.problems.map((problem) => [problem.path, problem.claude_code]), [["hookSpecificOutput.updatedInput.command", recording.outcome.tool_result!.content]]);
});
