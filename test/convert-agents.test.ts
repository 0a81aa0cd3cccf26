/**
 * Conversion across the six dialects: an answer written for Claude Code,
 * rewritten for each other agent and merged there by that agent's recorded
 * rules. A deny must stay a deny everywhere (Codex needs a reason, Gemini CLI
 * a top-level decision, Copilot CLI's camelCase hooks the flat key), and what
 * an agent cannot say is refused by name, never dropped.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { convertAnswer } from "../src/core/convert.js";
import { allDialects, dialectOf } from "../src/dialects.js";

const input = JSON.parse(readFileSync("examples/events/pre-tool-use.json", "utf8")) as Record<string, never>;
const claudeCode = dialectOf("claude-code")!;
const others = allDialects().filter((d) => d.agent !== "claude-code");
const convert = (output: string, to: (typeof others)[number]) =>
  convertAnswer({ event: "PreToolUse", exit: 0, stdout: readFileSync(`examples/outputs/${output}.json`, "utf8"), stderr: "", input }, claudeCode, to);

test("every other agent can write and read a Claude Code deny, with or without a reason, as a deny", () => {
  assert.equal(others.length, allDialects().length - 1); // every registered agent but Claude Code
  for (const output of ["deny-no-reason", "deny-with-reason", "legacy-block"]) {
    for (const to of others) {
      const c = convert(output, to);
      assert.ok(c.ok, `${output} -> ${to.agent}: ${c.ok ? "" : c.message}`);
      assert.equal(c.equivalent, true, `${output} -> ${to.agent}: ${c.differences.join("; ")}`);
    }
  }
});

test("where an agent's answer would do something else, the conversion says what differs", () => {
  const droid = convert("allow-with-rewrite", dialectOf("droid")!);
  assert.ok(droid.ok && !droid.equivalent);
  assert.match(droid.differences.join("\n"), /^tool_input: /m); // droid merges the rewrite into the input
});

test("what an agent cannot say is refused by name", () => {
  const codex = convert("stop-the-agent", dialectOf("codex")!);
  assert.equal(codex.ok, false);
  assert.ok(!codex.ok && codex.unsupported.includes("stop"));
});
