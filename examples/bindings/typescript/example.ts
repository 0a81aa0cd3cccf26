// A PreToolUse hook in TypeScript: validate the input, narrow on its event, deny shell commands.
import type { ClaudeCodeHookOutput } from "claude-hook-protocol";
import { validateClaudeCodeHookInput } from "claude-hook-protocol/validators/claude-code";

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const input: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
if (validateClaudeCodeHookInput(input) && input.hook_event_name === "PreToolUse" && input.tool_name === "Bash") {
  const answer: ClaudeCodeHookOutput = {
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no shell here" },
  };
  console.log(JSON.stringify(answer));
}
