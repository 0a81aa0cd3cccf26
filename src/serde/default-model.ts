/**
 * The serde model of exomonad-core 0.1.0's hook output types.
 * TEMPORARY: read from the hand-written test fixture until
 * `generated/serde-model.ts` (scripts/gen.ts) exists; then this file becomes
 * `export { serdeModel } from "../../generated/serde-model.js";`.
 */
import { readFileSync } from "node:fs";
import type { SerdeModel } from "./model.js";

export const serdeModel: SerdeModel = (
  JSON.parse(
    readFileSync(new URL("../../test/fixtures/exomonad-serde-model.json", import.meta.url), "utf8"),
  ) as { model: SerdeModel }
).model;
