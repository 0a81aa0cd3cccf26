#!/usr/bin/env node
/** The `claude-hook-protocol` command: dispatches to one module per subcommand. */
import { main } from "./cli/main.js";

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
