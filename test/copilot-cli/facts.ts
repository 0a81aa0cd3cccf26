/**
 * What the shared tests check of Copilot CLI (test/lib/agent-facts.ts): its recorded version output and
 * shell calls, its lab set's size, its lint rules' examples, its recorded tools beside Claude Code's and its schema directories' naming rules.
 */
import type { AgentFacts } from "../lib/agent-facts.js";
import { cmd, hooks } from "../lib/lint-case.js";

export const facts: AgentFacts = {
  versionOutput: { command: "copilot", output: "GitHub Copilot CLI 1.0.102.\nRun 'copilot update' to check for updates.", version: "1.0.102" },
  shellCalls: [
    { form: " (camelCase hooks)", event: "preToolUse", shell: "bash", args: "toolArgs" },
    { form: " (.claude/settings.json hooks)", event: "PreToolUse", shell: "Bash", args: "tool_input" },
  ],
  labSetSize: 249,
  lintPrefix: "CP",
  lintCases: [
    { rule: "CP-CFG-001", files: { ".github/hooks/a.json": "[" }, says: "not valid JSON" },
    { rule: "CP-CFG-002", files: { ".github/hooks/a.json": hooks("beforeTool", { type: "command", bash: "x" }) }, says: 'Copilot CLI has no "beforeTool" event' },
    { rule: "CP-CFG-003", files: { ".github/hooks/a.json": hooks("preToolUse", { type: "command", bash: "x", matcher: "*" }) }, says: "Invalid matcher regex in preToolUse hook: '*'" },
    { rule: "CP-CFG-004", files: { ".github/hooks/a.json": hooks("preToolUse", { type: "command", bash: "x", matcher: "Bash" }) }, says: 'a camelCase entry sees "bash"' },
    { rule: "CP-CFG-005", files: { ".github/hooks/a.json": hooks("preToolUse", { type: "command", bash: "x", matcher: "(" }) }, says: "hook will be skipped" },
    { rule: "CP-CFG-006", files: { ".claude/settings.json": hooks("PreToolUse", { matcher: "Bash", hooks: [cmd()] }) }, says: "exit 1: Copilot CLI: exit 1 denies here", path: "/hooks/PreToolUse/0/hooks/0" },
    { rule: "CP-CFG-007", files: { ".claude/settings.json": hooks("PreToolUse", { hooks: [cmd({ command: "CLAUDE_HOOK_PROTOCOL_AGENT=claude-code node /opt/h.mjs" })] }), ".github/hooks/a.json": hooks("preToolUse", { type: "command", bash: "CLAUDE_HOOK_PROTOCOL_AGENT=copilot-cli node /opt/h.mjs" }) }, says: "Copilot runs it twice" },
    { rule: "CP-CFG-008", files: { ".github/hooks/a.json": hooks("sessionStart", { type: "command", bash: "x", matcher: "startup" }) }, says: "sessionStart has no matcher" },
    { rule: "CP-CFG-009", files: { ".github/hooks/a.json": hooks("preToolUse", { type: "command", bash: "x", timeoutSec: 5000 }) }, says: "timeoutSec 5000 is 5000 s (1 h 23 min)" },
    { rule: "CP-CFG-010", files: { ".github/hooks/a.json": JSON.stringify({ version: 1, preToolUse: [{ type: "command", bash: "x" }] }) }, says: 'reads hooks only under "hooks"', path: "/preToolUse" },
    { rule: "CP-CFG-011", files: { ".github/hooks/a.json": JSON.stringify({ version: "1", hooks: { preToolUse: [{ type: "command", bash: "deny.sh" }] } }) }, says: 'Invalid hook config version; Copilot CLI runs no hook of this file; 1 hook is lost', path: "/version" },
    { rule: "CP-CFG-011", files: { ".claude/settings.json": JSON.stringify({ disableAllHooks: "false", hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "deny.sh" }] }] } }) }, says: "Copilot CLI runs no hook of this file", path: "/disableAllHooks" },
    { rule: "CP-CFG-012", files: { ".github/hooks/a.json": JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: "command", bash: "deny.sh", timeoutSec: "10" }] } }) }, says: "timeoutSec must be a number — Copilot CLI skips this hook", path: "/hooks/preToolUse/0/timeoutSec" },
  ],
  // task's own name for the agent and its sync/background mode (subagents/ recordings, cp-sub-*)
  extraToolFields: { Agent: ["name", "mode"] },
  recordedToolNames: [["view", "Read"], ["task", "Agent"]],
  schemaNaming: {
    "copilot-cli": { prefix: "copilot-cli-", suffix: "" },
    "copilot-cli/input": { prefix: "copilot-cli-", suffix: "-input" },
    "copilot-cli/claude-input": { prefix: "copilot-cli-claude-", suffix: "-input" },
    "copilot-cli/output": { prefix: "copilot-cli-", suffix: "-output" },
  },
};
