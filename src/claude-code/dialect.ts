/** Claude Code 2.1.332 as a dialect of the shared machinery (src/core/dialect.ts). */
import type { AgentProbe } from "../core/agent-probe.js";
import type { Dialect } from "../core/dialect.js";
import { EVENT_NAMES, EVENTS } from "./events.js";
import { readClaudeCodeIntent, writeClaudeCodeIntent } from "./intent.js";
import { mergeRequest } from "./merge-request.js";

/** How `doctor` finds it and reads its version, and how its recordings are made again. */
const claudeCodeProbe: AgentProbe = {
  commands: ["claude"],
  knownLocations: ["~/.claude/local/claude"],
  versionArgs: ["--version"],
  versionPattern: /^(\d+\.\d+\.\d+) \(Claude Code\)/m,
  recordings: [
    { scenarios: "test/observer/claude-code/scenarios", observed: "test/observer/claude-code/observed", rerecord: "node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 2 --scenarios test/observer/claude-code/scenarios --check test/observer/claude-code/observed" },
    { scenarios: "test/observer/claude-code/probes/scenarios", observed: "test/observer/claude-code/probes/observed", rerecord: "node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 2 --scenarios test/observer/claude-code/probes/scenarios --check test/observer/claude-code/probes/observed" },
    { scenarios: "test/observer/claude-code-tools/scenarios", observed: "test/observer/claude-code-tools/observed", rerecord: "node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 2 --scenarios test/observer/claude-code-tools/scenarios --check test/observer/claude-code-tools/observed" },
    { scenarios: "test/observer/claude-code/subagents/scenarios", observed: "test/observer/claude-code/subagents/observed", rerecord: "node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 1 --scenarios test/observer/claude-code/subagents/scenarios --check test/observer/claude-code/subagents/observed" },
    { scenarios: "test/observer/claude-code/version-hints/scenarios", observed: "test/observer/claude-code/version-hints/observed", rerecord: "node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 1 --scenarios test/observer/claude-code/version-hints/scenarios --check test/observer/claude-code/version-hints/observed" },
  ],
  alsoRecorded: [
    {
      // the binary of @anthropic-ai/claude-agent-sdk-linux-x64@0.3.334 (2.1.334 is not on npm as @anthropic-ai/claude-code); docs/versions.md
      version: "2.1.334",
      recordings: [
        ["scenarios", "observed"],
        ["probes/scenarios", "probes/observed"],
        ["runner/scenarios", "runner/observed"],
        ["runner-http/scenarios", "runner-http/observed"],
        ["not-triggered/scenarios", "not-triggered/observed"],
        ["subagents/scenarios", "subagents/observed"],
        ["version-hints/scenarios", "version-hints/observed"],
        ["../claude-code-tools/scenarios", "tools/observed"],
      ].map(([scenarios, observed]) => {
        const set = { scenarios: `test/observer/claude-code/${scenarios}`.replace("claude-code/../", ""), observed: `test/observer/claude-code/v2.1.334/${observed}` };
        return { ...set, rerecord: `node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 1 --scenarios ${set.scenarios} --check ${set.observed}` };
      }),
    },
  ],
  extractVectors: "npx tsx scripts/extract-merge-vectors.ts",
};

export const claudeCode: Dialect = {
  agent: "claude-code",
  displayName: "Claude Code",
  version: "2.1.332",
  probe: claudeCodeProbe,
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
