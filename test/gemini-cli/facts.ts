/**
 * What the shared tests check of Gemini CLI (test/lib/agent-facts.ts): its recorded version output and
 * shell calls, its lab set's size, its lint rules' examples, its recorded tools beside Claude Code's and its schema directories' naming rules.
 */
import type { AgentFacts } from "../lib/agent-facts.js";
import { cmd, hooks } from "../lib/lint-case.js";

export const facts: AgentFacts = {
  versionOutput: { command: "gemini", output: "0.61.0", version: "0.61.0" },
  shellCalls: [
    { form: "", event: "BeforeTool", shell: "run_shell_command", args: "tool_input" },
  ],
  labSetSize: 181,
  lintPrefix: "GM",
  lintCases: [
    { rule: "GM-CFG-001", files: { ".gemini/settings.json": '{"hooks": [}' }, says: "not valid JSON" },
    { rule: "GM-CFG-002", files: { ".gemini/settings.json": hooks("PreToolUse", { hooks: [cmd()] }) }, says: 'Invalid hook event name: "PreToolUse" from project config. Skipping. ("PreToolUse" is Claude Code\'s name; Gemini CLI calls it "BeforeTool")' },
    { rule: "GM-CFG-003", files: { ".gemini/settings.json": hooks("BeforeTool", { hooks: [cmd({ timeout: 30 })] }) }, says: "timeout 30 is 30 ms", path: "/hooks/BeforeTool/0/hooks/0/timeout" },
    { rule: "GM-CFG-004", files: { ".gemini/settings.json": hooks("BeforeTool", { matcher: "Bash", hooks: [cmd()] }) }, says: "\"Bash\" is Claude Code's name; Gemini CLI calls it \"run_shell_command\"" },
    { rule: "GM-CFG-005", files: { ".gemini/settings.json": hooks("BeforeAgent", { matcher: "x", hooks: [cmd()] }) }, says: "BeforeAgent has no matcher" },
    { rule: "GM-CFG-006", files: { ".gemini/settings.json": hooks("BeforeTool", { hooks: [{ type: "command" }] }) }, says: "only command hooks with a command run" },
    { rule: "GM-CFG-007", files: { ".gemini/settings.json": hooks("BeforeTool", { hooks: [cmd({ timeout: 30000 })] }) }, says: "trusted folder" },
    { rule: "GM-CFG-008", files: { ".gemini/settings.json": JSON.stringify({ BeforeTool: [{ hooks: [cmd()] }] }) }, says: 'reads hooks only under "hooks"', path: "/BeforeTool" },
    { rule: "GM-CFG-009", files: { ".gemini/settings.json": JSON.stringify({ hooksConfig: { disabled: ["guard"] }, hooks: { BeforeTool: [{ hooks: [cmd({ name: "guard", timeout: 5000 })] }] } }) }, says: '"guard" is in hooksConfig.disabled', path: "/hooks/BeforeTool/0/hooks/0" },
    { rule: "GM-CFG-010", files: { ".gemini/settings.json": JSON.stringify({ hooksConfig: { enabled: "false" }, hooks: {} }) }, says: 'hooksConfig.enabled "false" is not a boolean; Gemini CLI reads it as false: no hook runs', path: "/hooksConfig/enabled" },
    { rule: "GM-CFG-010", files: { ".gemini/settings.json": JSON.stringify({ hooksConfig: { enabled: 1 }, hooks: {} }) }, says: "reads it as true", path: "/hooksConfig/enabled" },
    { rule: "GM-CFG-011", files: { ".gemini/settings.json": JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: "command", command: "d.sh", timeout: "abc" }] }] } }) }, says: "always times out and fails open", path: "/hooks/BeforeTool/0/hooks/0/timeout" },
    // past Node's timer limit the timer fires after 1 ms (gp-num-timeout-2147483648, -1e400-project)
    { rule: "GM-CFG-012", files: { ".gemini/settings.json": JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: "command", command: "d.sh", timeout: 2147483648 }] }] } }) }, says: 'timeout 2147483648 ms is past Node\'s timer limit (2147483647 ms): Gemini CLI\'s timer fires after 1 ms, so this hook always times out and fails open: the hook "d.sh" is lost', path: "/hooks/BeforeTool/0/hooks/0/timeout" },
    { rule: "GM-CFG-012", files: { ".gemini/settings.json": '{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "blocker", "command": "d.sh", "timeout": 1e400}]}]}}' }, says: 'timeout 1e400 ms is past Node\'s timer limit (2147483647 ms): Gemini CLI\'s timer fires after 1 ms, so this hook always times out and fails open: the hook "blocker" is lost', path: "/hooks/BeforeTool/0/hooks/0/timeout" },
  ],
  // Claude Code 2.1.332 offers no Glob, Grep or LS tool (it searches with Bash); Gemini CLI's web_fetch takes a prompt
  // with the URLs in it, not WebFetch's url
  // … and its subagent tools (subagents/ recordings): invoke_agent takes agent_name and prompt, not Agent's description;
  // complete_task ends the subagent
  toolsWithoutCounterpart: ["glob", "grep_search", "list_directory", "web_fetch", "invoke_agent", "complete_task"],
  // replace's instruction: what the edit is for, in words (tool-names/kit-tools-01-file-tools)
  extraToolFields: { Edit: ["instruction"] },
  recordedToolNames: [["run_shell_command", "Bash"], ["read_file", "Read"], ["write_file", "Write"], ["replace", "Edit"], ["google_web_search", "WebSearch"]],
  fileTools: { Read: "read_file", Write: "write_file", Edit: "replace" },
  schemaNaming: {
    "gemini-cli": { prefix: "gemini-cli-", suffix: "" },
    "gemini-cli/hook-input": { prefix: "gemini-cli-", suffix: "-hook-input" },
  },
};
