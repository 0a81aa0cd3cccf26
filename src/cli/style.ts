/** Colour only on a terminal, never with NO_COLOR (https://no-color.org: set and not empty). */
import type { Writable } from "node:stream";

export interface Style {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

export function styleFor(stream: Writable, env: NodeJS.ProcessEnv): Style {
  const tty = (stream as Writable & { isTTY?: boolean }).isTTY === true;
  const noColor = env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "";
  const enabled = tty && !noColor && env["TERM"] !== "dumb";
  const wrap = (open: number, close: number) => (text: string) => (enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return {
    enabled,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
  };
}
