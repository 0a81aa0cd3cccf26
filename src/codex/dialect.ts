/** Codex CLI 0.171.0 as a dialect of the shared machinery (src/core/dialect.ts). */
import type { AgentProbe } from "../core/agent-probe.js";
import type { Dialect } from "../core/dialect.js";
import { codexDivergences } from "./divergences.js";
import { CODEX_EVENT_NAMES, CODEX_EVENTS } from "./events.js";
import { mergeCodexRequest } from "./merge.js";
import { codexRunner } from "./runner.js";
import { writeCodexIntent } from "./intent.js";

/** How `doctor` finds it and reads its version, and how its recordings are made again. */
const codexProbe: AgentProbe = {
  commands: ["codex"],
  knownLocations: [],
  versionArgs: ["--version"],
  versionPattern: /^codex-cli (\d+\.\d+\.\d+)/m,
  recordings: [
    { scenarios: "test/observer/codex/scenarios", observed: "test/observer/codex/observed", rerecord: "node /tmp/codex-observer/run-scenario.mjs --codex <bin> --all --jobs 2 --scenarios test/observer/codex/scenarios --check test/observer/codex/observed" },
    // hooks on a subagent's tool calls (issue 25), recorded by the lab
    { scenarios: "test/observer/codex/subagents/scenarios", observed: "test/observer/codex/subagents/observed", rerecord: "npm run record -- --agent codex --scenarios 'subagents/scenarios/*' --check --jobs 1" },
  ],
  extractVectors: "npx tsx scripts/extract-codex-vectors.ts",
};

export const codex: Dialect = {
  agent: "codex",
  displayName: "Codex CLI",
  version: "0.171.0",
  probe: codexProbe,
  events: CODEX_EVENT_NAMES.map((name) => ({
    name,
    canonical: CODEX_EVENTS[name].canonical,
    matchField: CODEX_EVENTS[name].matchField,
    summary: CODEX_EVENTS[name].summary,
  })),
  mergeRequest: mergeCodexRequest,
  divergences: codexDivergences,
  writeIntent: writeCodexIntent,
  runner: codexRunner,
};
