/**
 * The Go binding (generated/go/, quicktype-core, encoding/json) reads and
 * writes the flat records unchanged: a small Go program built against the
 * generated package round-trips every sample (Unmarshal<T> -> Marshal).
 * Skipped when no Go toolchain is installed (Debian: apt-get install golang-go).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  hasInputSchemas,
  inputTitles,
  loadSchemas,
  observedInputRequests,
  repoRoot,
  runDriver,
  samplesOf,
  schemaByTitle,
  withoutOptional,
  type RoundTripAnswer,
  type Schema,
} from "./bindings-samples.js";

const goMissing = spawnSync("go", ["version"]).status !== 0 ? "no Go toolchain (apt-get install golang-go)" : false;

/** Build a driver for the given top-level types and round-trip `requests` through it. */
function roundTrip(types: readonly string[], requests: readonly { type: string; value: unknown }[]): RoundTripAnswer[] {
  const dir = mkdtempSync(join(tmpdir(), "bindings-go-"));
  try {
    writeFileSync(
      join(dir, "go.mod"),
      `module driver\n\ngo 1.19\n\nrequire claude-hook-protocol/generated/go v0.0.0\n\nreplace claude-hook-protocol/generated/go => ${join(repoRoot, "generated/go")}\n`,
    );
    const cases = types
      .map(
        (t) => `\t\tcase ${JSON.stringify(t)}:\n\t\t\tv, e := p.Unmarshal${t}(r.Value)\n\t\t\tif e == nil {\n\t\t\t\tout, e = v.Marshal()\n\t\t\t}\n\t\t\terr = e`,
      )
      .join("\n");
    writeFileSync(
      join(dir, "main.go"),
      `package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	p "claude-hook-protocol/generated/go/claudehookprotocol"
)

type request struct {
	Type  string          \`json:"type"\`
	Value json.RawMessage \`json:"value"\`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<28)
	for in.Scan() {
		var r request
		var out []byte
		err := json.Unmarshal(in.Bytes(), &r)
		switch r.Type {
${cases}
		default:
			err = fmt.Errorf("unknown type %s", r.Type)
		}
		if err != nil {
			msg, _ := json.Marshal(err.Error())
			fmt.Printf("{\\"ok\\":false,\\"error\\":%s}\\n", msg)
		} else {
			fmt.Printf("{\\"ok\\":true,\\"value\\":%s}\\n", out)
		}
	}
}
`,
    );
    const env = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local", GO111MODULE: "on" };
    const build = spawnSync("go", ["build", "-o", "driver", "."], { cwd: dir, env, encoding: "utf8" });
    assert.equal(build.status, 0, build.stderr);
    return runDriver(join(dir, "driver"), [], requests);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const schemas = loadSchemas();
const recordTitles = ["RunRecord", "MergedResult"].filter((t) => schemaByTitle(schemas, t) !== undefined);
const titles = [...recordTitles, ...inputTitles(schemas)];
// Known limits of encoding/json with `omitempty` (docs/bindings.md): an
// optional field is not written when it is null, an empty array in an
// array-typed field (a Go slice), or an empty object in a free-form object
// field (a Go map).
function goDrops(value: unknown, schema: Schema): boolean {
  if (value === null) return true;
  const types = [schema.type].flat();
  if (Array.isArray(value)) return value.length === 0 && types.includes("array");
  return (
    typeof value === "object" && Object.keys(value).length === 0 && types.includes("object") && schema.properties === undefined
  );
}

test("go: records and every event input round-trip (schema-valid samples)", { skip: goMissing || (titles.length === 0 && "no schemas yet") }, () => {
  const requests = titles.flatMap((type) =>
    samplesOf(schemas, type, recordTitles.includes(type) ? 200 : 30, 20261129).map((value) => ({ type, value })),
  );
  const answers = roundTrip(titles, [...requests, { type: "RunRecord", value: { ...(requests[0]!.value as object), exit: "1" } }]);
  answers.slice(0, requests.length).forEach((answer, i) => {
    const { type, value } = requests[i]!;
    assert.ok(answer.ok, `${type} sample ${i} refused: ${answer.error}`);
    assert.deepEqual(answer.value, withoutOptional(schemas, type, value, goDrops), `${type} sample ${i}`);
  });
  // encoding/json checks types, not presence: a wrong type is refused.
  assert.equal(answers.at(-1)!.ok, false);
});

test("go: recorded Claude Code hook inputs round-trip", { skip: goMissing || (!hasInputSchemas(schemas) && "no hook-input schemas yet") }, () => {
  const requests = observedInputRequests(schemas);
  assert.ok(requests.length > 0, "no recorded input matches a hook-input schema");
  const answers = roundTrip([...new Set(requests.map((r) => r.type))], requests.map(({ type, value }) => ({ type, value })));
  answers.forEach((answer, i) => {
    const request = requests[i]!;
    assert.ok(answer.ok, `${request.type} refused: ${answer.error}`);
    assert.deepEqual(answer.value, withoutOptional(schemas, request.type, request.declared, goDrops));
  });
});
