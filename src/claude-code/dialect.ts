/** Claude Code 2.1.332 (recorded again with 2.1.334: the same rules, docs/versions.md) as a dialect of the shared machinery (src/core/dialect.ts). */
import { recordedAgain, type AgentProbe, type RecordingSet } from "../core/agent-probe.js";
import type { Dialect } from "../core/dialect.js";
import { EVENT_NAMES, EVENTS } from "./events.js";
import { readClaudeCodeIntent, writeClaudeCodeIntent } from "./intent.js";
import { mergeRequest } from "./merge-request.js";

/** The recordings every rule rests on, and how each is made again. */
const RECORDINGS: readonly RecordingSet[] = [
  { scenarios: "test/observer/claude-code/scenarios", observed: "test/observer/claude-code/observed", rerecord: "node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 2 --scenarios test/observer/claude-code/scenarios --check test/observer/claude-code/observed" },
  { scenarios: "test/observer/claude-code/probes/scenarios", observed: "test/observer/claude-code/probes/observed", rerecord: "node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 2 --scenarios test/observer/claude-code/probes/scenarios --check test/observer/claude-code/probes/observed" },
  { scenarios: "test/observer/claude-code-tools/scenarios", observed: "test/observer/claude-code-tools/observed", rerecord: "node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 2 --scenarios test/observer/claude-code-tools/scenarios --check test/observer/claude-code-tools/observed" },
  { scenarios: "test/observer/claude-code/runner/scenarios", observed: "test/observer/claude-code/runner/observed", rerecord: "node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 1 --scenarios test/observer/claude-code/runner/scenarios --check test/observer/claude-code/runner/observed   # if-symlink-*: add --project-dir as their prepared_project says" },
  { scenarios: "test/observer/claude-code/runner-http/scenarios", observed: "test/observer/claude-code/runner-http/observed", rerecord: "CC_ORACLE_ALLOW_HOST_NET=1 node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 1 --scenarios test/observer/claude-code/runner-http/scenarios --check test/observer/claude-code/runner-http/observed   # with runner-http/server.py listening" },
  { scenarios: "test/observer/claude-code/not-triggered/scenarios", observed: "test/observer/claude-code/not-triggered/observed", rerecord: "node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 1 --scenarios test/observer/claude-code/not-triggered/scenarios --check test/observer/claude-code/not-triggered/observed" },
  { scenarios: "test/observer/claude-code/subagents/scenarios", observed: "test/observer/claude-code/subagents/observed", rerecord: "node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 1 --scenarios test/observer/claude-code/subagents/scenarios --check test/observer/claude-code/subagents/observed" },
  { scenarios: "test/observer/claude-code/version-hints/scenarios", observed: "test/observer/claude-code/version-hints/observed", rerecord: "node /tmp/observer/run-scenario.mjs --claude <bin> --all --jobs 1 --scenarios test/observer/claude-code/version-hints/scenarios --check test/observer/claude-code/version-hints/observed" },
];

/** How `doctor` finds it and reads its version, and how its recordings are made again. */
const claudeCodeProbe: AgentProbe = {
  commands: ["claude"],
  knownLocations: ["~/.claude/local/claude"],
  versionArgs: ["--version"],
  versionPattern: /^(\d+\.\d+\.\d+) \(Claude Code\)/m,
  recordings: RECORDINGS,
  alsoRecorded: [
    {
      // the binary of @anthropic-ai/claude-agent-sdk-linux-x64@0.3.334 (2.1.334 is not on npm as @anthropic-ai/claude-code); docs/versions.md
      version: "2.1.334",
      recordings: RECORDINGS.map((set) => recordedAgain(set, set.observed.replace(/^test\/observer\/claude-code(-tools)?\//, (_, tools: string | undefined) => `test/observer/claude-code/v2.1.334/${tools === undefined ? "" : "tools/"}`))),
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
