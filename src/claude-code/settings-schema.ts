/**
 * The editors' schema of a Claude Code 2.1.332 settings file
 * (generated/settings/claude-code/settings.schema.json): an error is what
 * Claude Code refuses, everything it ignores is allowed. Recorded in
 * test/observer/claude-code/runner/observed/cfg-*.json and checked against
 * every recorded settings file by test/settings-schemas.test.ts:
 *
 * - unknown top-level keys and `permissions` keys are ignored (cfg-flag-unknown-key,
 *   cfg-flag-permissions-unknown-key); a known one of the wrong type skips the
 *   whole file (settings-types.ts);
 * - an unknown event's hooks never run (cfg-flag-hooks-unknown-event): the event
 *   map is closed, every one of the 34 events is a property;
 * - an unknown key in a hook is ignored (cfg-flag-sibling-unknown-key), so
 *   `once`, `onFailure` and keys of later versions do not make a file invalid;
 *   `once` of the wrong type drops the hook (cfg-flag-once-string);
 * - `if` on an event that is not a tool event: the hook never runs unless the
 *   rule is `""` (if-event-stop, if-event-stop-empty-rule).
 */
import type { JsonObject } from "../json/value.js";
import type { SettingsSchema } from "../core/settings-schema.js";
import { EVENT_CATALOG } from "./event-catalog.js";
import { PERMISSION_TYPES, SETTING_TYPES, type SettingType } from "./runner/settings-types.js";

const CANONICAL = "https://claude-hook-protocol.dev/schemas/claude-code/settings/";

function typeSchema(type: SettingType): JsonObject {
  const skipped = "Claude Code 2.1.332 skips the whole file when this has another type (its hooks too).";
  switch (type) {
    case "string[]":
      return { type: "array", items: { type: "string" }, description: skipped };
    default:
      return { type, description: skipped };
  }
}

/** A matcher group whose hooks may not have an `if` rule (the event never evaluates it). */
const GROUP_WITHOUT_IF: JsonObject = {
  allOf: [{ $ref: `${CANONICAL}matcher-group.schema.json` }],
  properties: {
    hooks: {
      type: "array",
      items: {
        properties: {
          if: { enum: [""], description: "Not a tool event: a hook with an `if` rule never runs here (only `\"\"` is the same as none)." },
        },
      },
    },
  },
};

function eventSchema(event: (typeof EVENT_CATALOG)[number]): JsonObject {
  const matcher = event.matchField === null ? "no matcher (one is ignored)" : `matcher against \`${event.matchField}\` (${event.matchValues})`;
  return {
    type: "array",
    description: `${event.name}: ${matcher}; ${event.blocks === null ? "cannot block" : `blocks ${event.blocks}`}; default timeout ${event.defaultTimeout} s.`,
    items: event.toolEvent ? { $ref: `${CANONICAL}matcher-group.schema.json` } : { $ref: "#/definitions/group-without-if" },
  };
}

export const settingsSchemas: readonly SettingsSchema[] = [
  {
    file: "settings",
    fileMatch: [".claude/settings.json", ".claude/settings.local.json"],
    unknownKeysIgnored: true,
    schema: {
      title: "Claude Code 2.1.332 settings",
      description: "~/.claude/settings.json, .claude/settings.json, .claude/settings.local.json and --settings files, as Claude Code 2.1.332 reads them: an error is a value it refuses (the file, the event or the hook is not used); unknown keys are ignored and allowed.",
      type: "object",
      definitions: { "group-without-if": GROUP_WITHOUT_IF },
      properties: {
        ...Object.fromEntries(Object.entries(SETTING_TYPES).map(([key, type]) => [key, typeSchema(type)])),
        permissions: {
          ...typeSchema("object"),
          properties: Object.fromEntries(Object.entries(PERMISSION_TYPES).map(([key, type]) => [key, typeSchema(type)])),
        },
        disableAllHooks: { type: "boolean", description: "`true` in any source: no hook runs. Any other type skips the whole file." },
        hooks: {
          type: "object",
          description: "The configured hooks, by event. A key that is not one of the 34 events is an error: its hooks never run.",
          properties: Object.fromEntries(EVENT_CATALOG.map((event) => [event.name, eventSchema(event)])),
          additionalProperties: false,
        },
      },
    },
  },
];
