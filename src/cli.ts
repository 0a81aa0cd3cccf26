#!/usr/bin/env node
/** The `claude-hook-protocol` command: dispatches to one module per subcommand. */
import type { Writable } from "node:stream";
import { main } from "./cli/main.js";

// A reader that goes away (`... | head`) ends the command quietly, not with a stack trace.
function quietOnEpipe(stream: Writable): Writable {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
  return stream;
}

// Getters: creating process.stdin/stderr costs milliseconds, and most commands never touch them.
let stdout: Writable | undefined;
let stderr: Writable | undefined;
process.exitCode = await main(process.argv.slice(2), {
  get stdin() {
    return process.stdin;
  },
  get stdout() {
    return (stdout ??= quietOnEpipe(process.stdout));
  },
  get stderr() {
    return (stderr ??= quietOnEpipe(process.stderr));
  },
  env: process.env,
});
