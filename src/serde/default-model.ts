/** The serde model of exomonad-core 0.1.0's hook output types, generated from `schemas/rust/`. */
export { serdeModel } from "../../generated/serde-model.js";
