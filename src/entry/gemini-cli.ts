/** `claude-hook-protocol/gemini-cli`: the Gemini CLI 0.61.0 dialect, through the `Dialect` interface. Only re-exports. */
export { geminiCli } from "../gemini-cli/dialect.js";
