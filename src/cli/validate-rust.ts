/**
 * `validate --dialect rust`: reads the output as `serde_json::from_str::<HookOutput>`
 * with the serde-exact reader of the Rust family (src/serde/). Kept in its
 * own module so the Claude Code path never loads the serde machinery.
 */
import { readRust } from "../serde/index.js";
import { formatJsonPath, parseJsonWithPositions, type JsonPathSegment } from "../json/positions.js";
import type { ValidationProblem, ValidationReport } from "./validate.js";

export type RustValidation = { readonly ok: true; readonly report: ValidationReport } | { readonly ok: false; readonly message: string };

const HINTS: Partial<Record<string, string>> = {
  "unknown-variant": "use one of the values serde lists; the Rust enum has no other variant",
  "invalid-type": "give the field the JSON type the Rust struct declares (`claude-hook-protocol schema RustHookOutput`)",
  "missing-field": "add the field: the Rust struct has no #[serde(default)] for it",
  "duplicate-field": "give each key once",
  "trailing-characters": "print exactly one JSON value on stdout",
};

export async function validateRust(text: string, event: string): Promise<RustValidation> {
  const result = readRust("HookOutput", text);
  const problems: ValidationProblem[] = [];
  if (!result.ok) {
    const error = result.error;
    const located = parseJsonWithPositions(text);
    // serde reports some errors where the enclosing map ends (internally tagged enums buffer
    // their content), so a value the message quotes is located by value first.
    let segments: JsonPathSegment[] | null = null;
    const quoted = /unknown variant `((?:[^`\\]|\\.)*)`|invalid (?:type|value): string "((?:[^"\\]|\\.)*)"/.exec(error.message);
    if (located.ok && quoted !== null) {
      const wanted = quoted[1] ?? JSON.parse(`"${quoted[2]}"`);
      const found: JsonPathSegment[][] = [];
      const walk = (value: unknown, path: JsonPathSegment[]): void => {
        if (value === wanted) found.push(path);
        else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
        else if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
      };
      walk(located.value, []);
      if (found.length === 1) segments = found[0]!;
    }
    if (segments === null && located.ok && error.position !== undefined) {
      segments = located.pathAt(error.position.line, error.position.column);
    }
    const where = segments !== null && located.ok ? located.positionOf(segments) : null;
    problems.push({
      severity: "error",
      line: where?.line ?? error.position?.line ?? null,
      column: where?.column ?? error.position?.column ?? null,
      path: segments === null ? null : formatJsonPath(segments),
      what: `serde_json::from_str::<HookOutput> fails (${error.kind} error)`,
      claude_code: error.message,
      hint: HINTS[error.code] ?? (error.kind === "syntax" || error.kind === "eof" ? "emit the output with a JSON encoder" : null),
    });
  } else {
    const value = result.value as Record<string, unknown>;
    const hso = value["hookSpecificOutput"] as Record<string, unknown> | null | undefined;
    const named = hso !== null && typeof hso === "object" ? hso["hookEventName"] : undefined;
    if (typeof named === "string" && named !== event) {
      problems.push({
        severity: "warning",
        line: null,
        column: null,
        path: "hookSpecificOutput.hookEventName",
        what: `the Rust value names ${named}; Claude Code running ${event} rejects it`,
        claude_code: `Hook returned incorrect event name: expected '${event}' but got '${named}'`,
        hint: `build the ${event} variant of HookSpecificOutput`,
      });
    }
  }
  return { ok: true, report: { accepted: result.ok, dialect: "rust", event, output: result.ok ? "json" : "invalid", problems } };
}
