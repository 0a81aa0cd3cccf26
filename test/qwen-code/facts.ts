/**
 * What the shared tests check of Qwen Code (test/lib/agent-facts.ts): its recorded version output and
 * shell calls, its lab set's size, its lint rules' examples, its recorded tools beside Claude Code's and its schema directories' naming rules.
 */
import type { AgentFacts } from "../lib/agent-facts.js";
import { cmd, hooks } from "../lib/lint-case.js";

export const facts: AgentFacts = {
  versionOutput: { command: "qwen", output: "0.24.4", version: "0.24.4" },
  shellCalls: [
    { form: "", event: "PreToolUse", shell: "run_shell_command", args: "tool_input" },
  ],
  labSetSize: 175,
  lintPrefix: "QW",
  lintCases: [
    { rule: "QW-CFG-001", files: { ".qwen/settings.json": "{" }, says: "not valid JSON" },
    { rule: "QW-CFG-002", files: { ".qwen/settings.json": hooks("BeforeTool", { hooks: [cmd()] }) }, says: 'Qwen Code calls it "PreToolUse"', path: "/hooks/BeforeTool" },
    { rule: "QW-CFG-003", files: { ".qwen/settings.json": JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [cmd({ command: "node deny.mjs" })] }, { matcher: "run_shell_command", hooks: [cmd({ command: "node allow.mjs" })] }] } }) }, says: 'overrides the deny: Qwen Code counts the last decision in configuration order (project, then user, then system); later: "node allow.mjs"', path: "/hooks/PreToolUse/0/hooks/0" },
    { rule: "QW-CFG-004", files: { ".qwen/settings.json": hooks("PreToolUse", { hooks: [cmd({ timeout: 1500 })] }) }, says: "timeout 1500 is read as 1500 ms", path: "/hooks/PreToolUse/0/hooks/0/timeout" },
    { rule: "QW-CFG-005", files: { ".qwen/settings.json": hooks("PreToolUse", { matcher: "run_shell_command(", hooks: [cmd()] }) }, says: "never runs the group, and the tool runs" },
    { rule: "QW-CFG-006", files: { ".qwen/settings.json": hooks("Stop", { matcher: "x", hooks: [cmd()] }) }, says: "Stop has no matcher" },
    { rule: "QW-CFG-007", files: { ".qwen/settings.json": hooks("PreToolUse", { hooks: [{ type: "command" }] }) }, says: "Qwen Code discards this one", path: "/hooks/PreToolUse/0/hooks/0" },
    { rule: "QW-CFG-008", files: { ".qwen/settings.json": hooks("PreToolUse", { matcher: "Execute", hooks: [cmd()] }) }, says: "\"Execute\" is droid's name for Bash" },
    { rule: "QW-CFG-009", files: { ".qwen/settings.json": JSON.stringify({ disableAllHooks: true }) }, says: "the user's included", path: "/disableAllHooks" },
    { rule: "QW-CFG-009", files: { ".qwen/settings.json": JSON.stringify({ disableAllHooks: "false" }) }, says: 'disableAllHooks "false" is not a boolean, and Qwen Code reads it as true: Qwen Code runs no hook, the user\'s included', path: "/disableAllHooks" },
    { rule: "QW-CFG-011", files: { ".qwen/settings.json": hooks("PreToolUse", { matcher: "^(?:Write|Bash)$", hooks: [cmd()] }) }, says: 'never matches; write "Write|Bash"', path: "/hooks/PreToolUse/0/matcher" },
    // Qwen reads 1000 and up as ms and hands them to Node's timer, which fires after 1 ms past its limit (qw-num-timeout-2147483648)
    { rule: "QW-CFG-012", files: { ".qwen/settings.json": hooks("PreToolUse", { hooks: [cmd({ timeout: 2147483648 })] }) }, says: 'timeout 2147483648 ms is past Node\'s timer limit (2147483647 ms): Qwen Code\'s timer fires after 1 ms, so this hook always times out and fails open: the hook "node /opt/h.mjs" is lost', path: "/hooks/PreToolUse/0/hooks/0/timeout" },
    { rule: "QW-CFG-010", files: { ".qwen/settings.json": JSON.stringify({ hooks: { Stop: [{ sequential: true, hooks: [cmd()] }, { hooks: [cmd({ command: "x" })] }] } }) }, says: "one sequential group" },
  ],
  // Claude Code 2.1.332 offers no Glob or Grep tool (it searches with Bash); Qwen Code's agent (subagents/ recordings:
  // subagent_type, description, prompt, run_in_background) is Claude Code's Agent
  toolsWithoutCounterpart: ["glob", "grep_search"],
  recordedToolNames: [["agent", "Agent"], ["read_file", "Read"], ["write_file", "Write"], ["edit", "Edit"], ["web_fetch", "WebFetch"]],
  fileTools: { Read: "read_file", Write: "write_file", Edit: "edit" },
  schemaNaming: {
    "qwen-code": { prefix: "qwen-code-", suffix: "" },
    "qwen-code/hook-input": { prefix: "qwen-code-", suffix: "-hook-input" },
  },
};
