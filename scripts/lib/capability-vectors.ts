/**
 * Which recorded vectors show what about which capability claim: for every
 * one-hook vector of an agent (test/vectors/merge/<agent>/), the answer kind
 * its hook gave, told by the form the kit writes for that kind on that event
 * (the dialect's `writeIntent`; for a claim of `unsupported`, Claude Code's
 * form of the answer, the one a hook author would try) and the support its
 * recorded effects show, when they settle it (`conclusiveSupport`). Read by
 * test/capabilities.test.ts (no claim contradicts a vector) and
 * scripts/suggest-capability-vectors.ts (which vectors could back a claim).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentName } from "../../src/core/agents.js";
import { ANSWER_KINDS, type AgentCapabilities, type AnswerKind } from "../../src/core/capabilities.js";
import { ANSWER_INTENTS } from "../../src/core/derived-claims.js";
import { conclusiveSupport, type ShownSupport } from "../../src/core/capability-evidence.js";
import type { WrittenAnswer } from "../../src/core/intent.js";
import { dialectOf } from "../../src/dialects.js";

/** One answer of each kind as the kit's helpers give it (texts are placeholders: any non-empty text matches); src/core/derived-claims.ts derives the claims no recording shows from the same answers. */
export const INTENTS = ANSWER_INTENTS;
const PLACEHOLDERS = new Set(["R", "C", "M"]);
/** Claude Code's top-level fields for a block and a stop, which any event's output may carry (the form a hook author would try where the kit writes none). */
const TOP_LEVEL_FORMS: Partial<Record<AnswerKind, WrittenAnswer>> = {
  block: { exit: 0, stdout: JSON.stringify({ decision: "block", reason: "R" }), stderr: "" },
  stop: { exit: 0, stdout: JSON.stringify({ continue: false, stopReason: "R" }), stderr: "" },
};
const INPUT_KEYS = new Set(["updatedInput", "tool_input", "modifiedArgs"]);

export interface RecordedVector {
  readonly path: string;
  readonly request: { readonly event: string; readonly input?: Record<string, unknown>; readonly tool_input?: unknown; readonly hooks: readonly { readonly exit: number; readonly stdout: string; readonly stderr?: string; readonly async?: boolean }[] };
  readonly expected?: { readonly effects?: Record<string, unknown> };
  /** The extractor could not read the recording as one merge request: it shows nothing. */
  readonly skip_reason?: string;
}

export interface VectorEvidence {
  readonly path: string;
  readonly event: string;
  readonly kind: AnswerKind;
  /** The hook wrote Claude Code's form of the answer, the agent's writer having none. */
  readonly claudeCodeForm: boolean;
  readonly shows: ShownSupport;
}

export function vectorsOf(agent: AgentName): RecordedVector[] {
  const root = `test/vectors/merge/${agent}`;
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(root, dir.name))
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => ({ path: `${root}/${dir.name}/${f}`, ...(JSON.parse(readFileSync(join(root, dir.name, f), "utf8")) as Omit<RecordedVector, "path">) })),
    );
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A reason the kit's form of an allow, a context, a stop or a message leaves out, that changes nothing beside them. */
const OPTIONAL_REASONS = new Set(["reason", "permissionDecisionReason"]);
/** Longer texts meet the agents' truncation rules, which are claims of their own. */
const PLAIN_TEXT_LIMIT = 2000;

/**
 * `output` is `form`: the same keys and values, a placeholder text any plain non-empty text
 * (well-formed, at most {@link PLAIN_TEXT_LIMIT} long), a rewritten input any object, and
 * nothing more but a reason beside an answer that takes none.
 */
function sameAnswer(output: unknown, form: unknown, takesReason: boolean, original: Record<string, unknown> | null, key = ""): boolean {
  if (INPUT_KEYS.has(key)) return plausibleRewrite(output, original);
  if (typeof form === "string" && PLACEHOLDERS.has(form)) return typeof output === "string" && output.trim() !== "" && output.length <= PLAIN_TEXT_LIMIT && !/[\uD800-\uDFFF]/u.test(output);
  if (isObject(form)) {
    if (!isObject(output)) return false;
    const extra = Object.keys(output).filter((k) => !Object.prototype.hasOwnProperty.call(form, k));
    if (extra.some((k) => takesReason || !OPTIONAL_REASONS.has(k) || typeof output[k] !== "string")) return false;
    return Object.entries(form).every(([k, v]) => Object.prototype.hasOwnProperty.call(output, k) && sameAnswer(output[k], v, takesReason, original, k));
  }
  return JSON.stringify(output) === JSON.stringify(form);
}

/** Fields a tool's input carries to explain the call to the user, which a rewrite may leave out. */
const EXPLANATIONS = new Set(["description", "riskLevel", "riskLevelReason"]);

/**
 * A rewritten input the tool would take, as the kit's rewrite of a call is: the original's
 * fields with values of the same JSON types, an explanation left out at most. Other inputs
 * (unknown, missing or mistyped fields) meet the agents' input checks, which are claims of
 * their own.
 */
function plausibleRewrite(rewrite: unknown, original: Record<string, unknown> | null): boolean {
  if (!isObject(rewrite) || original === null) return false;
  const type = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);
  const keys = Object.keys(rewrite);
  if (keys.length === 0 || keys.some((k) => !Object.prototype.hasOwnProperty.call(original, k) || type(rewrite[k]) !== type(original[k]))) return false;
  return Object.keys(original).every((k) => keys.includes(k) || EXPLANATIONS.has(k));
}

/** The tool input the agent gave the hook (Copilot CLI's `toolArgs` is a JSON text), or null. */
function originalInput(request: RecordedVector["request"]): Record<string, unknown> | null {
  const where = [request.tool_input, request.input?.["tool_input"], request.input?.["toolArgs"], request.input?.["tool_args"]];
  for (const value of where) {
    const parsed = typeof value === "string" ? parse(value) : value;
    if (isObject(parsed)) return parsed;
  }
  return null;
}

/** The hook's exit and stdout are `form`'s (a JSON form: the same answer; an exit-2 form: the same exit, no stdout, a reason on stderr as the form has one). */
function answersAs(hook: RecordedVector["request"]["hooks"][number], form: WrittenAnswer, kind: AnswerKind, original: Record<string, unknown> | null): boolean {
  if (hook.exit !== form.exit || hook.async === true) return false;
  if (form.stdout.trim() === "") return hook.stdout.trim() === "" && (form.stderr.trim() === "") === ((hook.stderr ?? "").trim() === "");
  return sameAnswer(parse(hook.stdout), parse(form.stdout), kind === "deny" || kind === "ask" || kind === "block", original);
}

/**
 * An explanation field (droid's riskLevel and riskLevelReason, a description) that the input the
 * tool ran with lacks is left out of the hook's answer before the two are compared: droid drops
 * the risk fields of a rewrite that changes the command (pre-p19, pre-p20; the recorded input is
 * the whole one a PostToolUse witness received, dr-sub-pre-rewrite), so their absence is not
 * evidence that the rewrite was ignored.
 */
function withoutDroppedExplanations(stdout: string, effects: Record<string, unknown>): string {
  const ran = effects["tool_input"];
  const output = parse(stdout);
  if (!isObject(ran) || !isObject(output)) return stdout;
  const strip = (value: unknown): unknown => {
    if (!isObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "updatedInput" && isObject(v) ? Object.fromEntries(Object.entries(v).filter(([f]) => !EXPLANATIONS.has(f) || Object.prototype.hasOwnProperty.call(ran, f))) : strip(v)]));
  };
  return JSON.stringify(strip(output));
}

/** An event without a tool call has no tool result or input a hook could change: a recording that leaves them out leaves out nothing. */
function withoutTool(request: RecordedVector["request"], effects: Record<string, unknown>): Record<string, unknown> {
  if (originalInput(request) !== null || request.input?.["tool_name"] !== undefined || request.input?.["toolName"] !== undefined) return effects;
  return { tool_result: null, tool_input: null, ...effects };
}

/**
 * What each one-hook vector of `caps.agent` shows about the kind its hook answered: a hook
 * that said more than one answer's form (a deny with context, a stop beside a block) shows
 * nothing, its effects cannot be told apart.
 */
export function evidenceOf(caps: AgentCapabilities): VectorEvidence[] {
  const dialect = dialectOf(caps.agent)!;
  const claudeCode = dialectOf("claude-code")!;
  const canonical = new Map(dialect.events.map((event) => [event.name, event.canonical]));
  const evidence: VectorEvidence[] = [];
  for (const vector of vectorsOf(caps.agent)) {
    const { event, hooks } = vector.request;
    const answers = caps.events[event];
    const effects = vector.expected?.effects;
    if (answers === undefined || hooks.length !== 1 || effects === undefined || vector.skip_reason !== undefined) continue;
    const forms = new Map<AnswerKind, { form: WrittenAnswer; claudeCodeForm: boolean }>();
    for (const kind of ANSWER_KINDS) {
      if (answers[kind] === undefined) continue;
      const own = dialect.writeIntent?.(event, INTENTS[kind]);
      if (own?.ok === true) forms.set(kind, { form: own.answer, claudeCodeForm: false });
      else {
        const theirs = canonical.get(event) ? claudeCode.writeIntent?.(canonical.get(event)!, INTENTS[kind]) : undefined;
        if (theirs?.ok === true) forms.set(kind, { form: theirs.answer, claudeCodeForm: true });
        // an answer no writer has a form for on this event: the top-level field every Claude Code output may carry
        else if (answers[kind]!.support === "unsupported" && TOP_LEVEL_FORMS[kind] !== undefined) forms.set(kind, { form: TOP_LEVEL_FORMS[kind]!, claudeCodeForm: true });
      }
    }
    const hook = hooks[0]!;
    for (const [kind, { form, claudeCodeForm }] of forms) {
      if (!answersAs(hook, form, kind, originalInput(vector.request))) continue;
      const shows = conclusiveSupport(kind, kind === "rewrite" ? withoutDroppedExplanations(hook.stdout, effects) : hook.stdout, withoutTool(vector.request, effects) as never);
      if (shows !== null) evidence.push({ path: vector.path, event, kind, claudeCodeForm, shows });
    }
  }
  return evidence;
}

/** The level a claim states, in the form `shownSupport` gives; a claim of `unsupported` is shown by Claude Code's form having no effect. */
export function claimedAs(claim: { readonly support: string; readonly as?: AnswerKind }): ShownSupport {
  return claim.support === "unsupported" ? { support: "ignored" } : { support: claim.support as ShownSupport["support"], ...(claim.as === undefined ? {} : { as: claim.as }) };
}
