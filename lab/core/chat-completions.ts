/**
 * A scripted OpenAI Chat Completions API (`POST …/chat/completions`), the API that droid,
 * Copilot CLI, Qwen Code and Kimi Code speak to a custom provider: the n-th main-loop request
 * (by default one that offers tools) gets the n-th turn, streamed as `chat.completion.chunk`
 * events (or one JSON completion when the request says `stream: false`). Each agent's module
 * says what a main-loop request is and how its tool call ids look.
 */
import { TurnCounter, type Answer, type ModelRequest } from "./model-server.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

export interface ChatCall { name: string; arguments?: Obj | string; args?: Obj; id?: string }
export interface ChatTurn {
  text?: string; tool_call?: ChatCall; tool_calls?: ChatCall[]; error?: { status?: number; message?: string; type?: string };
  /** The token counts this reply reports (default 10 prompt, 5 completion): an agent that decides by them (compaction) can be driven. */
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export interface ChatOptions {
  /** Whether a request is a main-loop one (default: it offers tools). */
  isMain?(body: Obj): boolean;
  /** The id of call k (0-based) of `count` in turn n (0-based). Default call_<n+1>, call_<n+1>_<k+1> when several. */
  callId?(n: number, k: number, count: number): string;
  /** The completion's id. */
  completionId?(n: number, main: boolean): string;
  /** The model named in replies (default: the request's). */
  model?: string;
  /** Answer `…/models` with a list holding this model (still logged as "other"). */
  listModel?: string;
  /** Main-loop requests past this many get an HTTP 400 (an agent that loops on an answer). */
  maxRequests?: number;
}

const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

export function chatCompletionsApi(turns: readonly ChatTurn[], opts: ChatOptions = {}): (req: ModelRequest) => Answer {
  const counter = new TurnCounter();
  const isMain = opts.isMain ?? ((b: Obj): boolean => Array.isArray(b["tools"]) && b["tools"].length > 0);
  const callId = opts.callId ?? ((n: number, k: number, count: number): string => (count > 1 ? `call_${n + 1}_${k + 1}` : `call_${n + 1}`));
  return (req) => {
    if (opts.listModel !== undefined && /\/models$/.test(req.url.split("?")[0]!)) {
      return { kind: "other", reply: { json: { object: "list", data: [{ id: opts.listModel, object: "model", owned_by: "mock" }] } } };
    }
    if (req.method !== "POST" || !/\/chat\/completions$/.test(req.url.split("?")[0]!)) {
      return { kind: "other", reply: { status: 404, json: { error: { message: "lab: not found", type: "not_found" } } } };
    }
    const body = isObj(req.body) ? req.body : {};
    const main = isMain(body);
    const kind = main ? "main" : "side";
    const n = counter.next(kind);
    let turn: ChatTurn = main ? turns[n] ?? { text: `done (unscripted turn ${n})` } : { text: "ok" };
    if (main && opts.maxRequests !== undefined && n >= opts.maxRequests) turn = { error: { status: 400, message: "oracle mock: request cap reached" } };
    if (turn.error !== undefined) {
      return { kind, turn: n, logged: { error: turn.error }, reply: { status: turn.error.status ?? 400, json: { error: { message: turn.error.message ?? "lab: scripted error", type: turn.error.type ?? "invalid_request_error" } } } };
    }
    const list = turn.tool_calls ?? (turn.tool_call !== undefined ? [turn.tool_call] : []);
    const calls = list.map((c, k) => ({ id: c.id ?? callId(n, k, list.length), type: "function", function: { name: c.name, arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments ?? c.args ?? {}) } }));
    const model = opts.model ?? (typeof body["model"] === "string" ? body["model"] : "mock-model");
    const base = { id: opts.completionId?.(n, main) ?? `chatcmpl-mock-${n + 1}`, object: "chat.completion.chunk", created: 1700000000, model };
    const logged = calls.length > 0 ? { tool_calls: calls } : { text: turn.text ?? "done" };
    if (body["stream"] === false) {
      const message = calls.length > 0 ? { role: "assistant", content: null, tool_calls: calls } : { role: "assistant", content: turn.text ?? "done" };
      return { kind, turn: n, logged, reply: { json: { ...base, object: "chat.completion", choices: [{ index: 0, message, finish_reason: calls.length > 0 ? "tool_calls" : "stop" }], usage: turn.usage ?? USAGE } } };
    }
    const delta = calls.length > 0 ? { role: "assistant", content: null, tool_calls: calls.map((c, index) => ({ index, ...c })) } : { role: "assistant", content: turn.text ?? "done" };
    const chunks: { data: unknown }[] = [
      { data: { ...base, choices: [{ index: 0, delta, finish_reason: null }] } },
      { data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: calls.length > 0 ? "tool_calls" : "stop" }] } },
      { data: { ...base, choices: [], usage: turn.usage ?? USAGE } },
      { data: "[DONE]" },
    ];
    return { kind, turn: n, logged, reply: { sse: chunks } };
  };
}

/** The text of a message's content: a string, or its parts' texts. */
export function contentText(c: unknown): string {
  if (typeof c === "string") return c;
  if (Array.isArray(c)) return c.map((p: unknown) => (isObj(p) && p["type"] === "text" ? String(p["text"]) : JSON.stringify(p))).join("\n");
  return c === null || c === undefined ? "" : JSON.stringify(c);
}
