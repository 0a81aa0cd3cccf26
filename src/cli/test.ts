/**
 * `test [--agent A] [--json] [FILE|DIR ...]`: runs a hook author's test files
 * (`*.hooktest.json`, schemas/hook-test.schema.json): each case's event
 * through the hook commands as the agent runs them (the reference agent's runner,
 * src/claude-code/runner/; another agent's through ./test-as-agent.ts), then compares the effects the agent would apply with the expected
 * ones, key by key, and prints a readable diff. Exit 0 all pass, 1 a mismatch
 * or an unusable file, 2 usage error.
 */
import { readdirSync, statSync } from "node:fs";
import { readFileBounded, tooDeep } from "./read-input.js";
import { homedir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";
import type { CliIo } from "./io.js";
import { styleFor } from "./style.js";
import { AGENT_NAMES, DEFAULT_AGENT, isAgentName, type AgentName } from "../core/agents.js";
import { toNullPrototype } from "../json/value.js";
import type { HookTest, HookTestCase } from "../../generated/types.js";
import { shown } from "./args.js";
import { dialectOf as dialectNamed } from "../dialects.js";

export const HELP = `usage: claude-hook-protocol test [--agent AGENT] [--json] [FILE|DIR ...]

Runs hook tests: each *.hooktest.json file names hook commands (or settings)
and cases of an event input with the effects the agent must apply to the
hooks' answers (decision, tool_input, tool_result, blocked, model_context,
notices, stopped, stop_reason; only the keys given are compared). The hooks
run as the agent runs them, in the file's directory. A DIR means every
*.hooktest.json below it; no argument means the current directory.

Exit status: 0 every case passes, 1 a case fails or a file is unusable, 2 usage error.

Options:
  --agent AGENT   run the hooks as AGENT runs them (its configuration, stdin and
                  merge; "hooks" commands only) and say where its effects differ
                  from the expected ones; all: under every agent (default: the
                  file's "agent", else claude-code)
  --json          one JSON object: {passed, failed, files: [{file, cases: [{name, ok, diff}]}]}
  -h, --help      this text

Example:
  claude-hook-protocol test examples/hooks/fixtures/
`;


interface CaseReport {
  readonly name: string;
  readonly ok: boolean;
  /** Per expected key that differs: the expected and the actual value. */
  readonly diff: readonly { readonly key: string; readonly expected: unknown; readonly actual: unknown }[];
  /** The merged result's errors (hook failures, settings problems), to explain a mismatch. */
  readonly errors: readonly string[];
}

interface FileReport {
  readonly file: string;
  /** The agent whose runner ran the hooks. */
  readonly agent: AgentName;
  /** The agent the expected effects are written for (the file's `agent`, else the reference agent). */
  readonly expectedFor: AgentName;
  readonly problem?: string;
  readonly cases: readonly CaseReport[];
}

/** Whether `path` is a directory; false for anything stat refuses (a symlink loop, no permission), which the reading then names. */
function isDirectory(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

function testFiles(paths: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      found.push(dir); // unreadable: its reading reports why
      return;
    }
    for (const name of names) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      const path = join(dir, name);
      if (isDirectory(path)) walk(path);
      else if (name.endsWith(".hooktest.json")) found.push(path);
    }
  };
  for (const path of paths) {
    if (isDirectory(path)) walk(path);
    else found.push(path);
  }
  return found;
}

/** `--agent all`: every file under every agent of the registry. */
const ALL = "all";

const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionDenied"]);

async function runCase(file: string, spec: HookTest, testCase: HookTestCase): Promise<CaseReport> {
  const { runEvent } = await import("../claude-code/runner/run-event.js");
  const { loadHookConfiguration } = await import("../claude-code/runner/load-settings.js");
  const projectDir = dirname(resolve(file));
  const givenEvent = testCase.input["hook_event_name"];
  const event = testCase.event ?? (typeof givenEvent === "string" ? givenEvent : "");
  const input: Record<string, unknown> = {
    session_id: "00000000-0000-4000-8000-000000000000",
    transcript_path: join(homedir(), ".claude", "projects", "hooktest", "00000000-0000-4000-8000-000000000000.jsonl"),
    cwd: projectDir,
    permission_mode: "default",
    ...(TOOL_EVENTS.has(event) ? { tool_use_id: "toolu_hooktest_1" } : {}),
    ...(toNullPrototype(testCase.input) as Record<string, unknown>),
    hook_event_name: event,
  };
  const settingsText =
    spec.settings !== undefined
      ? JSON.stringify(spec.settings)
      : JSON.stringify({ hooks: { [event]: [{ hooks: (spec.hooks ?? []).map((command) => ({ type: "command", command, ...(spec.timeout !== undefined ? { timeout: spec.timeout } : {}) })) }] } });
  const configuration = loadHookConfiguration({ settings: [{ kind: "flag", file, text: settingsText }] });
  const env = testCase.env === undefined ? process.env : { ...process.env, ...testCase.env };
  const outcome = await runEvent({ event, input, configuration, projectDir, cwd: projectDir, env });
  await outcome.background;
  return compared(testCase, outcome.merged.effects as unknown as Record<string, unknown>, outcome.merged.errors);
}

async function runFile(file: string, agentOption: AgentName | typeof ALL | undefined): Promise<FileReport[]> {
  const { validateHookTest } = await import("../../generated/validators/hook-test.js");
  const refused = (problem: string): FileReport[] => [{ file, agent: agentOption === undefined || agentOption === ALL ? DEFAULT_AGENT : agentOption, expectedFor: DEFAULT_AGENT, problem, cases: [] }];
  let spec: unknown;
  try {
    const read = readFileBounded(file);
    if (!read.ok) return refused(read.message);
    const deep = tooDeep(read.text, file);
    if (deep !== null) return refused(deep);
    spec = toNullPrototype(JSON.parse(read.text));
  } catch (error) {
    return refused(`not readable as JSON: ${(error as Error).message}`);
  }
  if (!validateHookTest(spec)) {
    const problems = (validateHookTest.errors ?? []).map((error) => {
      const key = error.params["additionalProperty"];
      return `${error.instancePath || "/"} ${typeof key === "string" ? `has the unknown key "${key}"` : (error.message ?? error.keyword)}`;
    });
    return refused(`not a hook test (schemas/hook-test.schema.json): ${problems.join("; ")}`);
  }
  const expectedFor = spec.agent ?? DEFAULT_AGENT;
  const agents = agentOption === ALL ? AGENT_NAMES : [agentOption ?? expectedFor];
  const reports: FileReport[] = [];
  for (const agent of agents) reports.push(await runFileAs(file, spec, agent, expectedFor));
  return reports;
}

async function runFileAs(file: string, spec: HookTest, agent: AgentName, expectedFor: AgentName): Promise<FileReport> {
  const { dialectOf } = await import("../dialects.js");
  const dialect = dialectOf(agent)!;
  const refused = (problem: string): FileReport => ({ file, agent, expectedFor, problem, cases: [] });
  if (spec.hooks === undefined && spec.settings === undefined) return refused(`give "hooks" (commands) or "settings"`);
  const { agentSpecProblem, runCaseAsAgent } = await import("./test-as-agent.js");
  const problem = agent === DEFAULT_AGENT ? null : agentSpecProblem(dialect, spec);
  if (problem !== null) return refused(problem);
  const resolvedEvents = new Map<HookTestCase, string>();
  const { agentEvent } = await import("./event-option.js");
  for (const [index, testCase] of spec.cases.entries()) {
    const event = testCase.event ?? testCase.input["hook_event_name"];
    if (typeof event !== "string") return refused(`cases[${index}] (${testCase.name}): unknown event ${JSON.stringify(event ?? null)}`);
    // the agent's own spelling or Claude Code's, as every command takes it; a case runs under the agent's own
    const resolved = agentEvent(dialect, event);
    if (!resolved.ok) return refused(`cases[${index}] (${testCase.name}): ${resolved.message}`);
    resolvedEvents.set(testCase, resolved.event);
  }
  const cases: CaseReport[] = [];
  for (const [index, testCase] of spec.cases.entries()) {
    const event = resolvedEvents.get(testCase)!;
    if (agent === DEFAULT_AGENT) {
      cases.push(await runCase(file, spec, { ...testCase, event }));
      continue;
    }
    const canonical = dialect.events.find((e) => e.name === event)?.canonical ?? null;
    if (canonical === null) return refused(`cases[${index}] (${testCase.name}): ${dialect.displayName}'s ${event} has no event of the reference agent, so its hooks cannot be installed from the test`);
    const outcome = await runCaseAsAgent(dialect, file, spec, testCase, event, canonical);
    cases.push(compared(testCase, outcome.effects as unknown as Record<string, unknown> | null, outcome.errors));
  }
  return { file, agent, expectedFor, cases };
}

/** The case's expected keys against the effects (null: nothing ran, every expected key differs). */
function compared(testCase: HookTestCase, effects: Record<string, unknown> | null, errors: readonly string[]): CaseReport {
  const diff: CaseReport["diff"][number][] = [];
  for (const [key, expected] of Object.entries(testCase.expect)) {
    const actual = effects === null ? undefined : effects[key];
    if (!isDeepStrictEqual(actual, expected)) diff.push({ key, expected, actual });
  }
  return { name: testCase.name, ok: diff.length === 0, diff, errors };
}

/** The effects that are words, not what the agent does. */
const TEXTS: ReadonlySet<string> = new Set(["tool_result", "model_context", "notices", "stop_reason"]);

const displayName = (agent: AgentName): string => dialectNamed(agent)?.displayName ?? agent;

/**
 * The one line a hook author wants when an agent applies the answers otherwise than expected: a
 * deny or block that does not stop the action there, a stop that does not stop, a rewrite dropped.
 */
function verdictChange(agentName: string, diff: CaseReport["diff"]): string | null {
  const of = (key: string) => diff.find((d) => d.key === key);
  const decision = of("decision");
  const blocked = of("blocked");
  if ((decision?.expected === "deny" || blocked?.expected === true) && (blocked === undefined ? decision?.actual !== "deny" : blocked.actual !== true)) {
    return `under ${agentName} this ${decision?.expected === "deny" ? "deny" : "block"} fails open: the action goes ahead`;
  }
  if (decision !== undefined) return `under ${agentName} the decision is ${JSON.stringify(decision.actual ?? null)}, not ${JSON.stringify(decision.expected)}`;
  const stopped = of("stopped");
  if (stopped?.expected === true && stopped.actual !== true) return `under ${agentName} the agent does not stop`;
  const toolInput = of("tool_input");
  if (toolInput !== undefined) return `under ${agentName} the tool gets another input`;
  return blocked === undefined && diff.every((d) => TEXTS.has(d.key)) ? `under ${agentName} the verdict holds; what the model or the user reads differs` : null;
}

const show = (value: unknown): string => JSON.stringify(value, null, 2)?.replace(/\n/g, "\n        ") ?? "undefined";

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { agent: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    io.stderr.write(`test: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (parsed.values.help === true) {
    io.stdout.write(HELP);
    return 0;
  }
  const agentText = parsed.values.agent;
  if (agentText !== undefined && agentText !== ALL && !isAgentName(agentText)) {
    io.stderr.write(`test: unknown agent ${shown(agentText)}\n`);
    return 2;
  }
  const paths = parsed.positionals.length === 0 ? ["."] : parsed.positionals;
  const missing = paths.find((path) => {
    try {
      return statSync(path, { throwIfNoEntry: false }) === undefined;
    } catch {
      return false; // a symlink loop or no permission: the reading names it
    }
  });
  if (missing !== undefined) {
    io.stderr.write(`test: ${missing}: no such file or directory\n`);
    return 2;
  }
  const files = testFiles(paths);
  if (files.length === 0) {
    io.stderr.write(`test: no *.hooktest.json in ${paths.join(", ")}\n`);
    return 1;
  }
  const reports: FileReport[] = [];
  for (const file of files) reports.push(...(await runFile(file, agentText as AgentName | typeof ALL | undefined)));
  const passed = reports.reduce((n, r) => n + r.cases.filter((c) => c.ok).length, 0);
  const failed = reports.reduce((n, r) => n + r.cases.filter((c) => !c.ok).length + (r.problem === undefined ? 0 : 1), 0);
  if (parsed.values.json === true) {
    io.stdout.write(`${JSON.stringify({ passed, failed, files: reports }, null, 2)}\n`);
    return failed === 0 ? 0 : 1;
  }
  const s = styleFor(io.stdout, io.env);
  for (const report of reports) {
    const near = relative(".", report.file);
    const name = near === "" || near.startsWith("..") ? report.file : near;
    // which agent ran it, when asked for: the expected effects may be another agent's
    const as = agentText === undefined ? "" : ` ${s.dim(`[${displayName(report.agent)}${report.agent === report.expectedFor ? "" : `; expected: ${displayName(report.expectedFor)}'s`}]`)}`;
    if (report.problem !== undefined) {
      io.stdout.write(`${s.red("✗")} ${s.bold(name)}${as}: ${report.problem}\n`);
      continue;
    }
    for (const result of report.cases) {
      io.stdout.write(`${result.ok ? s.green("✓") : s.red("✗")} ${name} › ${result.name}${as}\n`);
      // the meaning line is for runs under a named agent; without --agent the output stays as it was
      const verdict = result.ok || agentText === undefined ? null : verdictChange(displayName(report.agent), result.diff);
      if (verdict !== null) io.stdout.write(`    ${s.bold(verdict)}\n`);
      for (const { key, expected, actual } of result.diff) {
        io.stdout.write(`    ${s.bold(key)}\n      ${s.green("- expected")} ${show(expected)}\n      ${s.red("+ actual")}   ${show(actual)}\n`);
      }
      if (!result.ok) for (const error of result.errors) io.stdout.write(`    ${s.dim(`note: ${error}`)}\n`);
    }
  }
  io.stdout.write(`\n${failed === 0 ? s.green(`${passed} passed`) : `${s.red(`${failed} failed`)}, ${passed} passed`}\n`);
  return failed === 0 ? 0 : 1;
}
