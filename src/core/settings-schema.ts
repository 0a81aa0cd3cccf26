/**
 * What an agent publishes for editors about one of its configuration files:
 * a JSON Schema of the file as the agent reads it (what it refuses is an
 * error; what it ignores, such as an unknown key, is allowed). Written by the
 * agent's folder (`src/<agent>/settings-schema.ts`) with `$ref`s to the
 * canonical schemas by their `$id`; `scripts/gen-settings-schemas.ts` bundles
 * it into one self-contained file, `generated/settings/<agent>/<file>.schema.json`,
 * with the stable `$id` `https://claude-hook-protocol.dev/settings/<agent>/<file>.schema.json`.
 * Names no agent.
 */
import type { JsonObject } from "../json/value.js";

export const SETTINGS_SCHEMA_BASE = "https://claude-hook-protocol.dev/settings/";

export interface SettingsSchema {
  /** The file's name in `generated/settings/<agent>/` (`settings`: `settings.schema.json`). */
  readonly file: string;
  /** The files it describes, as editors match them (VS Code's `fileMatch`, relative to a workspace or `~`). */
  readonly fileMatch: readonly string[];
  /**
   * The schema without `$schema` and `$id` (the generator adds both). A `$ref`
   * names a canonical schema by its `$id` (`https://claude-hook-protocol.dev/schemas/...`).
   */
  readonly schema: JsonObject;
  /**
   * Objects of the canonical schemas it refers to are open (`additionalProperties`
   * dropped) because the agent ignores unknown keys there (recorded); the
   * objects the root writes itself keep what it says.
   */
  readonly unknownKeysIgnored: boolean;
}

/**
 * An event map as editors should see it: every event the agent has is a
 * property (`eventList(event)`: the array of its entries), any other key is an
 * error, because every agent recorded so far runs no hook under a key it does
 * not know. `extra`: keys the agent also reads in the map.
 */
export function eventMapSchema(events: readonly string[], eventList: (event: string) => JsonObject, description: string, extra: JsonObject = {}): JsonObject {
  return {
    type: "object",
    description,
    properties: { ...extra, ...Object.fromEntries(events.map((event) => [event, eventList(event)])) },
    additionalProperties: false,
  };
}
