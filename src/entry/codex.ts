/** `claude-hook-protocol/codex`: the Codex CLI 0.171.0 dialect, through the `Dialect` interface. Its methods take any value (`PublicDialect`). */
import { codex as dialect } from "../codex/dialect.js";
import { publicDialect } from "../core/public-dialect.js";

export const codex = publicDialect(dialect);
export type { PublicDialect } from "../core/public-dialect.js";
