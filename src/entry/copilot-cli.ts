/** `claude-hook-protocol/copilot-cli`: the GitHub Copilot CLI 1.0.102 dialect, through the `Dialect` interface. Only re-exports. */
export { copilotCli } from "../copilot-cli/dialect.js";
