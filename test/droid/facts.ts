/**
 * What the shared tests check of droid (test/lib/agent-facts.ts): its recorded version output and
 * shell calls, its lab set's size, its lint rules' examples, its recorded tools beside Claude Code's and its schema directories' naming rules.
 */
import type { AgentFacts } from "../lib/agent-facts.js";
import { cmd, hooks } from "../lib/lint-case.js";

export const facts: AgentFacts = {
  versionOutput: { command: "droid", output: "0.215.0", version: "0.215.0" },
  shellCalls: [
    { form: "", event: "PreToolUse", shell: "Execute", args: "tool_input" },
  ],
  labSetSize: 125,
  lintPrefix: "DR",
  lintCases: [
    { rule: "DR-CFG-001", files: { ".factory/settings.json": "{,}" }, says: "not valid JSON" },
    { rule: "DR-CFG-002", files: { ".factory/settings.json": hooks("BeforeTool", { hooks: [cmd()] }) }, says: 'droid calls it "PreToolUse"' },
    { rule: "DR-CFG-003", files: { ".factory/hooks.json": hooks("PreToolUse", { hooks: [cmd()] }) }, says: "runs none of it", path: "/hooks" },
    { rule: "DR-CFG-004", files: { ".factory/settings.json": hooks("PreToolUse", { matcher: "Bash", hooks: [cmd()] }) }, says: "droid calls it \"Execute\"" },
    { rule: "DR-CFG-005", files: { ".factory/settings.json": hooks("Stop", { hooks: [cmd()] }), ".factory/hooks.json": JSON.stringify({ Stop: [{ hooks: [cmd()] }] }) }, says: "whose list replaces this one", path: "/hooks/Stop" },
    { rule: "DR-CFG-006", files: { ".factory/settings.json": hooks("PreToolUse", { matcher: "(", hooks: [cmd()] }) }, says: "says nothing" },
    { rule: "DR-CFG-008", files: { ".factory/hooks.json": JSON.stringify({ PreToolUse: [{ hooks: [cmd({ timeout: 10000 })] }] }) }, says: "droid reads seconds" },
    { rule: "DR-CFG-009", files: { ".factory/hooks.json": JSON.stringify({ PreToolUse: [{ matcher: "Execute", hooks: [{ type: "command", command: "deny.sh" }, { type: "command", command: "b.sh", timeout: "5" }] }] }) }, says: 'timeout "5" is not a number: droid rejects this whole file; 2 hooks are lost: PreToolUse "deny.sh", PreToolUse "b.sh"', path: "/PreToolUse/0/hooks/1/timeout" },
    { rule: "DR-CFG-009", files: { ".factory/settings.json": JSON.stringify({ hooks: { hooksDisabled: "false", PreToolUse: [{ hooks: [{ type: "command", command: "deny.sh" }] }] } }) }, says: 'hooksDisabled "false" is not a boolean: droid rejects the hooks of this file; 1 hook is lost', path: "/hooks/hooksDisabled" },
    { rule: "DR-CFG-010", files: { ".factory/settings.json": JSON.stringify({ hooks: { hooksDisabled: true } }) }, says: "droid runs no hook", path: "/hooks/hooksDisabled" },
    // past Node's timer limit droid marks the hook failed and, in 2 of 7 recorded runs, killed it before it answered (dr-num-timeout-2147484)
    { rule: "DR-CFG-011", files: { ".factory/settings.json": hooks("PreToolUse", { matcher: "Execute", hooks: [cmd({ timeout: 2147484 })] }) }, says: 'timeout 2147484 s is past Node\'s timer limit (2147483.647 s): droid\'s timer fires at once: the hook is marked failed (exit 1) and, in 2 of 7 recorded runs, killed before it answered, its deny lost: the hook "node /opt/h.mjs" may be lost', path: "/hooks/PreToolUse/0/hooks/0/timeout" },
    { rule: "DR-CFG-007", files: { ".factory/settings.json": hooks("Stop", { matcher: "x", hooks: [cmd()] }) }, says: "Stop has no matcher" },
  ],
  // droid's FetchUrl takes a url and no prompt, which WebFetch requires; its Task (description, prompt, subagent_type,
  // await) is Claude Code's Agent
  toolsWithoutCounterpart: ["LS", "Glob", "Grep", "FetchUrl"],
  // droid's risk assessment of each command (droid-observed.md); "0", "1", "2": a string rewrite a PostToolUse hook saw (pre-p21)
  extraToolFields: { Bash: ["riskLevel", "riskLevelReason", "summary", "0", "1", "2"], Agent: ["await"] },
  recordedToolNames: [["Execute", "Bash"], ["Create", "Write"], ["Edit", "Edit"], ["Read", "Read"], ["Task", "Agent"]],
  fileTools: { Read: "Read", Write: "Create", Edit: "Edit" },
  schemaNaming: {
    "droid": { prefix: "droid-", suffix: "" },
    "droid/hook-input": { prefix: "droid-", suffix: "-hook-input" },
  },
};
