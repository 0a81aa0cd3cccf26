/**
 * Claude Code's tool names as each agent's hook matchers see them. One
 * function on purpose: the kit's own name mapping (one module for the whole
 * package) replaces it when it lands.
 *
 * Sources: the shell tool was recorded for every agent (Codex reports
 * `exec_command` to hooks as `Bash`: codex-observed.md "Conventions"; Gemini
 * CLI `run_shell_command`: bt-48; Copilot CLI `bash`, `view`: pre-17,
 * cpre-17; droid `Execute`: droid-observed.md "Conventions"). Gemini CLI's
 * other names are its bundle's tool declarations (src/gemini-cli/events.ts
 * TOOL_REQUIRED_PARAMS); droid's other names its documentation.
 */
import { CLAUDE_TOOL_NAMES } from "../copilot-cli/events.js";

const invert = (table: Readonly<Record<string, string>>): Record<string, string> => Object.fromEntries(Object.entries(table).map(([k, v]) => [v, k]));

const GEMINI: Readonly<Record<string, string>> = {
  Bash: "run_shell_command",
  Read: "read_file",
  Write: "write_file",
  Edit: "replace",
  Glob: "glob",
  Grep: "grep_search",
  WebFetch: "web_fetch",
  WebSearch: "google_web_search",
};

const TABLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "claude-code": { Bash: "Bash", Read: "Read", Write: "Write", Edit: "Edit", MultiEdit: "MultiEdit", Glob: "Glob", Grep: "Grep", WebFetch: "WebFetch", WebSearch: "WebSearch", Task: "Task", NotebookEdit: "NotebookEdit" },
  codex: { Bash: "Bash" },
  "gemini-cli": GEMINI,
  "copilot-cli": invert(CLAUDE_TOOL_NAMES),
  droid: { Bash: "Execute", Read: "Read", Edit: "Edit", Write: "Create", Glob: "Glob", Grep: "Grep" },
  // Qwen Code's own names (its bundle's tool table; the shell tool recorded: pre-61)
  "qwen-code": { Bash: "run_shell_command", Read: "read_file", Write: "write_file", Edit: "edit", Glob: "glob", Grep: "grep_search", WebFetch: "web_fetch", WebSearch: "web_search", Task: "agent", NotebookEdit: "notebook_edit" },
};

/**
 * The name `agent`'s hooks see for Claude Code's tool `tool`; MCP tools
 * (`mcp__server__tool`) keep their name; null: the agent has no such tool
 * as far as the package knows.
 */
export function agentToolName(agent: string, tool: string): string | null {
  if (tool.startsWith("mcp__")) return tool;
  return TABLES[agent]?.[tool] ?? null;
}

/** Every Claude Code tool name `agent` is known to have, and its own name for it (lint's "a tool it does not have"). */
export function knownToolNames(agent: string): ReadonlyMap<string, string> {
  return new Map(Object.entries(TABLES[agent] ?? {}));
}
