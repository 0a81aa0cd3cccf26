#!/usr/bin/env node
/** The `claude-hook-protocol` command: dispatches to one module per subcommand. */
import { main } from "./cli/main.js";

// A reader that goes away (`... | head`) ends the command quietly, not with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
