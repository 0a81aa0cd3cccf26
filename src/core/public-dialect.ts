/**
 * A dialect as the package exports it: every method takes any value and
 * answers with a value (src/core/api-boundary.ts). Its `mergeRequest` checks
 * the request first, as `merge` does, with the dialect's extensions: a
 * malformed request is the check's error value at its JSON Pointer under the
 * argument (`/0/hooks/2/exit`). The package's own code uses the raw dialect,
 * whose requests it has checked. Nothing here names an agent.
 */
import { argumentFailure, guardApi, type ArgumentFailure } from "./api-boundary.js";
import type { Dialect } from "./dialect.js";
import { pointerSegments } from "./errors.js";
import { checkMergeRequest } from "./merge-request.js";
import type { MergedResult } from "./records.js";

type Method<K extends "divergences" | "readIntent" | "writeIntent"> = ReturnType<NonNullable<Dialect[K]>>;

export interface PublicDialect extends Omit<Dialect, "mergeRequest" | "divergences" | "readIntent" | "writeIntent"> {
  mergeRequest(request: unknown): MergedResult | ArgumentFailure;
  divergences?(answer: unknown): Method<"divergences"> | ArgumentFailure;
  readIntent?(answer: unknown): Method<"readIntent"> | ArgumentFailure;
  writeIntent?(event: unknown, intent: unknown): Method<"writeIntent"> | ArgumentFailure;
}

function guarded(dialect: Dialect): PublicDialect {
  const name = dialect.agent;
  const mergeRequest = guardApi(`${name}.mergeRequest`, [["request", "any"]], (request: unknown): MergedResult | ArgumentFailure => {
    const checked = checkMergeRequest(request, dialect.requestExtensions);
    if (!checked.ok) return argumentFailure([0, ...pointerSegments(checked.error.path)], `${name}.mergeRequest: ${checked.error.message}`);
    return dialect.mergeRequest(checked.request);
  });
  const out: PublicDialect = { ...dialect, mergeRequest };
  const { divergences, readIntent, writeIntent } = dialect;
  if (divergences !== undefined) out.divergences = guardApi(`${name}.divergences`, [["answer", "object"]], divergences as (answer: unknown) => Method<"divergences">);
  if (readIntent !== undefined) out.readIntent = guardApi(`${name}.readIntent`, [["answer", "object"]], readIntent as (answer: unknown) => Method<"readIntent">);
  if (writeIntent !== undefined) out.writeIntent = guardApi(`${name}.writeIntent`, [["event", "string"], ["intent", "object"]], writeIntent as (event: unknown, intent: unknown) => Method<"writeIntent">);
  return Object.freeze(out);
}

const EXPORTED = new WeakMap<Dialect, PublicDialect>();

/** The exported form of `dialect`: one object per dialect, whichever subpath gives it. */
export function publicDialect(dialect: Dialect): PublicDialect {
  let found = EXPORTED.get(dialect);
  if (found === undefined) EXPORTED.set(dialect, (found = guarded(dialect)));
  return found;
}
