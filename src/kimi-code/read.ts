/**
 * One hook's process result as Kimi Code CLI 2.1.0 reads it (its
 * `resultFromExitCode` and `structuredOutput`), before any merge:
 *
 * - exit 2: a block, its reason the trimmed stderr (km-pre-03); stdout ignored;
 * - exit 0: the trimmed stdout parsed as JSON; an object is read for
 *   `message` (a string, or a number or boolean as text) and, when
 *   `hookSpecificOutput` is an object, its `message`, `permissionDecision`
 *   and `permissionDecisionReason`. Only `permissionDecision: "deny"` is a
 *   block (km-pre-02); `allow`, `ask` (km-pre-07), `decision: "block"`
 *   (km-pre-13), `continue`, `additionalContext`, `updatedInput` (km-pre-06)
 *   are no answer. Text that is not a JSON object is plain output;
 * - any other exit (km-pre-04, km-pre-05: JSON on exit 1 is not read), a
 *   timeout (km-pre-12) or a hook that could not start: an allow.
 */
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";

export interface KimiCodeProcessResult {
  readonly exit: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timed_out?: boolean | undefined;
}

export interface KimiCodeHookReading {
  readonly action: "block" | "allow";
  /** The block's reason as Kimi keeps it (untrimmed for a deny; may be empty or absent). */
  readonly reason: string | undefined;
  /** The hook's `message` (JSON), or the block text of an exit 2. */
  readonly message: string | undefined;
  /** The stdout was a JSON object Kimi read. */
  readonly json: JsonObject | null;
  /** Kimi's exit code as it keeps it (undefined: none, the hook did not start). */
  readonly exit: number | null;
  readonly timedOut: boolean;
}

/** Kimi's `OptionalStringSchema`: a string, or a number or boolean as text; anything else is absent. */
function optionalText(value: JsonValue | undefined): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

function parseObject(text: string): JsonObject | null {
  if (text === "") return null;
  try {
    const value = toNullPrototype(JSON.parse(text));
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

export function readKimiCodeHook(result: KimiCodeProcessResult): KimiCodeHookReading {
  const timedOut = result.timed_out === true;
  if (timedOut) return { action: "allow", reason: undefined, message: undefined, json: null, exit: null, timedOut };
  if (result.exit === 2) {
    const text = result.stderr.trim();
    return { action: "block", reason: text, message: text, json: null, exit: 2, timedOut };
  }
  const json = result.exit === 0 ? parseObject(result.stdout.trim()) : null;
  if (json === null) return { action: "allow", reason: undefined, message: undefined, json: null, exit: result.exit, timedOut };
  const hso = json["hookSpecificOutput"];
  const specific = isJsonObject(hso ?? null) ? (hso as JsonObject) : undefined;
  const message = optionalText(json["message"]) ?? optionalText(specific?.["message"]);
  if (specific?.["permissionDecision"] !== "deny") return { action: "allow", reason: undefined, message, json, exit: result.exit, timedOut };
  const reason = specific["permissionDecisionReason"];
  return { action: "block", reason: typeof reason === "string" ? reason : undefined, message, json, exit: result.exit, timedOut };
}
