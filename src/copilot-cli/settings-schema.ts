/**
 * The editors' schemas of GitHub Copilot CLI 1.0.102's own hook files
 * (generated/settings/copilot-cli/{hooks,settings}.schema.json), from the
 * recordings in test/observer/copilot-cli/observed/cp-cfg-*.json and src-*.json
 * (test/settings-schemas.test.ts). The `.claude/settings.json` it also reads is
 * checked with the schema of .claude/settings.json.
 * - a hooks file whose `version` is not 1 runs no hook (cp-cfg-version-*); it may be left out (src-08);
 * - `disableAllHooks` in a hooks file: any value but false turns that file off (cp-cfg-disable-all-in-hooks-file);
 * - settings.json with `model` or `disableAllHooks` of another type is ignored whole
 *   (cp-cfg-user-settings-bad-field, cp-cfg-user-settings-disable-all-string);
 * - an entry with a `type` other than "command", a `matcher` that is not a string
 *   or a timeout that is not a positive number is skipped, the rest of the file runs
 *   (cp-cfg-sibling-*, cp-cfg-other-event-bad, cp-cfg-timeout-*, cp-cfg-type-uppercase);
 * - entries are flat (`bash`, `timeoutSec`) or nested groups as in .claude/settings.json,
 *   under the camelCase name or the PascalCase one (config.ts).
 */
import type { JsonObject } from "../json/value.js";
import type { SettingsSchema } from "../core/settings-schema.js";
import { eventMapSchema } from "../core/settings-schema.js";
import { COPILOT_EVENT_NAMES, EVENTS } from "./events.js";

const skipped = "— hook will be skipped (the rest of the file runs)";
const timeout = { type: "number", exclusiveMinimum: 0, description: `Seconds; not a positive number ${skipped}.` };

const ENTRY: JsonObject = {
  type: "object",
  properties: { matcher: { type: ["string", "null"], description: `A regular expression tested against the tool name; another type ${skipped}.` }, cwd: { type: "string" }, env: { type: "object" } },
  anyOf: [
    {
      description: "Copilot's flat entry.",
      required: ["type"],
      anyOf: [{ required: ["bash"] }, { required: ["command"] }],
      properties: { type: { const: "command", description: `Only command hooks run; another value ${skipped}.` }, bash: { type: "string" }, command: { type: "string" }, timeoutSec: timeout, timeout },
    },
    {
      description: "A nested matcher group, as in .claude/settings.json.",
      required: ["hooks"],
      properties: {
        hooks: {
          type: "array",
          items: { type: "object", required: ["type", "command"], properties: { type: { const: "command", description: `Only {"type": "command", "command"} hooks run; another ${skipped}.` }, command: { type: "string" }, timeout, env: { type: "object" } } },
        },
      },
    },
  ],
};

const EVENT_KEYS = COPILOT_EVENT_NAMES.flatMap((event) => [event, ...(EVENTS[event].claudeStyleName === null ? [] : [EVENTS[event].claudeStyleName])]);

function eventMap(): JsonObject {
  return eventMapSchema(
    EVENT_KEYS,
    (key) => ({ type: "array", description: `${key}: its entries (in one file the camelCase name's run before the PascalCase name's).`, items: { $ref: "#/definitions/entry" } }),
    "Event name (Copilot's camelCase, or the PascalCase name of .claude/settings.json where Copilot has one) -> entries.",
  );
}

export const settingsSchemas: readonly SettingsSchema[] = [
  {
    file: "hooks",
    fileMatch: [".github/hooks/*.json", ".copilot/hooks/*.json"],
    unknownKeysIgnored: false,
    schema: {
      title: "GitHub Copilot CLI 1.0.102 hooks file",
      description: "$COPILOT_HOME/hooks/*.json (~/.copilot/hooks) and <project>/.github/hooks/*.json (trusted folders) as Copilot CLI 1.0.102 reads them.",
      type: "object",
      definitions: { entry: ENTRY },
      properties: {
        version: { const: 1, description: "1, or left out; any other value: Invalid hook config version, no hook of this file runs (cp-cfg-version-*)." },
        disableAllHooks: { type: "boolean", description: "Any value but false (\"false\" too): no hook of this file runs." },
        hooks: eventMap(),
      },
    },
  },
  {
    file: "settings",
    fileMatch: [".copilot/settings.json", ".github/copilot/settings.json"],
    unknownKeysIgnored: false,
    schema: {
      title: "GitHub Copilot CLI 1.0.102 settings.json (hooks)",
      description: "$COPILOT_HOME/settings.json and <project>/.github/copilot/settings.json: the keys about hooks; a known setting of the wrong type makes Copilot ignore the whole file.",
      type: "object",
      definitions: { entry: ENTRY },
      properties: {
        model: { type: "string", description: "Another type: Copilot CLI ignores this settings file, none of its hooks run (cp-cfg-user-settings-bad-field)." },
        disableAllHooks: { type: "boolean", description: "Another type: Copilot CLI ignores this settings file (cp-cfg-user-settings-disable-all-string)." },
        hooks: eventMap(),
      },
    },
  },
];
