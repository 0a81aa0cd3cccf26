/**
 * Command arguments through `node:util` `parseArgs` (strict: an unknown
 * option is a usage error): `--name value`, `--name=value`, boolean flags,
 * repeated options, `--` rest, `-h` for `--help`.
 */
import { parseArgs as parseNodeArgs, type ParseArgsConfig } from "node:util";
import type { CliIo } from "./io.js";

export interface OptionSpec {
  /** Takes a value (`--event E`) or is a flag (`--json`). */
  readonly value: boolean;
  readonly repeat?: boolean;
}

export interface ParsedArgs {
  readonly options: ReadonlyMap<string, readonly string[]>;
  readonly flags: ReadonlySet<string>;
  readonly positionals: readonly string[];
  /** Everything after `--`; null when there was no `--`. */
  readonly rest: readonly string[] | null;
}

export type ArgsResult = { readonly ok: true; readonly args: ParsedArgs } | { readonly ok: false; readonly message: string };

/** node's parse errors, said briefly (its texts also explain `--` and `=`, which the usage does). */
function usageMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  const option = /'(-[^' ]+)/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${option}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    if (message.includes("argument missing")) return `${option} needs a value`;
    if (message.includes("does not take an argument")) return `${option} takes no value`;
    if (message.includes("ambiguous")) return `${option} needs a value (write ${option}=VALUE for one that starts with "-")`;
  }
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") return message;
  return message.split("\n")[0]!;
}

export function parseArgs(argv: readonly string[], spec: Readonly<Record<string, OptionSpec>>): ArgsResult {
  const options: NonNullable<ParseArgsConfig["options"]> = { help: { type: "boolean", short: "h", multiple: true } };
  for (const [name, option] of Object.entries(spec)) {
    options[name] = { type: option.value ? "string" : "boolean", multiple: true, ...(name === "help" ? { short: "h" } : {}) };
  }
  // node's parseArgs reads a cluster of short options (`-abc`) recursively: a long one overflows its stack
  const terminator = argv.indexOf("--");
  const cluster = (terminator === -1 ? argv : argv.slice(0, terminator)).find((arg) => /^-[^-]/.test(arg) && arg.length > 64);
  if (cluster !== undefined) return { ok: false, message: `unknown option ${shown(cluster)}` };
  const config = { args: [...argv], options, allowPositionals: true, strict: true, tokens: true } as const;
  let parsed: ReturnType<typeof parseNodeArgs<typeof config>>;
  try {
    parsed = parseNodeArgs(config);
  } catch (error) {
    return { ok: false, message: usageMessage(error) };
  }
  const terminatorToken = parsed.tokens.find((t) => t.kind === "option-terminator");
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  for (const [name, value] of Object.entries(parsed.values)) {
    const list = value as (string | boolean)[];
    if (list.length > 1 && name !== "help" && spec[name]?.repeat !== true) return { ok: false, message: `--${name} given twice` };
    if (spec[name]?.value === true) values.set(name, list as string[]);
    else flags.add(name);
  }
  const positionals = parsed.tokens.flatMap((t) => (t.kind === "positional" && (terminatorToken === undefined || t.index < terminatorToken.index) ? [t.value] : []));
  const rest = terminatorToken === undefined ? null : argv.slice(terminatorToken.index + 1);
  return { ok: true, args: { options: values, flags, positionals, rest } };
}

/**
 * A value the user gave, as an error message shows it: JSON-quoted (control
 * characters escaped, so nothing reaches the terminal raw) and cut at 200
 * characters (a 1 MB argument is not echoed whole).
 */
export function shown(value: unknown): string {
  const text = String(value);
  const quoted = JSON.stringify(text.length > 200 ? text.slice(0, 200) : text);
  return text.length > 200 ? `${quoted.slice(0, -1)}…" (${text.length} characters)` : quoted;
}

/**
 * Text from an input (a key, a path, an agent's words quoting the hook),
 * made inert for a terminal: control characters (escape sequences, carriage
 * returns; newlines unless `keepNewlines`) as `\u` escapes, so a hook's
 * output cannot forge a report line or drive the terminal.
 */
export function inert(text: string, keepNewlines = false): string {
  return text.replace(keepNewlines ? /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g : /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function single(args: ParsedArgs, name: string): string | undefined {
  return args.options.get(name)?.[0];
}

/**
 * A command's arguments, or its exit status when there is nothing more to do:
 * 2 after a usage error (message and usage on stderr), 0 after `--help`.
 * `mostPositionals` limits the positionals, with the message for too many.
 */
export function commandArgs(
  command: string,
  argv: readonly string[],
  spec: Readonly<Record<string, OptionSpec>>,
  help: string,
  io: Pick<CliIo, "stdout" | "stderr">,
  mostPositionals?: { readonly count: number; readonly message: string },
): ParsedArgs | number {
  const usageError = (message: string): number => {
    io.stderr.write(`${command}: ${message}\n\n${help}`);
    return 2;
  };
  const parsed = parseArgs(argv, spec);
  if (!parsed.ok) return usageError(parsed.message);
  // what follows `--` is positional too (only `run` takes a command there, and it sets no limit)
  if (mostPositionals !== undefined && parsed.args.positionals.length + (parsed.args.rest?.length ?? 0) > mostPositionals.count) {
    return usageError(mostPositionals.message);
  }
  if (parsed.args.flags.has("help")) {
    io.stdout.write(help);
    return 0;
  }
  return parsed.args;
}
