/**
 * SIGINT, SIGTERM and SIGHUP to a `run` cancel it the same way: the runner's
 * abort kills every hook's process group (a hook left running after the
 * command ends would be an orphan), the command reports what finished, and
 * exits with the shell's code for the signal (128 + its number).
 */
import { constants } from "node:os";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

export interface Termination {
  /** The first signal received, or null. */
  readonly received: () => NodeJS.Signals | null;
  /** 128 + the signal's number once one was received, else `code`. */
  readonly exitCode: (code: number) => number;
  readonly dispose: () => void;
}

export function cancelOnTermination(controller: AbortController): Termination {
  let received: NodeJS.Signals | null = null;
  const handlers = SIGNALS.map((signal) => {
    const handler = (): void => {
      received ??= signal;
      controller.abort();
    };
    // `on`, not `once`: a second signal must not fall back to Node's default (exit at once, hooks orphaned)
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return {
    received: () => received,
    exitCode: (code) => (received === null ? code : 128 + (constants.signals[received] ?? 0)),
    dispose: () => {
      for (const [signal, handler] of handlers) process.removeListener(signal, handler);
    },
  };
}
