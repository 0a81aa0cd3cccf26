/** Subcommand dispatch. Each command module exports `run(args, io): Promise<exit code>`. */
import type { Readable, Writable } from "node:stream";

export interface CliIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly env: NodeJS.ProcessEnv;
}

export type Command = (args: readonly string[], io: CliIo) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  conformance: async () => (await import("./conformance.js")).run,
};

export async function main(args: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  const load = name === undefined ? undefined : commands[name];
  if (load === undefined) {
    io.stderr.write(`usage: claude-hook-protocol <${Object.keys(commands).join("|")}> ...\n`);
    return 2;
  }
  return (await load())(rest, io);
}
