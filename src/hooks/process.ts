/**
 * Running a defined hook as the hook process: stdin -> one answer on stdout,
 * messages on stderr, the exit code.
 */
import type { Hook } from "./define.js";
import type { HookEventName } from "./types.js";

const MAX_STDIN_BYTES = 64 * 1024 * 1024;

/** stdin as text, or null when it is over MAX_STDIN_BYTES. */
async function readStdin(): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_STDIN_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Runs `hook` as the hook process: stdin -> one answer on stdout, messages on
 * stderr, the exit code; then exits (a handler left running past its budget
 * does not keep the process alive).
 */
export async function runHook<E extends HookEventName, T extends string>(hook: Hook<E, T>): Promise<void> {
  const stdin = await readStdin();
  const outcome = stdin === null ? await hook.fail(`stdin is over ${MAX_STDIN_BYTES} bytes`) : await hook.handle(stdin);
  if (outcome.stderr !== "") process.stderr.write(outcome.stderr);
  process.stdout.write(outcome.stdout, () => process.exit(outcome.exit));
}
