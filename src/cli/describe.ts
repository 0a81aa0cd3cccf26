/** The run records and the merged result in plain words, for `run` and `merge`. */
import type { MergedResult, RunRecord } from "../core/records.js";
import { eventInfo } from "../claude-code/event-catalog.js";
import type { Style } from "./style.js";
import type { Dialect } from "../core/dialect.js";

function quote(text: string, max = 600): string {
  const shown = text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  return JSON.stringify(shown);
}

export function describeRecord(r: RunRecord, index: number, s: Style): string {
  const label = (() => {
    switch (r.outcome) {
      case "success": return s.green("success");
      case "block": return s.red("block");
      case "error": return s.yellow("error (non-blocking)");
      case "timeout": return s.yellow("timeout");
      case "running": return s.cyan("async (runs in the background)");
      default: return s.dim(r.outcome);
    }
  })();
  const head = r.exit !== null ? `exit ${r.exit}` : r.signal !== null ? `signal ${r.signal}` : "no exit code";
  const lines = [`${s.bold(`${index}.`)} ${r.command}${r.args !== null ? ` ${r.args.map((a) => JSON.stringify(a)).join(" ")}` : ""}`];
  lines.push(`   ${label}${r.outcome === "skipped" ? "" : `, ${head}, ${r.duration_ms ?? 0} ms, ${r.output} output`}  ${s.dim(`[${r.source ?? "?"}${r.matcher !== null ? `, matcher ${JSON.stringify(r.matcher)}` : ""}]`)}`);
  if (r.message !== null && r.outcome !== "block") lines.push(`   ${r.message}`);
  if (r.blocking_error !== null) lines.push(`   blocking: ${quote(r.blocking_error)}`);
  if (r.non_blocking_error !== null) lines.push(`   non-blocking error: ${quote(r.non_blocking_error.split("\n\n")[0]!)}`);
  if (r.json !== null) lines.push(`   json: ${JSON.stringify(r.json).slice(0, 400)}`);
  else if (r.output === "text") lines.push(`   stdout: ${quote(r.stdout.trim(), 200)}`);
  if (r.stderr !== "" && r.blocking_error === null && r.non_blocking_error === null) lines.push(`   stderr: ${quote(r.stderr.trim(), 200)}`);
  for (const w of r.warnings) lines.push(`   ${s.yellow("warning")}: ${w}`);
  return lines.join("\n");
}

/**
 * The merged result as sentences: what the agent does, what the model is told,
 * what the user sees. `dialect` is the one that merged (its name and its
 * events' places in the protocol); without it the words are Claude Code's.
 */
export function describeMerged(m: MergedResult, toolInput: unknown, s: Style, dialect?: Pick<Dialect, "displayName" | "events">): string {
  const e = m.effects;
  const agentName = dialect?.displayName ?? "Claude Code";
  const own = dialect?.events.find((event) => event.name === m.event);
  // the event's place in the protocol (BeforeTool is a PreToolUse), for what its effects mean
  const canonical = own?.canonical ?? m.event;
  const info = eventInfo(canonical);
  const out: string[] = [];
  if (canonical === "PreToolUse" || canonical === "PermissionRequest") {
    switch (e.decision) {
      case "deny":
        out.push(`${s.red("the tool call is denied")}${e.tool_result !== null ? `; the model is told: ${quote(e.tool_result)}` : ""}`);
        break;
      case "ask":
        out.push(`${s.yellow(`${agentName} asks the user`)} before the tool runs${e.tool_result !== null ? `; with nobody to ask (-p) it is denied and the model is told: ${quote(e.tool_result)}` : ""}`);
        break;
      case "defer":
        out.push(`${s.yellow("the tool call is deferred")}: the run ends before the tool (tool_deferred)`);
        break;
      case "allow":
        out.push(`${s.green("the tool call is allowed")} without a permission prompt`);
        break;
      default:
        out.push(`no hook decided: ${agentName}'s permission rules decide${e.tool_result !== null ? `; the model is told: ${quote(e.tool_result)}` : ""}`);
    }
    if (e.tool_input !== null && JSON.stringify(e.tool_input) !== JSON.stringify(toolInput ?? null)) {
      out.push(`the tool runs with the rewritten input ${JSON.stringify(e.tool_input)}`);
    }
  } else if (e.blocked) {
    const what = own?.summary ?? info?.blocks;
    out.push(`${s.red(`${m.event} is blocked`)}${what !== null && what !== undefined && what !== "" ? ` (${what})` : ""}`);
  } else {
    if (e.tool_result !== null) out.push(`the model gets instead of the tool's output: ${quote(e.tool_result)}`);
    if (out.length === 0) out.push(`${m.event} goes ahead`);
  }
  if (e.tool_result !== null && e.blocked && info?.toolEvent !== true) out.push(`the result text: ${quote(e.tool_result)}`);
  if (e.stopped) out.push(`${s.red(`${agentName} stops`)}${e.stop_reason !== null ? `: ${quote(e.stop_reason)}` : ""}`);
  if (e.model_context.length > 0) {
    out.push(`added to the model's context (${e.model_context.length} paragraph${e.model_context.length === 1 ? "" : "s"}):`);
    for (const p of e.model_context) out.push(`  ${quote(p)}`);
  } else {
    out.push("nothing is added to the model's context");
  }
  if (e.notices.length > 0) {
    out.push("the user sees:");
    for (const n of e.notices) out.push(`  ${quote(n)}`);
  }
  if (m.errors.length > 0) {
    out.push(`${s.yellow("errors")} (the action goes ahead):`);
    for (const err of m.errors) out.push(`  ${err.split("\n\n")[0]}`);
  }
  out.push(s.dim(`${m.ran} hook${m.ran === 1 ? "" : "s"} ran, ${m.runs.length - m.ran} skipped`));
  return out.join("\n");
}
