/**
 * The editors' schema of a Gemini CLI 0.61.0 settings file
 * (generated/settings/gemini-cli/settings.schema.json), from the recordings in
 * test/observer/gemini-cli/observed/ (test/settings-schemas.test.ts):
 * - a key of `hooks` that is not one of its 11 events is skipped (`Invalid hook event name`);
 * - a hook whose `type` is not "command" (`Command`, null) or whose `timeout` is
 *   0, negative or a word is not run (gp-cfg-type-*, gp-cfg-timeout-zero,
 *   -negative, -string-word);
 * - the `hooksConfig` switches are read loosely (`enabled: "false"`, 0 and ""
 *   turn hooks off, `"no"` does not; `disabled: "blocker"` matches a name:
 *   gp-cfg-enabled-*, gp-cfg-disabled-*): anything but their documented type
 *   is an error here though Gemini CLI loads the file;
 * - unknown keys elsewhere are kept and ignored (gp-cfg-unknown-top-key).
 */
import type { SettingsSchema } from "../core/settings-schema.js";
import { eventMapSchema } from "../core/settings-schema.js";
import { EVENT_NAMES, EVENTS } from "./events.js";

const CANONICAL = "https://claude-hook-protocol.dev/schemas/gemini-cli/";

export const settingsSchemas: readonly SettingsSchema[] = [
  {
    file: "settings",
    fileMatch: [".gemini/settings.json"],
    unknownKeysIgnored: true,
    schema: {
      title: "Gemini CLI 0.61.0 settings (hooks)",
      description: "~/.gemini/settings.json and <project>/.gemini/settings.json, the keys about hooks as Gemini CLI 0.61.0 reads them; other keys are not checked.",
      type: "object",
      definitions: {
        definition: {
          allOf: [{ $ref: `${CANONICAL}hook-definition.schema.json` }],
          properties: {
            hooks: {
              type: "array",
              items: {
                properties: {
                  type: { enum: ["command"], description: "`command`; any other value (`Command`, null): the hook is not run (gp-cfg-type-uppercase, gp-cfg-type-null)." },
                  timeout: { type: "number", exclusiveMinimum: 0, description: "Milliseconds (default 60000); 0, a negative number or a word: the hook is not run (gp-cfg-timeout-zero, -negative, -string-word)." },
                },
              },
            },
          },
        },
      },
      properties: {
        hooksConfig: { $ref: `${CANONICAL}hooks-config.schema.json` },
        hooks: eventMapSchema(
          EVENT_NAMES,
          (event) => ({ type: "array", description: `${event} (canonical ${EVENTS[event as (typeof EVENT_NAMES)[number]].canonical ?? "none"}): ${EVENTS[event as (typeof EVENT_NAMES)[number]].summary}`, items: { $ref: "#/definitions/definition" } }),
          "Event name -> hook definitions; any other key (PreToolUse, for instance) is skipped: `Invalid hook event name: \"<Name>\" from project config. Skipping.`",
        ),
      },
    },
  },
];
