/** `claude-hook-protocol/codex`: the Codex CLI 0.171.0 dialect, through the `Dialect` interface. Only re-exports. */
export { codex } from "../codex/dialect.js";
