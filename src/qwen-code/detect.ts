/**
 * What tells a Qwen Code 0.24.4 hook input apart, with no import (the kit's
 * detection runs on every tool call). Every Qwen input carries `timestamp`
 * and `transcript_path`, as Gemini CLI's do, and also Claude Code's
 * `permission_mode`, which Gemini CLI never sends; Copilot CLI's Claude-style
 * input has a timestamp but no transcript_path (qwen-code-observed.md "Hook stdin",
 * every payload in test/observer/qwen-code/observed).
 */
export function isQwenCodeInput(input: Readonly<Record<string, unknown>>): boolean {
  return typeof input["timestamp"] === "string" && typeof input["transcript_path"] === "string" && typeof input["permission_mode"] === "string";
}
