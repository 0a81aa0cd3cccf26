/** `claude-hook-protocol/droid`: the Factory droid 0.215.0 dialect, through the `Dialect` interface. Only re-exports. */
export { droid } from "../droid/dialect.js";
