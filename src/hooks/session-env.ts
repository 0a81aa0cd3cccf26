/**
 * SessionStart's environment helper: variables for the session's later Bash
 * commands, appended to the file the agent names in `CLAUDE_ENV_FILE` (in the
 * hook's environment, or in the SessionStart stdin: docs/spec/<agent>-observed.md)
 * as `export K='V'` lines, which the agent sources before each command. An
 * agent that sets no such file gets no variables (an error value).
 */
import { appendFileSync } from "node:fs";
import { jsonPointer, type Result } from "../core/errors.js";

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `value` as one single-quoted shell word: nothing in it is expanded, newlines included. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The `export` lines for `vars`, or the first name or value the shell cannot take (an invalid name, a NUL). */
export function sessionEnvLines(vars: Readonly<Record<string, string>>): Result<string> {
  let text = "";
  for (const [name, value] of Object.entries(vars)) {
    if (!NAME.test(name)) return { ok: false, error: { code: "invalid-env-name", path: jsonPointer([name]), message: `${JSON.stringify(name)} is not a shell variable name ([A-Za-z_][A-Za-z0-9_]*)` } };
    if (typeof value !== "string" || value.includes("\0")) return { ok: false, error: { code: "invalid-env-value", path: jsonPointer([name]), message: `the value of ${name} must be a string without NUL characters` } };
    text += `export ${name}=${shellQuote(value)}\n`;
  }
  return { ok: true, value: text };
}

/**
 * Appends `vars` to the session's environment file: `input.CLAUDE_ENV_FILE`
 * (an agent that sends it on stdin) or `env.CLAUDE_ENV_FILE`. Returns the file written, or an error
 * value (no file named, an invalid name or value, the write failed); writes
 * nothing unless every variable is valid. Never throws.
 */
export function setSessionEnv(vars: Readonly<Record<string, string>>, input?: Readonly<Record<string, unknown>>, env: NodeJS.ProcessEnv = process.env): Result<string> {
  const named = input?.["CLAUDE_ENV_FILE"];
  const file = typeof named === "string" && named !== "" ? named : env["CLAUDE_ENV_FILE"];
  if (file === undefined || file === "") return { ok: false, error: { code: "no-env-file", path: "", message: "no CLAUDE_ENV_FILE: the agent offers no session environment file here (an agent that has one sets it for SessionStart hooks)" } };
  const lines = sessionEnvLines(vars);
  if (!lines.ok) return lines;
  try {
    appendFileSync(file, lines.value, { mode: 0o600 });
  } catch (error) {
    return { ok: false, error: { code: "env-file-write", path: "", message: `cannot append to ${file}: ${(error as Error).message}` } };
  }
  return { ok: true, value: file };
}
