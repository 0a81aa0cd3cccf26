/** A small argument parser: `--name value`, `--name=value`, boolean flags, repeated options, `--` rest. */
import type { CliIo } from "./main.js";

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

export function parseArgs(argv: readonly string[], spec: Readonly<Record<string, OptionSpec>>): ArgsResult {
  const options = new Map<string, string[]>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  let rest: string[] | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      rest = argv.slice(i + 1);
      break;
    }
    if (arg === "-h") {
      flags.add("help");
      continue;
    }
    if (!arg.startsWith("--") || arg === "-") {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    const option = spec[name];
    if (option === undefined) return { ok: false, message: `unknown option --${name}` };
    if (!option.value) {
      if (eq >= 0) return { ok: false, message: `--${name} takes no value` };
      flags.add(name);
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) return { ok: false, message: `--${name} needs a value` };
    const list = options.get(name) ?? [];
    if (list.length > 0 && option.repeat !== true) return { ok: false, message: `--${name} given twice` };
    list.push(value);
    options.set(name, list);
  }
  return { ok: true, args: { options, flags, positionals, rest } };
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
  if (mostPositionals !== undefined && parsed.args.positionals.length > mostPositionals.count) {
    return usageError(mostPositionals.message);
  }
  if (parsed.args.flags.has("help")) {
    io.stdout.write(help);
    return 0;
  }
  return parsed.args;
}
