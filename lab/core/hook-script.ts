/**
 * Scripted hooks, the same for every agent: each hook of a scenario becomes a bash script that
 * numbers its invocation, saves its stdin (and arguments, and chosen environment variables),
 * sleeps `delay_ms`, prints the scenario's bytes on stdout and stderr and exits with `exit`.
 * Start and end times go to a log beside it, so invocations, order and completion order can be
 * read back after the run.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A part of a hook's output: text, raw bytes (base64) or a repeated text. */
export interface OutputPart { text?: string; base64?: string; repeat?: string; times?: number }

/** The answer of one invocation. */
export interface ScriptedAnswer { stdout?: string; stderr?: string; exit?: number; stdout_parts?: OutputPart[]; stderr_parts?: OutputPart[] }

/** What a scenario says about a hook, the fields every agent shares. */
export interface ScriptedHook extends ScriptedAnswer {
  delay_ms?: number;
  /** Printed before the delay (an `{"async":true}` announcement). */
  pre_stdout?: string;
  /** Only the first invocation answers; later ones exit 0 silently. */
  once?: boolean;
  /** The answer from the second invocation on. */
  then?: ScriptedAnswer;
  /** Only the first N invocations answer; later ones exit 0 silently. */
  times?: number;
  /** Invocation n answers with answers[n-1]; later ones exit 0 silently. */
  answers?: ScriptedAnswer[];
  /** Save the hook's environment variables matching the agent's pattern. */
  record_env?: boolean;
}

export function outputBytes(text: string | undefined, parts: readonly OutputPart[] | undefined): Buffer {
  if (parts === undefined) return Buffer.from(text ?? "");
  return Buffer.concat(parts.map((p) =>
    p.base64 !== undefined ? Buffer.from(p.base64, "base64")
      : p.repeat !== undefined ? Buffer.from(p.repeat.repeat(p.times ?? 1))
        : Buffer.from(p.text ?? "")));
}

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
const exitOf = (n: number | undefined): number => (Number.isInteger(n) ? n! : 0);

/** A log of start order shared by the hooks of a run: each start appends `<k> <label> <invocation>` to `order.log`. */
export interface StartOrder { label: string }

/**
 * Writes `h<k>.sh` and its answer files into `dir`; returns the script's path.
 * `envPattern` (an extended regex over `env` lines) picks what `record_env` saves. With `order`,
 * the hooks count their invocations under one lock for all and log their starts in order
 * (`readStartOrder`).
 */
export function writeHookScript(dir: string, k: number, hook: ScriptedHook, envPattern: string, order?: StartOrder): string {
  const file = (suffix: string): string => join(dir, `h${k}.${suffix}`);
  writeFileSync(file("stdout"), outputBytes(hook.stdout, hook.stdout_parts));
  writeFileSync(file("stderr"), outputBytes(hook.stderr, hook.stderr_parts));
  if (hook.then !== undefined) {
    writeFileSync(file("then.stdout"), outputBytes(hook.then.stdout, hook.then.stdout_parts));
    writeFileSync(file("then.stderr"), outputBytes(hook.then.stderr, hook.then.stderr_parts));
  }
  (hook.answers ?? []).forEach((a, i) => {
    writeFileSync(file(`a${i + 1}.stdout`), outputBytes(a.stdout, a.stdout_parts));
    writeFileSync(file(`a${i + 1}.stderr`), outputBytes(a.stderr, a.stderr_parts));
  });
  if (hook.pre_stdout !== undefined) writeFileSync(file("pre"), hook.pre_stdout);
  const base = `${quote(dir)}/h${k}`;
  const firstOnly = hook.once === true || hook.then !== undefined;
  const seconds = (hook.delay_ms ?? 0) / 1000;
  const lines = [
    "#!/bin/bash",
    // two invocations can start at once (one command listed twice): count them under a lock
    `exec 9>>${order === undefined ? `${base}.lock` : `${quote(dir)}/order.lock`}; flock 9`,
    `echo "start $(date +%s%3N)" >> ${base}.log`,
    `n=$(grep -c '^start' ${base}.log)`,
    order === undefined ? ":" : `echo ${quote(`${k} ${order.label}`)}" $n" >> ${quote(dir)}/order.log`,
    "flock -u 9; exec 9>&-",
    `cat > ${base}.in.$n`,
    `if [ "$#" -gt 0 ]; then printf '%s\\n' "$@" > ${base}.argv.$n; fi`,
    hook.record_env === true ? `env | grep -E ${quote(envPattern)} | grep -v API_KEY | sort > ${base}.env.$n; pwd > ${base}.cwd.$n` : ":",
    hook.pre_stdout === undefined ? ":" : firstOnly ? `if [ "$n" -eq 1 ]; then cat ${base}.pre; fi` : `cat ${base}.pre`,
    seconds > 0 ? `sleep ${seconds}` : ":",
    `echo "end $(date +%s%3N)" >> ${base}.log`,
  ];
  if (hook.once === true) lines.push(`if [ "$n" -gt 1 ]; then exit 0; fi`);
  if (hook.times !== undefined) lines.push(`if [ "$n" -gt ${exitOf(hook.times)} ]; then exit 0; fi`);
  (hook.answers ?? []).forEach((a, i) => lines.push(`if [ "$n" -eq ${i + 1} ]; then cat ${base}.a${i + 1}.stdout; cat ${base}.a${i + 1}.stderr >&2; exit ${exitOf(a.exit)}; fi`));
  if (hook.answers !== undefined) lines.push("exit 0");
  if (hook.then !== undefined) lines.push(`if [ "$n" -gt 1 ]; then cat ${base}.then.stdout; cat ${base}.then.stderr >&2; exit ${exitOf(hook.then.exit)}; fi`);
  lines.push(`cat ${base}.stdout`, `cat ${base}.stderr >&2`, `exit ${exitOf(hook.exit)}`);
  const script = file("sh");
  writeFileSync(script, lines.join("\n") + "\n", { mode: 0o755 });
  return script;
}

/** What a hook's files say after the run. Times are milliseconds since `t0`. */
export interface HookRecord {
  index: number;
  command: string;
  invocations: number;
  start_ms: number[];
  end_ms: number[];
  stdin_first: unknown;
  stdin_more?: unknown[];
  argv_first?: string[];
  argv_more?: (string[] | null)[];
  env_first?: Record<string, string>;
  /** With record_env: the first invocation's working directory. */
  cwd_first?: string;
}

/** A hook's stdin: JSON when it parses, else the text; null when the invocation left none. */
function readStdin(dir: string, k: number, n: number): unknown {
  const f = join(dir, `h${k}.in.${n}`);
  if (!existsSync(f)) return null;
  const text = readFileSync(f, "utf8");
  try { return JSON.parse(text) as unknown; } catch { return text; }
}

function readArgv(dir: string, k: number, n: number): string[] | null {
  const f = join(dir, `h${k}.argv.${n}`);
  return existsSync(f) ? readFileSync(f, "utf8").replace(/\n$/, "").split("\n") : null;
}

export function readHookRecord(dir: string, k: number, command: string, t0: number): HookRecord {
  const logFile = join(dir, `h${k}.log`);
  const log = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").filter(Boolean) : [];
  const times = (kind: string): number[] => log.filter((l) => l.startsWith(kind + " ")).map((l) => Number(l.split(" ")[1]) - t0);
  const start_ms = times("start");
  const record: HookRecord = { index: k, command, invocations: start_ms.length, start_ms, end_ms: times("end"), stdin_first: readStdin(dir, k, 1) };
  const later = Array.from({ length: Math.max(0, start_ms.length - 1) }, (_, i) => i + 2);
  if (later.length > 0) record.stdin_more = later.map((n) => readStdin(dir, k, n));
  const argv = readArgv(dir, k, 1);
  if (argv !== null) record.argv_first = argv;
  if (later.some((n) => readArgv(dir, k, n) !== null)) record.argv_more = later.map((n) => readArgv(dir, k, n));
  const envFile = join(dir, `h${k}.env.1`);
  if (existsSync(envFile)) {
    record.env_first = Object.fromEntries(readFileSync(envFile, "utf8").split("\n").filter(Boolean).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
    const cwdFile = join(dir, `h${k}.cwd.1`);
    if (existsSync(cwdFile)) record.cwd_first = readFileSync(cwdFile, "utf8").trim();
  }
  return record;
}

/** The start order `writeHookScript`'s `order` logged: `[hook index, label, invocation]` per start. */
export function readStartOrder(dir: string): [number, string, number][] {
  const f = join(dir, "order.log");
  if (!existsSync(f)) return [];
  return readFileSync(f, "utf8").split("\n").filter(Boolean).map((l) => {
    const parts = l.split(" ");
    return [Number(parts[0]), parts.slice(1, -1).join(" "), Number(parts[parts.length - 1])];
  });
}
