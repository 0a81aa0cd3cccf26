/**
 * The position-tracking JSON reader (src/json/positions.ts: lint, install,
 * run, validate and merge read through it) against JSON.parse on the same
 * text, for the shapes that made it quadratic (a long key above many values,
 * a deep path above many values) and the others that could (many keys, long
 * strings, many escapes, many long keys), at sizes doubling from 64 KiB to
 * 1 MiB. Linear shows as a ratio that stays flat while the size doubles
 * (the last column: the ratio at 1 MiB over the ratio at 64 KiB); quadratic
 * doubles it at every step. Before the rewrite, a 16 KiB long-key document
 * took 0.9 s (JSON.parse: 0.1 ms).
 *
 *   npm run build && npx tsx bench/json-positions.ts     (or `npm run bench -- json`)
 *
 * Measures dist/, as users run it. Nothing asserts: the table is the output.
 */
import { existsSync } from "node:fs";
import { compareSync } from "./measure.js";

export interface ShapeRow {
  readonly shape: string;
  /** Ratio (ours / JSON.parse) per size, in the order of SIZES. */
  readonly ratios: readonly number[];
  /** Ratio at the largest size over the ratio at the smallest: about 1 when linear. */
  readonly growth: number;
}

export const SIZES = [64 << 10, 128 << 10, 256 << 10, 512 << 10, 1024 << 10];

/** Each shape's document of about `bytes` bytes. */
export const SHAPES: Readonly<Record<string, (bytes: number) => string>> = {
  "one long key above many values": (bytes) => `{"${"k".repeat(bytes / 2)}": [${new Array(bytes / 4).fill(0).join(",")}]}`,
  "a path 500 objects deep above many values": (bytes) => `${'{"a":'.repeat(500)}[${new Array(bytes / 2).fill(0).join(",")}]${"}".repeat(500)}`,
  "many keys": (bytes) => `{${Array.from({ length: Math.floor(bytes / 12) }, (_, i) => `"k${i}":0`).join(",")}}`,
  "many long keys": (bytes) => `{${Array.from({ length: Math.floor(bytes / 1030) }, (_, i) => `"${"k".repeat(1020)}${i}":0`).join(",")}}`,
  "one long string": (bytes) => `["${"x".repeat(bytes)}"]`,
  "many escapes": (bytes) => `["${"\\n\\u0041\\\"".repeat(Math.floor(bytes / 10))}"]`,
};

export async function measureJsonPositions(): Promise<ShapeRow[]> {
  const dist = new URL("../dist/src/json/positions.js", import.meta.url);
  if (!existsSync(dist)) throw new Error("bench/json-positions.ts: run `npm run build` first (it measures dist/)");
  const { parseJsonWithPositions } = (await import(dist.href)) as typeof import("../src/json/positions.js");
  const rows: ShapeRow[] = [];
  for (const [shape, make] of Object.entries(SHAPES)) {
    const ratios = SIZES.map((size) => {
      const text = make(size);
      if (!parseJsonWithPositions(text).ok) throw new Error(`bench: ${shape} does not parse`);
      return compareSync(() => parseJsonWithPositions(text), () => JSON.parse(text), { rounds: 11, batchMs: 40 }).ratio;
    });
    rows.push({ shape, ratios, growth: ratios[ratios.length - 1]! / ratios[0]! });
  }
  return rows;
}

export function formatJsonPositions(rows: readonly ShapeRow[]): string {
  const head = `| shape | ${SIZES.map((s) => `${s >> 10} KiB`).join(" | ")} | 1 MiB / 64 KiB |`;
  const rule = `|---|${SIZES.map(() => "---:").join("|")}|---:|`;
  return [head, rule, ...rows.map((r) => `| ${r.shape} | ${r.ratios.map((x) => `${x.toFixed(2)}x`).join(" | ")} | ${r.growth.toFixed(2)} |`)].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`parseJsonWithPositions / JSON.parse, same text (median of 11 alternating batches)\n\n${formatJsonPositions(await measureJsonPositions())}\n`);
}
