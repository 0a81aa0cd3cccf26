/**
 * What the shared tests check of Kimi Code CLI (test/lib/agent-facts.ts): its recorded version output and
 * shell calls, its lab set's size, its lint rules' examples, its recorded tools beside Claude Code's and its schema directories' naming rules.
 */
import type { AgentFacts } from "../lib/agent-facts.js";

export const facts: AgentFacts = {
  versionOutput: { command: "kimi", output: "2.1.0", version: "2.1.0" },
  shellCalls: [
    { form: "", event: "PreToolUse", shell: "Bash", args: "tool_input" },
  ],
  labSetSize: 232,
  lintPrefix: "KM",
  // its one file is below the home directory: linted as one
  lintBelow: "home",
  lintCases: [
    { rule: "KM-CFG-001", files: { ".kimi-code/config.toml": "[[hooks]\nevent = 1" }, says: "reads none of it" },
    { rule: "KM-CFG-002", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "BeforeTool"\ncommand = "node /opt/h.mjs"\n' }, says: "no hook runs", path: "/hooks/0/event" },
    { rule: "KM-CFG-003", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "PreToolUse"\ncommand = "node /opt/h.mjs"\ntimeout = 601\n' }, says: "timeout 601 is not a whole number of seconds from 1 to 600", path: "/hooks/0" },
    { rule: "KM-CFG-003", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "PreToolUse"\ncommand = "node /opt/h.mjs"\ntype = "command"\n' }, says: 'has "type", which Kimi does not allow', path: "/hooks/0" },
    { rule: "KM-CFG-004", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "PreToolUse"\nmatcher = "Bash("\ncommand = "node /opt/h.mjs"\n' }, says: "not a valid regular expression", path: "/hooks/0/matcher" },
    { rule: "KM-CFG-005", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "PostToolUse"\ncommand = "node /opt/h.mjs"\n' }, says: "ignores every answer of PostToolUse hooks: after a tool succeeded", path: "/hooks/0" },
    // an event whose answers only Kimi's bundled code says it ignores (no recording): said to be unverified
    { rule: "KM-CFG-005", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "SessionEnd"\ncommand = "node /opt/h.mjs"\n' }, says: "ignores every answer of SessionEnd hooks (read from its bundled code: unverified, no recording shows it): a session ends", path: "/hooks/0" },
    { rule: "KM-CFG-006", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "Stop"\nmatcher = "Bash"\ncommand = "node /opt/h.mjs"\n' }, says: "never matches, the hook never runs", path: "/hooks/0/matcher" },
    { rule: "KM-CFG-007", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "PreToolUse"\nmatcher = "run_shell_command"\ncommand = "node /opt/h.mjs"\n' }, says: "Gemini CLI's name for Bash", path: "/hooks/0/matcher" },
    { rule: "KM-CFG-008", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "Stop"\ncommand = "node /opt/h.mjs"\n[[hooks]]\nevent = "Stop"\ncommand = "node /opt/h.mjs"\n' }, says: "runs it once", path: "/hooks/1/command" },
  ],
  // a tool the scripted model calls and Kimi Code CLI does not have (held-out kh-post-unknown-tool)
  toolsWithoutCounterpart: ["NoSuchTool"],
  schemaNaming: {
    "kimi-code": { prefix: "kimi-code-", suffix: "" },
    "kimi-code/hook-input": { prefix: "kimi-code-", suffix: "-hook-input" },
  },
};
