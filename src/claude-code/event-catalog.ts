/**
 * The events as `events`, the runner and the settings loader list them: a
 * view of the event table (events.ts) with each event's `hookSpecificOutput`
 * fields, which come from the schemas (generated/claude-code-output-shape.ts).
 */
import { CLAUDE_CODE_OUTPUT_FIELDS, CLAUDE_CODE_OUTPUT_UNIONS } from "../../generated/claude-code-output-shape.js";
import { EVENT_NAMES, EVENTS } from "./events.js";

export interface EventInfo {
  readonly name: string;
  /**
   * The input field a matcher is compared against (`tool_name`, `source`, ...);
   * null: the event has no matcher (a configured matcher is ignored).
   */
  readonly matchField: string | null;
  /** What the matcher values look like, for `events`. */
  readonly matchValues: string;
  /** Tool events evaluate a handler's `if` rule; on other events a hook with `if` never runs. */
  readonly toolEvent: boolean;
  /** Seconds, for command/http hooks without their own `timeout`. */
  readonly defaultTimeout: number;
  /** What a hook can stop, in words; null when it cannot block. */
  readonly blocks: string | null;
  /** The fields of its `hookSpecificOutput` variant; empty when the event has none. */
  readonly outputFields: readonly string[];
  /** Matchers of this event use the narrow exact-name alphabet (no `-`, space, `,`). */
  readonly narrowMatcher: boolean;
}

const HOOK_SPECIFIC_FIELDS: ReadonlyMap<string, readonly string[]> = new Map(
  CLAUDE_CODE_OUTPUT_UNIONS["ClaudeCodeHookSpecificOutput"]!.variants.map((v) => [v.tag, v.fields.map((f) => f.name)]),
);

export const EVENT_CATALOG: readonly EventInfo[] = EVENT_NAMES.map((name): EventInfo => {
  const row = EVENTS[name];
  return {
    name,
    matchField: row.match?.field ?? null,
    matchValues: row.match?.values ?? "-",
    blocks: row.blocks,
    outputFields: HOOK_SPECIFIC_FIELDS.get(name) ?? [],
    toolEvent: row.toolEvent,
    defaultTimeout: row.defaultTimeout,
    narrowMatcher: row.match?.narrow ?? false,
  };
});

const BY_NAME: ReadonlyMap<string, EventInfo> = new Map(EVENT_CATALOG.map((e) => [e.name, e]));

export function eventInfo(name: string): EventInfo | undefined {
  return BY_NAME.get(name);
}

/** Top-level output fields every event accepts. */
export const COMMON_OUTPUT_FIELDS: readonly string[] = CLAUDE_CODE_OUTPUT_FIELDS.map((f) => f.name);
