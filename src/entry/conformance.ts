/**
 * `claude-hook-protocol/conformance`: the line protocols another
 * implementation is tested by (`conformance serde`, `conformance merge`). Only re-exports.
 */
export { serveSerdeConformance, answerSerdeRequest } from "../conformance/serde.js";
export { serveMergeConformance } from "../conformance/merge.js";
