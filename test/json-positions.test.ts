// The position-tracking JSON reader (src/json/positions.ts): it reads what JSON.parse reads (values,
// accept/reject) on random documents; every path's position leads back to the path; a value's source
// is its text as written; duplicate keys are reported; and its work stays linear in the text on the
// shapes that made it quadratic (a long key or a deep path above many values), counted, not timed
// (bench/json-positions.ts has the times).
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseJsonWithPositions, type JsonPathSegment } from "../src/json/positions.js";
import { SHAPES } from "../bench/json-positions.js";

let seed = 24;
const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
const pick = <T>(xs: readonly T[]): T => xs[random(xs.length)]!;

const NUMBERS = ["0", "-0", "5", "5.0", "1e2", "-1.5E-3", "18446744073709551616", "1e400", "123456789012345", "1234567890123456"];
const STRINGS = ['""', '"a"', '"\\n\\u0041\\"\\\\\\/"', '"__proto__"', '"\\ud800"', '"é\\t"'];

/** A random document, with whitespace and duplicate keys. */
function randomDocument(depth: number): string {
  const ws = (): string => pick(["", " ", "\n", "\t ", "\r\n"]);
  const kind = depth > 4 ? random(3) : random(5);
  if (kind === 0) return pick(NUMBERS);
  if (kind === 1) return pick([...STRINGS, "true", "false", "null"]);
  if (kind === 2) return pick(STRINGS);
  if (kind === 3) return `[${ws()}${Array.from({ length: random(4) }, () => `${ws()}${randomDocument(depth + 1)}${ws()}`).join(",")}]`;
  return `{${Array.from({ length: random(4) }, () => `${ws()}${pick(['"a"', '"b"', '"__proto__"', '"a b"', '""'])}${ws()}:${ws()}${randomDocument(depth + 1)}`).join(",")}${ws()}}`;
}

/** Every path of a value (objects: each key once, as JSON.parse keeps it). */
function paths(value: unknown, prefix: JsonPathSegment[] = []): JsonPathSegment[][] {
  const out: JsonPathSegment[][] = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => out.push(...paths(item, [...prefix, i])));
  else if (value !== null && typeof value === "object") for (const key of Object.keys(value)) out.push(...paths((value as Record<string, unknown>)[key], [...prefix, key]));
  return out;
}

test("2,000 random documents: the same values as JSON.parse; every path's position leads back to it; sources re-read as their values", () => {
  for (let k = 0; k < 2000; k++) {
    const text = randomDocument(0);
    const parsed = parseJsonWithPositions(text);
    assert.ok(parsed.ok, `${text}: ${parsed.ok ? "" : parsed.message}`);
    const expected: unknown = JSON.parse(text);
    assert.deepEqual(JSON.stringify(parsed.value), JSON.stringify(expected), text);
    for (const path of paths(expected)) {
      const where = parsed.positionOf(path);
      assert.deepEqual(parsed.pathAt(where.line, where.column), path, `${text} ${JSON.stringify(path)}`);
      const source = parsed.sourceOf(path);
      assert.ok(source !== undefined, `${text} ${JSON.stringify(path)}`);
      assert.equal(JSON.stringify(JSON.parse(source)), JSON.stringify(path.reduce<unknown>((v, s) => (v as Record<string, unknown>)[s], expected)));
    }
  }
});

test("1,000 random texts with one character changed: accepted and refused as JSON.parse does", () => {
  for (let k = 0; k < 1000; k++) {
    const good = randomDocument(0);
    const at = random(good.length + 1);
    const text = good.slice(0, at) + pick(["", "x", ",", "}", "]", '"', "\\", "\u0001", "-", ".", "e"]) + good.slice(at + 1);
    let native = true;
    try {
      JSON.parse(text);
    } catch {
      native = false;
    }
    assert.equal(parseJsonWithPositions(text).ok, native, JSON.stringify(text));
  }
});

test("a value's source is its literal; a missing path has none; duplicate keys are named", () => {
  const text = '{"t": 5.0, "u": -0, "v": 1e2, "w": [1E+2, "x"], "t": 6, "o": {"k": 1, "k": 2, "j": 3}}';
  const parsed = parseJsonWithPositions(text);
  assert.ok(parsed.ok);
  assert.equal(parsed.sourceOf(["t"]), "6");
  assert.equal(parsed.sourceOf(["u"]), "-0");
  assert.equal(parsed.sourceOf(["v"]), "1e2");
  assert.equal(parsed.sourceOf(["w", 0]), "1E+2");
  assert.equal(parsed.sourceOf(["w", 1]), '"x"');
  assert.equal(parsed.sourceOf(["w", 2]), undefined);
  assert.equal(parsed.sourceOf(["w", "0"]), undefined);
  assert.deepEqual(parsed.duplicateKeysOf([]), ["t"]);
  assert.deepEqual(parsed.duplicateKeysOf(["o"]), ["k"]);
  assert.deepEqual(parsed.duplicateKeysOf(["w"]), []);
  assert.deepEqual(parsed.spanOf(["o"]), { start: text.indexOf('{"k"'), end: text.length - 1 });
});

// the benchmark's shapes (bench/json-positions.ts times them against JSON.parse)
for (const [shape, make] of Object.entries(SHAPES)) {
  test(`work is linear in the text: ${shape}, 256 KiB and 512 KiB`, () => {
    const work = (text: string): number => {
      let units = 0;
      const parsed = parseJsonWithPositions(text, { onWork: (n) => (units = n) });
      assert.ok(parsed.ok);
      // a deep path's value is found without a path string: one lookup per level
      return units;
    };
    for (const bytes of [256 << 10, 512 << 10]) {
      const text = make(bytes);
      assert.ok(work(text) <= 3 * text.length, `${shape}: ${work(text)} units for ${text.length} characters`);
    }
  });
}

test("positions under a long key and a deep path: found per level, not by a path string", () => {
  const key = "k".repeat(1 << 20);
  const text = `{"${key}": [${new Array(1 << 16).fill(0).join(",")}]}`;
  const parsed = parseJsonWithPositions(text);
  assert.ok(parsed.ok);
  assert.equal(parsed.positionOf([key, 65535]).offset, text.lastIndexOf("0"));
  assert.deepEqual(parsed.pathAt(1, text.length - 2), [key, 65535]);
  const deep = `${'{"a":'.repeat(512)}7${"}".repeat(512)}`;
  const read = parseJsonWithPositions(deep);
  assert.ok(read.ok);
  assert.equal(read.sourceOf(new Array(512).fill("a")), "7");
  assert.equal(parseJsonWithPositions(`${'{"a":'.repeat(513)}7${"}".repeat(513)}`).ok, false);
});
