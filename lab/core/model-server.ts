/**
 * The scripted model server: an HTTP server on 127.0.0.1 (inside the run's network namespace)
 * that logs every request and lets the agent's module answer it. The agent module speaks the
 * agent's API; this module knows only requests, replies and the log.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

export interface ModelRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or its text when it is not JSON. */
  body: unknown;
}

/** How one request is answered: JSON, a server-sent event stream, or any text. */
export type ModelReply =
  | { status?: number; headers?: Record<string, string>; json: unknown }
  | { status?: number; headers?: Record<string, string>; sse: { event?: string; data: unknown }[] }
  | { status?: number; headers?: Record<string, string>; text: string };

/** A logged request, with what the agent module said it was and answered. */
export interface LoggedRequest extends ModelRequest {
  /** The agent module's name for it ("main", "subagent", "side", ...). */
  kind: string;
  /** The index among requests of the same kind that the answer was scripted for. */
  turn?: number;
  reply?: unknown;
}

export interface Answer { kind: string; turn?: number; logged?: unknown; reply: ModelReply }

export interface ModelServer { port: number; log: LoggedRequest[]; close(): Promise<void> }

export function startModelServer(answer: (req: ModelRequest) => Answer): Promise<ModelServer> {
  const log: LoggedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try { body = JSON.parse(text) as unknown; } catch { /* not JSON: kept as text */ }
      const request: ModelRequest = { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers, body };
      let a: Answer;
      try { a = answer(request); } catch (e) {
        a = { kind: "server-error", reply: { status: 500, json: { error: { message: `lab model server: ${String(e)}` } } } };
      }
      const entry: LoggedRequest = { ...request, kind: a.kind };
      if (a.turn !== undefined) entry.turn = a.turn;
      if (a.logged !== undefined) entry.reply = a.logged;
      log.push(entry);
      const r = a.reply;
      const headers = { ...(r.headers ?? {}) };
      if ("sse" in r) {
        res.writeHead(r.status ?? 200, { "content-type": "text/event-stream", "cache-control": "no-cache", ...headers });
        for (const e of r.sse) res.write(`${e.event !== undefined ? `event: ${e.event}\n` : ""}data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`);
        res.end();
      } else if ("json" in r) {
        res.writeHead(r.status ?? 200, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(r.json));
      } else {
        res.writeHead(r.status ?? 200, { "content-type": "text/plain", ...headers });
        res.end(r.text);
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      resolve({ port, log, close: () => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); }) });
    });
  });
}

/** Answers the n-th request of each kind with the n-th scripted turn, counting kinds apart. */
export class TurnCounter {
  private readonly counts = new Map<string, number>();
  next(kind: string): number {
    const n = this.counts.get(kind) ?? 0;
    this.counts.set(kind, n + 1);
    return n;
  }
}
