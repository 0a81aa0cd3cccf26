/**
 * A logger for hooks that never writes stdout: stdout is the hook's answer,
 * and a stray line there makes the agent misread it (an agent refuses
 * text before the JSON, or shows it as a message). Lines go to
 * stderr (shown in the agents' debug logs), or appended to a file named by
 * `CLAUDE_HOOK_PROTOCOL_LOG` or the `file` option. Never throws. An agent
 * that shows a hook's stderr to the user as a message when its stdout is
 * empty (docs/spec/<agent>-observed.md) is logged to a file instead.
 */
import { appendFileSync } from "node:fs";

export type LogLevel = "debug" | "info" | "warn" | "error";

const ORDER: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, error: 3 };

export interface Logger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

export interface LoggerOptions {
  /** Prefix of each line (the hook's name). */
  readonly name?: string;
  /** Lines below this level are not written; default `info` (`CLAUDE_HOOK_PROTOCOL_LOG_LEVEL`). */
  readonly level?: LogLevel;
  /** Append to this file instead of stderr (`CLAUDE_HOOK_PROTOCOL_LOG`). */
  readonly file?: string;
  /** Where lines go when there is no file (tests): default process.stderr. */
  readonly write?: (line: string) => void;
}

function text(data: unknown): string {
  if (data === undefined) return "";
  try {
    return ` ${typeof data === "string" ? data : JSON.stringify(data)}`;
  } catch {
    return ` ${String(data)}`;
  }
}

export function createLogger(options: LoggerOptions = {}, env: NodeJS.ProcessEnv = process.env): Logger {
  const envLevel = env["CLAUDE_HOOK_PROTOCOL_LOG_LEVEL"];
  const level: LogLevel = options.level ?? (envLevel !== undefined && envLevel in ORDER ? (envLevel as LogLevel) : "info");
  const file = options.file ?? env["CLAUDE_HOOK_PROTOCOL_LOG"];
  const write =
    options.write ??
    ((line: string) => {
      try {
        if (file !== undefined && file !== "") appendFileSync(file, line);
        else process.stderr.write(line);
      } catch {
        // a log line is never worth failing the hook
      }
    });
  const log = (at: LogLevel) => (message: string, data?: unknown) => {
    if (ORDER[at] < ORDER[level]) return;
    write(`${new Date().toISOString()} ${at}${options.name === undefined ? "" : ` [${options.name}]`} ${message}${text(data)}\n`);
  };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}
