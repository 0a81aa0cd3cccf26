/** GitHub Copilot CLI 1.0.102 as a dialect of the shared machinery (src/core/dialect.ts). */
import type { AgentProbe } from "../core/agent-probe.js";
import type { Dialect, DialectEvent } from "../core/dialect.js";
import { COPILOT_EVENT_NAMES, EVENTS, type EventRules } from "./events.js";
import { readCopilotIntent, writeCopilotIntent } from "./intent.js";
import { copilotDivergences } from "./lints.js";
import { mergeCopilotRequest, REQUEST_EXTENSIONS } from "./merge.js";
import { copilotRunner } from "./runner.js";

/**
 * Both spellings of every event, the Claude-style one first: a Claude Code answer judged or
 * converted for Copilot lands on the spelling a team's `.claude/settings.json` hooks run under
 * (src/core/judge.ts takes the first event with the canonical name).
 */
const events: DialectEvent[] = COPILOT_EVENT_NAMES.flatMap((name) => {
  const rules: EventRules = EVENTS[name];
  const native: DialectEvent = { name, canonical: rules.canonical, matchField: rules.matchField, summary: rules.summary };
  if (rules.claudeStyleName === null) return [native];
  const claudeMatch = rules.claudeStyleGetsNativeInput ? rules.matchField : rules.claudeMatchField;
  return [{ name: rules.claudeStyleName, canonical: rules.canonical, matchField: claudeMatch, summary: `${rules.summary} (Claude-style spelling, same chain as ${name})` }, native];
});

/** How `doctor` finds it and reads its version, and how its recordings are made again. */
const copilotCliProbe: AgentProbe = {
  commands: ["copilot"],
  knownLocations: [],
  versionArgs: ["--version"],
  versionPattern: /^GitHub Copilot CLI (\d+\.\d+\.\d+)/m,
  recordings: [
    { scenarios: "test/observer/copilot-cli/scenarios", observed: "test/observer/copilot-cli/observed", rerecord: "node /tmp/copilot-observer/run-scenario.mjs --copilot <bin> --all --jobs 2 --scenarios test/observer/copilot-cli/scenarios --check test/observer/copilot-cli/observed" },
    // hooks on a subagent's tool calls (issue 25), recorded by the lab
    { scenarios: "test/observer/copilot-cli/subagents/scenarios", observed: "test/observer/copilot-cli/subagents/observed", rerecord: "npm run record -- --agent copilot-cli --scenarios 'subagents/scenarios/*' --check --jobs 1" },
  ],
  extractVectors: "npx tsx scripts/extract-copilot-cli-vectors.ts",
};

export const copilotCli: Dialect = {
  agent: "copilot-cli",
  displayName: "GitHub Copilot CLI",
  version: "1.0.102",
  probe: copilotCliProbe,
  events,
  requestExtensions: REQUEST_EXTENSIONS,
  mergeRequest: mergeCopilotRequest,
  divergences: copilotDivergences,
  readIntent: readCopilotIntent,
  writeIntent: writeCopilotIntent,
  runner: copilotRunner,
};
