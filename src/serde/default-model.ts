/**
 * The serde model of exomonad-core 0.1.0's hook output types.
 * TEMPORARY: read from the hand-written reference fixture until
 * `generated/serde-model.ts` (scripts/gen-serde-model.ts) exists; then this
 * file becomes `export { serdeModel } from "../../generated/serde-model.js";`.
 */
import { existsSync, readFileSync } from "node:fs";
import type { SerdeModel } from "./model.js";

// From src/serde/ (tsx) or dist/src/serde/ (built): the fixture sits at the package root.
const FIXTURE = ["../../test/fixtures/exomonad-serde-model.json", "../../../test/fixtures/exomonad-serde-model.json"]
  .map((relative) => new URL(relative, import.meta.url))
  .find((url) => existsSync(url));
if (FIXTURE === undefined) throw new Error("serde model fixture test/fixtures/exomonad-serde-model.json not found");

export const serdeModel: SerdeModel = (JSON.parse(readFileSync(FIXTURE, "utf8")) as { model: SerdeModel }).model;
