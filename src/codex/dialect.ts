/** Codex CLI 0.171.0 as a dialect of the shared machinery (src/core/dialect.ts). */
import type { Dialect } from "../core/dialect.js";
import { codexDivergences } from "./divergences.js";
import { CODEX_EVENT_NAMES, CODEX_EVENTS } from "./events.js";
import { mergeCodexRequest } from "./merge.js";
import { codexRunner } from "./runner.js";
import { writeCodexIntent } from "./intent.js";

export const codex: Dialect = {
  agent: "codex",
  displayName: "Codex CLI",
  version: "0.171.0",
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
