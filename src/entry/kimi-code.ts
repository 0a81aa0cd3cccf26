/** `claude-hook-protocol/kimi-code`: the Kimi Code CLI 2.1.0 dialect, through the `Dialect` interface (its methods take any value, `PublicDialect`). */
import { kimiCode as dialect } from "../kimi-code/dialect.js";
import { publicDialect } from "../core/public-dialect.js";

export const kimiCode = publicDialect(dialect);
export type { PublicDialect } from "../core/public-dialect.js";
