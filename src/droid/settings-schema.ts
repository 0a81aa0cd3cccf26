/**
 * The editors' schemas of Factory droid 0.215.0's hook files
 * (generated/settings/droid/{hooks,settings}.schema.json), from the recordings
 * in test/observer/droid/ (test/settings-schemas.test.ts):
 * - hooks.json is the bare event map; a `{"hooks": ...}` wrapper or any other
 *   key that is not an event or a switch runs no hook (pre-23*, README);
 * - a switch that is not a boolean (`hooksDisabled: "false"`, 1;
 *   `showHookOutput: "yes"`), a `type` other than "command" or a `timeout`
 *   that is not a number makes droid reject the map as a whole: none of its
 *   hooks run and its `hooksDisabled` counts for nothing (dr-cfg-*; config.ts `droidRejection`).
 */
import type { JsonObject } from "../json/value.js";
import type { SettingsSchema } from "../core/settings-schema.js";
import { eventMapSchema } from "../core/settings-schema.js";
import { DROID_EVENT_NAMES, DROID_EVENTS } from "./events.js";

const CANONICAL = "https://claude-hook-protocol.dev/schemas/droid/";

const rejected = "Any other type: droid rejects this whole map (every hook in it is lost; dr-cfg-*).";

function hooksMap(description: string): JsonObject {
  return eventMapSchema(
    DROID_EVENT_NAMES,
    (event) => ({ type: "array", description: DROID_EVENTS[event as (typeof DROID_EVENT_NAMES)[number]].summary, items: { $ref: `${CANONICAL}hook-matcher-group.schema.json` } }),
    description,
    {
      hooksDisabled: { type: "boolean", description: `true: droid runs no hook (the project's folder decides before the user's). ${rejected}` },
      showHookOutput: { type: "boolean", description: `Whether hook output is shown. ${rejected}` },
    },
  );
}

export const settingsSchemas: readonly SettingsSchema[] = [
  {
    file: "hooks",
    fileMatch: [".factory/hooks.json"],
    unknownKeysIgnored: true,
    schema: {
      title: "Factory droid 0.215.0 hooks.json",
      ...hooksMap("~/.factory/hooks.json and <project>/.factory/hooks.json: the bare event map (no \"hooks\" wrapper: a wrapper, or any key that is not an event or a switch, runs no hook). Per event it replaces the folder's settings.json list."),
    },
  },
  {
    file: "settings",
    fileMatch: [".factory/settings.json"],
    unknownKeysIgnored: true,
    schema: {
      title: "Factory droid 0.215.0 settings.json (hooks)",
      description: "~/.factory/settings.json and <project>/.factory/settings.json, the key about hooks; other keys are not checked.",
      type: "object",
      properties: { hooks: hooksMap("The event map, as in hooks.json.") },
    },
  },
];
