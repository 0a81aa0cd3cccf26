/** Gemini CLI 0.61.0 as a dialect of the shared machinery (src/core/dialect.ts). */
import type { AgentProbe } from "../core/agent-probe.js";
import type { Dialect } from "../core/dialect.js";
import { divergences } from "./divergences.js";
import { EVENT_NAMES, EVENTS } from "./events.js";
import { mergeRequest, REQUEST_EXTENSIONS } from "./merge-request.js";
import { geminiCliRunner } from "./runner.js";
import { writeGeminiCliIntent } from "./intent.js";

/** How `doctor` finds it and reads its version, and how its recordings are made again. */
const geminiCliProbe: AgentProbe = {
  commands: ["gemini"],
  knownLocations: [],
  versionArgs: ["--version"],
  versionPattern: /^(\d+\.\d+\.\d+)\s*$/m,
  recordings: [
    { scenarios: "test/observer/gemini-cli/scenarios", observed: "test/observer/gemini-cli/observed", rerecord: "node /tmp/gemini-obs/run-scenario.mjs --gemini <bin> --all --jobs 2 --scenarios test/observer/gemini-cli/scenarios --check test/observer/gemini-cli/observed" },
    // hooks on a subagent's tool calls (issue 25), recorded by the lab
    { scenarios: "test/observer/gemini-cli/subagents/scenarios", observed: "test/observer/gemini-cli/subagents/observed", rerecord: "npm run record -- --agent gemini-cli --scenarios 'subagents/scenarios/*' --check --jobs 1" },
  ],
  extractVectors: "npx tsx scripts/extract-gemini-cli-vectors.ts",
};

export const geminiCli: Dialect = {
  agent: "gemini-cli",
  displayName: "Gemini CLI",
  version: "0.61.0",
  probe: geminiCliProbe,
  events: EVENT_NAMES.map((name) => ({
    name,
    canonical: EVENTS[name].canonical,
    matchField: EVENTS[name].matchField,
    summary: EVENTS[name].summary,
  })),
  requestExtensions: REQUEST_EXTENSIONS,
  mergeRequest,
  divergences,
  writeIntent: writeGeminiCliIntent,
  runner: geminiCliRunner,
};
