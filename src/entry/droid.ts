/** `claude-hook-protocol/droid`: the Factory droid 0.215.0 dialect, through the `Dialect` interface. Its methods take any value (`PublicDialect`). */
import { droid as dialect } from "../droid/dialect.js";
import { publicDialect } from "../core/public-dialect.js";

export const droid = publicDialect(dialect);
export type { PublicDialect } from "../core/public-dialect.js";
