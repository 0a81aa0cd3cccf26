/** `claude-hook-protocol/copilot-cli`: the GitHub Copilot CLI 1.0.102 dialect, through the `Dialect` interface. Its methods take any value (`PublicDialect`). */
import { copilotCli as dialect } from "../copilot-cli/dialect.js";
import { publicDialect } from "../core/public-dialect.js";

export const copilotCli = publicDialect(dialect);
export type { PublicDialect } from "../core/public-dialect.js";
