/**
 * Recorded Claude Code observations → language-neutral merge vectors.
 *
 *   tsx scripts/extract-merge-vectors.ts [--check]
 *
 * Reads test/observer/claude-code/observed/*.json (and the read-stdout and merge probes under
 * test/observer/claude-code/probes/observed/) and writes test/vectors/merge/claude-code/<Event>/<rule>.json:
 * {description, scenario, source, request, expected: {effects}, skip_reason?, notes?}.
 * A vector is named by the rule it shows (`PreToolUse/deny-then-allow`), not
 * by the history of its recording; `scenario` names the recording.
 *
 * The request is what the hooks did (the scenario's scripted output, ordered
 * by the recorded completion times); the expected effects are read from what
 * Claude Code did (outcome, stream events, transcript), never from our merge.
 * test/vectors/merge/README.md documents the mapping. `--check` writes
 * nothing and exits 1 if a vector file would change.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { loadObservations, scriptedOutput, shortDescription, type OutputPart } from "./lib/observations.js";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

interface ScenarioHook {
  stdout?: string;
  stderr?: string;
  stdout_parts?: OutputPart[];
  stderr_parts?: OutputPart[];
  pre_stdout?: string;
  exit?: number;
  delay_ms?: number;
  timeout?: number;
  event?: string;
  source?: string;
  handler_extra?: Obj;
  same_command_as?: number;
  /** issue 18: a PostToolUse(Failure) hook that only records the input the tool ran with; not part of the request */
  witness?: boolean;
}
interface Scenario {
  name: string;
  description?: string;
  event?: string;
  tool?: string;
  hooks: ScenarioHook[];
  allowed_tools?: string[];
  ask_answer?: Json;
  prompt?: string;
  prompts?: string[];
  files?: Record<string, string>;
  model_turns?: Json[];
  subagent_turns?: Json[];
  tool_call?: boolean;
  permission_mode?: string;
}
interface StreamEvent {
  type: string;
  subtype?: string;
  content?: string;
  text?: string;
  message?: string;
  tag?: string;
  decision_reason_type?: string | null;
  prompt_submit_outcome?: { kind: string; reason?: string };
}
interface Observation {
  name: string;
  description?: string;
  scenario: Scenario;
  hooks: { index: number; command: string; invocations: number; start_ms: number[]; end_ms: number[]; stdin_first: Json }[];
  hook_events: { subtype: string; outcome?: string }[];
  stream_user_messages?: { content?: { type?: string; content?: Json }[] | string }[];
  stream_system_other?: StreamEvent[];
  permission_prompts?: { input: Obj; decision_reason_type?: string }[];
  transcript: { type: string; subtype?: string; stopReason?: string; attachment?: Obj }[] | null;
  outcome: {
    tool_ran?: boolean;
    marker_lines?: string[];
    tool_result?: { content: Json; is_error: boolean } | null;
    context_added: string[][];
    model_requests: number;
    result: { terminal_reason?: string; result?: string } | null;
    transcript_hook_attachments: Obj[];
    subagent_context_added?: string[][];
    cli_stderr?: string;
  };
}

const ROOT = new URL("..", import.meta.url).pathname;
const OUT = "test/vectors/merge/claude-code";
const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionDenied"]);
/** Events that run beside the conversation, triggered in a scenario by a tool call that is not their subject (a `cd`, a file written, a permission prompt left open). */
const SIDE_EVENTS = new Set(["Notification", "InstructionsLoaded", "CwdChanged", "FileChanged", "ConfigChange", "DirectoryAdded", "MessageDisplay"]);
/** Blocks that are the conversation or the environment, not hook output: dropped whole. */
const NOT_HOOK_BLOCK = [
  /^This session is being continued from a previous conversation/,
  /^<system-reminder>\nCodebase and user instructions/,
  /^While auto mode is active/,
];

/** Paragraphs that are the conversation or the environment, not hook output. */
const NOT_HOOK_TEXT = [
  /^<local-command-caveat>/,
  /^<command-name>/,
  /^<command-message>/,
  /^# Environment update/,
  /^# Environment\n/, // the environment paragraph: a worktree session's is not the one the lab strips (cap-worktreeremove-*)
  /^ToolSearch is no longer available/,
  /^The following deferred tools are now available via ToolSearch/, // the tool list, when an MCP server's tools are deferred
  /^- [\w-]+: /,
  /^<local-command-(stdout|stderr)>/,
];

function hookTexts(entries: readonly string[], sc: Scenario): string[] {
  const prompts = new Set([sc.prompt ?? "do it", ...(sc.prompts ?? [])]);
  const commandBodies = Object.entries(sc.files ?? {})
    .filter(([p]) => p.startsWith(".claude/commands/"))
    // up to the arguments or a shell block: the expansion replaces either
    .map(([, body]) => body.replace(/^---[\s\S]*?---\n/, "").split("$ARGUMENTS")[0]!.split("!`")[0]!.trim())
    .filter((b) => b !== "");
  const out: string[] = [];
  for (const entry of entries) {
    const colon = entry.indexOf(": ");
    const role = entry.slice(0, colon);
    const text = entry.slice(colon + 2);
    if (role === "assistant") continue;
    if (role === "user" && prompts.has(text)) continue;
    if (role === "user" && commandBodies.some((b) => text.startsWith(b))) continue;
    if (NOT_HOOK_BLOCK.some((re) => re.test(text))) continue;
    // hook paragraphs can share a block with fixed ones (UserPromptExpansion context after the skill listing)
    out.push(...text.split("\n\n").filter((p) => !NOT_HOOK_TEXT.some((re) => re.test(p))));
  }
  return out;
}

const NOTICE_OF_HOOKS = (e: StreamEvent): boolean => {
  if (e.type !== "system") return false;
  if (e.subtype === "informational") return e.tag !== "auto_mode_no_server_check";
  if (e.subtype === "permission_denied") return e.decision_reason_type === "hook";
  if (e.subtype === "notification") return /^stop hook problem/.test(e.text ?? "");
  return false;
};

interface Vector {
  description: string;
  scenario: string;
  source: string;
  request: Obj;
  expected: { effects: Obj; async_context?: string[] };
  skip_reason?: string;
  notes?: string[];
}

/**
 * A tool event whose hooks ran for a subagent's tool call (the hook's stdin
 * carries `agent_id`; issue 25 `sub-*`): the effects are read from the
 * subagent's own requests and tool results, as the main loop's are for the
 * main agent's calls. Its transcript is not the recorded one: attachments are
 * left out, and a block is read from the subagent's next request instead.
 */
function subagentView(o: Observation): Observation {
  const out = o.outcome;
  const sub = out as Observation["outcome"] & { subagent_requests?: number; subagent_tool_results?: { content: Json; is_error: boolean }[] };
  const inSubagent = o.hooks.some((h) => h.invocations > 0 && typeof (h.stdin_first as Obj | null)?.["agent_id"] === "string");
  const event = o.scenario.event ?? "PreToolUse";
  if (!inSubagent || !TOOL_EVENTS.has(event) || sub.subagent_requests === undefined) return o;
  const results = sub.subagent_tool_results ?? [];
  const requests = sub.subagent_context_added ?? [];
  // the subagent's loop stops after the call when a hook said continue:false: no request carries its result
  const stopped = out.tool_ran === true && results.length === 0 && sub.subagent_requests <= 1;
  return {
    ...o,
    transcript: null,
    outcome: {
      ...out,
      tool_result: results[0] ?? null,
      context_added: requests,
      model_requests: sub.subagent_requests,
      result: { ...(out.result ?? {}), terminal_reason: stopped ? "hook_stopped" : "completed" },
      transcript_hook_attachments: requests.flat().some((t) => new RegExp(`^system: ${event}:\\w+ hook blocking error from command`).test(t))
        ? [{ type: "hook_blocking_error" }] : [],
    },
  };
}

/** The output of each local command (`/compact`, `/model`) the run shows the user, in order. */
function localCommandOutputs(out: Observation["outcome"]): string[] {
  return out.context_added.flat().map((t) => /^user: <local-command-(?:stdout|stderr)>([\s\S]*)<\/local-command-(?:stdout|stderr)>\n?$/.exec(t)?.[1]).filter((t): t is string => t !== undefined);
}

function extract(recorded: Observation, source: string): Vector {
  const o = subagentView(recorded);
  const sc = o.scenario;
  const notes: string[] = [];
  // the events of the hooks that ran (a hook of another event may never have been triggered)
  const eventOf = (h: ScenarioHook): string => h.event ?? sc.event ?? "PreToolUse";
  // a witness (PostToolUse/PostToolUseFailure hook that prints nothing) only records the input the tool ran with
  const counted = (k: number): boolean => sc.hooks[k]?.witness !== true;
  const ranEvents = [...new Set(sc.hooks.filter((_, k) => counted(k) && (o.hooks[k]?.invocations ?? 0) > 0).map(eventOf))];
  const events = ranEvents.length > 0 ? ranEvents : [...new Set(sc.hooks.filter((_, k) => counted(k)).map(eventOf))];
  const witnessed = o.hooks.filter((h, k) => !counted(k) && h.invocations > 0).map((h) => (h.stdin_first as Obj | null)?.["tool_input"]).find((v) => v !== undefined) as Obj | undefined;
  const event = events[0] ?? sc.event ?? "PreToolUse";
  const vector: Vector = {
    description: shortDescription(o.description ?? sc.description ?? ""),
    scenario: o.name,
    source,
    request: { event, hooks: [] },
    expected: { effects: {} },
  };
  if (events.length > 1) {
    vector.skip_reason = `hooks of several events (${events.join(", ")}) in one run; the merge covers one event`;
    return vector;
  }
  const calls = [...new Set(o.hooks.filter((h, k) => counted(k) && h.invocations > 0).map((h) => (h.stdin_first as Obj | null)?.["tool_use_id"]).filter((id) => typeof id === "string"))];
  if (calls.length > 1) {
    vector.skip_reason = `hooks of ${calls.length} tool calls (the main agent's and a subagent's) in one run; the merge covers one call`;
    return vector;
  }

  // ---- request: the hooks that ran, in completion order
  const ran = o.hooks
    .map((h, k) => ({ h, s: sc.hooks[k]!, k }))
    .filter(({ h, k }) => counted(k) && h.invocations > 0);
  const completion = ({ h, s }: (typeof ran)[number]): number => {
    const timeout = ((s.handler_extra?.["timeout"] as number | undefined) ?? s.timeout ?? 10) * 1000;
    return h.end_ms[0] ?? h.start_ms[0]! + timeout;
  };
  ran.sort((a, b) => completion(a) - completion(b));
  const hooks = ran.map(({ h, s }) => {
    const timeout = (s.handler_extra?.["timeout"] as number | undefined) ?? s.timeout ?? 10;
    const timedOut = h.end_ms.length === 0 || (s.delay_ms ?? 0) >= timeout * 1000;
    const entry: Obj = {
      command: h.command,
      exit: timedOut ? null : (s.exit ?? 0),
      stdout: timedOut ? "" : (s.pre_stdout ?? "") + scriptedOutput(s.stdout, s.stdout_parts),
      stderr: timedOut ? "" : scriptedOutput(s.stderr, s.stderr_parts),
    };
    if (timedOut) entry["timed_out"] = true;
    entry["source"] = s.source ?? "flag";
    entry["timeout"] = timeout;
    entry["config_index"] = sc.hooks.indexOf(s);
    if (s.handler_extra?.["async"] === true) entry["async"] = true;
    return entry;
  });
  const stdin = (o.hooks.find((h, k) => counted(k) && h.stdin_first !== null && typeof h.stdin_first === "object")?.stdin_first ?? null) as Obj | null;
  const request: Obj = { event };
  if (stdin !== null && typeof stdin["tool_name"] === "string") request["tool_name"] = stdin["tool_name"];
  if (stdin !== null && stdin["tool_input"] !== undefined && typeof stdin["tool_input"] === "object") request["tool_input"] = stdin["tool_input"];
  if (stdin !== null) request["input"] = stdin;
  request["hooks"] = hooks;
  vector.request = request;
  if (hooks.length === 0) notes.push("no hook ran");

  // ---- expected effects, from what Claude Code did
  const out = o.outcome;
  const e: Obj = {};
  const stream = o.stream_system_other ?? [];
  const attachments = out.transcript_hook_attachments;
  const terminal = out.result?.terminal_reason;
  const host = sc.ask_answer !== undefined;
  const toolName = typeof request["tool_name"] === "string" ? request["tool_name"] : (sc.tool ?? "Bash");
  const hasTool = out.tool_ran !== undefined;
  const permissionSystemDenied = stream.some((x) => x.subtype === "permission_denied" && x.decision_reason_type !== "hook");
  const maxInvocations = Math.max(0, ...o.hooks.map((h) => h.invocations));
  if (maxInvocations > 1 && !sc.hooks.some((h) => (h as { once?: boolean }).once || (h as { then?: Json }).then)) {
    notes.push(`a hook ran ${maxInvocations} times; only its first run is the request`);
  }

  // the tool input a marker tag stands for: the model's input or a hook's rewrite
  const inputs: Obj[] = [];
  if (request["tool_input"] !== undefined) inputs.push(request["tool_input"] as Obj);
  for (const h of hooks) {
    // the sub-* hooks print spaced JSON; elsewhere spaced output is a kit's, whose rewrite Claude Code
    // parses against the tool's schema (kit-ui-03: unknown keys dropped), so its text is not the input that ran
    const m = (o !== recorded ? /"updatedInput":\s*(\{[^{}]*\})/ : /"updatedInput":(\{[^{}]*\})/).exec(h["stdout"] as string);
    if (m !== null) try { inputs.push(JSON.parse(m[1]!) as Obj); } catch { /* not JSON */ }
  }
  const inputByTag = (tag: string): Obj | undefined =>
    inputs.find((i) => typeof i["command"] === "string" && new RegExp(`\\becho ${tag} >>`).test(i["command"]));

  // stopped / stop_reason
  const stoppedAttach = attachments.filter((a) => a["type"] === "hook_stopped_continuation").map((a) => a["message"] as string);
  const ups = stream.find((x) => x.prompt_submit_outcome !== undefined)?.prompt_submit_outcome;
  let stopped: boolean | undefined;
  // UserPromptExpansion (and a skill's shell command, expanded with it) reports no prompt_submit_outcome: a stop ends the run with its text as the result, no request made
  const expansionStop = (event === "UserPromptExpansion" || event === "PreSkillShellCommand") && out.model_requests === 0 ? /^Operation stopped by hook: ([^]*)$/.exec(out.result?.result ?? "") : null;
  if (ups?.kind === "stopped_by_hook" || expansionStop !== null) stopped = true;
  else if (terminal === "hook_stopped" || terminal === "stop_hook_prevented") stopped = true;
  else if (terminal === "completed" || terminal === "tool_deferred" || ups?.kind === "blocked_by_hook") stopped = false;
  // pre-70b: a PreToolUse continue:false is not applied when the permission system denies; the events that
  // run on the permission path (PermissionRequest, PermissionDenied) and those beside the conversation are recorded as they end
  if (permissionSystemDenied && stopped === false && event !== "PermissionRequest" && event !== "PermissionDenied" && !SIDE_EVENTS.has(event)) stopped = undefined;
  if (stopped !== undefined) e["stopped"] = stopped;
  if (stopped === false) e["stop_reason"] = null;
  else if (stopped === true) {
    const summary = (o.transcript ?? []).find((t) => t.type === "system" && t.subtype === "stop_hook_summary" && t.stopReason !== undefined);
    if (stoppedAttach.length === 1) e["stop_reason"] = stoppedAttach[0]!;
    else if (summary?.stopReason !== undefined) e["stop_reason"] = summary.stopReason;
    else if (ups?.kind === "stopped_by_hook" && ups.reason !== undefined) e["stop_reason"] = ups.reason;
    else if (expansionStop !== null) e["stop_reason"] = expansionStop[1]!;
    else notes.push(`stop_reason not determined (${stoppedAttach.length} hook_stopped_continuation attachments)`);
  }

  // notices
  if (event === "SessionEnd") {
    // one notice per `SessionEnd hook [` line, with the lines after it up to the next one:
    // a validation failure's text spans many lines (new-se-invalid-continue)
    if (out.cli_stderr !== undefined) e["notices"] = out.cli_stderr.split(/\n(?=SessionEnd hook \[)/).filter((l) => l.startsWith("SessionEnd hook ["));
    else notes.push("SessionEnd speaks on the CLI's stderr, which this run did not record");
  } else if (event === "PreCompact" || event === "PostCompact") {
    // the /compact command's output to the user: <local-command-stdout>Compacted <one line per hook></local-command-stdout>
    const local = out.context_added.flat().map((t) => /^user: <local-command-(?:stdout|stderr)>([\s\S]*)<\/local-command-(?:stdout|stderr)>\n?$/.exec(t)?.[1]).filter((t): t is string => t !== undefined);
    const lines = local.flatMap((t) => t.replace(/^Compacted /, "").split(/\n(?=(?:PreCompact|PostCompact) \[)/));
    e["notices"] = lines.filter((l) => l.startsWith(`${event} [`) || (event === "PreCompact" && l.startsWith("Compaction blocked by PreCompact hook")));
    if (event === "PreCompact") e["blocked"] = lines.some((l) => l.startsWith("Compaction blocked by PreCompact hook"));
  } else if (!host || !TOOL_EVENTS.has(event)) {
    // a host's answer changes only the notices of a tool call's denial path; other events' notices are the stream's
    e["notices"] = stream.filter(NOTICE_OF_HOOKS).map((x) => x.content ?? x.text ?? x.message ?? "");
  } else {
    notes.push("an SDK host answered the permission prompt: notices of the -p denial path do not apply");
  }

  // decision, tool_input, tool_result, blocked
  if (event === "PreToolUse" && hasTool && !permissionSystemDenied) {
    const tr = out.tool_result;
    const content = typeof tr?.content === "string" ? tr.content : null;
    const tag = out.marker_lines?.[0];
    const hookAsked = stream.some((x) => x.subtype === "permission_denied" && x.decision_reason_type === "hook") ||
      (o.permission_prompts ?? []).some((p) => p.decision_reason_type === "hook");
    let decision: string | undefined;
    if (terminal === "tool_deferred") decision = "defer";
    else if (!out.tool_ran && tr?.is_error === true && content?.startsWith(`PreToolUse:${toolName} hook error: `)) decision = "deny";
    else if (hookAsked) decision = "ask";
    else if (out.tool_ran && (sc.allowed_tools ?? ["Bash"]).length === 0 && !host) decision = "allow";
    if (decision !== undefined) {
      e["decision"] = decision;
      e["blocked"] = decision === "deny";
    }
    if (out.tool_ran && tag !== undefined) {
      const input = inputByTag(tag);
      if (input !== undefined) e["tool_input"] = input;
      else notes.push(`no input found for marker tag ${tag}`);
      // with an SDK host an ask ran because the host allowed it: the -p denial text does not apply
      if (content === `tool-output-${tag}` && !(decision === "ask" && host)) e["tool_result"] = null;
    } else if (out.tool_ran && tag === undefined && content !== null) {
      notes.push("the tool ran without a marker (not the default command)");
    } else if (decision === "deny" || decision === "defer") {
      e["tool_input"] = null;
      e["tool_result"] = decision === "deny" ? content : null;
    } else if (decision === "ask" && !host) {
      e["tool_result"] = content;
    } else if (!out.tool_ran && tr?.is_error === true && content?.startsWith(`PreToolUse hook for ${toolName} returned updatedInput that failed schema validation: `)) {
      // #11 kit: a rewrite failing the tool's schema: the tool does not run, the model gets this text (kit-ui-*, pre-59)
      e["tool_input"] = null;
      e["tool_result"] = content;
    }
    if (decision === "ask" && host && o.permission_prompts?.[0] !== undefined) e["tool_input"] = o.permission_prompts[0].input;
    // issue 18: the input the tool ran with, as a PostToolUse(Failure) witness received it
    if (witnessed !== undefined && decision !== "deny" && decision !== "defer") {
      e["tool_input"] = witnessed;
      notes.splice(0, notes.length, ...notes.filter((n) => !n.startsWith("no input found for marker tag")));
    }
  } else if (event === "PreToolUse" && hasTool && (sc.allowed_tools ?? ["Bash"]).length === 0 && !host &&
    !stream.some((x) => x.subtype === "permission_denied" && x.decision_reason_type === "hook")) {
    // no allow rule, no host, and the permission system denied the call: no hook allowed it (a hook's allow skips
    // the permission check: pre-11, cap-pre-allow-no-reason), none denied, asked or deferred it (cap-pre-allow-updatedInput-null)
    e["decision"] = null;
    e["blocked"] = false;
  } else if (event === "PermissionRequest" && hasTool) {
    const hookDenied = stream.some((x) => x.subtype === "permission_denied" && x.decision_reason_type === "hook");
    const d = attachments.find((a) => a["type"] === "hook_permission_decision")?.["decision"] ?? (hookDenied ? "deny" : undefined);
    const tr = out.tool_result;
    const content = typeof tr?.content === "string" ? tr.content : null;
    if (d === "allow" || d === "deny") {
      e["decision"] = d;
      e["blocked"] = d === "deny";
      if (d === "deny") {
        e["tool_input"] = null;
        e["tool_result"] = content;
      }
    } else if (!host && !permissionSystemDenied) {
      e["decision"] = null;
    } else if (!host && !hookDenied) {
      // the permission system denied the call, not a hook (its permission_denied names no hook): no hook blocked it
      e["blocked"] = false;
    }
    const tag = out.marker_lines?.[0];
    if (out.tool_ran && tag !== undefined) {
      const input = inputByTag(tag);
      if (input !== undefined) e["tool_input"] = input;
      if (content === `tool-output-${tag}`) e["tool_result"] = null;
    }
  } else if ((event === "PostToolUse" || event === "PostToolUseFailure") && hasTool) {
    e["decision"] = null;
    e["blocked"] = attachments.some((a) => a["type"] === "hook_blocking_error");
    if (out.tool_ran) {
      const tag = out.marker_lines?.[0];
      const content = typeof out.tool_result?.content === "string" ? out.tool_result.content : null;
      if (tag !== undefined) {
        const input = inputByTag(tag);
        if (input !== undefined) e["tool_input"] = input;
        if (event === "PostToolUse" && content !== null) e["tool_result"] = content === `tool-output-${tag}` ? null : content;
      }
    }
  } else if (event === "PreModelSwitch" || event === "PostModelSwitch") {
    // `/model X` as the first prompt: its output to the user says whether the switch happened, then the
    // PreModelSwitch hooks' systemMessages, one a line (cap-premodelswitch-*, cap-postmodelswitch-*)
    e["tool_input"] = null;
    e["tool_result"] = null;
    const local = localCommandOutputs(out)[0];
    if (local === undefined) notes.push("no /model output was recorded");
    else {
      const [first = "", ...rest] = local.split("\n");
      const switched = first.startsWith("Set model to ");
      const asked = / \(run \/model interactively to confirm\)$/.test(first);
      if (switched) {
        e["blocked"] = false;
        if (event === "PreModelSwitch") e["notices"] = rest;
      } else if (event === "PreModelSwitch") {
        // -p: an ask ends as a refusal, as a PreToolUse ask does (its text names the model's display name: not compared)
        e["decision"] = asked ? "ask" : "deny";
        e["blocked"] = !asked;
        delete e["notices"];
        notes.push("the refusal's text names the model by its display name: notices not compared");
      }
    }
    // the prompt after the switch was answered: the session went on
    if (out.model_requests >= 1) [e["stopped"], e["stop_reason"]] = [false, null];
  } else if (event === "PreSkillShellCommand") {
    // a project command's shell block, expanded into the prompt: its output, or `[not run: blocked by hook: …]` (cap-preskillshellcommand-*)
    const expanded = out.context_added.flat().join("\n");
    if (out.model_requests === 0) notes.push("no request: whether the command ran is not recorded");
    else if (/\[not run: blocked by hook: /.test(expanded)) {
      // deny, ask (a skill cannot wait for one) and a changed command all keep it from running, as a deny
      e["decision"] = "deny";
      e["blocked"] = true;
      e["tool_input"] = null;
      delete e["notices"];
      notes.push("the notice names the command cut to a width the normalised path hides: notices and the model's text not compared");
    } else {
      e["blocked"] = false;
      if (request["tool_input"] !== undefined) e["tool_input"] = request["tool_input"];
      e["tool_result"] = null;
    }
  } else if (event === "PermissionDenied" && hasTool) {
    // the hook runs after the permission system's denial (its permission_denied names no hook): no hook blocked the call
    if (permissionSystemDenied && !stream.some((x) => x.subtype === "permission_denied" && x.decision_reason_type === "hook")) e["blocked"] = false;
  } else if ((event === "Elicitation" || event === "ElicitationResult") && hasTool) {
    // cap-elicitation-*, cap-elicitationresult-*: the MCP tool returns the elicitation's answer it got; headless, one no
    // hook answers is cancelled, and a block declines it
    const content = JSON.stringify(out.tool_result?.content ?? null);
    const action = /elicitation: \{[^}]*\\"action\\": \\"(\w+)\\"/.exec(content)?.[1];
    e["decision"] = null;
    e["tool_input"] = null;
    e["tool_result"] = null;
    if (action === "decline") e["blocked"] = true;
    else if (action === "cancel" || action === "accept") e["blocked"] = false;
    else notes.push("the MCP tool reported no elicitation answer");
  } else if (event === "WorktreeRemove" && hasTool) {
    // cap-worktreeremove-*: ExitWorktree's result to the model says whether the worktree was removed (with a hook,
    // removing the directory is the hook's own work)
    const content = typeof out.tool_result?.content === "string" ? out.tool_result.content : null;
    e["decision"] = null;
    e["tool_input"] = null;
    if (content !== null && /^Exited and removed worktree at /.test(content)) [e["blocked"], e["tool_result"]] = [false, null];
    else notes.push("ExitWorktree did not report a removal");
  } else if (hasTool && SIDE_EVENTS.has(event)) {
    // the scenario's tool call only triggers the event: it ran and the run went on to its end, so nothing was blocked
    // ConfigChange (cap-configchange-*): the change denies the next call, `echo two`; that call running shows the change was blocked
    if (event === "ConfigChange" && sc.model_turns?.some((t) => JSON.stringify(t).includes("echo two >>"))) e["blocked"] = (out.marker_lines ?? []).includes("two");
    else if (out.tool_ran === true && terminal === "completed") e["blocked"] = false;
  } else if (!hasTool && !TOOL_EVENTS.has(event)) {
    e["decision"] = null;
    e["tool_input"] = null;
    e["tool_result"] = null;
    if (event === "UserPromptSubmit" || event === "UserPromptExpansion") e["blocked"] = ups?.kind === "blocked_by_hook" || stream.some((x) => /operation blocked by hook/.test(x.content ?? ""));
    else if (event === "Stop" || event === "SubagentStop") {
      // a block always reaches the model as the "Stop hook feedback" reminder (exit 2 leaves no hook_blocking_error attachment)
      const sub = event === "SubagentStop" ? (out.subagent_context_added ?? []) : out.context_added;
      e["blocked"] = attachments.some((a) => a["type"] === "hook_blocking_error") || sub.flat().some((t) => t.includes("\nStop hook feedback:\n"));
    }
    else if (event === "SessionStart" || event === "SubagentStart" || event === "Setup") e["blocked"] = false;
    // events after the fact or beside the conversation: the run went to its end, so nothing was blocked
    else if ((SIDE_EVENTS.has(event) || event === "SessionEnd" || event === "PostCompact") && terminal === "completed") e["blocked"] = false;
    // cap-worktreecreate-*: the session starts in the directory the hook prints last; the creation failing ends the CLI at once
    else if (event === "WorktreeCreate" && out.result === null && /^Error: worktree directory /m.test(out.cli_stderr ?? "")) e["blocked"] = true;
    if (event === "Stop" || event === "SubagentStop") {
      // the model is called again after the hooks (Stop: the main loop's request 0 came before them; SubagentStop: the subagent's)
      const after = event === "SubagentStop" ? (out.subagent_context_added ?? []).length : out.model_requests;
      e["continues"] = after > 1;
    }
    if (event === "TaskCreated" || event === "TaskCompleted") {
      // the task tool's result: a block replaces it with `<Event> hook feedback:\n...` (fid-task*)
      const results = (o.stream_user_messages ?? []).flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter((c) => c.type === "tool_result");
      const last = results[results.length - 1];
      const content = typeof last?.content === "string" ? last.content : null;
      const blockedTask = content !== null && content.startsWith(`${event} hook feedback:\n`);
      e["blocked"] = blockedTask;
      e["tool_result"] = blockedTask ? content : null;
      if (out.result?.terminal_reason === "completed") e["stopped"] = false;
    }
  }

  const isAsync = (s: ScenarioHook): boolean => s.handler_extra?.["async"] === true || /^\{"async":true\}/.test(s.pre_stdout ?? "");
  const allAsync = ran.length > 0 && ran.every(({ s }) => isAsync(s));
  // model_context: hook texts in the requests after the hooks ran
  const subagent = event === "SubagentStart" || event === "SubagentStop";
  const requests = subagent ? (out.subagent_context_added ?? []) : out.context_added;
  // Stop hooks run after request 0 is answered; task hooks run in the task tool, answered by the last request
  const contextFrom = event === "Stop" ? 1 : event === "TaskCreated" || event === "TaskCompleted" ? out.model_requests - 1 : 0;
  if (event === "PreCompact") {
    // the compaction prompt: what precedes Claude Code's fixed closing reminder
    const prompt = (o.outcome as { compact_requests?: string[] }).compact_requests?.[0];
    if (prompt !== undefined) {
      const head = prompt.split("REMINDER: Do NOT call any tools")[0]!.trim();
      e["model_context"] = head === "" ? [] : head.split("\n\n");
    } else notes.push("no compaction request was recorded");
  } else if (event === "PostCompact") {
    notes.push("PostCompact output goes to the user only; model_context not compared");
  } else if (stopped === true && (event === "PreToolUse" || event === "PostToolUse" || event === "PostToolBatch")) {
    notes.push("the loop stopped: no request after the hooks");
  } else if (terminal === "tool_deferred") {
    notes.push("deferred: no request after the hooks");
  } else if (hasTool && out.model_requests < 2 && !subagent) {
    notes.push("no request after the tool call");
  } else if (TOOL_EVENTS.has(event) && permissionSystemDenied && event !== "PermissionRequest" && event !== "PermissionDenied") {
    notes.push("the permission system denied the call");
  } else if (allAsync) {
    // an async hook's answer reaches a later request, not this event's next one: compared as async_context
    vector.expected.async_context = hookTexts(requests.slice(contextFrom).flat(), sc);
    e["model_context"] = [];
    notes.push("every hook is async: the texts they deliver later are expected.async_context");
  } else {
    e["model_context"] = hookTexts(requests.slice(contextFrom).flat(), sc);
  }

  if ((event === "PreModelSwitch" || event === "PostModelSwitch") && Array.isArray(e["model_context"])) {
    // after a switch Claude Code sends its fixed context again (environment, model, tools, agents, skills, date,
    // attribution), each a <system-reminder>: hook output there is the paragraph that names its hook
    e["model_context"] = (e["model_context"] as string[]).flatMap((t) => {
      const m = /^(?:<system-reminder>\n)?(\w+ hook additional context: [\s\S]*?)(?:\n<\/system-reminder>\n?)?$/.exec(t);
      return m === null ? [] : [m[1]!];
    });
  }
  // a Stop hook that blocks every time runs again and again: only its first run is the request
  if (maxInvocations > 1 && (event === "Stop" || event === "SubagentStop") && notes.some((n) => n.startsWith("a hook ran"))) {
    vector.skip_reason = `the hook blocked ${maxInvocations} times (the block loop and its cap span several merges)`;
  }
  const texts = [...(Array.isArray(e["model_context"]) ? (e["model_context"] as string[]) : []), ...(typeof e["tool_result"] === "string" ? [e["tool_result"]] : [])];
  const persisted = texts.find((t) => t.includes("<persisted-output>"));
  if (persisted !== undefined) {
    const m = /Full output saved to: (\S+)/.exec(persisted);
    if (m !== null) {
      request["persisted_output_path"] = m[1]!;
      notes.push("the saved file's path is environment-specific (config dir, session, hash): the request carries it as persisted_output_path");
    }
  }
  vector.expected = { ...vector.expected, effects: e };
  if (notes.length > 0) vector.notes = notes;
  return vector;
}

/**
 * The rule a scenario shows, from its name without its history: the `new-`
 * and `probe-<id>-` prefixes, the event family and the running number go
 * (`new-pre-3-defer-deny-ask` -> `three-hooks-defer-deny-ask`,
 * `pre-06c-two-asks-reversed` -> `two-asks-reversed`).
 */
const FAMILY_PREFIXES = [
  "permdenied", "precompact", "postcompact", "stopfailure", "substart", "substop", "instructions", "notification",
  "taskcreated", "taskcompleted", "compact", "batch", "setup", "perm", "post", "ptuf", "stop", "pre", "cwd", "ups", "upe", "ss", "se",
];
/** Families whose name is part of the rule: `ask-03-rewrite-then-ask` (an SDK host answers the ask) -> `host-rewrite-then-ask`. */
const KEPT_FAMILIES: Readonly<Record<string, string>> = { ask: "host", "kit-ui": "rewrite-schema" /* #11 kit */, ui: "rewrite-parsed" /* issue 18 */ };

export function ruleName(scenario: string): string {
  let rest = scenario.replace(/^(?:new|fid)-/, "").replace(/^probe-[a-z]\d+-/, "");
  const kept = Object.keys(KEPT_FAMILIES).find((prefix) => rest.startsWith(`${prefix}-`));
  const family = kept ?? FAMILY_PREFIXES.find((prefix) => rest.startsWith(`${prefix}-`));
  if (family !== undefined) rest = rest.slice(family.length + 1);
  rest = rest.replace(/^\d{2}[a-z]?-/, "").replace(/^3-/, "three-hooks-");
  return kept === undefined ? rest : `${KEPT_FAMILIES[kept]}-${rest}`;
}

function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listJson(path) : name.endsWith(".json") ? [path] : [];
  });
}

function main(): number {
  const check = process.argv.includes("--check");
  const vectors: { event: string; scenario: string; text: string }[] = [];
  for (const { observation: o, source } of loadObservations<Observation>(ROOT)) {
    // a run whose scenario is not beside it (kit-scenarios/: the hook was a real kit, not scripted bytes) is replayed by the kit's own tests, not as a vector
    if (!existsSync(join(ROOT, dirname(source), "..", "scenarios", basename(source)))) continue;
    const vector = extract(o, source);
    const event = (vector.request as Obj | undefined)?.["event"];
    if (typeof event !== "string") throw new Error(`extract-merge-vectors: ${o.name} has no event`);
    vectors.push({ event, scenario: o.name, text: JSON.stringify(vector, null, 2) + "\n" });
  }
  // two recordings of one rule: the second (in source order) is `<rule>-2`
  const targets = new Map<string, string>();
  const targetOf = new Map<string, string>();
  for (const { event, scenario } of vectors) {
    const rule = ruleName(scenario);
    let target = join(ROOT, OUT, event, `${rule}.json`);
    for (let n = 2; targets.has(target); n++) target = join(ROOT, OUT, event, `${rule}-${n}.json`);
    targets.set(target, scenario);
    targetOf.set(scenario, target);
  }
  let changed = 0;
  for (const { scenario, text } of vectors) {
    const target = targetOf.get(scenario)!;
    const old = existsSync(target) ? readFileSync(target, "utf8") : null;
    if (old !== text) {
      changed++;
      if (!check) {
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, text);
      }
    }
  }
  // a vector whose recording is gone (or renamed) must not linger
  const stale = listJson(join(ROOT, OUT)).filter((path) => !targets.has(path));
  for (const path of stale) {
    changed++;
    if (!check) rmSync(path);
  }
  process.stderr.write(`extract-merge-vectors: ${vectors.length} vectors, ${changed} ${check ? "would change" : "written or removed"}\n`);
  return check && changed > 0 ? 1 : 0;
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) process.exitCode = main();
