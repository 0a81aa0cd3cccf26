/**
 * What tells a Qwen Code 0.24.4 hook input apart, with no import (the kit's
 * detection runs on every tool call). Every Qwen input carries `timestamp`,
 * `transcript_path` and Claude Code's `permission_mode` (qwen-code-observed.md
 * "Hook stdin", every payload in test/observer/qwen-code/observed); no other
 * agent's input has all three (their schemas, and every recorded payload of
 * every other agent: test/qwen-code/intent.test.ts).
 */
export function isQwenCodeInput(input: Readonly<Record<string, unknown>>): boolean {
  return typeof input["timestamp"] === "string" && typeof input["transcript_path"] === "string" && typeof input["permission_mode"] === "string";
}
