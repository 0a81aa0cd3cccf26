/** The runner's public surface (re-exported by src/index.ts). */
export { runEvent, mergeProcessResults, describeProblem, type RunEventOptions, type EventOutcome } from "./run-event.js";
export { runHooks, DEFAULT_MAX_OUTPUT_BYTES, type RunHooksOptions, type HookRun } from "./run-hooks.js";
export {
  loadHookConfiguration,
  defaultSettingsSources,
  parseHookSettingsText,
  parseHookSettingsValue,
  type SettingsSource,
  type PluginSource,
  type LoadOptions,
} from "./load-settings.js";
export { selectHooks, matchQuery, handlerFingerprint, type SelectedHook } from "./select-hooks.js";
export { compileMatcher, matcherMatches, type CompiledMatcher } from "./matcher.js";
export { evaluateIfRule, type IfRuleVerdict } from "./if-rule.js";
export { EVENT_CATALOG, eventInfo, COMMON_OUTPUT_FIELDS, type EventInfo } from "../claude-code/event-catalog.js";
export { settlesEvent } from "./early-stop.js";
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
} from "./types.js";
