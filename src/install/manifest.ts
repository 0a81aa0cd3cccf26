/** Reading an install manifest (schemas/install/manifest.schema.json): strict, errors as values with a position. */
import type { InstallManifest } from "../../generated/types.js";
import { validateInstallManifest } from "../../generated/validators/install.js";
import { jsonPointer, type ProtocolError, type Result } from "../core/errors.js";
import { parseJsonWithPositions, type JsonPathSegment } from "../json/positions.js";
import { toNullPrototype } from "../json/value.js";

export function readManifest(text: string): Result<InstallManifest> {
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) return { ok: false, error: { code: "invalid-json", path: "", message: `not valid JSON: ${parsed.message}`, position: { line: parsed.position.line, column: parsed.position.column } } };
  const value = toNullPrototype(parsed.value);
  if (validateInstallManifest(value)) {
    const commandless = value.hooks.findIndex((hook) => hook.command.trim() === "");
    if (commandless !== -1) return { ok: false, error: { code: "invalid-manifest", path: jsonPointer(["hooks", commandless, "command"]), message: "a hook's command is empty" } };
    return { ok: true, value };
  }
  const error = validateInstallManifest.errors?.[0];
  const at: JsonPathSegment[] = (error?.instancePath ?? "").split("/").slice(1).map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, "/").replace(/~0/g, "~")));
  const params = (error?.params ?? {}) as Record<string, unknown>;
  const detail =
    error?.keyword === "additionalProperties" ? `unknown key "${String(params["additionalProperty"])}"`
    : error?.keyword === "required" ? `"${String(params["missingProperty"])}" is required`
    : (error?.message ?? "invalid");
  const where = parsed.positionOf(at);
  return { ok: false, error: { code: "invalid-manifest", path: jsonPointer(at), message: `${jsonPointer(at) || "(root)"}: ${detail}`, position: { line: where.line, column: where.column } } };
}
