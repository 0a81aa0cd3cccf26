// http hooks against a real local server on 127.0.0.1: the event JSON is
// POSTed, headers interpolate only allowedEnvVars, answers map to results.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { loadHookConfiguration } from "../../src/claude-code/runner/load-settings.js";
import { runHooks } from "../../src/claude-code/runner/run-hooks.js";

interface Received {
  readonly path: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

async function withServer(fn: (base: string, received: Received[]) => Promise<void>): Promise<void> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      const answers: Record<string, [number, string]> = {
        "/deny": [200, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'],
        "/empty": [200, ""],
        "/text": [200, "not json"],
        "/fail": [500, "boom"],
      };
      if (req.url === "/slow") return void setTimeout(() => res.end("{}"), 5000).unref();
      const [status, text] = answers[req.url ?? ""] ?? [404, ""];
      res.writeHead(status, { "content-type": "application/json" }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await fn(`http://127.0.0.1:${port}`, received);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test("an http hook POSTs the event JSON; headers read only the variables in allowedEnvVars", async () => {
  await withServer(async (base, received) => {
    const configuration = loadHookConfiguration({
      settings: [{
        kind: "flag",
        file: "http.json",
        text: JSON.stringify({
          hooks: {
            PreToolUse: [{
              matcher: "Bash",
              hooks: [{
                type: "http",
                url: `${base}/deny`,
                headers: { Authorization: "Bearer $HOOK_TOKEN", "X-Secret": "${SECRET_KEY}", "X-Mixed": "${HOOK_TOKEN}-$SECRET_KEY" },
                allowedEnvVars: ["HOOK_TOKEN"],
              }],
            }],
          },
        }),
      }],
    });
    const run = await runHooks({
      event: "PreToolUse",
      input: { session_id: "s", tool_name: "Bash", tool_input: { command: "rm -rf /" } },
      configuration,
      env: { HOOK_TOKEN: "tok123", SECRET_KEY: "must-not-leak" },
    });
    const [r] = run.results;
    assert.equal(r?.status, "exited");
    assert.equal(r?.exit, 0);
    assert.equal(r?.form, "http");
    assert.match(r?.stdout ?? "", /"permissionDecision":"deny"/);
    assert.match(r?.message ?? "", /SECRET_KEY/);
    const [request] = received;
    assert.equal(request?.headers["authorization"], "Bearer tok123");
    assert.equal(request?.headers["x-secret"], "");
    assert.equal(request?.headers["x-mixed"], "tok123-");
    assert.equal(request?.headers["content-type"], "application/json");
    assert.deepEqual(JSON.parse(request?.body ?? ""), {
      session_id: "s",
      tool_name: "Bash",
      tool_input: { command: "rm -rf /" },
      hook_event_name: "PreToolUse",
    });
    assert.ok(!JSON.stringify(received).includes("must-not-leak"));
  });
});

test("http answers: empty 2xx is {}, non-JSON and non-2xx are failures, a slow server times out", async () => {
  await withServer(async (base) => {
    const hooks = ["empty", "text", "fail", "slow"].map((p) => ({ type: "http", url: `${base}/${p}`, timeout: 1 }));
    const configuration = loadHookConfiguration({
      settings: [{ kind: "flag", file: "h.json", text: JSON.stringify({ hooks: { Stop: [{ hooks }] } }) }],
    });
    const run = await runHooks({ event: "Stop", input: { stop_hook_active: false }, configuration });
    const by = (p: string) => run.results.find((r) => r.command.endsWith(`/${p}`));
    assert.deepEqual([by("empty")?.exit, by("empty")?.stdout], [0, "{}"]);
    // no answer, reported with the HTTP status as its exit, as Claude Code does (runner-http/http-two-json, http-500-deny-body)
    assert.deepEqual([by("text")?.status, by("text")?.exit], ["spawn_failed", 200]);
    assert.match(by("text")?.stderr ?? "", /^HTTP hook must return JSON, but got non-JSON response body: not json/);
    assert.deepEqual([by("fail")?.status, by("fail")?.exit], ["spawn_failed", 500]);
    assert.match(by("fail")?.stderr ?? "", /status 500/);
    assert.equal(by("slow")?.status, "timed_out");
  });
});

test("an unreachable http hook is a failed start, not a crash", async () => {
  const configuration = loadHookConfiguration({
    settings: [{ kind: "flag", file: "h.json", text: JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "http", url: "http://127.0.0.1:1/x" }] }] } }) }],
  });
  const run = await runHooks({ event: "Stop", input: {}, configuration });
  assert.equal(run.results[0]?.status, "spawn_failed");
  assert.match(run.results[0]?.message ?? "", /ECONNREFUSED/);
});

test("an AbortSignal cancels a pending http hook", async () => {
  await withServer(async (base) => {
    const configuration = loadHookConfiguration({
      settings: [{ kind: "flag", file: "h.json", text: JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "http", url: `${base}/slow` }] }] } }) }],
    });
    const controller = new AbortController();
    const run = await runHooks({ event: "Stop", input: {}, configuration, signal: controller.signal, onHookStarted: () => setTimeout(() => controller.abort(), 100) });
    assert.equal(run.results[0]?.status, "cancelled");
    const already = await runHooks({ event: "Stop", input: {}, configuration, signal: AbortSignal.abort() });
    assert.equal(already.results[0]?.status, "cancelled");
  });
});
