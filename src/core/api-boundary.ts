/**
 * The public boundary: what makes an exported function keep its promise never
 * to throw, whatever a caller passes (JavaScript callers, casts, values from
 * untrusted JSON, Proxies, getters that throw, revoked proxies). The package's
 * entry modules export the guarded functions; the package's own code calls the
 * unguarded ones (their arguments are typed and checked once).
 *
 * The contract (README, "The API's error contract"): an argument outside a
 * function's parameter types, or one that cannot be read, gives
 * `{ ok: false, error }` with `error.code` "invalid-argument" and `error.path`
 * the JSON Pointer of the fault in the call's arguments (`/1/hooks/3/stdout`:
 * the second argument's fourth hook's `stdout`). A predicate answers false and
 * a look-up undefined instead. Nothing here names an agent.
 */
import { jsonPointer, type ProtocolError } from "./errors.js";

/** What a guarded function returns, instead of throwing, for arguments it cannot take. */
export interface ArgumentFailure {
  readonly ok: false;
  readonly error: ProtocolError;
}

/** The kinds a parameter is checked against before the call (cheap: `typeof` and `Array.isArray`). */
export type ParameterKind = "string" | "object" | "array" | "number" | "any";

/** One parameter: its name for the message, its kind, and whether it may be left out (`undefined`). */
export type Parameter = readonly [name: string, kind: ParameterKind, optional?: "optional"];

/** What a value is, for a message: never throws (bigint, symbol, Proxy and revoked Proxy included). */
export function describeKind(value: unknown): string {
  if (value === null) return "null";
  const kind = typeof value;
  if (kind === "object") {
    try {
      if (Array.isArray(value)) return "an array";
    } catch {
      return "a revoked Proxy";
    }
    return "an object";
  }
  return kind === "undefined" ? kind : `a ${kind}`;
}

function isKind(value: unknown, kind: ParameterKind): boolean {
  switch (kind) {
    case "any":
      return true;
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "object":
    case "array":
      if (value === null || typeof value !== "object") return false;
      try {
        return Array.isArray(value) === (kind === "array");
      } catch {
        return false; // a revoked Proxy
      }
  }
}

const ARTICLE: Readonly<Record<ParameterKind, string>> = { string: "a string", object: "an object", array: "an array", number: "a number", any: "a value" };

/** An `invalid-argument` failure at `segments` (argument index first). */
export function argumentFailure(segments: readonly (string | number)[], message: string): ArgumentFailure {
  return { ok: false, error: { code: "invalid-argument", path: jsonPointer(segments), message } };
}

/** What a field may be, for `checkFields`. */
export type FieldKind = "string" | "number" | "boolean" | "null" | "undefined" | "object" | "array";

const ARTICLE_OF_FIELD: Readonly<Record<FieldKind, string>> = { string: "a string", number: "a number", boolean: "a boolean", null: "null", undefined: "absent", object: "an object", array: "an array" };

function kindOf(value: unknown): FieldKind | "other" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const kind = typeof value;
  return kind === "string" || kind === "number" || kind === "boolean" || kind === "undefined" || kind === "object" ? kind : "other";
}

/**
 * The first field of argument `index` (an object, already checked) whose value
 * is none of the kinds `fields` allows, as the failure at its pointer; null
 * when all fit. Reads each field once (a getter that throws is the guard's).
 */
export function checkFields(name: string, index: number, value: object, fields: Readonly<Record<string, readonly FieldKind[]>>): ArgumentFailure | null {
  for (const [field, kinds] of Object.entries(fields)) {
    const kind = kindOf((value as Record<string, unknown>)[field]);
    if (!(kinds as readonly string[]).includes(kind)) {
      const allowed = kinds.filter((k) => k !== "undefined").map((k) => (k === "null" ? k : ARTICLE_OF_FIELD[k])).join(" or ");
      return argumentFailure([index, field], `${name}: ${field} must be ${allowed}${kinds.includes("undefined") ? " (or absent)" : ""}, not ${describeKind((value as Record<string, unknown>)[field])}`);
    }
  }
  return null;
}

/** The text of a thrown value, without calling anything that may throw again. */
function thrownText(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return String(thrown.message);
    if (typeof thrown === "string") return thrown;
  } catch {
    // a Proxy posing as an Error
  }
  return `a thrown ${describeKind(thrown)}`;
}

/** How many values the search for an unreadable one looks at before giving up (it runs only after a throw). */
const SEARCH_LIMIT = 200_000;

/**
 * The first value inside `roots` that cannot be read (a getter or a Proxy
 * trap that throws, a revoked Proxy), as its path and what it threw; undefined
 * when every value reads. Breadth-first with an explicit queue whose entries
 * point to their parent (a path is built only for the one found): no
 * recursion, a million levels deep is fine, cycles visited once, bounded in steps.
 */
function findUnreadable(roots: readonly unknown[]): { readonly path: (string | number)[]; readonly text: string } | undefined {
  const seen = new Set<object>();
  const queue: { readonly value: unknown; readonly parent: number; readonly key: string | number }[] = roots.map((value, index) => ({ value, parent: -1, key: index }));
  const pathOf = (at: number, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let i = at; i !== -1; i = queue[i]!.parent) path.push(queue[i]!.key);
    return path.reverse();
  };
  for (let head = 0; head < queue.length && head < SEARCH_LIMIT; head++) {
    const { value } = queue[head]!;
    if (value === null || (typeof value !== "object" && typeof value !== "function")) continue;
    if (seen.has(value)) continue;
    seen.add(value);
    let keys: string[] = [];
    try {
      Object.getPrototypeOf(value);
      if (Array.isArray(value)) {
        const length = Math.min(value.length, SEARCH_LIMIT);
        for (let i = 0; i < length && queue.length < SEARCH_LIMIT; i++) queue.push({ value: (value as unknown[])[i], parent: head, key: i });
      } else keys = Object.keys(value);
    } catch (e) {
      return { path: pathOf(head), text: thrownText(e) };
    }
    for (const key of keys) {
      if (queue.length >= SEARCH_LIMIT) break;
      try {
        queue.push({ value: (value as Record<string, unknown>)[key], parent: head, key });
      } catch (e) {
        return { path: pathOf(head, key), text: thrownText(e) };
      }
    }
  }
  return undefined;
}

/**
 * `fn` as a function that never throws. Its parameters are checked first (a
 * wrong kind is the failure at that argument); a throw during the call
 * becomes the failure at the first value of the arguments that cannot be
 * read, or, when all read, an `invalid-argument` failure at "" whose message
 * says what the function could not do with them. `onFailure` maps the failure
 * to the function's own answer where it has one (a predicate's false).
 */
export function guardApi<A extends unknown[], R, F = ArgumentFailure>(
  name: string,
  parameters: readonly Parameter[],
  fn: (...args: A) => R,
  onFailure?: (failure: ArgumentFailure) => F,
): (...args: A) => R | F {
  const fail = onFailure ?? ((failure: ArgumentFailure) => failure as F);
  return (...args: A): R | F => {
    for (let i = 0; i < parameters.length; i++) {
      const [parameter, kind, optional] = parameters[i]!;
      const value = args[i];
      if (value === undefined && optional === "optional") continue;
      if (!isKind(value, kind)) return fail(argumentFailure([i], `${name}: ${parameter} (argument ${i + 1}) must be ${ARTICLE[kind]}, not ${describeKind(value)}`));
    }
    try {
      return fn(...args);
    } catch (e) {
      return fail(thrownFailure(name, args, e));
    }
  };
}

/** The failure for a throw during a call: at the first value of the arguments that cannot be read, else at "". */
function thrownFailure(name: string, args: readonly unknown[], e: unknown): ArgumentFailure {
  const unreadable = findUnreadable(args);
  if (unreadable !== undefined) return argumentFailure(unreadable.path, `${name}: the value cannot be read: ${unreadable.text}`);
  const text = thrownText(e);
  // a refusal of our own (`fromPlainJson: the value contains itself`) already says what
  return argumentFailure([], text.startsWith(`${name}: `) ? text : `${name}: the arguments are not of the types it takes: ${text}`);
}

/** `guardApi` for a function that answers with a promise: a throw or a rejection resolves to the failure. */
export function guardAsyncApi<A extends unknown[], R, F = ArgumentFailure>(
  name: string,
  parameters: readonly Parameter[],
  fn: (...args: A) => Promise<R>,
  onFailure?: (failure: ArgumentFailure) => F,
): (...args: A) => Promise<R | F> {
  const fail = onFailure ?? ((failure: ArgumentFailure) => failure as F);
  const checked = guardApi(name, parameters, fn, (failure) => Promise.resolve(fail(failure)));
  return async (...args: A): Promise<R | F> => {
    try {
      return await checked(...args);
    } catch (e) {
      return fail(thrownFailure(name, args, e));
    }
  };
}
