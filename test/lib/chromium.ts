/**
 * Headless Chromium (Debian's `chromium`) driven over the DevTools protocol on
 * a pipe (--remote-debugging-pipe: commands on fd 3, answers on fd 4, each a
 * JSON message ended by NUL): no port, no npm dependency. A fresh profile per
 * browser, removed on close.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";

export const CHROMIUM = process.env["CHROMIUM"] ?? "/usr/bin/chromium";

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

interface Message {
  readonly id?: number;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly message: string };
  readonly sessionId?: string;
}

export interface Browser {
  /** A DevTools command, to the browser or (with `sessionId`) to a page. */
  send(method: string, params?: Record<string, unknown>, sessionId?: string): Promise<Record<string, unknown>>;
  /** Every event so far and to come, as they arrive. */
  readonly events: Message[];
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "chp-chromium-"));
  const child: ChildProcess = spawn(
    CHROMIUM,
    ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", `--user-data-dir=${profile}`, "--remote-debugging-pipe",
      // Chromium drops a page's navigations past 200 in 10 s ("Throttling navigation"): a test walks hundreds of fragments
      "--disable-ipc-flooding-protection", "about:blank"],
    { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const pending = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  const events: Message[] = [];
  let buffered = "";
  let nextId = 1;
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  child.on("exit", (code) => {
    for (const { reject } of pending.values()) reject(new Error(`chromium exited (${code}): ${stderr}`));
    pending.clear();
  });
  fromBrowser.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    for (let end = buffered.indexOf("\0"); end !== -1; end = buffered.indexOf("\0")) {
      const message = JSON.parse(buffered.slice(0, end)) as Message;
      buffered = buffered.slice(end + 1);
      if (message.id === undefined) {
        events.push(message);
        continue;
      }
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result ?? {});
    }
  });
  return {
    events,
    send(method, params = {}, sessionId) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId === undefined ? {} : { sessionId }) })}\0`);
      });
    },
    async close() {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A new page at `url`, attached (flat session), with Runtime, Log and Network events on; resolves once it has loaded. */
export async function openPage(browser: Browser, url: string): Promise<{ readonly sessionId: string; evaluate<T>(expression: string): Promise<T> }> {
  const { targetId } = (await browser.send("Target.createTarget", { url: "about:blank" })) as { targetId: string };
  const { sessionId } = (await browser.send("Target.attachToTarget", { targetId, flatten: true })) as { sessionId: string };
  await Promise.all(["Runtime.enable", "Log.enable", "Network.enable", "Page.enable"].map((m) => browser.send(m, {}, sessionId)));
  const loaded = new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      if (browser.events.some((e) => e.sessionId === sessionId && e.method === "Page.loadEventFired")) {
        clearInterval(poll);
        resolve();
      }
    }, 20);
  });
  await browser.send("Page.navigate", { url }, sessionId);
  await loaded;
  return {
    sessionId,
    async evaluate<T>(expression: string): Promise<T> {
      const answer = (await browser.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true }, sessionId)) as {
        result: { value?: unknown };
        exceptionDetails?: { text: string; exception?: { description?: string } };
      };
      if (answer.exceptionDetails !== undefined) throw new Error(`in the page: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
      return answer.result.value as T;
    },
  };
}
