/**
 * The answers the page offers to pick (and test/site.test.ts checks): every
 * one-hook output recorded in test/vectors/merge/<agent>/<Event>/*.json, under
 * its canonical event (the recording agent's event table says which), with
 * the tool call it answered; then hand-written samples of the forms the
 * recordings lack. Inputs only: what each agent makes of them is computed,
 * never stored here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { isAgentName } from "../../src/core/agents.js";
import { dialectOf } from "../../src/dialects.js";

export interface PageCase {
  /** The canonical event (the default agent's name). */
  readonly event: string;
  readonly exit: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The tool call the hook answered (`tool_name`, `tool_input`), when the recording has one. */
  readonly input?: { readonly tool_name?: string; readonly tool_input?: unknown };
  /** Where it comes from: the vector's path, or `sample`. */
  readonly source: string;
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const VECTORS = join(ROOT, "test", "vectors", "merge");

function vectorFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => (entry.isDirectory() ? vectorFiles(join(dir, entry.name)) : entry.name.endsWith(".json") ? [join(dir, entry.name)] : []));
}

const PRE_TOOL_USE_BASH = { tool_name: "Bash", tool_input: { command: "rm -rf build" } } as const;

/** Forms the recordings lack or a newcomer writes first. */
const SAMPLES: readonly Omit<PageCase, "source">[] = [
  { event: "PreToolUse", exit: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is blocked"}}', stderr: "", input: PRE_TOOL_USE_BASH },
  { event: "PreToolUse", exit: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"are you sure?"}}', stderr: "", input: PRE_TOOL_USE_BASH },
  { event: "PreToolUse", exit: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"rm -r build"}}}', stderr: "", input: PRE_TOOL_USE_BASH },
  { event: "PreToolUse", exit: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"build/ is generated"}}', stderr: "", input: PRE_TOOL_USE_BASH },
  { event: "PreToolUse", exit: 0, stdout: '{"decision":"block","reason":"legacy block"}', stderr: "", input: PRE_TOOL_USE_BASH },
  { event: "PreToolUse", exit: 2, stdout: "", stderr: "rm -rf is blocked", input: PRE_TOOL_USE_BASH },
  { event: "PreToolUse", exit: 1, stdout: "", stderr: "the hook crashed", input: PRE_TOOL_USE_BASH },
  { event: "PreToolUse", exit: 0, stdout: '{"continue":"no"}', stderr: "", input: PRE_TOOL_USE_BASH },
  { event: "PreToolUse", exit: 0, stdout: '{"continue":false,"stopReason":"done for today"}', stderr: "", input: PRE_TOOL_USE_BASH },
  { event: "PreToolUse", exit: 0, stdout: '{"hookSpecificOutput":{"permissionDecision":"deny"}}', stderr: "", input: PRE_TOOL_USE_BASH },
  { event: "PreToolUse", exit: 0, stdout: "plain text, not JSON", stderr: "" },
  { event: "PreToolUse", exit: 0, stdout: '{"systemMessage":"checked by the hook"}', stderr: "" },
  { event: "PostToolUse", exit: 0, stdout: '{"decision":"block","reason":"the build output changed"}', stderr: "", input: PRE_TOOL_USE_BASH },
  { event: "PostToolUse", exit: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"lint passed"}}', stderr: "" },
  { event: "UserPromptSubmit", exit: 0, stdout: '{"decision":"block","reason":"no secrets in prompts"}', stderr: "" },
  { event: "UserPromptSubmit", exit: 0, stdout: "the project uses npm", stderr: "" },
  { event: "UserPromptSubmit", exit: 2, stdout: "", stderr: "prompt refused" },
  { event: "Stop", exit: 0, stdout: '{"decision":"block","reason":"the tests fail: fix them first"}', stderr: "" },
  { event: "Stop", exit: 0, stdout: "", stderr: "" },
  { event: "SessionStart", exit: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"branch: main"}}', stderr: "" },
  { event: "Notification", exit: 0, stdout: "{}", stderr: "" },
  { event: "PreCompact", exit: 2, stdout: "", stderr: "not now" },
  // markup in a reason is text on the page, never an element
  { event: "PreToolUse", exit: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"<img src=x onerror=alert(1)></pre><script>alert(2)</script>"}}', stderr: "", input: PRE_TOOL_USE_BASH },
];

/** Every distinct recorded one-hook answer, then the samples; in a stable order. */
export function pageCases(): PageCase[] {
  const seen = new Set<string>();
  const cases: PageCase[] = [];
  const add = (c: PageCase): void => {
    const key = JSON.stringify([c.event, c.exit, c.stdout, c.stderr, c.input ?? null]);
    if (seen.has(key)) return;
    seen.add(key);
    cases.push(c);
  };
  for (const file of vectorFiles(VECTORS)) {
    const agent = relative(VECTORS, file).split("/")[0]!;
    const dialect = isAgentName(agent) ? dialectOf(agent) : undefined;
    if (dialect === undefined) continue; // recorded before the agent has a dialect
    const vector = JSON.parse(readFileSync(file, "utf8")) as { request?: { event?: string; tool_name?: string; tool_input?: unknown; hooks?: { exit?: number; stdout?: string; stderr?: string }[] } };
    const request = vector.request;
    const hook = request?.hooks?.length === 1 ? request.hooks[0]! : undefined;
    if (request === undefined || hook === undefined || typeof hook.exit !== "number" || typeof hook.stdout !== "string" || typeof hook.stderr !== "string") continue;
    const canonical = dialect.events.find((e) => e.name === request.event)?.canonical ?? null;
    if (canonical === null) continue; // the agent's own event: no counterpart to compare
    const input = {
      ...(typeof request.tool_name === "string" ? { tool_name: request.tool_name } : {}),
      ...(request.tool_input !== undefined ? { tool_input: request.tool_input } : {}),
    };
    add({ event: canonical, exit: hook.exit, stdout: hook.stdout, stderr: hook.stderr, ...(Object.keys(input).length > 0 ? { input } : {}), source: relative(ROOT, file) });
  }
  for (const sample of SAMPLES) add({ ...sample, source: "sample" });
  return cases;
}
