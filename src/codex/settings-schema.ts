/**
 * The editors' schema of a Codex CLI 0.171.0 hooks.json
 * (generated/settings/codex/hooks.schema.json), from the recordings in
 * test/observer/codex/observed/cx-cfg-*.json (test/settings-schemas.test.ts).
 * config.toml is TOML: it has none (its `[hooks]` table has the same shape).
 * - any top-level key beside `hooks` (`disableAllHooks`, `version`): Codex
 *   skips the whole file (cx-cfg-file-extra-*);
 * - a hook Codex cannot load, on any event (`type: "Command"`, `timeout: "5"`
 *   or -1, `async: "true"`): the whole file is skipped (cx-cfg-sibling-*,
 *   cx-cfg-other-event-timeout-string, cx-cfg-timeout-*, cx-cfg-async-string-true);
 *   `timeout: 0` is loaded (cx-cfg-timeout-zero);
 * - an unknown key in a hook is ignored (cx-cfg-sibling-unknown-key);
 * - an unknown event's hooks never run, the rest does (cx-cfg-unknown-event).
 */
import type { SettingsSchema } from "../core/settings-schema.js";
import { eventMapSchema } from "../core/settings-schema.js";
import { CODEX_EVENTS, CODEX_EVENT_NAMES } from "./events.js";

const skips = "Another type: Codex skips the whole file.";

export const settingsSchemas: readonly SettingsSchema[] = [
  {
    file: "hooks",
    fileMatch: [".codex/hooks.json"],
    unknownKeysIgnored: false,
    schema: {
      title: "Codex CLI 0.171.0 hooks.json",
      description: "$CODEX_HOME/hooks.json (~/.codex/hooks.json) and <project>/.codex/hooks.json as Codex CLI 0.171.0 reads them. Only \"hooks\" at the top: any other key skips the whole file.",
      type: "object",
      definitions: {
        group: {
          type: "object",
          required: ["hooks"],
          properties: {
            matcher: { type: "string", description: "A regular expression tested against the tool name (Bash for the shell) or the SessionStart source." },
            hooks: {
              type: "array",
              items: {
                type: "object",
                required: ["type", "command"],
                properties: {
                  type: { const: "command", description: `The only handler type. ${skips}` },
                  command: { type: "string", description: "Run with the user's shell; the event JSON on stdin." },
                  timeout: { type: "number", minimum: 0, description: `Seconds (default 600); 0 is loaded (cx-cfg-timeout-zero), a negative number or a string skips the whole file.` },
                  async: { type: "boolean", description: `Run without waiting. ${skips}` },
                  statusMessage: { type: "string", description: "Shown while the hook runs." },
                },
              },
            },
          },
        },
      },
      properties: {
        hooks: eventMapSchema(
          CODEX_EVENT_NAMES,
          (event) => ({ type: "array", description: CODEX_EVENTS[event as (typeof CODEX_EVENT_NAMES)[number]].summary, items: { $ref: "#/definitions/group" } }),
          "Event name -> matcher groups (the shape of .claude/settings.json); a key that is not one of Codex's 12 events never runs.",
        ),
      },
      additionalProperties: false,
    },
  },
];
