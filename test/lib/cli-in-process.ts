/** The CLI run in this process through `main` (what src/cli.ts calls), its streams captured. */
import { Readable, Writable } from "node:stream";
import { main } from "../../src/cli/main.js";

class Sink extends Writable {
  text = "";
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

export interface CliOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `args` with `stdin` (a stream, or text); NO_COLOR set. */
export async function runCli(args: readonly string[], stdin: Readable | string = ""): Promise<CliOutcome> {
  const stdout = new Sink();
  const stderr = new Sink();
  const input = typeof stdin === "string" ? Readable.from([stdin]) : stdin;
  const code = await main(args, { stdin: input, stdout, stderr, env: { NO_COLOR: "1" } });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
