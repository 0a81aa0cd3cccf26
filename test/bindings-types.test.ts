/**
 * The whole protocol in every language, on real payloads: every recorded
 * hook input and every recorded exit-0 JSON output (test/observer/**, each
 * agent's family picked up when its schemas exist), random schema-valid
 * values of every schema title (fast-check, open objects with unknown keys),
 * and one-change variants of them that the schemas refuse, go through the
 * types line protocol of TypeScript, Python, Go and Rust (one process per
 * language, all requests batched).
 *
 * The referee is a fresh Ajv compile of the schemas: a text it accepts must
 * be accepted by every language and come back as the same JSON value; a text
 * it refuses must be refused by every language. The only exceptions allowed
 * are docs/bindings.md's known differences, each recognised from the text
 * itself (`knownDifference`) and counted.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { answerTypesRequest, prepareLanguage, typeTitles as typeScriptTitles, type TypeLanguage } from "../src/conformance/types.js";
import {
  loadSchemas,
  mutations,
  recordedPayloads,
  repoRoot,
  samplesOf,
  schemaByTitle,
  typeTitles,
  validatorFor,
  type TypesRequest,
} from "./bindings-samples.js";

const SAMPLES_PER_TITLE = 40;
const MUTATED_SAMPLES_PER_TITLE = 4;
const SEED = 20261201;

const schemas = loadSchemas();
const titles = typeTitles(schemas);
const referees = new Map(titles.map((title) => [title, validatorFor(schemas, schemaByTitle(schemas, title)!.$id!)]));

function accepted(request: TypesRequest): boolean {
  let value: unknown;
  try {
    value = JSON.parse(request.json);
  } catch {
    return false;
  }
  return referees.get(request.type)!(value) === true;
}

const recorded = recordedPayloads(schemas);
const valid: TypesRequest[] = [];
const invalid: TypesRequest[] = [];
for (const title of titles) {
  const samples = samplesOf(schemas, title, SAMPLES_PER_TITLE, SEED);
  samples.forEach((value, i) => valid.push({ type: title, json: JSON.stringify(value), origin: `${title} sample ${i}` }));
  for (const [i, sample] of samples.slice(0, MUTATED_SAMPLES_PER_TITLE).entries()) {
    for (const [j, mutated] of mutations(sample).entries()) {
      const request = { type: title, json: JSON.stringify(mutated), origin: `${title} sample ${i} mutation ${j}` };
      if (!accepted(request)) invalid.push(request);
    }
  }
}
const requests: readonly TypesRequest[] = [...recorded.inputs, ...recorded.outputs, ...valid, ...invalid];
const expectations = requests.map(accepted);

test("the samples: schema-valid, and the mutations refused, by the referee", () => {
  for (const request of valid) assert.ok(accepted(request), `${request.origin}: ${request.json}`);
  assert.ok(recorded.inputs.length >= 900, `only ${recorded.inputs.length} recorded inputs`);
  assert.ok(recorded.outputs.length >= 300, `only ${recorded.outputs.length} recorded outputs`);
  assert.ok(invalid.length > titles.length, `only ${invalid.length} refused mutations`);
  // The TypeScript side answers for exactly the titles the other languages have.
  assert.deepEqual(typeScriptTitles(), titles);
});

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isWellFormed = (text: string): boolean => !loneSurrogate.test(text);

/** Strings (and keys) that are not well-formed UTF-16: a lone surrogate. */
function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === "string") return !isWellFormed(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value !== null && typeof value === "object") return Object.entries(value).some(([key, v]) => !isWellFormed(key) || hasLoneSurrogate(v));
  return false;
}

/** Scans valid JSON text for an object with a key twice, and for its deepest nesting. */
function scan(text: string): { duplicateKey: boolean; depth: number } {
  const stack: (Set<string> | null)[] = [];
  let duplicateKey = false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      let k = j + 1;
      while (/\s/.test(text[k] ?? "")) k++;
      const top = stack[stack.length - 1];
      if (top != null && text[k] === ":") {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.has(key)) duplicateKey = true;
        top.add(key);
      }
      i = j;
    } else if (c === "{" || c === "[") {
      stack.push(c === "{" ? new Set() : null);
      depth = Math.max(depth, stack.length);
    } else if (c === "}" || c === "]") stack.pop();
  }
  return { duplicateKey, depth };
}

/** docs/bindings.md's known differences, recognised from the request: the reason, or undefined. */
function knownDifference(language: TypeLanguage, request: TypesRequest, answer: Answer): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(request.json);
  } catch {
    return undefined;
  }
  const { duplicateKey, depth } = scan(request.json);
  if (language === "rust" && !answer.ok) {
    if (duplicateKey && /duplicate field/.test(answer.error ?? "")) return "serde refuses a duplicate field";
    if (hasLoneSurrogate(value) && /surrogate|hex escape/.test(answer.error ?? "")) return "serde_json refuses a lone surrogate";
    if (depth >= 128 && /recursion limit/.test(answer.error ?? "")) return "serde_json stops at 128 levels";
  }
  if (language === "go" && answer.ok && hasLoneSurrogate(value)) return "Go reads a lone surrogate as U+FFFD";
  return undefined;
}

interface Answer {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: string;
}

function answersOf(language: TypeLanguage): Answer[] {
  const lines = requests.map((request) => JSON.stringify({ type: request.type, json: request.json }));
  if (language === "typescript") return lines.map((line) => JSON.parse(answerTypesRequest(line)) as Answer);
  const program = prepareLanguage(language, repoRoot);
  const run = spawnSync(program.command, [...program.args], {
    cwd: repoRoot,
    env: { ...process.env, ...program.env },
    input: `${lines.join("\n")}\n`,
    encoding: "utf8",
    maxBuffer: 1024 * 1024 * 1024,
  });
  assert.equal(run.status, 0, run.stderr);
  const out = run.stdout.split("\n").filter((line) => line !== "");
  assert.equal(out.length, requests.length, "one answer per request");
  return out.map((line) => JSON.parse(line) as Answer);
}

const debianCrates = ["serde-1.0.152", "serde_derive-1.0.152", "serde_json-1.0.87"];
const has = (command: string, args: string[]): boolean => spawnSync(command, args).status === 0;
const unavailable: Record<TypeLanguage, string | false> = {
  typescript: false,
  python: has("python3", ["--version"]) ? false : "python3 not on PATH",
  go: has("go", ["version"]) ? false : "go not on PATH (apt-get install golang-go)",
  rust: !has("cargo", ["--version"])
    ? "cargo not on PATH"
    : debianCrates.some((crate) => !existsSync(`/usr/share/cargo/registry/${crate}`))
      ? "Debian serde crates not installed (.ci/rust-harness.sh installs them)"
      : false,
};

for (const language of ["typescript", "python", "go", "rust"] as const) {
  test(`${language}: every recorded payload and property case, accepted exactly when the schemas accept, round-trips equal`, { skip: unavailable[language] }, (t) => {
    const answers = answersOf(language);
    const failures: string[] = [];
    const known = new Map<string, number>();
    let roundTrips = 0;
    answers.forEach((answer, i) => {
      const request = requests[i]!;
      const allowed = knownDifference(language, request, answer);
      if (allowed !== undefined && (answer.ok !== expectations[i] || (answer.ok && !isDeepStrictEqual(answer.value, JSON.parse(request.json))))) {
        known.set(allowed, (known.get(allowed) ?? 0) + 1);
        return;
      }
      if (answer.ok !== expectations[i]) {
        failures.push(`${request.origin} (${request.type}): ${answer.ok ? "accepted what the schemas refuse" : `refused: ${answer.error}`}; ${request.json.slice(0, 300)}`);
        return;
      }
      if (!answer.ok) return;
      try {
        assert.deepStrictEqual(answer.value, JSON.parse(request.json));
        roundTrips++;
      } catch {
        failures.push(`${request.origin} (${request.type}): came back as ${JSON.stringify(answer.value).slice(0, 300)}; sent ${request.json.slice(0, 300)}`);
      }
    });
    const count = (from: number, to: number): string => {
      const slice = expectations.slice(from, to);
      return `${slice.filter((x) => x).length} accepted, ${slice.filter((x) => !x).length} refused`;
    };
    const a = recorded.inputs.length;
    const b = a + recorded.outputs.length;
    const c = b + valid.length;
    t.diagnostic(
      `${language}: recorded inputs ${recorded.inputs.length} (${count(0, a)}), recorded outputs ${recorded.outputs.length} (${count(a, b)}), ` +
        `property values ${valid.length}, refused mutations ${invalid.length} (${count(c, requests.length)}); ${roundTrips} round trips equal, ${failures.length} failures` +
        (known.size === 0 ? "" : `; known differences: ${[...known].map(([why, n]) => `${n} × ${why}`).join(", ")}`),
    );
    assert.deepEqual(failures.slice(0, 10), [], `${failures.length} of ${requests.length} requests`);
  });
}

test("the CLI: conformance types --language answers line by line; an unknown language is refused", { skip: unavailable.python }, () => {
  const lines = [
    { type: "ClaudeCodeHookOutput", json: '{"continue":false,"stopReason":"s"}' },
    { type: "ClaudeCodeHookOutput", json: '{"continue":"no"}' },
    { type: "NoSuchType", json: "{}" },
  ];
  const input = `${lines.map((line) => JSON.stringify(line)).join("\n")}\nnot json\n`;
  for (const language of ["typescript", "python"]) {
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/cli.ts", "conformance", "types", "--language", language], { cwd: repoRoot, input, encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const answers = run.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as Answer);
    assert.equal(answers.length, 4, language);
    assert.deepEqual(answers[0], { ok: true, value: { continue: false, stopReason: "s" } }, language);
    assert.equal(answers[1]!.ok, false, language);
    assert.match(answers[1]!.error!, /continue/, `${language}: the error names the field`);
    assert.deepEqual(answers[2], { ok: false, error: "unknown type NoSuchType" }, language);
    assert.match(answers[3]!.error!, /^bad request/, language);
  }
  const unknown = spawnSync(process.execPath, ["--import", "tsx", "src/cli.ts", "conformance", "types", "--language", "cobol"], { cwd: repoRoot, input: "", encoding: "utf8" });
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /no language "cobol" \(one of typescript, rust, python, go\)/);
});
