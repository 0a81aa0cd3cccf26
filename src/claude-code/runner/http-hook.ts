/**
 * An `http` hook: POST the event JSON to the URL. Headers may reference
 * environment variables (`$VAR`, `${VAR}`), but only those listed in
 * `allowedEnvVars` are read; any other reference becomes empty, so a settings
 * file cannot make the runner send secrets it was not allowed to.
 * The answer maps onto a process result: a 2xx JSON body is the hook's stdout
 * (an empty body is `{}`). Any other answer is no answer, as Claude Code
 * reports it (exit = the HTTP status, "A hook gave no usable answer"): a
 * non-2xx status, whose body is not read, a deny included (redirects are not
 * followed), and a body that is not one JSON object. A request
 * that cannot be made (a header Node refuses, a refused connection) is this
 * hook's failed start, with the error's words as its stderr, as Claude Code
 * reports it (http-space-header-name, http-refused); it never throws.
 */
import { setMaxListeners } from "node:events";
import { setLongTimeout, type SpawnOutcome } from "../../process/spawn-hook.js";

export interface HttpHookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly allowedEnvVars: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly body: string;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  readonly signal?: AbortSignal;
}

export interface InterpolatedHeaders {
  readonly headers: Record<string, string>;
  /** Variables referenced but not allowed (they became empty). */
  readonly refused: string[];
}

export function interpolateHeaders(
  headers: Readonly<Record<string, string>>,
  allowedEnvVars: readonly string[],
  env: NodeJS.ProcessEnv,
): InterpolatedHeaders {
  const allowed = new Set(allowedEnvVars);
  const refused = new Set<string>();
  const out: Record<string, string> = Object.create(null);
  for (const [name, template] of Object.entries(headers)) {
    out[name] = template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_m, braced?: string, bare?: string) => {
      const variable = (braced ?? bare)!;
      if (!allowed.has(variable)) {
        refused.add(variable);
        return "";
      }
      return env[variable] ?? "";
    });
  }
  return { headers: out, refused: [...refused] };
}

export async function postHttpHook(request: HttpHookRequest): Promise<SpawnOutcome> {
  const started = performance.now();
  const { headers, refused } = interpolateHeaders(request.headers, request.allowedEnvVars, request.env);
  const note = refused.length > 0 ? `headers referenced variables not in allowedEnvVars (sent empty): ${refused.join(", ")}` : null;
  const done = (partial: Partial<SpawnOutcome> & Pick<SpawnOutcome, "status">): SpawnOutcome => ({
    exit: null, signal: null, stdout: "", stderr: "", stdoutDroppedBytes: 0, stderrDroppedBytes: 0,
    durationMs: Math.round(performance.now() - started), ...partial,
    message: [partial.message ?? null, note].filter((m) => m !== null).join("; ") || null,
  });
  if (request.signal?.aborted === true) return done({ status: "cancelled", message: "cancelled before it started" });
  // as spawnHook: NaN, 0 or a negative timeout would end the request after 1 ms, losing its answer
  if (!(request.timeoutMs > 0)) return done({ status: "spawn_failed", message: `invalid timeout: ${String(request.timeoutMs)} ms (a positive number is needed)` });
  const failed = (error: unknown): SpawnOutcome => {
    const text = error instanceof Error ? error.message : String(error);
    return done({ status: "spawn_failed", stderr: text, message: `HTTP request failed: ${text}` });
  };
  let url: URL;
  try {
    url = new URL(request.url);
  } catch (error) {
    // load-settings refuses such a URL first; a caller building its own configuration may not
    return failed(error);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return failed(new Error(`unsupported protocol ${url.protocol}`));
  const { request: send } = url.protocol === "https:" ? await import("node:https") : await import("node:http");
  return new Promise<SpawnOutcome>((resolve) => {
    let settled = false;
    let cancelTimer = (): void => {};
    const settle = (outcome: SpawnOutcome): void => {
      if (settled) return;
      settled = true;
      cancelTimer();
      request.signal?.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    let req: ReturnType<typeof send> | null = null;
    const onAbort = (): void => {
      req?.destroy();
      settle(done({ status: "cancelled", message: "cancelled" }));
    };
    try {
      req = send(
        url,
        {
          method: "POST",
          headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(request.body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          let dropped = 0;
          res.on("data", (chunk: Buffer) => {
            const room = request.maxOutputBytes - kept;
            if (room >= chunk.length) {
              chunks.push(chunk);
              kept += chunk.length;
            } else {
              if (room > 0) chunks.push(chunk.subarray(0, room));
              kept += Math.max(room, 0);
              dropped += chunk.length - Math.max(room, 0);
            }
          });
          res.on("error", (error) => settle(failed(error)));
          res.on("end", () => {
            const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(Buffer.concat(chunks));
            const status = res.statusCode ?? 0;
            if (status < 200 || status > 299) {
              // Claude Code reads no answer from a non-2xx response, a deny in its body included
              // (http-403-deny-body, http-500-deny-body), and follows no redirect (http-redirect-to-deny)
              settle(done({ status: "spawn_failed", exit: status, stderr: `HTTP hook returned status ${status}`, stdoutDroppedBytes: kept + dropped }));
              return;
            }
            const trimmed = body.trim();
            if (trimmed === "") {
              settle(done({ status: "exited", exit: 0, stdout: "{}" }));
              return;
            }
            let json = true;
            try {
              JSON.parse(trimmed);
            } catch {
              json = false;
            }
            settle(
              json
                ? done({ status: "exited", exit: 0, stdout: body, stdoutDroppedBytes: dropped })
                : done({
                    status: "spawn_failed", exit: status, stdout: body, stdoutDroppedBytes: dropped,
                    stderr: `HTTP hook must return JSON, but got non-JSON response body: ${trimmed.slice(0, 200)}`,
                  }),
            );
          });
        },
      );
    } catch (error) {
      // Node refuses some headers before sending (a space in a name, CR/LF in a value)
      settle(failed(error));
      return;
    }
    const sent = req;
    cancelTimer = setLongTimeout(() => {
      sent.destroy();
      settle(done({ status: "timed_out", message: `no answer after ${request.timeoutMs / 1000} s` }));
    }, request.timeoutMs);
    if (request.signal !== undefined) {
      setMaxListeners(0, request.signal); // one listener per running hook, removed when it ends
      request.signal.addEventListener("abort", onAbort, { once: true });
    }
    sent.on("error", (error) => settle(failed(error)));
    sent.end(request.body);
  });
}
