/** `claude-hook-protocol/qwen-code`: the Qwen Code 0.24.4 dialect, through the `Dialect` interface, and what tells its inputs apart. Only re-exports. */
export { qwenCode } from "../qwen-code/dialect.js";
export { isQwenCodeInput } from "../qwen-code/detect.js";
