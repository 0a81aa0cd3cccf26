/**
 * The types of Claude Code 2.1.332's settings that are not about hooks, as far
 * as they decide whether Claude Code uses a settings file at all: a known
 * setting of the wrong type makes it skip the WHOLE file, its hooks with it
 * ("Invalid setting skipped without dialog"; recorded with `permissions: 5`,
 * `model: 5`, `env: "x"`, `includeCoAuthoredBy: "yes"`, `cleanupPeriodDays:
 * "30"`, `statusLine: 5`, `"$schema": 5`, `permissions.allow: "Bash"`:
 * test/observer/claude-code/runner/observed/cfg-*.json). Unknown keys are
 * ignored (cfg-flag-unknown-key, cfg-flag-permissions-unknown-key). The
 * types of keys not recorded come from the CLI's bundled settings schema; a
 * key not listed here is not checked.
 */
export type SettingType = "string" | "boolean" | "number" | "object" | "string[]";

/** Top-level keys (besides `hooks` and `disableAllHooks`, which the hook schema checks). */
export const SETTING_TYPES: Readonly<Record<string, SettingType>> = {
  $schema: "string",
  apiKeyHelper: "string",
  awsAuthRefresh: "string",
  awsCredentialExport: "string",
  model: "string",
  outputStyle: "string",
  env: "object",
  permissions: "object",
  statusLine: "object",
  enabledPlugins: "object",
  cleanupPeriodDays: "number",
  includeCoAuthoredBy: "boolean",
  includeGitInstructions: "boolean",
  respectGitignore: "boolean",
  alwaysThinkingEnabled: "boolean",
  enableAllProjectMcpServers: "boolean",
  allowManagedHooksOnly: "boolean",
  enabledMcpjsonServers: "string[]",
  disabledMcpjsonServers: "string[]",
  allowedHttpHookUrls: "string[]",
  httpHookAllowedEnvVars: "string[]",
};

/** Keys inside `permissions` (cfg-flag-permissions-allow-string). */
export const PERMISSION_TYPES: Readonly<Record<string, SettingType>> = {
  allow: "string[]",
  deny: "string[]",
  ask: "string[]",
  additionalDirectories: "string[]",
  defaultMode: "string",
};

export function hasSettingType(value: unknown, type: SettingType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "string[]":
      return Array.isArray(value) && value.every((item) => typeof item === "string");
  }
}
