/** What every command gets and returns: the process's streams and environment, and an exit code. Commands import this, never the dispatcher (src/cli/main.ts). */
import type { Readable, Writable } from "node:stream";

export interface CliIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly env: NodeJS.ProcessEnv;
}

export type Command = (args: readonly string[], io: CliIo) => Promise<number>;
