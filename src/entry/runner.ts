/**
 * `claude-hook-protocol/runner`: running configured hooks as Claude Code
 * does (settings and plugins, matchers, `if` rules, dedupe, command and http
 * handlers, timeouts, async).
 *
 * Every function here keeps the API's error contract (README, "The API's
 * error contract"; src/core/api-boundary.ts): an argument it cannot take is
 * `{ok: false, error}` at its JSON Pointer, never a throw or a rejection.
 * Where a function's own answer can say it, a failure errs on the side of
 * the hook running: `evaluateIfRule` answers "runs" (an `if` rule it cannot
 * read never skips a deny hook); `compileMatcher` answers an invalid matcher
 * and `matcherMatches` false (as Claude Code, which never matches a matcher it
 * cannot compile).
 */
import { guardApi, guardAsyncApi } from "../core/api-boundary.js";
import { describeProblem as describeProblemTyped, mergeProcessResults as mergeProcessResultsTyped, runEvent as runEventTyped } from "../claude-code/runner/run-event.js";
import { runHooks as runHooksTyped } from "../claude-code/runner/run-hooks.js";
import {
  defaultSettingsSources as defaultSettingsSourcesTyped,
  loadHookConfiguration as loadHookConfigurationTyped,
  parseHookSettingsText as parseHookSettingsTextTyped,
  parseHookSettingsValue as parseHookSettingsValueTyped,
  problemLocation as problemLocationTyped,
} from "../claude-code/runner/load-settings.js";
import { selectHooks as selectHooksTyped } from "../claude-code/runner/select-hooks.js";
import { compileMatcher as compileMatcherTyped, matcherMatches as matcherMatchesTyped, type CompiledMatcher } from "../claude-code/runner/matcher.js";
import { evaluateIfRule as evaluateIfRuleTyped, ifRuleCaveats as ifRuleCaveatsTyped, type IfRuleVerdict } from "../claude-code/runner/if-rule.js";

export type { RunEventOptions, EventOutcome } from "../claude-code/runner/run-event.js";
export { DEFAULT_MAX_OUTPUT_BYTES, type RunHooksOptions, type HookRun } from "../claude-code/runner/run-hooks.js";
export type { SettingsSource, PluginSource, LoadOptions, ParsedSource } from "../claude-code/runner/load-settings.js";
export type { SelectedHook } from "../claude-code/runner/select-hooks.js";
export type { CompiledMatcher } from "../claude-code/runner/matcher.js";
export { IF_RULE_NOT_A_BOUNDARY, type IfRuleContext, type IfRuleVerdict } from "../claude-code/runner/if-rule.js";
export type { ArgumentFailure } from "../core/api-boundary.js";
export type {
  ConfigProblem,
  ConfiguredHook,
  HookConfiguration,
  HookHandler,
  CommandHandler,
  HttpHandler,
  OtherHandler,
  HookProcessResult,
  HookSourceKind,
} from "../claude-code/runner/types.js";

export const runEvent = guardAsyncApi("runEvent", [["options", "object"]], runEventTyped);
export const runHooks = guardAsyncApi("runHooks", [["options", "object"]], runHooksTyped);
export const mergeProcessResults = guardApi("mergeProcessResults", [["event", "string"], ["input", "object"], ["results", "array"], ["problems", "array", "optional"], ["persistedOutputPath", "string", "optional"]], mergeProcessResultsTyped);
export const describeProblem = guardApi("describeProblem", [["problem", "object"]], describeProblemTyped);
export const loadHookConfiguration = guardApi("loadHookConfiguration", [["options", "object"]], loadHookConfigurationTyped);
export const defaultSettingsSources = guardApi("defaultSettingsSources", [["projectDir", "string"], ["homeDir", "string"]], defaultSettingsSourcesTyped);
export const parseHookSettingsText = guardApi("parseHookSettingsText", [["text", "string"], ["origin", "object"]], parseHookSettingsTextTyped);
export const parseHookSettingsValue = guardApi("parseHookSettingsValue", [["value", "any"], ["origin", "object"]], parseHookSettingsValueTyped);
export const problemLocation = guardApi("problemLocation", [["problem", "object"]], problemLocationTyped);
export const selectHooks = guardApi("selectHooks", [["configuration", "object"], ["event", "string"], ["input", "object"], ["ifContext", "object", "optional"]], selectHooksTyped);
export const compileMatcher = guardApi("compileMatcher", [["matcher", "any"], ["narrow", "any"]], compileMatcherTyped, (failure): CompiledMatcher => ({ kind: "invalid", message: failure.error.message }));
export const matcherMatches = guardApi("matcherMatches", [["compiled", "object"], ["query", "string"]], matcherMatchesTyped, () => false);
export const evaluateIfRule = guardApi(
  "evaluateIfRule",
  [["rule", "string"], ["toolName", "string"], ["toolInput", "any"], ["context", "object", "optional"]],
  evaluateIfRuleTyped,
  (failure): IfRuleVerdict => ({ runs: true, note: `${failure.error.message}: the hook runs (an if rule that cannot be read never skips it)` }),
);
export const ifRuleCaveats = guardApi("ifRuleCaveats", [["rule", "string"]], ifRuleCaveatsTyped);
