/** `claude-hook-protocol/qwen-code`: the Qwen Code 0.24.4 dialect, through the `Dialect` interface (its methods take any value, `PublicDialect`), and what tells its inputs apart. */
import { qwenCode as dialect } from "../qwen-code/dialect.js";
import { isQwenCodeInput as isQwenCodeInputTyped } from "../qwen-code/detect.js";
import { guardApi } from "../core/api-boundary.js";
import { publicDialect } from "../core/public-dialect.js";

export const qwenCode = publicDialect(dialect);
/** Whether `input` is a Qwen Code event input; false for any value that is not. */
export const isQwenCodeInput = guardApi("isQwenCodeInput", [["input", "object"]], isQwenCodeInputTyped, () => false);
export type { PublicDialect } from "../core/public-dialect.js";
