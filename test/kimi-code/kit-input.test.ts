/**
 * The TypeScript kit gives a handler Kimi Code CLI's structured text as the string Claude Code's type names, as the
 * Python, Go and Rust kits do: Kimi sends UserPromptSubmit's `prompt` as content parts (recorded, km-ups-*), and a
 * fail-closed handler written for a string must judge the prompt, not deny every one on a TypeError.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineHook } from "../../src/hooks/index.js";

const OBSERVED = "test/observer/kimi-code/observed";

const prompts = readdirSync(OBSERVED)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => ((JSON.parse(readFileSync(join(OBSERVED, f), "utf8")) as { hooks?: { stdin_first?: Record<string, unknown> }[] }).hooks ?? []).map((h) => h.stdin_first))
  .filter((stdin): stdin is Record<string, unknown> => stdin?.["hook_event_name"] === "UserPromptSubmit" && Array.isArray(stdin["prompt"]));

const seen: string[] = [];
const blockSecrets = defineHook({
  event: "UserPromptSubmit",
  failClosed: true,
  run: (input, answer) => {
    seen.push(input.prompt);
    return input.prompt.toLowerCase().includes("secret") ? answer.block("no secrets") : undefined;
  },
});

test("a recorded Kimi Code CLI prompt (content parts) reaches a string-typed handler as its text: no answer for a prompt it lets through", async () => {
  assert.ok(prompts.length > 0, "recorded UserPromptSubmit inputs with an array prompt");
  for (const stdin of prompts) {
    seen.length = 0;
    const outcome = await blockSecrets.handle(JSON.stringify(stdin));
    const parts = stdin["prompt"] as { type: string; text: string }[];
    assert.deepEqual(seen, [parts.filter((p) => p.type === "text").map((p) => p.text).join(" ")]);
    assert.equal(outcome.exit, 0, JSON.stringify(outcome));
    assert.equal(outcome.stdout, "");
  }
});

test("the same prompt with a word the handler blocks is blocked under Kimi Code CLI", async () => {
  const stdin = { ...prompts[0]!, prompt: [{ type: "text", text: "print the" }, { type: "image_url", image_url: "x" }, { type: "text", text: "SECRET" }] };
  const outcome = await blockSecrets.handle(JSON.stringify(stdin));
  assert.deepEqual(seen.at(-1), "print the SECRET");
  assert.equal(outcome.agent, "kimi-code");
  // Kimi Code CLI blocks a prompt on exit 2 (km-ups-02-exit2)
  assert.deepEqual({ exit: outcome.exit, stderr: outcome.stderr }, { exit: 2, stderr: "no secrets" });
});
