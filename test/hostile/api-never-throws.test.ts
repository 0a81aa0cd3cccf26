/**
 * Hostile inputs, class 5 (the API): every exported function documented as
 * never throwing returns an error value for any argument: undefined, null,
 * numbers, bigint, symbols, Proxies that throw, getters that throw, cyclic
 * values. The serde writers refuse cycles and wrong shapes as error values;
 * a merge request's top level is judged before its body is copied, and
 * `constructor`, `toString`, `__proto__` are unknown fields. One test per
 * attempt (an argument at a position of a function).
 */
import assert from "node:assert/strict";
import { PassThrough, Readable } from "node:stream";
import { test } from "node:test";
import { checkMergeRequest, classifyRun, merge, mergeRuns, parseMergeRequest, readRust, writeRust, type RunRecord } from "../../src/index.js";
import { answerSerdeRequest, serveMergeConformance, serveSerdeConformance } from "../../src/entry/conformance.js";
import { createRustCodec, fromPlainJson, serdeModel, toPlainJson } from "../../src/entry/serde.js";
import { dialectOf } from "../../src/dialects.js";
import { subpaths } from "../lib/package-subpaths.js";
import { loadMergeVectors, type RecordedVector } from "../lib/merge-vectors.js";
import { AGENT_NAMES, type AgentName } from "../../src/core/agents.js";
import { publicDialectOf } from "../../src/dialects.js";

const throwing = (): never => {
  throw new Error("hostile: read");
};

function cyclicObject(): Record<string, unknown> {
  const value: Record<string, unknown> = { a: 1 };
  value["self"] = value;
  return value;
}

/** The hostile arguments, each built fresh. */
const HOSTILE: readonly [string, () => unknown][] = [
  ["undefined", () => undefined],
  ["null", () => null],
  ["a number", () => 42],
  ["NaN", () => NaN],
  ["a bigint", () => 10n],
  ["a symbol", () => Symbol("hostile")],
  ["a function", () => () => 1],
  ["an array", () => []],
  ["a Proxy whose every trap throws", () => new Proxy({}, { get: throwing, has: throwing, ownKeys: throwing, getPrototypeOf: throwing, getOwnPropertyDescriptor: throwing })],
  ["an object whose getter throws", () => Object.defineProperty({}, "event", { enumerable: true, get: throwing })],
  ["a cyclic object", cyclicObject],
];

type ErrorValue = { readonly code: string; readonly path: string; readonly message: string };

/** An error value of the package's shape (`{code, path, message}`, strings). */
function assertErrorValue(error: ErrorValue | undefined, context: string): void {
  assert.ok(error !== undefined, `${context}: no error value`);
  for (const key of ["code", "path", "message"] as const) assert.equal(typeof error[key], "string", `${context}: error.${key}`);
}

/** Results that are values: `{ok, value}` or `{ok: false, error}` with the error shape. */
function assertResult(result: unknown, context: string): void {
  assert.ok(result !== null && typeof result === "object", `${context}: not a result`);
  const r = result as { ok: boolean; error?: ErrorValue };
  assert.equal(typeof r.ok, "boolean", context);
  if (!r.ok) assertErrorValue(r.error, context);
}

const GOOD_REQUEST = (): unknown => ({ event: "Stop", hooks: [{ command: "a", exit: 0, stdout: "{}", stderr: "" }] });

/** Each function documented as never throwing, with good arguments to put one hostile argument among. */
const FUNCTIONS: readonly { readonly name: string; readonly call: (args: unknown[]) => unknown; readonly good: () => unknown[] }[] = [
  { name: "merge", call: ([a, b]) => merge(a, b as string), good: () => [GOOD_REQUEST(), "claude-code"] },
  { name: "checkMergeRequest", call: ([a, b]) => checkMergeRequest(a, b as never), good: () => [GOOD_REQUEST(), {}] },
  { name: "parseMergeRequest", call: ([a, b]) => parseMergeRequest(a as string, b as never), good: () => [JSON.stringify(GOOD_REQUEST()), {}] },
  { name: "readRust", call: ([a, b]) => readRust(a as string, b as string), good: () => ["HookOutput", "{}"] },
  { name: "writeRust", call: ([a, b]) => writeRust(a as string, b), good: () => ["HookOutput", { continue: true }] },
  { name: "writeRust(Value)", call: ([a, b]) => writeRust(a as string, b), good: () => ["Value", { a: 1 }] },
  { name: "createRustCodec(serdeModel).read", call: ([a, b]) => createRustCodec(serdeModel).read(a as string, b as string), good: () => ["HookOutput", "{}"] },
  { name: "createRustCodec(serdeModel).write", call: ([a, b]) => createRustCodec(serdeModel).write(a as string, b), good: () => ["PermissionDecision", { behavior: "ask" }] },
];

for (const fn of FUNCTIONS) {
  for (const position of [0, 1]) {
    for (const [label, make] of HOSTILE) {
      test(`${fn.name}: ${label} as argument ${position + 1} is a value, not a throw`, () => {
        const args = fn.good();
        args[position] = make();
        assertResult(fn.call(args), `${fn.name}(arg ${position + 1} = ${label})`);
      });
    }
  }
}

for (const [label, make] of HOSTILE) {
  test(`answerSerdeRequest: ${label} as the line is a bad-request answer`, () => {
    const answer = answerSerdeRequest(make() as string);
    assert.deepEqual(JSON.parse(answer!), { ok: false, error: "bad request line: not a string", bad_request: true });
  });
}

for (const [label, make] of HOSTILE) {
  test(`serveMergeConformance: ${label} as the input stream resolves to exit 2`, async () => {
    assert.equal(await serveMergeConformance(make() as Readable, new PassThrough(), dialectOf("claude-code")!), 2);
  });
  test(`serveSerdeConformance: ${label} as the output stream resolves to exit 2`, async () => {
    assert.equal(await serveSerdeConformance(Readable.from([]), make() as never), 2);
  });
}

test("merge(request, 10n): the agent named by its type, not a TypeError from JSON.stringify", () => {
  const result = merge(GOOD_REQUEST(), 10n as never);
  assert.ok(!result.ok);
  assert.equal(result.error.code, "unknown-agent");
  assert.match(result.error.message, /no dialect for agent of type bigint/);
});

test("readRust(type, undefined): an invalid-argument error value", () => {
  const result = readRust("HookOutput", undefined as never);
  assert.ok(!result.ok);
  assert.equal(result.error.code, "invalid-argument");
  assert.equal(result.error.message, "readRust: the text must be a string, not undefined");
});

test("checkMergeRequest(x, null): the extensions are refused as a value", () => {
  const result = checkMergeRequest(GOOD_REQUEST(), null as never);
  assert.ok(!result.ok);
  assert.equal(result.error.message, "extensions must be an object ({request?, hook?}), not null");
});

test("checkMergeRequest: extensions naming a kind that does not exist are refused", () => {
  const result = checkMergeRequest(GOOD_REQUEST(), { hook: { name: "text" } } as never);
  assert.ok(!result.ok);
  assert.match(result.error.message, /^extensions\.hook\.name must be one of string, boolean/);
});

test("merge({hooks: new Array(5e6)}): the missing event answers before the holes are copied", () => {
  const result = merge({ hooks: new Array(5e6) });
  assert.ok(!result.ok);
  assert.deepEqual(result.error, { code: "invalid-request", path: "/event", message: "event must be a non-empty string" });
});

test("merge({event, hooks: new Array(5e6)}): the first hole is the error", () => {
  const result = merge({ event: "Stop", hooks: new Array(5e6) });
  assert.ok(!result.ok);
  assert.deepEqual(result.error, { code: "invalid-request", path: "/hooks/0", message: "undefined is not a JSON value" });
});

test("merge({event, hooks: 5e6 numbers}): the first non-object hook is the error, before any copy", () => {
  const result = merge({ event: "Stop", hooks: new Array(5e6).fill(7) });
  assert.ok(!result.ok);
  assert.deepEqual(result.error, { code: "invalid-request", path: "/hooks/0", message: "a hook is an object" });
});

test("merge: a throwing getter deep in the last of 100,000 hooks is an error value", () => {
  const hooks: unknown[] = Array.from({ length: 100_000 }, () => ({ command: "a", exit: 0, stdout: "", stderr: "" }));
  hooks.push(Object.defineProperty({ command: "a", exit: 0, stderr: "" }, "stdout", { enumerable: true, get: throwing }));
  const result = merge({ event: "Stop", hooks });
  assert.ok(!result.ok);
  assert.match(result.error.message, /the value cannot be read: hostile: read/);
});

for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
  test(`merge: "${key}" at the request's top level is an unknown field`, () => {
    const result = merge(JSON.parse(`{"event":"Stop","hooks":[],"${key}":1}`));
    assert.ok(!result.ok);
    assert.deepEqual(result.error, { code: "invalid-request", path: `/${key}`, message: `unknown field "${key}"` });
  });
  test(`merge: "${key}" in a hook is an unknown field`, () => {
    const result = merge(JSON.parse(`{"event":"Stop","hooks":[{"command":"a","exit":0,"stdout":"","stderr":"","${key}":{}}]}`));
    assert.ok(!result.ok);
    assert.deepEqual(result.error, { code: "invalid-request", path: `/hooks/0/${key}`, message: `unknown field "${key}"` });
  });
  test(`parseMergeRequest: "${key}" in the text is an unknown field`, () => {
    const result = parseMergeRequest(`{"event":"Stop","hooks":[],"${key}":"x"}`);
    assert.ok(!result.ok);
    assert.equal(result.error.path, `/${key}`);
  });
}

test("writeRust(Value, a cyclic object): an error value, not a heap exhaustion", () => {
  const result = writeRust("Value", cyclicObject());
  assert.ok(!result.ok);
  assert.deepEqual(result.error, { code: "unwritable-value", kind: "usage", path: "", message: "writeRust: the value contains itself (a cycle)" });
});

test("writeRust(Value, a cyclic array)", () => {
  const list: unknown[] = [1];
  list.push([list]);
  const result = writeRust("Value", list);
  assert.ok(!result.ok);
  assert.equal(result.error.code, "unwritable-value");
});

test("writeRust(Value, a Map that contains itself)", () => {
  const map = new Map<string, unknown>();
  map.set("me", map);
  const result = writeRust("Value", map);
  assert.ok(!result.ok);
  assert.equal(result.error.code, "unwritable-value");
});

test("writeRust(HookOutput, updatedInput that contains the output)", () => {
  const output: Record<string, unknown> = { continue: true };
  output["hookSpecificOutput"] = { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { back: output } };
  const result = writeRust("HookOutput", output);
  assert.ok(!result.ok);
  assert.match(result.error.message, /contains itself/);
});

test("writeRust(Value, one object shared twice, no cycle): written twice", () => {
  const shared = { a: 1 };
  const result = writeRust("Value", { x: shared, y: [shared, shared] });
  assert.deepEqual(result, { ok: true, value: '{"x":{"a":1},"y":[{"a":1},{"a":1}]}' });
});

for (const [typeName, value, message] of [
  ["HookOutput", { continue: "yes" }, "writeRust: ClaudePreToolUseOutput.continue must be a boolean"],
  ["HookOutput", "text", "writeRust: ClaudePreToolUseOutput must be an object"],
  ["ToolPermission", "ALLOW", 'writeRust: ToolPermission must be one of "allow", "deny", "ask"'],
  ["PermissionDecision", { behavior: 5 }, null],
  ["HookSpecificOutput", { hookEventName: "Nope" }, null],
  ["HookSpecificOutput", [], null],
] as const) {
  test(`writeRust(${typeName}, ${JSON.stringify(value)}): a wrongly shaped value is an error value, not a TypeError`, () => {
    const result = writeRust(typeName, value as never);
    assert.ok(!result.ok);
    assert.equal(result.error.code, "unwritable-value");
    if (message !== null) assert.equal(result.error.message, message);
  });
}

test("writeRust(HookOutput, a Proxy for the whole value): an error value naming the throw", () => {
  const result = writeRust("HookOutput", new Proxy({}, { get: throwing, ownKeys: throwing, getPrototypeOf: throwing, getOwnPropertyDescriptor: throwing }) as never);
  assert.ok(!result.ok);
  assert.match(result.error.message, /hostile: read/);
});

test("readRust(a symbol as the type name): unknown-type, described without converting the symbol", () => {
  const result = readRust(Symbol("t") as never, "{}");
  assert.ok(!result.ok);
  assert.equal(result.error.message, "unknown Rust type name: (a symbol, not a string)");
});

test("fromPlainJson(a cyclic object): an error value at once, not a list of conversions that grows until the heap runs out", () => {
  assert.deepEqual(fromPlainJson(cyclicObject()), { ok: false, error: { code: "invalid-argument", path: "", message: "fromPlainJson: the value contains itself (a cycle)" } });
});

test("toPlainJson(a Map that contains itself): an error value, not a stack overflow", () => {
  const map = new Map<string, unknown>();
  map.set("me", map);
  const result = toPlainJson(map as never) as { ok: boolean; error: { code: string; message: string } };
  assert.equal(result.ok, false);
  assert.equal(result.error.code, "invalid-argument");
  assert.match(result.error.message, /^toPlainJson: .*contains itself \(a cycle\)$/);
});

// ---------------------------------------------------------------------------------------------
// Every function of every subpath (package.json "exports"), called with every hostile value at
// each of its positions. One test per exported function: no throw, an answer in bounded time
// (the test runner's timeout), and where the answer is an error value, one of the package's
// shape whose `path` is a JSON Pointer and whose message carries no stack; an answer that is a
// promise resolves (never rejects) to such an answer. The kit's runHook, which owns its process,
// is attacked in its own files (kit-*).
// ---------------------------------------------------------------------------------------------

/**
 * Functions that own the process they run in: `runHook` reads stdin and ends the process with the
 * hook's answer (the kit's hostile files run it as agents do, in child processes).
 */
const PROCESS_OWNERS = new Set(["runHook"]);
/** Functions that serve a stream until it ends: given hostile streams above. */
const SERVERS = new Set(["serveMergeConformance", "serveSerdeConformance"]);

const revocable = (): object => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};
const everyTrapThrows = (): object =>
  new Proxy(function () {}, {
    get: throwing, has: throwing, ownKeys: throwing, getPrototypeOf: throwing, getOwnPropertyDescriptor: throwing,
    set: throwing, defineProperty: throwing, deleteProperty: throwing, apply: throwing, construct: throwing,
  });
/** `{a: {a: ...}}` a million levels deep, built without recursion. */
function deeplyNested(depth: number): unknown {
  let value: unknown = { end: true };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}
let huge: string | undefined;
/** 50 MB of text (built once). */
const hugeString = (): string => (huge ??= "x".repeat(50 * 1024 * 1024));
let deep: unknown;

/** Every hostile value of the matrix, each built fresh (or shared when it is only read). */
const MATRIX: readonly [string, () => unknown][] = [
  ...HOSTILE,
  ["a symbol", () => Symbol("hostile")],
  ["-0", () => -0],
  ["Infinity", () => Infinity],
  ["an empty string", () => ""],
  ["50 MB of text", hugeString],
  ["text with NUL and lone surrogates", () => "a\u0000b\ud800c\udc00"],
  ["an object without prototype", () => Object.create(null)],
  ["an object with own __proto__, constructor and toString keys", () => JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"toString":1,"valueOf":2}')],
  ["a Proxy (over a function) whose every trap throws", everyTrapThrows],
  ["a revoked Proxy", revocable],
  ["a cyclic array", () => { const a: unknown[] = []; a.push(a); return a; }],
  ["an object nested 1,000,000 deep", () => (deep ??= deeplyNested(1_000_000))],
  ["a sparse array of 5,000,000 holes", () => new Array(5e6)],
  ["a frozen object", () => Object.freeze({ event: "Stop", hooks: Object.freeze([]) })],
  ["a Date", () => new Date(0)],
  ["a Map", () => new Map([["event", "Stop"]])],
  ["a Uint8Array", () => new Uint8Array(8)],
  ["an object whose toString, valueOf and Symbol.toPrimitive throw", () => ({ toString: throwing, valueOf: throwing, [Symbol.toPrimitive]: throwing })],
];

const POINTER = /^(?:\/(?:[^~/]|~[01])*)*$/;

/** Whatever a function answered: if it is an error value, it is one of the package's shape. */
function assertAnswer(answer: unknown, context: string): void {
  if (answer === null || typeof answer !== "object" || Array.isArray(answer)) return;
  const r = answer as { ok?: unknown; error?: unknown };
  if (r.ok !== false) return;
  const error = r.error as ErrorValue | undefined;
  if (error === undefined) return; // a WriteResult's `unsupported` parts, not an error value
  assertErrorValue(error, context);
  assert.match(error.path, POINTER, `${context}: path ${error.path} is a JSON Pointer`);
  assert.doesNotMatch(error.message, /\n\s+at /, `${context}: no stack in the message`);
}

type Callable = { readonly label: string; readonly fn: (...args: unknown[]) => unknown; readonly self: unknown; readonly construct: boolean };

/** The functions of one module's exports: functions, and the methods of exported objects (dialects, codecs). */
function callablesOf(module: Record<string, unknown>): Callable[] {
  const out: Callable[] = [];
  for (const [name, value] of Object.entries(module)) {
    if (typeof value === "function") {
      out.push({ label: name, fn: value as Callable["fn"], self: undefined, construct: /^class\b/.test(Function.prototype.toString.call(value)) });
    } else if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [method, member] of Object.entries(value)) {
        if (typeof member === "function") out.push({ label: `${name}.${method}`, fn: member as Callable["fn"], self: value, construct: false });
      }
    }
  }
  // a codec is made by a function: its methods are exported behaviour too
  const codec = (module["createRustCodec"] as ((model: unknown) => Record<string, unknown>) | undefined)?.(module["serdeModel"]);
  if (codec !== undefined) for (const [method, member] of Object.entries(codec)) if (typeof member === "function") out.push({ label: `createRustCodec(serdeModel).${method}`, fn: member as Callable["fn"], self: codec, construct: false });
  return out;
}

const seen = new Set<unknown>();
for (const { subpath, source } of subpaths()) {
  const module = (await import(`../../${source}`)) as Record<string, unknown>;
  for (const callable of callablesOf(module)) {
    if (seen.has(callable.fn) || SERVERS.has(callable.label) || PROCESS_OWNERS.has(callable.label)) continue;
    seen.add(callable.fn);
    test(`${subpath} ${callable.label}: every hostile value at each argument is an answer, never a throw`, async () => {
      const positions = Math.min(Math.max(callable.fn.length, 1), 3);
      for (let position = 0; position < positions; position++) {
        for (const [label, make] of MATRIX) {
          const args: unknown[] = new Array(positions).fill(undefined);
          args[position] = make();
          const context = `${callable.label}(argument ${position + 1} = ${label})`;
          let answer: unknown;
          try {
            // a class is documented to be called with `new`; any value is stored as is
            answer = callable.construct ? Reflect.construct(callable.fn, args) : Reflect.apply(callable.fn, callable.self, args);
          } catch (e) {
            assert.fail(`${context} threw: ${e instanceof Error ? e.message : typeof e}`);
          }
          if (answer instanceof Promise) {
            try {
              answer = await answer;
            } catch (e) {
              assert.fail(`${context} rejected: ${e instanceof Error ? e.message : typeof e}`);
            }
          }
          assertAnswer(answer, context);
        }
      }
    });
  }
}

test("no hostile call of the API polluted a prototype", () => {
  for (const proto of [Object.prototype, Array.prototype, Function.prototype]) assert.equal((proto as Record<string, unknown>)["polluted"], undefined);
});

// ---------------------------------------------------------------------------------------------
// Wrong types inside otherwise valid requests: each agent's first recorded PreToolUse-like
// vector, one field replaced. `merge` and the exported dialect's `mergeRequest` answer an error
// value at the field's JSON Pointer (under the argument, `/0/...`, for the dialect's method).
// ---------------------------------------------------------------------------------------------

const FIELD_MUTATIONS: readonly [pointer: string, label: string, value: () => unknown][] = [
  ["/event", "a bigint", () => 10n],
  ["/event", "null", () => null],
  ["/hooks", "text", () => "x"],
  ["/hooks/0", "a number", () => 7],
  ["/hooks/0/exit", "text", () => "0"],
  ["/hooks/0/exit", "NaN", () => NaN],
  ["/hooks/0/stdout", "a number", () => 5],
  ["/hooks/0/stdout", "a Proxy whose every trap throws", everyTrapThrows],
  ["/hooks/0/stderr", "a revoked Proxy", revocable],
  ["/hooks/0/command", "an object", () => ({})],
  ["/tool_input", "text", () => "rm -rf /"],
  ["/input", "an array", () => []],
];

function firstVectorRequest(agent: AgentName): Record<string, unknown> {
  const [first] = loadMergeVectors<RecordedVector>(agent).filter(({ vector }) => vector.request["tool_input"] !== undefined && vector.skip_reason === undefined);
  assert.ok(first, `${agent} has a vector with a tool input`);
  return structuredClone(first.vector.request);
}

function replaceAt(request: Record<string, unknown>, pointer: string, value: unknown): void {
  const segments = pointer.slice(1).split("/");
  let parent = request as Record<string, unknown>;
  for (const segment of segments.slice(0, -1)) parent = parent[segment] as Record<string, unknown>;
  parent[segments[segments.length - 1]!] = value;
}

for (const agent of AGENT_NAMES) {
  const dialect = publicDialectOf(agent)!;
  test(`${agent}: the unchanged vector request merges, through merge and the exported dialect`, () => {
    assert.equal(merge(firstVectorRequest(agent), agent).ok, true);
    const merged = dialect.mergeRequest(firstVectorRequest(agent));
    assert.ok(!("ok" in merged), JSON.stringify(merged));
  });
  for (const [pointer, label, make] of FIELD_MUTATIONS) {
    test(`${agent}: ${label} at ${pointer} of a recorded request is an error value at ${pointer}`, () => {
      const request = firstVectorRequest(agent);
      replaceAt(request, pointer, make());
      const viaMerge = merge(request, agent);
      assert.ok(!viaMerge.ok);
      assert.equal(viaMerge.error.path, pointer, viaMerge.error.message);
      const viaDialect = dialect.mergeRequest(request) as { ok?: false; error?: ErrorValue };
      assert.equal(viaDialect.ok, false);
      assert.equal(viaDialect.error?.code, "invalid-argument");
      assert.equal(viaDialect.error?.path, `/0${pointer}`, viaDialect.error?.message);
    });
  }
  for (const key of ["constructor", "toString", "__proto__"]) {
    test(`${agent}: own "${key}" in a recorded request and in its hook are unknown fields of the exported dialect's mergeRequest`, () => {
      const request = firstVectorRequest(agent);
      const top = JSON.parse(JSON.stringify(request).replace(/^\{/, `{"${key}":{"polluted":1},`)) as Record<string, unknown>;
      assert.deepEqual(dialect.mergeRequest(top), { ok: false, error: { code: "invalid-argument", path: `/0/${key}`, message: `${agent}.mergeRequest: unknown field "${key}"` } });
      const inHook = JSON.parse(JSON.stringify(request).replace(/"hooks":\[\{/, `"hooks":[{"${key}":1,`)) as Record<string, unknown>;
      const answer = dialect.mergeRequest(inHook) as { error?: ErrorValue };
      assert.equal(answer.error?.path, `/0/hooks/0/${key}`);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Claude Code's run records: wrong types inside records classified from a recorded request.
// `mergeRuns` checks each record against the RunRecord schema, `classifyRun` its fields.
// ---------------------------------------------------------------------------------------------

const recordedRuns = (): RunRecord[] => {
  const request = firstVectorRequest("claude-code");
  const event = request["event"] as string;
  const hooks = request["hooks"] as Record<string, unknown>[];
  return hooks.map((hook) => classifyRun(hook as never, { event, hookName: `${event}:Bash` }) as RunRecord);
};
const MERGE_CONTEXT = { toolName: "Bash", toolInput: { command: "ls" }, input: {} };

test("mergeRuns: the records of a recorded request merge", () => {
  const merged = mergeRuns("PreToolUse", recordedRuns(), MERGE_CONTEXT);
  assert.ok(!("ok" in merged), JSON.stringify(merged));
});

for (const [label, mutate, path] of [
  ["an outcome that is a number", (runs: RunRecord[]) => Object.assign(runs[0]!, { outcome: 5 }), "/1/0/outcome"],
  ["a hook_name that is null", (runs: RunRecord[]) => Object.assign(runs[0]!, { hook_name: null }), "/1/0/hook_name"],
  ["a record that is a string", (runs: RunRecord[]) => void (runs[0] = "run" as never), "/1/0"],
  ["5,000,000 holes after the first record", (runs: RunRecord[]) => void ((runs.length = 1), (runs.length = 5e6)), "/1/1"],
] as const) {
  test(`mergeRuns: ${label} in a recorded run record is an error value at ${path}`, () => {
    const runs = recordedRuns();
    mutate(runs);
    const merged = mergeRuns("PreToolUse", runs, MERGE_CONTEXT) as { ok?: false; error?: ErrorValue };
    assert.equal(merged.ok, false);
    assert.equal(merged.error?.path, path, merged.error?.message);
  });
}

test("mergeRuns: a context without input is an error value at /2/input", () => {
  const merged = mergeRuns("PreToolUse", recordedRuns(), { toolName: "Bash", toolInput: null } as never) as { error?: ErrorValue };
  assert.deepEqual(merged.error, { code: "invalid-argument", path: "/2/input", message: "mergeRuns: input must be an object, not undefined" });
});

test("classifyRun: an exit code given as text is an error value at /0/exit", () => {
  const record = classifyRun({ command: "a", exit: "2", stdout: "", stderr: "no" } as never, { event: "PreToolUse", hookName: "PreToolUse:Bash" }) as { error?: ErrorValue };
  assert.deepEqual(record.error, { code: "invalid-argument", path: "/0/exit", message: "classifyRun: exit must be a number or null, not a string" });
});

test("classifyRun: a hookName that is a number is an error value at /1/hookName", () => {
  const record = classifyRun({ command: "a", exit: 0, stdout: "", stderr: "" }, { event: "Stop", hookName: 5 } as never) as { error?: ErrorValue };
  assert.equal(record.error?.path, "/1/hookName");
});

for (const [label, make] of [
  ["null", () => null],
  ["text", () => "HookOutput"],
  ["a Proxy whose every trap throws", everyTrapThrows],
  ["a revoked Proxy", revocable],
  ["a type that is a number", () => ({ HookOutput: 5 })],
  ["a type whose fields are a number", () => ({ HookOutput: { kind: "struct", fields: 5 } })],
] as const) {
  test(`createRustCodec(${label} as the model): its read, write and resolve answer values, never a throw`, () => {
    const codec = createRustCodec(make() as never);
    assertResult(codec.read("HookOutput", "{}"), "read");
    assertResult(codec.write("HookOutput", {}), "write");
    assert.doesNotThrow(() => codec.resolve("HookOutput"));
    assert.deepEqual(codec.read("Value", "[1]").ok, true, "Value needs no model");
  });
}
