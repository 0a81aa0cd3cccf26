/**
 * `run --event E --input FILE|- [--settings FILE]... [-- COMMAND ARGS]`: runs
 * the configured hooks (or one command) on an event as Claude Code would and
 * prints each run record and the merged result in words; `--json` prints the
 * merged result.
 */
import { homedir } from "node:os";
import { basename, resolve } from "node:path";
import { commandArgs, single, shown } from "./args.js";
import { DEFAULT_AGENT } from "../core/agents.js";
import type { CliIo } from "./io.js";
import { AGENT_CHOICES, CONFIG_LOCATIONS, OTHER_AGENTS } from "./agent-list.js";
import { readFileBounded, readInput, tooDeep } from "./read-input.js";
import { styleFor } from "./style.js";
import { eventInfo } from "../claude-code/event-catalog.js";

export const HELP = `usage: claude-hook-protocol run --event EVENT --input FILE|- [options] [-- COMMAND [ARGS...]]

Runs hooks on one event exactly as Claude Code 2.1.332 would: all matched
hooks at once, each with the event JSON on stdin, CLAUDE_PROJECT_DIR and the
other variables, its timeout; then classifies each result and merges them.
Prints each run record (completion order) and the merged result in words.

Hooks come from the --settings files (and --plugin directories), or from the
one COMMAND after \`--\`: a single word or quoted string runs in shell form
(/bin/sh -c), several words run in exec form (no shell).

With --agent ${OTHER_AGENTS.join("|")}, runs the hooks that agent
would run, from where it reads its configuration under --project-dir and
--home-dir, with its order, environment and timeouts:
${CONFIG_LOCATIONS}

Options:
  --agent AGENT         ${AGENT_CHOICES}
  --home-dir DIR        the user's home for --agent's configuration (default: ~)
  --event EVENT         the event (default: hook_event_name of the input)
  --input FILE|-        the event JSON (a sample: examples/events/)
  --settings FILE       a settings file with "hooks" (repeatable; like claude --settings)
  --plugin DIR          a plugin directory with hooks/hooks.json (repeatable)
  --claude-settings     also read ~/.claude/settings.json and the project's
                        .claude/settings.json and .claude/settings.local.json
  --project-dir DIR     CLAUDE_PROJECT_DIR and the hooks' working directory (default: .;
                        the package root when the bundled examples/ are used)
  --timeout SECONDS     timeout of the COMMAND after --
  --no-wait             do not wait for async hooks to finish
  --json                print the merged result as JSON (with runs and effects)
  -h, --help            this text

Exit status: 0 hooks ran and were merged, 1 a settings file could not be
used, 2 usage error.

Examples:
  claude-hook-protocol run --event PreToolUse --input examples/events/pre-tool-use.json --settings examples/settings.json
  claude-hook-protocol run --input examples/events/user-prompt-submit.json -- ./my-hook.sh
  claude-hook-protocol run --event Stop --input - --json -- python3 hook.py --strict < stop.json
`;

const SPEC = {
  agent: { value: true },
  "home-dir": { value: true },
  event: { value: true },
  input: { value: true },
  settings: { value: true, repeat: true },
  plugin: { value: true, repeat: true },
  "claude-settings": { value: false },
  "project-dir": { value: true },
  timeout: { value: true },
  "no-wait": { value: false },
  json: { value: false },
  help: { value: false },
} as const;

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const args = commandArgs("run", argv, SPEC, HELP, io);
  if (typeof args === "number") return args;
  // the command line's shape is wrong: the message and the usage
  const usage = (message: string): number => {
    io.stderr.write(`run: ${message}\n\n${HELP}`);
    return 2;
  };
  // a value or an input is unusable: one line saying what and where
  const refuse = (message: string): number => {
    io.stderr.write(`run: ${message}\n`);
    return 2;
  };
  if (args.positionals.length > 0) return usage(`unexpected argument ${shown(args.positionals[0])} (a command goes after --)`);
  const inputPath = single(args, "input");
  if (inputPath === undefined) return usage("--input is required");
  const agent = single(args, "agent") ?? DEFAULT_AGENT;
  if (agent !== DEFAULT_AGENT) {
    const { runAsAgent } = await import("./run-agent.js");
    return runAsAgent(agent, inputPath, args, io, usage, refuse);
  }
  const settingsFiles = args.options.get("settings") ?? [];
  const pluginDirs = args.options.get("plugin") ?? [];
  const command = args.rest;
  if (command !== null && command.length === 0) return usage("nothing after --");
  if (command === null && settingsFiles.length === 0 && pluginDirs.length === 0 && !args.flags.has("claude-settings")) {
    return usage("give --settings FILE, --plugin DIR, --claude-settings or -- COMMAND");
  }
  const timeoutText = single(args, "timeout");
  // decimal seconds, an exponent allowed (1e9 is honoured, past Node's timer limit); Number() alone would also
  // take "0x10" and " 5"; 1e999 is Infinity and refused below
  const timeout = timeoutText === undefined ? undefined : /^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(timeoutText) ? Number(timeoutText) : NaN;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0)) return refuse(`--timeout needs a positive number of seconds (such as 30 or 1.5), not ${shown(timeoutText)}`);

  // `examples/...` paths fall back to the examples bundled with the package, so the README's
  // first command works from any directory (the hooks then run in the package's root).
  let bundledExamples = false;
  const { existsSync } = await import("node:fs");
  const { packageRoot } = await import("./package-root.js");
  const locate = (path: string): string => {
    if (path === "-" || existsSync(path) || !/^(\.\/)?examples\//.test(path)) return path;
    const bundled = resolve(packageRoot(), path);
    if (!existsSync(bundled)) return path;
    bundledExamples = true;
    return bundled;
  };
  const resolvedInput = locate(inputPath);
  const resolvedSettings = settingsFiles.map(locate);
  if (bundledExamples) io.stderr.write(`run: using the examples bundled in ${packageRoot()}\n`);
  const inputText = await readInput(resolvedInput, io.stdin);
  // the input itself is unusable: one line, not the usage
  const inputProblem = inputText.ok ? tooDeep(inputText.text, inputText.name) : inputText.message;
  if (inputProblem !== null || !inputText.ok) {
    io.stderr.write(`run: ${inputProblem}\n`);
    return 2;
  }
  let input: unknown;
  try {
    input = JSON.parse(inputText.text);
  } catch (error) {
    return refuse(`${inputText.name} is not JSON: ${(error as Error).message}`);
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) return refuse(`${inputText.name} must hold a JSON object`);
  const inputObject = Object.assign(Object.create(null) as Record<string, unknown>, input);
  const named = single(args, "event") ?? (typeof inputObject["hook_event_name"] === "string" ? (inputObject["hook_event_name"] as string) : undefined);
  if (named === undefined) return usage("--event is required (the input has no hook_event_name)");
  const resolved = eventInfo(named) !== undefined ? null : (await import("./event-option.js")).claudeCodeEvent(named);
  if (resolved !== null && !resolved.ok) return refuse(resolved.message);
  const event = resolved === null ? named : resolved.event;
  if (typeof inputObject["hook_event_name"] === "string" && inputObject["hook_event_name"] !== event) {
    io.stderr.write(`run: note: the input says hook_event_name ${shown(inputObject["hook_event_name"])}; hooks get ${shown(event)}\n`);
  }
  inputObject["hook_event_name"] = event;

  const { loadHookConfiguration, defaultSettingsSources, problemLocation } = await import("../claude-code/runner/load-settings.js");
  const { runEvent } = await import("../claude-code/runner/run-event.js");
  const { describeCommand } = await import("../claude-code/runner/run-hooks.js");
  // The CLI runs where the project is: the input's cwd is data (a sample event's path need not exist here).
  const projectDir = resolve(single(args, "project-dir") ?? (bundledExamples ? packageRoot() : "."));
  const sources: import("../claude-code/runner/load-settings.js").SettingsSource[] = [];
  if (args.flags.has("claude-settings")) sources.push(...defaultSettingsSources(projectDir, homedir()));
  for (const file of resolvedSettings) {
    // read here, bounded (/dev/zero, a FIFO, a directory: one line, exit 2); a file that
    // cannot be opened stays the runner's to report, as Claude Code reports it
    const read = readFileBounded(file, { lossy: true });
    if (read.ok) sources.push({ kind: "flag", file, text: read.text });
    else if (read.message.startsWith("cannot read ")) sources.push({ kind: "flag", file });
    else {
      io.stderr.write(`run: --settings ${read.message}\n`);
      return 2;
    }
  }
  if (command !== null) {
    const handler =
      command.length === 1
        ? { type: "command", command: command[0], ...(timeout !== undefined ? { timeout } : {}) }
        : { type: "command", command: command[0], args: command.slice(1), ...(timeout !== undefined ? { timeout } : {}) };
    sources.push({ kind: "flag", file: "(command line)", text: JSON.stringify({ hooks: { [event]: [{ hooks: [handler] }] } }) });
  }
  const configuration = loadHookConfiguration({
    settings: sources,
    plugins: pluginDirs.map((dir) => ({ name: basename(resolve(dir)), root: resolve(dir) })),
  });
  const fatal = configuration.problems.filter((p) => p.code === "unreadable-file" || p.code === "invalid-json");

  const err = styleFor(io.stderr, io.env);
  const running = new Map<string, number>();
  const startedAt = Date.now();
  let lastProgressLength = 0;
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  let lastPlainProgress = 0;
  const progress = setInterval(() => {
    if (running.size === 0) return;
    const seconds = (Date.now() - startedAt) / 1000;
    const line = `waiting for ${running.size} hook${running.size === 1 ? "" : "s"} (${seconds.toFixed(0)} s): ${[...running.keys()].join(", ").slice(0, 120)}`;
    if (tty) {
      io.stderr.write(`\r${err.dim(line)}${" ".repeat(Math.max(0, lastProgressLength - line.length))}`);
      lastProgressLength = line.length;
    } else if (seconds - lastPlainProgress >= 5 || lastPlainProgress === 0) {
      lastPlainProgress = seconds;
      io.stderr.write(`${line}\n`);
    }
  }, 1000);
  const controller = new AbortController();
  const { cancelOnTermination } = await import("./termination.js");
  // Installed until the command ends: a signal while async hooks finish must kill them too.
  const termination = cancelOnTermination(controller);
  const exit = (code: number): number => {
    termination.dispose();
    return termination.exitCode(code);
  };
  let outcome;
  try {
    outcome = await runEvent({
      event,
      input: inputObject,
      configuration,
      projectDir,
      cwd: projectDir,
      signal: controller.signal,
      onHookStarted: (hook) => {
        const name = describeCommand(hook);
        running.set(name, (running.get(name) ?? 0) + 1);
      },
      onHookFinished: (r) => {
        const n = (running.get(r.command) ?? 1) - 1;
        if (n <= 0) running.delete(r.command);
        else running.set(r.command, n);
      },
    });
  } finally {
    clearInterval(progress);
    if (tty && lastProgressLength > 0) io.stderr.write(`\r${" ".repeat(lastProgressLength)}\r`);
  }
  let background: readonly import("../core/records.js").RunRecord[] = [];
  if (!args.flags.has("no-wait") && outcome.records.some((r) => r.outcome === "running")) {
    background = await outcome.background;
  }

  if (args.flags.has("json")) {
    io.stdout.write(`${JSON.stringify(background.length > 0 ? { ...outcome.merged, background } : outcome.merged, null, 2)}\n`);
    return exit(fatal.length > 0 ? 1 : 0);
  }
  const { describeMerged, describeRecord } = await import("./describe.js");
  const s = styleFor(io.stdout, io.env);
  const hookName = outcome.records[0]?.hook_name ?? event;
  io.stdout.write(`${s.bold(hookName)}: ${outcome.records.length} hook${outcome.records.length === 1 ? "" : "s"} selected\n`);
  if (outcome.run.problems.length > 0) {
    io.stdout.write(`\n${s.yellow("settings problems")}:\n`);
    for (const p of outcome.run.problems) io.stdout.write(`  ${p.severity} ${problemLocation(p)} ${p.path === "" ? "(root)" : p.path}: ${p.message}\n`);
  }
  io.stdout.write(`\n${s.bold("run records")} (completion order; skipped first):\n`);
  outcome.records.forEach((r, i) => io.stdout.write(`${describeRecord(r, i + 1, s)}\n`));
  if (background.length > 0) {
    io.stdout.write(`\n${s.bold("async hooks, finished later")}:\n`);
    background.forEach((r, i) => io.stdout.write(`${describeRecord(r, i + 1, s)}\n`));
  }
  io.stdout.write(`\n${s.bold("merged result")}:\n${describeMerged(outcome.merged, inputObject["tool_input"], s)}\n`);
  return exit(fatal.length > 0 ? 1 : 0);
}
