/**
 * The page (site/dist/index.html, built by site/build.ts): a hook answer and
 * an event, and per agent what `validate --agent <id>` decides
 * (src/cli/validate-decision.ts, the same function), what happens, the text
 * the model gets, and where the agent lets through what the reference
 * agent (the registry's default) enforces; below, every agent's capability
 * matrix with its provenance. Every agent comes from the registry: nothing
 * here names one.
 *
 * Stable hooks: the fragment `#event=EVENT&output=<encodeURIComponent(answer)>`
 * (optionally `&exit=N&stderr=...&input=<JSON of the event input>`) selects
 * the case; `[data-agent][data-accepted]` per verdict, `[data-capability]`
 * with `data-support` per claim. Everything is built with textContent: a
 * pasted answer is text, never markup.
 */
import { AGENTS } from "../../src/agents.js";
import { DEFAULT_AGENT } from "../../src/core/agents.js";
import { allCapabilities } from "../../src/agent-capabilities.js";
import { ANSWER_KINDS, type CapabilityClaim } from "../../src/core/capabilities.js";
import type { CanonicalAnswer } from "../../src/core/judge.js";
import type { MergeEffects } from "../../src/core/records.js";
import { isJsonObject, toNullPrototype, type JsonObject } from "../../src/json/value.js";
import { canonicalEvent } from "../../src/cli/event-option.js";
import { decideAcrossAgents, type AcrossAgentsDecision } from "../../src/cli/validate-decision.js";
import type { PageCase } from "./cases.js";

type Attributes = Readonly<Record<string, string>>;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: (Node | string | null)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

const DIALECTS = AGENTS.map((agent) => agent.dialect);
/** The agent the others are compared with: the registry's default (`validate --agent` compares with it). */
const REFERENCE = DIALECTS.find((d) => d.agent === DEFAULT_AGENT)!.displayName;
/** The canonical events, in registry order (the default agent's first). */
const EVENTS = [...new Set(DIALECTS.flatMap((d) => d.events.flatMap((e) => (e.canonical === null ? [] : [e.canonical]))))];
const CASES = JSON.parse(document.getElementById("cases")!.textContent!) as PageCase[];

/** The case the fragment names. */
interface Selected {
  readonly event: string;
  readonly output: string;
  readonly exit: string;
  readonly stderr: string;
  readonly input: string;
}

function readFragment(): Selected {
  const params = new URLSearchParams(location.hash.slice(1));
  // URLSearchParams reads + as a space; the fragment is encodeURIComponent's, where + is itself
  const get = (name: string): string => {
    for (const part of location.hash.slice(1).split("&")) {
      const at = part.indexOf("=");
      if ((at === -1 ? part : part.slice(0, at)) !== name) continue;
      try {
        return decodeURIComponent(at === -1 ? "" : part.slice(at + 1));
      } catch {
        return params.get(name) ?? "";
      }
    }
    return "";
  };
  return { event: get("event") || EVENTS[0]!, output: get("output"), exit: get("exit") || "0", stderr: get("stderr"), input: get("input") };
}

function fragmentOf(s: Selected): string {
  const parts = [`event=${encodeURIComponent(s.event)}`, `output=${encodeURIComponent(s.output)}`];
  if (s.exit !== "0") parts.push(`exit=${encodeURIComponent(s.exit)}`);
  if (s.stderr !== "") parts.push(`stderr=${encodeURIComponent(s.stderr)}`);
  if (s.input !== "") parts.push(`input=${encodeURIComponent(s.input)}`);
  return `#${parts.join("&")}`;
}

type Decided = { readonly ok: true; readonly decision: AcrossAgentsDecision; readonly event: string } | { readonly ok: false; readonly exit: 2; readonly message: string };

/** `validate --agent <dialect's agent> --event EVENT [--exit N] [--stderr S] [--input FILE]` on the output. */
function decide(dialect: (typeof DIALECTS)[number], s: Selected): Decided {
  const resolved = canonicalEvent([dialect], s.event);
  if (!resolved.ok) return { ok: false, exit: 2, message: resolved.message };
  const exit = Number(s.exit);
  // the command line's check of --exit
  if (!Number.isInteger(exit) || exit < 0 || exit > 255) return { ok: false, exit: 2, message: `the exit code is 0-255, not ${JSON.stringify(s.exit)}` };
  let input: JsonObject | undefined;
  if (s.input.trim() !== "") {
    let parsed: unknown = null;
    try {
      parsed = toNullPrototype(JSON.parse(s.input));
    } catch {
      parsed = null;
    }
    if (!isJsonObject(parsed as never)) return { ok: false, exit: 2, message: "the event input is not a JSON object" };
    input = parsed as JsonObject;
  }
  const answer: CanonicalAnswer = { event: resolved.canonical, exit, stdout: s.output, stderr: s.stderr, ...(input !== undefined ? { input } : {}) };
  try {
    return { ok: true, decision: decideAcrossAgents(answer, [dialect]), event: resolved.canonical };
  } catch (error) {
    // the decision never throws on the command line; here a Node built-in the page lacks would (site/src/builtins.ts)
    return { ok: false, exit: 2, message: `the page cannot decide this case: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** What happens, in the capabilities' words. */
function whatHappens(effects: MergeEffects, input: JsonObject | undefined): string[] {
  const out: string[] = [];
  if (effects.decision === "deny") out.push("deny: the tool call does not run");
  else if (effects.decision === "ask") out.push("ask: the user is asked");
  else if (effects.decision === "allow") out.push("allow: runs without asking");
  else if (effects.decision === "defer") out.push("defer: the permission is decided later");
  if (effects.blocked && effects.decision !== "deny") out.push("block");
  const before = input?.["tool_input"];
  if (effects.tool_input !== null && before !== undefined && JSON.stringify(effects.tool_input) !== JSON.stringify(before)) out.push("rewrite: the tool runs with other input");
  if (effects.prompt !== undefined && effects.prompt !== null) out.push("rewrite: the model gets another prompt");
  if (effects.model_context.length > 0) out.push(`context: ${effects.model_context.length} text(s) for the model`);
  if (effects.stopped) out.push("stop: the agent loop stops");
  if (effects.continues === true) out.push("the turn goes on");
  if (effects.notices.length > 0) out.push("message: the user is shown text");
  return out.length === 0 ? ["nothing: the agent goes on as if no hook ran"] : out;
}

function texts(label: string, field: string, values: readonly string[]): HTMLElement | null {
  if (values.length === 0) return null;
  return el("div", { class: "texts" }, el("h4", {}, label), ...values.map((v) => el("pre", { "data-field": field }, v)));
}

function verdict(dialect: (typeof DIALECTS)[number], s: Selected): HTMLElement {
  const decided = decide(dialect, s);
  const head = el("h3", {}, `${dialect.displayName} ${dialect.version}`);
  if (!decided.ok) {
    return el("section", { class: "verdict refused", "data-agent": dialect.agent, "data-accepted": "false", "data-exit": "2" }, head, el("p", { class: "bad" }, `not checked (exit 2): ${decided.message}`));
  }
  const { report, exit } = decided.decision;
  const judgement = report.agents[0]!;
  const letsThrough = report.lets_through.filter((l) => l.agent === dialect.agent);
  const status = exit === 0 ? "accepted" : exit === 3 ? `lets through what ${REFERENCE} enforces` : "not accepted";
  const section = el(
    "section",
    { class: `verdict exit-${exit}`, "data-agent": dialect.agent, "data-accepted": String(exit === 0), "data-exit": String(exit), "data-lets-through": String(letsThrough.length > 0) },
    head,
    el("p", { class: "event" }, judgement.event === null ? `no event for ${decided.event}: the hook never runs` : `as ${judgement.event}`),
    el("p", { class: `status ${exit === 0 ? "good" : "bad"}` }, `${status} (validate --agent ${dialect.agent} exits ${exit})`),
  );
  const input = s.input.trim() === "" ? undefined : (toNullPrototype(JSON.parse(s.input)) as JsonObject);
  const effects = judgement.effects;
  if (effects !== null) {
    section.append(el("h4", {}, "what happens"), el("ul", { "data-field": "what-happens" }, ...whatHappens(effects, input).map((w) => el("li", {}, w))));
    const told = texts("the model is told", "tool_result", effects.tool_result === null ? [] : [effects.tool_result]);
    const context = texts("added to the model's context", "model_context", effects.model_context);
    const notices = texts("the user sees", "notices", effects.notices);
    const stop = texts("stop reason", "stop_reason", effects.stop_reason === null ? [] : [effects.stop_reason]);
    const prompt = texts("the model's prompt instead", "prompt", effects.prompt === undefined || effects.prompt === null ? [] : [effects.prompt]);
    const rewrite = texts("the tool runs with", "tool_input", effects.tool_input === null || input?.["tool_input"] === undefined || JSON.stringify(effects.tool_input) === JSON.stringify(input["tool_input"]) ? [] : [JSON.stringify(effects.tool_input, null, 2)]);
    section.append(...[told, context, notices, stop, prompt, rewrite].filter((x): x is HTMLElement => x !== null));
  }
  section.append(...[texts("the agent's own words on it", "problems", judgement.problems)].filter((x): x is HTMLElement => x !== null));
  if (letsThrough.length > 0) section.append(el("div", { class: "lets-through", "data-field": "lets-through" }, el("h4", {}, `lets through what ${REFERENCE} enforces`), ...letsThrough.map((l) => el("p", {}, l.why))));
  const divergences = judgement.divergences.filter((d) => !letsThrough.some((l) => l.why === d.message));
  if (divergences.length > 0) section.append(el("h4", {}, `differs from ${REFERENCE}`), el("ul", { "data-field": "divergences" }, ...divergences.map((d) => el("li", {}, `[${d.code}] ${d.message}`))));
  const unverified = report.unverified.filter((u) => u.agent === dialect.agent);
  if (unverified.length > 0) section.append(el("h4", {}, "unverified"), el("ul", { "data-field": "unverified" }, ...unverified.map((u) => el("li", {}, u.why))));
  return section;
}

const SUPPORT_WORDS: Readonly<Record<string, string>> = { enforced: "yes", ignored: "ignored", "fails-open": "fails open", unsupported: "no" };

function claimCell(agent: string, event: string, kind: string, claim: CapabilityClaim | undefined): HTMLElement {
  if (claim === undefined) return el("td", {});
  const level = claim.support === "degraded" ? `→ ${claim.as ?? "?"}` : (SUPPORT_WORDS[claim.support] ?? claim.support);
  const cell = el("td", { "data-capability": `${agent}/${event}/${kind}`, "data-support": claim.support, "data-basis": claim.basis, class: `support-${claim.support}` }, level);
  if (claim.basis === "recorded") {
    // the page sits in site/dist/: the vectors are two directories up, in the clone
    claim.vectors.forEach((path, i) => cell.append(" ", el("a", { href: `../../${path}`, title: path, "data-vector": path }, `${i + 1}`)));
  } else {
    cell.append(" ", el("span", { class: "unverified", title: `${claim.basis} only: no recording shows it` }, `(${claim.basis}, unverified)`));
  }
  if (claim.note !== undefined) cell.title = claim.note;
  return cell;
}

function matrix(): HTMLElement {
  const out = el("div", { id: "capabilities" });
  for (const caps of allCapabilities()) {
    const dialect = DIALECTS.find((d) => d.agent === caps.agent);
    const rows = Object.entries(caps.events).map(([event, answers]) => {
      const canonical = dialect?.events.find((e) => e.name === event)?.canonical ?? null;
      return el("tr", {}, el("th", { scope: "row" }, canonical === null || canonical === event ? event : `${event} (${canonical})`), ...ANSWER_KINDS.map((kind) => claimCell(caps.agent, event, kind, answers[kind])));
    });
    out.append(
      el("h3", {}, `${dialect?.displayName ?? caps.agent} ${caps.version}`),
      el("table", { "data-agent-capabilities": caps.agent }, el("thead", {}, el("tr", {}, el("th", {}, "event"), ...ANSWER_KINDS.map((k) => el("th", { scope: "col" }, k)))), el("tbody", {}, ...rows)),
    );
  }
  return out;
}

const form = {
  event: document.getElementById("event") as HTMLSelectElement,
  output: document.getElementById("output") as HTMLTextAreaElement,
  exit: document.getElementById("exit") as HTMLInputElement,
  stderr: document.getElementById("stderr") as HTMLTextAreaElement,
  input: document.getElementById("input") as HTMLTextAreaElement,
  sample: document.getElementById("sample") as HTMLSelectElement,
};
const verdicts = document.getElementById("verdicts")!;

function fromForm(): Selected {
  return { event: form.event.value, output: form.output.value, exit: form.exit.value.trim() || "0", stderr: form.stderr.value, input: form.input.value };
}

function fillSamples(event: string): void {
  const options = CASES.flatMap((c, i) => (c.event === event ? [el("option", { value: String(i) }, `${c.source === "sample" ? "sample" : c.source.replace(/^test\/vectors\/merge\//, "")}: ${c.exit === 0 ? "" : `exit ${c.exit} `}${c.stdout.slice(0, 80) || "(no stdout)"}`)] : []));
  form.sample.replaceChildren(el("option", { value: "" }, `${options.length} recorded and sample answers for ${event}…`), ...options);
}

function render(s: Selected): void {
  if (![...form.event.options].some((o) => o.value === s.event)) form.event.append(el("option", { value: s.event }, s.event));
  if (form.event.value !== s.event || form.sample.dataset["event"] !== s.event) {
    form.event.value = s.event;
    fillSamples(s.event);
    form.sample.dataset["event"] = s.event;
  }
  form.output.value = s.output;
  form.exit.value = s.exit;
  form.stderr.value = s.stderr;
  form.input.value = s.input;
  verdicts.replaceChildren(...DIALECTS.map((dialect) => verdict(dialect, s)));
  document.body.dataset["case"] = fragmentOf(s);
}

function select(s: Selected): void {
  history.replaceState(null, "", fragmentOf(s));
  render(s);
}

form.event.replaceChildren(...EVENTS.map((e) => el("option", { value: e }, e)));
for (const field of [form.event, form.output, form.exit, form.stderr, form.input]) field.addEventListener("input", () => select(fromForm()));
form.sample.addEventListener("change", () => {
  const picked = CASES[Number(form.sample.value)];
  if (form.sample.value === "" || picked === undefined) return;
  select({ event: picked.event, output: picked.stdout, exit: String(picked.exit), stderr: picked.stderr, input: picked.input === undefined ? "" : JSON.stringify(picked.input) });
});
window.addEventListener("hashchange", () => render(readFragment()));
document.getElementById("capabilities-here")!.replaceWith(matrix());
render(readFragment());
document.body.dataset["ready"] = "true";
