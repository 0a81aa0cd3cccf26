/**
 * Which configured hooks an event selects, as Claude Code does it: matcher
 * against the event's match field, `if` rules on tool events, and dedupe
 * (the same handler in several settings files runs once; a plugin's copy
 * stays separate; the same command with other `args` runs again).
 */
import { eventInfo } from "../event-catalog.js";
import { matchValueOf } from "../events.js";
import { evaluateIfRule, type IfRuleContext } from "./if-rule.js";
import { compileMatcher, matcherMatches } from "./matcher.js";
import type { ConfiguredHook, HookConfiguration } from "./types.js";

export interface SelectedHook {
  readonly hook: ConfiguredHook;
  /** Position among the selected hooks, in configuration order. */
  readonly configIndex: number;
  /** Why it does not run (duplicate, `if` rule, handler type, disableAllHooks); null when it runs. */
  readonly skip: string | null;
}

/** The string a matcher is compared against, e.g. the tool name (the event table's match value). */
export function matchQuery(event: string, input: Readonly<Record<string, unknown>>): string | null {
  return matchValueOf(event, input);
}

/** Claude Code's dedupe identity: scope (plugin root) plus a per-type fingerprint; timeout is not part of it. */
export function handlerFingerprint(hook: ConfiguredHook): string {
  const h = hook.handler;
  const scope = hook.pluginRoot === null ? "settings" : `plugin:${hook.pluginRoot}`;
  const rule = h.if ?? "";
  switch (h.type) {
    case "command":
      return JSON.stringify([scope, "command", h.shell ?? "", h.command, h.args ?? null, rule]);
    case "http":
      return JSON.stringify([scope, "http", h.url, rule]);
    default: {
      const { timeout: _timeout, statusMessage: _status, ...rest } = h.raw as Record<string, unknown>;
      return JSON.stringify([scope, h.type, rest, rule]);
    }
  }
}

export function selectHooks(
  configuration: HookConfiguration,
  event: string,
  input: Readonly<Record<string, unknown>>,
  ifContext: IfRuleContext = {},
): SelectedHook[] {
  const info = eventInfo(event);
  const query = matchQuery(event, input);
  const selected: SelectedHook[] = [];
  const seen = new Map<string, ConfiguredHook>();
  for (const hook of configuration.hooks) {
    if (hook.event !== event) continue;
    if (info?.matchField !== null && query !== null) {
      if (!matcherMatches(compileMatcher(hook.matcher, info?.narrowMatcher ?? false), query)) continue;
    }
    const configIndex = selected.length;
    const skipWith = (skip: string): void => void selected.push({ hook, configIndex, skip });
    if (configuration.disabledBy !== null) {
      skipWith(`disableAllHooks is set in ${configuration.disabledBy}`);
      continue;
    }
    const rule = hook.handler.if;
    // an empty `if` is no condition, on every event (recorded: if-rule-empty-string, if-event-stop-empty-rule)
    if (rule !== undefined && rule !== "") {
      if (info?.toolEvent !== true) {
        skipWith(`"if" is only evaluated on tool events; on ${event} a hook with "if" never runs`);
        continue;
      }
      const verdict = evaluateIfRule(rule, String(input["tool_name"] ?? ""), input["tool_input"], ifContext);
      if (!verdict.runs) {
        skipWith(verdict.note ?? `if rule ${rule} does not match`);
        continue;
      }
    }
    const fingerprint = handlerFingerprint(hook);
    const first = seen.get(fingerprint);
    if (first !== undefined) {
      skipWith(`duplicate of the same handler in ${first.source} (${first.path}); it runs once`);
      continue;
    }
    seen.set(fingerprint, hook);
    if (hook.handler.type !== "command" && hook.handler.type !== "http") {
      skipWith(`${hook.handler.type} hooks need Claude Code's model or MCP connections; this runner does not run them`);
      continue;
    }
    selected.push({ hook, configIndex, skip: null });
  }
  return selected;
}
