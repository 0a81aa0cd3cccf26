/** Claude Code 2.1.332 as a dialect of the shared machinery (src/core/dialect.ts). */
import type { Dialect } from "../core/dialect.js";
import { EVENT_CATALOG } from "./event-catalog.js";
import { readClaudeCodeIntent, writeClaudeCodeIntent } from "./intent.js";
import { mergeRequest } from "./merge-request.js";

export const claudeCode: Dialect = {
  agent: "claude-code",
  displayName: "Claude Code",
  version: "2.1.332",
  events: EVENT_CATALOG.map((e) => ({
    name: e.name,
    canonical: e.name,
    matchField: e.matchField,
    summary: e.blocks === null ? "cannot block" : `can block: ${e.blocks}`,
  })),
  mergeRequest,
  readIntent: readClaudeCodeIntent,
  writeIntent: writeClaudeCodeIntent,
};
