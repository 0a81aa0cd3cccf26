// TypeScript twin of kit-deny-rm-rf.mjs (type-checked by test/kit-examples.test.ts).
// PreToolUse (Bash): deny any command containing `rm -rf`; say nothing otherwise.
// Fails closed: if this hook crashes or overruns its budget, the call is denied.
import { defineHook, runHook } from "claude-hook-protocol/hooks";

await runHook(defineHook({
  event: "PreToolUse",
  tools: ["Bash"],
  failClosed: true,
  timeoutMs: 5000,
  run: (input, answer) =>
    /\brm\s+-[a-zA-Z]*r[a-zA-Z]*f|\brm\s+-[a-zA-Z]*f[a-zA-Z]*r/.test(input.tool_input.command)
      ? answer.deny("rm -rf is blocked by policy: delete files one by one, or ask the user")
      : undefined,
}));
