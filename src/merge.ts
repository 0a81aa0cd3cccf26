/**
 * `merge`: the one entry point from a merge request (an event and its hooks'
 * raw results in completion order) to the merged result, for any implemented
 * agent. The request is checked as a value first, so a malformed one is an
 * error value naming the field (a JSON Pointer), never a TypeError.
 */
import { AGENT_NAMES, isAgentName, type AgentName } from "./core/agents.js";
import type { ProtocolError, Result } from "./core/errors.js";
import { resolveAgentEvent } from "./core/event-names.js";
import { checkMergeRequest } from "./core/merge-request.js";
import type { MergedResult } from "./core/records.js";
import { DEFAULT_AGENT, dialectOf } from "./dialects.js";

/**
 * Merge `request` as `agent` (default Claude Code) would. The request's event
 * is the agent's own name or the Claude Code event it copies (`PreToolUse`
 * merges as the agent's own name for it, such as BeforeTool). Never throws, whatever the arguments.
 */
export function merge(request: unknown, agent: AgentName | (string & {}) = DEFAULT_AGENT): Result<MergedResult> {
  const dialect = isAgentName(agent) ? dialectOf(agent) : undefined;
  if (dialect === undefined) {
    const named = typeof agent === "string" ? JSON.stringify(agent) : `of type ${typeof agent}`;
    return failure({ code: "unknown-agent", path: "", message: `no dialect for agent ${named} (one of ${AGENT_NAMES.join(", ")})` });
  }
  const checked = checkMergeRequest(request, dialect.requestExtensions);
  if (!checked.ok) return failure(checked.error);
  const resolved = resolveAgentEvent(dialect, checked.request.event);
  try {
    return { ok: true, value: dialect.mergeRequest(resolved.ok ? { ...checked.request, event: resolved.event } : checked.request) };
  } catch (e) {
    // a bug of ours, not of the request: still a value
    return failure({ code: "internal-error", path: "", message: e instanceof Error ? e.message : "the merge failed" });
  }
}

function failure(error: ProtocolError): Result<MergedResult> {
  return { ok: false, error };
}
