/**
 * schemas/rust/ -> generated/serde-model.ts: the serde model (how serde's
 * derive treats each Rust-family type), built by scripts/lib/serde-model.ts
 * from the `x-rust` annotations. The serde-exact reader/writer interprets it
 * at run time and the Rust emitter prints Rust from it.
 */
import { jsLiteral, tsBanner, type GeneratedFile, type GenerateContext } from "./lib/generated-file.js";

export function generateSerdeModel(context: GenerateContext): GeneratedFile[] {
  const content = `${tsBanner("scripts/gen-serde-model.ts", "the x-rust annotations of schemas/rust/")}import type { SerdeModel } from "../src/serde/model.js";

/** exomonad-core 0.1.0's hook output types as serde_json reads and writes them, keyed by Rust name. */
export const serdeModel: SerdeModel = ${jsLiteral(context.serdeModel, 2)};
`;
  return [{ path: "generated/serde-model.ts", content }];
}
