/**
 * The Python binding (generated/python/, quicktype-core dataclasses) reads and
 * writes the flat records unchanged: every sample goes JSON -> from_dict ->
 * to_dict -> JSON in a real python3 and must come back equal; invalid
 * records are refused.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  hasInputSchemas,
  inputTitles,
  loadSchemas,
  withoutOptional,
  observedInputRequests,
  repoRoot,
  runDriver,
  samplesOf,
  schemaByTitle,
  validatorFor,
  type RoundTripAnswer,
} from "./bindings-samples.js";

const modulePath = join(repoRoot, "generated/python/claude_hook_protocol.py");

// Loads the generated module by path and round-trips one {"type","value"} per line.
const driver = `
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("claude_hook_protocol", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
for line in sys.stdin:
    request = json.loads(line)
    try:
        value = getattr(module, request["type"]).from_dict(request["value"]).to_dict()
        print(json.dumps({"ok": True, "value": value}))
    except Exception as error:
        print(json.dumps({"ok": False, "error": type(error).__name__}))
`;

function roundTrip(requests: readonly { type: string; value: unknown }[]): RoundTripAnswer[] {
  return runDriver("python3", ["-c", driver, modulePath], requests);
}

const schemas = loadSchemas();
const generated = existsSync(modulePath) ? readFileSync(modulePath, "utf8") : "";

// The records in depth; every event input in breadth.
const sampleCounts: [string, number][] = [
  ["RunRecord", 300],
  ["MergedResult", 300],
  ...inputTitles(schemas).map((title): [string, number] => [title, 30]),
];
for (const [title, count] of sampleCounts) {
  const schema = schemaByTitle(schemas, title);
  test(`python: ${title} samples round-trip unchanged`, { skip: schema === undefined && `no ${title} schema yet` }, () => {
    assert.match(generated, new RegExp(`^class ${title}:`, "m"), `generated Python has no class ${title}`);
    const validate = validatorFor(schemas, schema!.$id!);
    const samples = samplesOf(schemas, title, count, 20261129);
    for (const sample of samples) assert.ok(validate(sample), JSON.stringify(validate.errors));
    const answers = roundTrip(samples.map((value) => ({ type: title, value })));
    answers.forEach((answer, i) => {
      assert.ok(answer.ok, `sample ${i} refused: ${answer.error}`);
      // Known limit (docs/bindings.md): an optional field that is null (an
      // any-JSON one, e.g. served_call) reads as None and is not written.
      assert.deepEqual(answer.value, withoutOptional(schemas, title, samples[i], (v) => v === null));
    });
  });
}

test("python: an invalid run record is refused", { skip: schemaByTitle(schemas, "RunRecord") === undefined && "no RunRecord schema yet" }, () => {
  const [sample] = samplesOf(schemas, "RunRecord", 1, 7) as Record<string, unknown>[];
  const answers = roundTrip([
    { type: "RunRecord", value: { ...sample, outcome: "approved" } },
    { type: "RunRecord", value: { ...sample, async: "yes" } },
    { type: "RunRecord", value: { ...sample, exit: 1.5 } },
    { type: "RunRecord", value: { ...sample, warnings: null } },
  ]);
  for (const answer of answers) assert.equal(answer.ok, false);
});

// Claude Code's own inputs, as recorded: each reads into its event's class and
// writes back every field the schema declares (unknown keys are dropped).
test("python: recorded Claude Code hook inputs round-trip", { skip: !hasInputSchemas(schemas) && "no hook-input schemas yet" }, () => {
  const requests = observedInputRequests(schemas);
  assert.ok(requests.length > 0, "no recorded input matches a hook-input schema");
  const answers = roundTrip(requests.map(({ type, value }) => ({ type, value })));
  answers.forEach((answer, i) => {
    assert.ok(answer.ok, `${requests[i]!.type} refused: ${answer.error}`);
    assert.deepEqual(answer.value, requests[i]!.declared);
  });
});
