/** Gemini CLI 0.61.0 as a dialect of the shared machinery (src/core/dialect.ts). */
import type { Dialect } from "../core/dialect.js";
import { divergences } from "./divergences.js";
import { EVENT_NAMES, EVENTS } from "./events.js";
import { mergeRequest, REQUEST_EXTENSIONS } from "./merge-request.js";
import { geminiCliRunner } from "./runner.js";
import { writeGeminiCliIntent } from "./intent.js";

export const geminiCli: Dialect = {
  agent: "gemini-cli",
  displayName: "Gemini CLI",
  version: "0.61.0",
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
