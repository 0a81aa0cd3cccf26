/**
 * `claude-hook-protocol/serde`: the Rust family read and written exactly as
 * serde_json 1.0.149 does (exomonad-core 0.1.0's hook output types). Only re-exports.
 */
export * from "../serde/index.js";
