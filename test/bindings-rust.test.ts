/**
 * The Rust emitter (scripts/gen-rust.ts) and the Rust bindings it produces.
 *
 * Without cargo: the emitter prints exactly the serde attributes of
 * exomonad-core's types (as quoted in docs/spec/serde-wire.md §1), follows the
 * model when it changes, and is deterministic.
 * With cargo and Debian's serde crates (as .ci/rust-harness.sh installs them):
 * the flat records round-trip through the generated structs with real serde.
 * The serde vectors themselves run in .ci/rust-harness.sh.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SerdeModel } from "../src/serde/model.js";
import { generateRust } from "../scripts/gen-rust.js";
import { loadSchemas, repoRoot, samplesOf, schemaByTitle } from "./bindings-samples.js";

const fixtureModel = (
  JSON.parse(readFileSync(join(repoRoot, "test/fixtures/exomonad-serde-model.json"), "utf8")) as { model: SerdeModel }
).model;

function libRs(model: SerdeModel): string {
  const file = generateRust(model, []).find((f) => f.path === "generated/rust/src/lib.rs");
  assert.ok(file !== undefined);
  return file.content;
}

/** `Type { ... }` block of the emitted source, for a type or a variant. */
function block(source: string, header: RegExp): string {
  const start = source.search(header);
  assert.ok(start >= 0, `no ${header}`);
  let depth = 0;
  for (let i = source.indexOf("{", start); i < source.length; i++) {
    if (source[i] === "{") depth++;
    if (source[i] === "}" && --depth === 0) return source.slice(start, i + 1);
  }
  throw new Error("unbalanced");
}

/** Each field's serde attributes as a sorted list, by Rust field name. */
function fieldAttributes(body: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let pending: string[] = [];
  for (const line of body.split("\n").slice(1)) {
    const attr = /^\s*#\[serde\((.*)\)\]$/.exec(line);
    if (attr?.[1] !== undefined) {
      pending = [...attr[1].matchAll(/\w+(?: = "[^"]*")?/g)].map((m) => m[0]).sort();
      continue;
    }
    const field = /^\s*(?:pub )?(r#\w+|\w+): ([^,]+),$/.exec(line);
    if (field?.[1] !== undefined && field[2] !== undefined) {
      out.set(field[1], [field[2], ...pending]);
      pending = [];
    } else if (!/^\s*(\/\/\/.*)?$/.test(line)) pending = [];
  }
  return out;
}

// docs/spec/serde-wire.md §1 (exomonad-core 0.1.0, protocol/hook.rs and domain.rs):
// each field's Rust type and serde attributes.
const none = `skip_serializing_if = "Option::is_none"`;
const reference: Record<string, Record<string, string[]>> = {
  "PermissionDecision::Allow": { updated_input: ["Option<Value>", `rename = "updatedInput"`, none] },
  "PermissionDecision::Deny": { message: ["String"], interrupt: ["bool", "default"] },
  "HookSpecificOutput::PreToolUse": {
    permission_decision: ["ToolPermission", `rename = "permissionDecision"`],
    permission_decision_reason: ["Option<String>", `rename = "permissionDecisionReason"`, none],
    updated_input: ["Option<Value>", `rename = "updatedInput"`, none],
  },
  "HookSpecificOutput::PostToolUse": { additional_context: ["Option<String>", `rename = "additionalContext"`, none] },
  "HookSpecificOutput::UserPromptSubmit": { additional_context: ["Option<String>", `rename = "additionalContext"`, none] },
  "HookSpecificOutput::SessionStart": { additional_context: ["Option<String>", `rename = "additionalContext"`, none] },
  "HookSpecificOutput::PermissionRequest": { decision: ["PermissionDecision"] },
  "HookSpecificOutput::Stop": { decision: ["Option<String>", none], reason: ["Option<String>", none] },
  "HookSpecificOutput::SubagentStop": { decision: ["Option<String>", none], reason: ["Option<String>", none] },
  ClaudePreToolUseOutput: {
    continue_: ["bool", `default = "default_true"`, `rename = "continue"`],
    stop_reason: ["Option<String>", `rename = "stopReason"`, none],
    suppress_output: ["Option<bool>", "default", `rename = "suppressOutput"`, none],
    system_message: ["Option<String>", `rename = "systemMessage"`, none],
    hook_specific_output: ["Option<HookSpecificOutput>", `rename = "hookSpecificOutput"`, none],
  },
};

test("rust emitter: the exomonad types, attribute for attribute", () => {
  const source = libRs(fixtureModel);
  for (const [where, fields] of Object.entries(reference)) {
    const [typeName, variant] = where.split("::") as [string, string | undefined];
    const typeBlock = block(source, new RegExp(`pub (?:struct|enum) ${typeName} \\{`));
    const body = variant === undefined ? typeBlock : block(typeBlock, new RegExp(`\\n    ${variant} \\{`));
    const got = fieldAttributes(body);
    assert.deepEqual(
      Object.fromEntries(got),
      Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v[0]!, ...v.slice(1).sort()]])),
      where,
    );
  }
  assert.match(source, /^#\[serde\(rename_all = "lowercase"\)\]\npub enum ToolPermission \{\n    Allow,\n    Deny,\n    Ask,\n\}$/m);
  assert.match(source, /#\[serde\(tag = "behavior"\)\]\npub enum PermissionDecision \{\n    #\[serde\(rename = "allow"\)\]\n    Allow \{/);
  assert.match(source, /#\[serde\(tag = "hookEventName"\)\]\npub enum HookSpecificOutput \{/);
  for (const unit of ["Notification", "PreCompact", "SessionEnd"]) assert.match(source, new RegExp(`\\n    ${unit},\\n`));
  assert.match(source, /\nfn default_true\(\) -> bool \{\n    true\n\}\n/);
  assert.doesNotMatch(source, /deny_unknown_fields|untagged|rename_all = "camelCase"/);
});

test("rust emitter: deterministic, and a schema change shows in the Rust", () => {
  assert.equal(libRs(fixtureModel), libRs(structuredClone(fixtureModel)));
  const changed = structuredClone(fixtureModel) as unknown as Record<string, { fields: { wireName: string; rustName: string }[] }>;
  changed["ClaudePreToolUseOutput"]!.fields.find((f) => f.rustName === "stop_reason")!.wireName = "haltReason";
  const source = libRs(changed as unknown as SerdeModel);
  assert.match(source, /#\[serde\(rename = "haltReason", skip_serializing_if = "Option::is_none"\)\]\n    pub stop_reason/);
  assert.doesNotMatch(source, /"stopReason"/);
});

test("rust emitter: refuses a model it cannot print faithfully", () => {
  const dangling = structuredClone(fixtureModel) as unknown as Record<string, { fields: { type: unknown }[] }>;
  dangling["ClaudePreToolUseOutput"]!.fields[0]!.type = { kind: "named", rustName: "Missing" };
  assert.throws(() => libRs(dangling as unknown as SerdeModel), /unknown type Missing/);
  const badName = structuredClone(fixtureModel) as unknown as Record<string, { rustName: string }>;
  badName["ToolPermission"]!.rustName = "Tool Permission";
  assert.throws(() => libRs(badName as unknown as SerdeModel), /not a Rust identifier/);
});

test("a schema change reaches the TypeScript and the Rust together; --check names both stale files", () => {
  const copy = mkdtempSync(join(tmpdir(), "gen-rust-drift-"));
  try {
    cpSync(join(repoRoot, "schemas"), join(copy, "schemas"), { recursive: true });
    cpSync(join(repoRoot, "generated"), join(copy, "generated"), { recursive: true });
    const path = join(copy, "schemas/rust/hook-output.schema.json");
    const schema = JSON.parse(readFileSync(path, "utf8")) as { properties: Record<string, { description: string }> };
    schema.properties["systemMessage"]!.description = "Shown to the user: drift probe 7f3a.";
    writeFileSync(path, JSON.stringify(schema, null, 2));
    const gen = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", join(repoRoot, "scripts/gen.ts"), ...args, "--root", copy], { cwd: repoRoot, encoding: "utf8" });
    const check = gen("--check");
    assert.equal(check.status, 1, check.stderr);
    assert.match(check.stderr, /generated\/rust\/src\/lib\.rs is stale/);
    assert.match(check.stderr, /generated\/types\.ts is stale/);
    assert.equal(gen().status, 0);
    assert.match(readFileSync(join(copy, "generated/rust/src/lib.rs"), "utf8"), /\/\/\/ Shown to the user: drift probe 7f3a\.\n\s+#\[serde\(rename = "systemMessage"/);
    assert.match(readFileSync(join(copy, "generated/types.ts"), "utf8"), /drift probe 7f3a/);
    assert.equal(gen("--check").status, 0);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

// --- with cargo -------------------------------------------------------------

const harnessDir = join(repoRoot, "rust/harness");
const debianCrates = ["serde-1.0.152", "serde_derive-1.0.152", "serde_json-1.0.87", "ryu-1.0.2"];
const cargoMissing =
  spawnSync("cargo", ["--version"]).status !== 0
    ? "cargo not on PATH"
    : debianCrates.some((c) => !existsSync(`/usr/share/cargo/registry/${c}`))
      ? "Debian serde crates not installed (.ci/rust-harness.sh installs them)"
      : false;

test("rust bindings: run records and merged results round-trip through real serde", { skip: cargoMissing }, () => {
  const schemas = loadSchemas();
  const titles = ["RunRecord", "MergedResult"].filter((t) => schemaByTitle(schemas, t) !== undefined);
  assert.ok(titles.length > 0, "no record schemas");
  const build = spawnSync("cargo", ["build", "--release", "--offline", "--quiet"], { cwd: harnessDir, encoding: "utf8" });
  assert.equal(build.status, 0, build.stderr);
  const samples = titles.flatMap((type) => samplesOf(schemas, type, 200, 42).map((value) => ({ type, value })));
  const run = spawnSync(join(harnessDir, "target/release/serde-harness"), ["--records"], {
    input: samples.map(({ type, value }) => JSON.stringify({ type, json: JSON.stringify(value) })).join("\n") + "\n",
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  assert.equal(run.status, 0, run.stderr);
  const answers = run.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as { ok: boolean; canonical?: string; error?: string });
  assert.equal(answers.length, samples.length);
  let inexact = 0;
  answers.forEach((answer, i) => {
    assert.ok(answer.ok, `${samples[i]!.type} sample ${i} refused: ${answer.error}`);
    const got = JSON.parse(answer.canonical!) as unknown;
    const want = samples[i]!.value;
    // serde_json's default float parser (no `float_roundtrip` feature, as in
    // exomonad; docs/spec/serde-wire.md §4: sig as f64, then * or / 10^e) is not
    // correctly rounded: random doubles land up to a few ULP off.
    inexact += assertEqualWithinUlp(got, want, `${samples[i]!.type} sample ${i}`);
  });
  assert.ok(inexact < samples.length, `${inexact} inexact floats`);
  // And the records' own rules: a wrong enum value, a missing field.
  const refused = spawnSync(join(harnessDir, "target/release/serde-harness"), ["--records"], {
    input: `${JSON.stringify({ type: "RunRecord", json: JSON.stringify({ ...(samples[0]!.value as object), outcome: "approved" }) })}\n`,
    encoding: "utf8",
  });
  assert.match(refused.stdout, /"ok":false,"error":"unknown variant `approved`/);
});

/** deepEqual, except that numbers may differ by a few ULP; returns how many did. */
function assertEqualWithinUlp(got: unknown, want: unknown, where: string): number {
  if (typeof want === "number" && typeof got === "number") {
    if (got === want) return 0;
    assert.ok(ulpDistance(got, want) <= 4n, `${where}: ${got} is not ${want}`);
    return 1;
  }
  if (Array.isArray(want) && Array.isArray(got)) {
    assert.equal(got.length, want.length, where);
    return want.reduce((n: number, w, i) => n + assertEqualWithinUlp(got[i], w, `${where}[${i}]`), 0);
  }
  if (want !== null && typeof want === "object" && got !== null && typeof got === "object" && !Array.isArray(got)) {
    assert.deepEqual(Object.keys(got).sort(), Object.keys(want).sort(), where);
    const g = got as Record<string, unknown>;
    return Object.entries(want).reduce((n, [k, w]) => n + assertEqualWithinUlp(g[k], w, `${where}.${k}`), 0);
  }
  assert.deepEqual(got, want, where);
  return 0;
}

function ulpDistance(a: number, b: number): bigint {
  const view = new DataView(new ArrayBuffer(16));
  view.setFloat64(0, a);
  view.setFloat64(8, b);
  if (Math.sign(a) !== Math.sign(b)) return 1n << 62n;
  const d = view.getBigInt64(0) - view.getBigInt64(8);
  return d < 0n ? -d : d;
}
