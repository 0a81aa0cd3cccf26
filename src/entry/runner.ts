/**
 * `claude-hook-protocol/runner`: running configured hooks as Claude Code
 * does (settings and plugins, matchers, `if` rules, dedupe, command and http
 * handlers, timeouts, async). Only re-exports.
 */
export { runEvent, mergeProcessResults, describeProblem, type RunEventOptions, type EventOutcome } from "../claude-code/runner/run-event.js";
export { runHooks, DEFAULT_MAX_OUTPUT_BYTES, type RunHooksOptions, type HookRun } from "../claude-code/runner/run-hooks.js";
export {
  loadHookConfiguration,
  defaultSettingsSources,
  parseHookSettingsText,
  parseHookSettingsValue,
  problemLocation,
  type SettingsSource,
  type PluginSource,
  type LoadOptions,
} from "../claude-code/runner/load-settings.js";
export { selectHooks, type SelectedHook } from "../claude-code/runner/select-hooks.js";
export { compileMatcher, matcherMatches, type CompiledMatcher } from "../claude-code/runner/matcher.js";
export { evaluateIfRule, ifRuleCaveats, IF_RULE_NOT_A_BOUNDARY, type IfRuleContext, type IfRuleVerdict } from "../claude-code/runner/if-rule.js";
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
