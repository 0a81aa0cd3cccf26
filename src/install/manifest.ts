/**
 * Reading an install manifest (schemas/install/manifest.schema.json): strict,
 * errors as values with a position. Beyond the schema, every name is checked
 * against what Claude Code knows, since a misspelt event or a tool in the
 * wrong case installs a hook that never runs (matchers compare names
 * exactly): the error names the nearest known name.
 */
import type { InstallHook, InstallManifest } from "../../generated/types.js";
import { validateInstallManifest } from "../../generated/validators/install.js";
import { jsonPointer, type Result } from "../core/errors.js";
import { parseJsonWithPositions, type JsonPathSegment } from "../json/positions.js";
import { toNullPrototype } from "../json/value.js";
import { nearestName } from "../core/nearest.js";
import type { ManifestNames } from "./types.js";

/** The keys of the schema's objects (the compiler keeps them the schema's: each list is every key of its type). */
const MANIFEST_KEYS = ["$schema", "owner", "hooks"] as const satisfies readonly (keyof InstallManifest)[];
const HOOK_KEYS = ["event", "tools", "command", "timeout", "failClosed", "name"] as const satisfies readonly (keyof InstallHook)[];
type Exhaustive<T, K extends readonly PropertyKey[]> = Exclude<keyof T, K[number]> extends never ? true : never;
const exhaustive: [Exhaustive<InstallManifest, typeof MANIFEST_KEYS>, Exhaustive<InstallHook, typeof HOOK_KEYS>] = [true, true];
void exhaustive;

const suggestion = (name: string, known: readonly string[]): string => {
  const near = nearestName(name.slice(0, 200), known);
  return near === null ? "" : `; did you mean ${JSON.stringify(near)}?`;
};
const shown = (name: string): string => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);

/** The first name in the manifest the reference agent (Claude Code) does not know: its path and why. */
function unknownName(manifest: InstallManifest, names: ManifestNames): { path: JsonPathSegment[]; message: string } | null {
  const { events: EVENT_NAMES, tools: CLAUDE_CODE_TOOLS } = names;
  for (const [i, hook] of manifest.hooks.entries()) {
    if (!(EVENT_NAMES as readonly string[]).includes(hook.event)) {
      return { path: ["hooks", i, "event"], message: `unknown event ${shown(hook.event)} (events are Claude Code's, in its spelling and case)${suggestion(hook.event, EVENT_NAMES)}` };
    }
    for (const [t, tool] of (hook.tools ?? []).entries()) {
      if (/^mcp__[^_].*__.+$/.test(tool) || CLAUDE_CODE_TOOLS.includes(tool)) continue;
      return { path: ["hooks", i, "tools", t], message: `unknown tool ${shown(tool)} (tools are Claude Code's names, in its case: matchers compare them exactly, so this hook would never run)${suggestion(tool, CLAUDE_CODE_TOOLS)}` };
    }
  }
  return null;
}

/** `names`: the events and tools a manifest may name (the reference agent's installer's `manifestNames`). */
export function readManifest(text: string, names: ManifestNames): Result<InstallManifest> {
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) return { ok: false, error: { code: "invalid-json", path: "", message: `not valid JSON: ${parsed.message}`, position: { line: parsed.position.line, column: parsed.position.column } } };
  const value = toNullPrototype(parsed.value);
  const at = (path: JsonPathSegment[], message: string): Result<InstallManifest> => {
    const where = parsed.positionOf(path);
    return { ok: false, error: { code: "invalid-manifest", path: jsonPointer(path), message: `${jsonPointer(path) || "(root)"}: ${message}`, position: { line: where.line, column: where.column } } };
  };
  if (validateInstallManifest(value)) {
    const commandless = value.hooks.findIndex((hook) => hook.command.trim() === "");
    if (commandless !== -1) return at(["hooks", commandless, "command"], "a hook's command is empty");
    // no shell can be given a NUL byte (execve ends the argument there): the agent would run another command
    const nul = value.hooks.findIndex((hook) => hook.command.includes("\u0000"));
    if (nul !== -1) return at(["hooks", nul, "command"], "the command holds a NUL byte, which no shell can be given");
    const unknown = unknownName(value, names);
    if (unknown !== null) return at(unknown.path, unknown.message);
    return { ok: true, value };
  }
  // an unknown key first: a missing key is often that key misspelt
  const errors = validateInstallManifest.errors ?? [];
  const error = errors.find((e) => e.keyword === "additionalProperties") ?? errors[0];
  const path: JsonPathSegment[] = (error?.instancePath ?? "").split("/").slice(1).map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, "/").replace(/~0/g, "~")));
  const params = (error?.params ?? {}) as Record<string, unknown>;
  const extra = String(params["additionalProperty"]);
  const keys: readonly string[] = path.length === 0 ? MANIFEST_KEYS : HOOK_KEYS;
  const detail =
    error?.keyword === "additionalProperties" ? `unknown key ${shown(extra)}${suggestion(extra, keys)}`
    : error?.keyword === "required" ? `"${String(params["missingProperty"])}" is required`
    : (error?.message ?? "invalid");
  return at(error?.keyword === "additionalProperties" ? [...path, extra] : path, detail);
}
