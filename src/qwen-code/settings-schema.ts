/**
 * The editors' schema of a Qwen Code 0.24.4 settings file
 * (generated/settings/qwen-code/settings.schema.json), from the recordings in
 * test/observer/qwen-code/observed/ (test/settings-schemas.test.ts):
 * - a key of `hooks` that is not one of its 22 events is skipped silently (docs/spec/qwen-code-observed.md);
 * - a hook whose `type` is not one it knows is not run (cfg-44-type-uppercase);
 * - `disableAllHooks` is read for its truthiness ("false", 1, [] and {} turn every
 *   hook off; "", 0, null do not: cfg-40-*), so anything but a boolean is an error
 *   here though Qwen loads the file;
 * - `timeout` and `sequential` of another type: the hooks ran (cfg-43-*, cfg-44-timeout-*),
 *   what they were read as is not recorded; errors here, as in the documentation.
 */
import type { SettingsSchema } from "../core/settings-schema.js";
import { eventMapSchema } from "../core/settings-schema.js";
import { QWEN_CODE_EVENT_NAMES, QWEN_CODE_EVENTS } from "./events.js";

const CANONICAL = "https://claude-hook-protocol.dev/schemas/qwen-code/";

export const settingsSchemas: readonly SettingsSchema[] = [
  {
    file: "settings",
    fileMatch: [".qwen/settings.json"],
    unknownKeysIgnored: true,
    schema: {
      title: "Qwen Code 0.24.4 settings (hooks)",
      description: "~/.qwen/settings.json, <project>/.qwen/settings.json and the system settings file, the keys about hooks as Qwen Code 0.24.4 reads them; other keys are not checked.",
      type: "object",
      definitions: {
        group: {
          allOf: [{ $ref: `${CANONICAL}hook-matcher-group.schema.json` }],
          properties: {
            sequential: { type: "boolean", description: "Run the group's hooks one after the other (pair-26)." },
            hooks: {
              type: "array",
              items: {
                properties: {
                  type: { enum: ["command", "http", "prompt", "function"], description: "`command` (measured); `http`, `prompt`, `function` from Qwen's bundled code (unverified). Any other value (`Command`): the hook is not run (cfg-44-type-uppercase)." },
                  timeout: { type: "number", description: "Seconds (default 60); 1000 or more is read as milliseconds (to-03)." },
                },
              },
            },
          },
        },
      },
      properties: {
        disableAllHooks: { type: "boolean", description: "true: no hook runs (in project settings the user's neither: cfg-04, cfg-22). Qwen reads any value for its truthiness: \"false\", 1, [] and {} turn every hook off (cfg-40-*)." },
        hooks: eventMapSchema(
          QWEN_CODE_EVENT_NAMES,
          (event) => ({ type: "array", description: QWEN_CODE_EVENTS[event as (typeof QWEN_CODE_EVENT_NAMES)[number]].summary, items: { $ref: "#/definitions/group" } }),
          "Event name -> matcher groups; a key that is not one of Qwen Code's 22 events is skipped silently (BeforeTool, for instance).",
        ),
      },
    },
  },
];
