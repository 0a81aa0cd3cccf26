/**
 * What `lint` and `install` add to "ignores every answer" of an event: apart from the event table, so that the
 * answer writer the kit loads on every call (intent.ts -> events.ts) does not load the capability data.
 */
import { capabilities } from "./capabilities.js";
import type { KimiCodeEventName } from "./events.js";

/**
 * How `lint` and `install` qualify "ignores every answer" of an event, from its capability claims (one source:
 * src/kimi-code/capabilities.ts): nothing where recordings show every answer, else how many rest on Kimi's
 * bundled code only (unverified).
 */
export function ignoredAnswersBasis(name: KimiCodeEventName): string {
  const claims = Object.values(capabilities.events[name] ?? {});
  const shown = claims.filter((claim) => "basis" in claim && claim.basis === "recorded").length;
  if (claims.length > 0 && shown === claims.length) return "";
  if (shown === 0) return " (read from its bundled code: unverified, no recording shows it)";
  return ` (recorded for ${shown} of its ${claims.length} answers; the others read from its bundled code: unverified)`;
}
