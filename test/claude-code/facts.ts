/**
 * What the shared tests check of Claude Code (test/lib/agent-facts.ts): its recorded version output and
 * shell calls, its lab set's size, its lint rules' examples and its schema directories' naming rules.
 */
import type { AgentFacts } from "../lib/agent-facts.js";
import { cmd, hooks } from "../lib/lint-case.js";

export const facts: AgentFacts = {
  versionOutput: { command: "claude", output: "2.1.332 (Claude Code)", version: "2.1.332" },
  shellCalls: [
    { form: "", event: "PreToolUse", shell: "Bash", args: "tool_input" },
  ],
  labSetSize: 467,
  lintPrefix: "CC",
  lintCases: [
    { rule: "CC-CFG-001", files: { ".claude/settings.json": '{"hooks": {' }, says: "not valid JSON" },
    { rule: "CC-CFG-002", files: { ".claude/settings.json": hooks("PreToolUs", { hooks: [cmd()] }) }, says: 'did you mean "PreToolUse"?', path: "/hooks/PreToolUs" },
    { rule: "CC-CFG-003", files: { "hooks/hooks.json": JSON.stringify({ PreToolUse: [{ hooks: [cmd()] }] }) }, says: 'only under "hooks"', path: "/PreToolUse" },
    { rule: "CC-CFG-004", files: { ".claude/settings.json": hooks("Stop", { matcher: "Bash", hooks: [cmd()] }) }, says: "Stop has no matcher", path: "/hooks/Stop/0/matcher" },
    { rule: "CC-CFG-005", files: { ".claude/settings.json": hooks("UserPromptSubmit", { hooks: [cmd({ if: "Bash(git *)" })] }) }, says: "only evaluated on tool events", path: "/hooks/UserPromptSubmit/0/hooks/0/if" },
    { rule: "CC-CFG-006", files: { ".claude/settings.json": hooks("PreToolUse", { matcher: "Bash(", hooks: [cmd()] }) }, says: "not a valid regular expression" },
    { rule: "CC-CFG-007", files: { ".claude/settings.json": hooks("PreToolUse", { matcher: "run_shell_command", hooks: [cmd()] }) }, says: "\"run_shell_command\" is Gemini CLI's name for Bash", path: "/hooks/PreToolUse/0/matcher" },
    { rule: "CC-CFG-008", files: { ".claude/settings.json": hooks("PreToolUse", { hooks: [cmd({ timeout: "30" })] }) }, says: '"timeout" must be a positive number of seconds' },
    { rule: "CC-CFG-009", files: { ".claude/settings.json": hooks("PreToolUse", { hooks: [cmd({ timeoutSec: 30 })] }) }, says: 'unknown key "timeoutSec"' },
    { rule: "CC-CFG-010", files: { ".claude/settings.json": hooks("PreToolUse", { matcher: "mcp__github", hooks: [cmd()] }) }, says: 'write "mcp__github__.*"' },
    { rule: "CC-CFG-011", files: { ".claude/settings.json": hooks("PreToolUse", { hooks: [cmd({ timeout: 30000 })] }) }, says: "timeout 30000 is 30000 s (8 h 20 min): Claude Code reads seconds; 30 s was meant?", path: "/hooks/PreToolUse/0/hooks/0/timeout" },
    { rule: "CC-CFG-014", files: { ".claude/settings.json": hooks("PreToolUse", { matcher: "Bash", hooks: [cmd({ if: "Bash(rm *)" })] }) }, says: "not a security boundary", path: "/hooks/PreToolUse/0/hooks/0/if" },
    { rule: "CC-CFG-012", files: { ".claude/settings.json": JSON.stringify({ disableAllHooks: true, hooks: {} }) }, says: "runs no hook at all", path: "/disableAllHooks" },
    { rule: "CC-CFG-013", files: { ".claude/settings.json": JSON.stringify({ disableAllHooks: "false", hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "deny.sh" }] }] } }) }, says: 'skips this whole file over the error reported with it (none of its settings apply); 1 hook is lost: PreToolUse "deny.sh"', path: "" },
    { rule: "CC-CFG-013", files: { ".claude/settings.json": JSON.stringify({ permissions: 5, hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "deny.sh" }] }] } }) }, says: "1 hook is lost", path: "" },
    { rule: "CC-CFG-013", files: { ".claude/settings.json": hooks("PreToolUse", { hooks: [cmd(), cmd({ timeout: "5" })] }) }, says: "2 hooks are lost", path: "" },
  ],
  schemaNaming: {
    "claude-code": { prefix: "claude-code-", suffix: "" },
    "claude-code/hook-input": { prefix: "", suffix: "-hook-input" },
    "claude-code/hook-specific-output": { prefix: "", suffix: "-hook-specific-output" },
    "claude-code/permission-request-decision": { prefix: "claude-code-permission-request-", suffix: "" },
    "claude-code/permission-update": { prefix: "claude-code-permission-", suffix: "-update" },
    "claude-code/tools": { prefix: "", suffix: "-tool-input" }, // kit (#11): built-in tool inputs
    "claude-code/settings": { prefix: "claude-code-", suffix: "" },
    "claude-code/settings/hook-handler": { prefix: "claude-code-", suffix: "-hook-handler" },
  },
};
