/** Claude Code 2.1.332 as a dialect of the shared machinery (src/core/dialect.ts). */
import type { Dialect } from "../core/dialect.js";
import { EVENT_NAMES, EVENTS } from "./events.js";
import { readClaudeCodeIntent, writeClaudeCodeIntent } from "./intent.js";
import { mergeRequest } from "./merge-request.js";

export const claudeCode: Dialect = {
  agent: "claude-code",
  displayName: "Claude Code",
  version: "2.1.332",
  events: EVENT_NAMES.map((name) => {
    const row = EVENTS[name];
    return {
      name,
      canonical: name,
      matchField: row.match?.field ?? null,
      summary: row.blocks ?? "cannot block",
    };
  }),
  mergeRequest,
  readIntent: readClaudeCodeIntent,
  writeIntent: writeClaudeCodeIntent,
};
