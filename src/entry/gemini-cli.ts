/** `claude-hook-protocol/gemini-cli`: the Gemini CLI 0.61.0 dialect, through the `Dialect` interface. Its methods take any value (`PublicDialect`). */
import { geminiCli as dialect } from "../gemini-cli/dialect.js";
import { publicDialect } from "../core/public-dialect.js";

export const geminiCli = publicDialect(dialect);
export type { PublicDialect } from "../core/public-dialect.js";
