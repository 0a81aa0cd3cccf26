/**
 * `merge`: the one entry point from a merge request (an event and its hooks'
 * raw results in completion order) to the merged result, for any implemented
 * agent. The request is checked as a value first, so a malformed one is an
 * error value naming the field (a JSON Pointer), never a TypeError.
 */
import { AGENT_NAMES, isAgentName, type AgentName } from "./core/agents.js";
import type { ProtocolError, Result } from "./core/errors.js";
import { checkMergeRequest } from "./core/merge-request.js";
import type { MergedResult } from "./core/records.js";
import { DEFAULT_AGENT, dialectOf } from "./dialects.js";

/** Merge `request` as `agent` (default Claude Code) would. Never throws. */
export function merge(request: unknown, agent: AgentName | (string & {}) = DEFAULT_AGENT): Result<MergedResult> {
  const dialect = isAgentName(agent) ? dialectOf(agent) : undefined;
  if (dialect === undefined) {
    return failure({ code: "unknown-agent", path: "", message: `no dialect for agent ${JSON.stringify(agent)} (one of ${AGENT_NAMES.join(", ")})` });
  }
  const checked = checkMergeRequest(request, dialect.requestExtensions);
  if (!checked.ok) return failure(checked.error);
  try {
    return { ok: true, value: dialect.mergeRequest(checked.request) };
  } catch (e) {
    // a bug of ours, not of the request: still a value
    return failure({ code: "internal-error", path: "", message: e instanceof Error ? e.message : String(e) });
  }
}

function failure(error: ProtocolError): Result<MergedResult> {
  return { ok: false, error };
}
