/**
 * The merged result and run records validate against their schemas for every
 * vector and for every event of the table; `conformance merge` answers one line per
 * request, reports malformed requests as one error line and goes on, and
 * answers each line as soon as it is read.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { once } from "node:events";
import { validateMergedResult } from "../generated/validators/index.js";
import { serveMergeConformance } from "../src/conformance/merge.js";
import { claudeCode } from "../src/claude-code/dialect.js";
import { mergeRequest } from "../src/claude-code/merge-request.js";
import type { MergeRequest } from "../src/core/merge-request.js";
import { EVENT_CATALOG } from "../src/claude-code/event-catalog.js";
import { EVENTS } from "../src/claude-code/events.js";
import { loadMergeVectors } from "./lib/merge-vectors.js";

/** The generated (precompiled) validator of schemas/merged-result.schema.json, run records included. */
function assertValid(value: unknown, label: string): void {
  const ok = validateMergedResult(JSON.parse(JSON.stringify(value)));
  assert.ok(ok, `${label}: ${JSON.stringify(validateMergedResult.errors?.slice(0, 3))}`);
}

test("every vector's merged result validates against schemas/merged-result.schema.json", () => {
  let n = 0;
  for (const { path: f, vector: v } of loadMergeVectors<{ request: MergeRequest; skip_reason?: string }>("claude-code")) {
    if (v.skip_reason !== undefined) continue;
    assertValid(mergeRequest(v.request), f);
    n++;
  }
  assert.ok(n > 200);
});

test("every event merges blocking, stopping, invalid and timed-out hooks into valid results", () => {
  assert.equal(EVENT_CATALOG.length, Object.keys(EVENTS).length);
  for (const { name } of EVENT_CATALOG) {
    const hso = `{"hookEventName":"${name}","additionalContext":"ctx"}`;
    const request: MergeRequest = {
      event: name,
      tool_name: "Bash",
      tool_input: { command: "ls" },
      input: { prompt: "p", source: "startup" },
      hooks: [
        { command: "a", exit: 0, stdout: `{"systemMessage":"sys","hookSpecificOutput":${hso}}`, stderr: "" },
        { command: "b", exit: 2, stdout: "", stderr: "no" },
        { command: "c", exit: 0, stdout: '{"decision":"block","reason":"r","continue":false,"stopReason":"s"}', stderr: "" },
        { command: "d", exit: 0, stdout: "{oops}", stderr: "" },
        { command: "e", exit: null, stdout: "", stderr: "", timed_out: true },
        { command: "f", exit: 1, stdout: "text", stderr: "warn" },
      ],
    };
    const merged = mergeRequest(request);
    assertValid(merged, name);
    assert.equal(merged.ran, 6);
    assert.equal(merged.errors.length >= 2, true, `${name}: ${merged.errors.join(" | ")}`);
  }
});

async function converse(lines: string[]): Promise<string[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  const answers: string[] = [];
  let buffer = "";
  output.on("data", (c: Buffer) => {
    buffer += c.toString("utf8");
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      answers.push(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
  });
  const served = serveMergeConformance(input, output, claudeCode);
  // one line at a time: each answer arrives before the next request is written
  for (const line of lines) {
    const before = answers.length;
    input.write(line + "\n");
    while (answers.length === before) await once(output, "data");
  }
  input.end();
  assert.equal(await served, lines.some((l) => !l.startsWith('{"event"')) ? 1 : 0);
  return answers;
}

test("conformance merge: one answer per line, errors as values, then go on", async () => {
  const good = JSON.stringify({ event: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, hooks: [{ command: "a", exit: 2, stdout: "", stderr: "no" }] });
  const answers = await converse([good, "{not json", '{"event":"PreToolUse","hooks":[{"command":1}]}', "[]", '{"event":"Stop","hooks":[],"__proto__":{}}', good]);
  assert.equal(answers.length, 6);
  const parsed = answers.map((a) => JSON.parse(a) as Record<string, unknown>);
  assert.equal((parsed[0]!["effects"] as Record<string, unknown>)["tool_result"], "PreToolUse:Bash hook error: [a]: no");
  const parseError = (() => {
    try {
      JSON.parse("{not json");
    } catch (e) {
      return (e as Error).message;
    }
  })();
  assert.deepEqual(parsed[1], { error: { code: "invalid-json", path: "", message: `invalid JSON: ${parseError}` } });
  assert.deepEqual(parsed[2], { error: { code: "invalid-request", path: "/hooks/0/command", message: "command must be a string" } });
  assert.equal((parsed[3]!["error"] as Record<string, unknown>)["path"], "");
  assert.equal((parsed[4]!["error"] as Record<string, unknown>)["path"], "/__proto__");
  assert.deepEqual(parsed[5], parsed[0]);
});
