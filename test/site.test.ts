// The page (npm run build:site: site/dist/index.html) in real headless Chromium, from file://: for every
// case it offers (every recorded one-hook answer, plus samples) and every agent of the registry, its verdict
// element agrees with `validate --agent <id>` (the decision computed in-process by the function the CLI
// calls, src/cli/validate-decision.ts; the real CLI on a sample), and the model's text with the decision's;
// every capability element agrees with `capabilities --format json` (the real CLI), each recorded claim
// linking to its vector; the page loads nothing, throws nothing, and the CSP refuses nothing.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { AGENTS } from "../src/agents.js";
import { toNullPrototype, type JsonObject } from "../src/json/value.js";
import { decideAcrossAgents, type AcrossAgentsDecision, type AcrossAgentsExit } from "../src/cli/validate-decision.js";
import { buildSite, SITE_OUT } from "../site/build.js";
import * as PAGE_BUILTINS_MODULE from "../site/src/builtins.js";
import { pageCases, type PageCase } from "../site/src/cases.js";
import { chromiumAvailable, launchChromium, openPage, type Browser } from "./lib/chromium.js";
import * as nodePath from "node:path";
import * as nodeUtil from "node:util";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const { PAGE_BUILTINS } = PAGE_BUILTINS_MODULE;
const SKIP = chromiumAvailable() ? false : "chromium is not installed (apt-get install chromium; .ci/run does)";

/** What the page shows for one agent on one case. */
interface Shown {
  readonly agent: string;
  readonly accepted: string;
  readonly exit: string;
  readonly toolResult: string[];
  readonly modelContext: string[];
  readonly letsThrough: string;
}

function fragmentOf(c: PageCase): string {
  const parts = [`event=${encodeURIComponent(c.event)}`, `output=${encodeURIComponent(c.stdout)}`];
  if (c.exit !== 0) parts.push(`exit=${c.exit}`);
  if (c.stderr !== "") parts.push(`stderr=${encodeURIComponent(c.stderr)}`);
  if (c.input !== undefined) parts.push(`input=${encodeURIComponent(JSON.stringify(c.input))}`);
  return `#${parts.join("&")}`;
}

/** In the page, the verdicts shown: `section` is each `[data-agent]` element. */
const SHOWN = `(() => {
  const texts = (section, field) => [...section.querySelectorAll('[data-field="' + field + '"]')].map((e) => e.textContent);
  return [...document.querySelectorAll("#verdicts [data-agent]")].map((section) => ({
    agent: section.dataset.agent, accepted: section.dataset.accepted, exit: section.dataset.exit,
    toolResult: texts(section, "tool_result"), modelContext: texts(section, "model_context"), letsThrough: section.dataset.letsThrough ?? "",
  }));
})()`;

/** In the page: each fragment in turn (the URL a link selects a case by), the verdicts once the page has rendered it. */
const BY_FRAGMENT = `async (fragments) => {
  const out = [];
  for (const fragment of fragments) {
    const changed = new Promise((resolve) => { addEventListener("hashchange", () => resolve(true), { once: true }); setTimeout(() => resolve(false), 10000); });
    location.hash = fragment;
    if (!(await changed)) throw new Error("no hashchange in 10 s for " + fragment.slice(0, 200));
    out.push({ fragment: location.hash, shown: ${SHOWN} });
  }
  return out;
}`;

/** In the page: each case typed into the form (as a paste does: one input event), the verdicts and the fragment the page writes. */
const BY_FORM = `(cases) => cases.map((c) => {
  const field = (id) => document.getElementById(id);
  field("event").value = c.event;
  field("output").value = c.stdout;
  field("exit").value = String(c.exit);
  field("stderr").value = c.stderr;
  field("input").value = c.input === undefined ? "" : JSON.stringify(c.input);
  field("output").dispatchEvent(new Event("input"));
  return { fragment: location.hash, shown: ${SHOWN} };
})`;

let dir = "";
let page = "";
let browser: Browser | undefined;
let session: Awaited<ReturnType<typeof openPage>> | undefined;
const cases = pageCases();
/** The in-process decision per case and agent, as `validate --agent <id>` makes it. */
let decided: AcrossAgentsDecision[][] = [];

before(async () => {
  if (SKIP !== false) return;
  decided = cases.map((c) =>
    AGENTS.map((agent) => decideAcrossAgents({ event: c.event, exit: c.exit, stdout: c.stdout, stderr: c.stderr, ...(c.input !== undefined ? { input: toNullPrototype(c.input) as JsonObject } : {}) }, [agent.dialect])),
  );
  dir = mkdtempSync(join(tmpdir(), "chp-site-"));
  page = (await buildSite(join(dir, "index.html"))).path;
  browser = await launchChromium();
  session = await openPage(browser, pathToFileURL(page).href);
  assert.equal(await session.evaluate<string>("document.body.dataset.ready"), "true", "the page's script ran to its end");
});

after(async () => {
  await browser?.close();
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
});

test("the page's Node built-ins give what Node's do, on generated paths and texts", () => {
  const pieces = ["", "/", "//", ".", "..", "a", "b.json", ".factory", "~", "<project>", " ", "\u001b[31m", "\u001b]8;;x\u0007", "\u009b1m", "ä", "\\"];
  const samples: string[] = [];
  for (const a of pieces) for (const b of pieces) for (const c of ["", "/", ".."]) samples.push(a + b + c, `${a}/${b}/${c}`);
  const own = PAGE_BUILTINS["path"]! as Record<string, (...args: string[]) => unknown>;
  for (const s of samples) {
    for (const name of ["basename", "dirname", "normalize", "isAbsolute"] as const) assert.equal(own[name]!(s), nodePath.posix[name](s), `path.${name}(${JSON.stringify(s)})`);
    assert.equal(own["join"]!(s, "x", s), nodePath.posix.join(s, "x", s), `path.join(${JSON.stringify(s)}, "x", ...)`);
    const strip = (PAGE_BUILTINS["util"]! as Record<string, (text: string) => string>)["stripVTControlCharacters"]!;
    assert.equal(strip(s), nodeUtil.stripVTControlCharacters(s), `util.stripVTControlCharacters(${JSON.stringify(s)})`);
  }
  assert.equal(own["join"]!(), nodePath.posix.join());
  const { Buffer: pageBuffer } = PAGE_BUILTINS_MODULE;
  for (const s of [...samples, "\ud800", "a\udc00b", "😀", "\u0000", "€"]) assert.equal(pageBuffer.byteLength(s, "utf8"), Buffer.byteLength(s, "utf8"), `Buffer.byteLength(${JSON.stringify(s)})`);
  assert.equal((PAGE_BUILTINS["path"] as Record<string, unknown>)["sep"], nodePath.posix.sep);
});

test("every case × every agent: the page's verdict is validate --agent's (exit 0 exactly when data-accepted is true), and so is the model's text", { skip: SKIP }, async () => {
  assert.ok(cases.length > 500, `the recorded one-hook answers (${cases.length} cases)`);
  const started = Date.now();
  // A sample by the URL fragment first (a hash navigation costs ~25 ms in Chromium), then every case by the form.
  // A textarea turns CR into LF (HTML's value normalization, as a paste does): a case with a CR is checked by its fragment only.
  const hasCr = (c: PageCase): boolean => /\r/.test(c.stdout + c.stderr + JSON.stringify(c.input ?? null));
  const sampled = cases.flatMap((c, i) => (i % 8 === 0 || hasCr(c) ? [i] : []));
  const byFragment = await session!.evaluate<{ fragment: string; shown: Shown[] }[]>(`(${BY_FRAGMENT})(${JSON.stringify(sampled.map((i) => fragmentOf(cases[i]!)))})`);
  const byForm: { fragment: string; shown: Shown[] }[] = [];
  for (let i = 0; i < cases.length; i += 200) byForm.push(...(await session!.evaluate<typeof byForm>(`(${BY_FORM})(${JSON.stringify(cases.slice(i, i + 200))})`)));
  let checked = 0;
  const exits = new Map<AcrossAgentsExit, number>();
  const agree = (i: number, shown: Shown[], how: string): void => {
    const c = cases[i]!;
    assert.deepEqual(shown.map((s) => s.agent), AGENTS.map((a) => a.name), `case ${i} ${how}: one verdict per agent, in registry order`);
    for (const [j, agent] of AGENTS.entries()) {
      const { report, exit } = decided[i]![j]!;
      const s = shown[j]!;
      const where = `${how}: ${agent.name} on ${c.event} ${JSON.stringify(c.stdout).slice(0, 120)} exit ${c.exit} (${c.source})`;
      assert.equal(s.exit, String(exit), `${where}: exit`);
      assert.equal(s.accepted, String(exit === 0), `${where}: data-accepted`);
      assert.equal(s.letsThrough, String(report.lets_through.length > 0), `${where}: lets through`);
      const effects = report.agents[0]!.effects;
      assert.deepEqual(s.toolResult, effects?.tool_result == null ? [] : [effects.tool_result], `${where}: the text the model is told`);
      assert.deepEqual(s.modelContext, effects?.model_context ?? [], `${where}: the model's context`);
      exits.set(exit, (exits.get(exit) ?? 0) + 1);
      checked++;
    }
  };
  for (const [k, i] of sampled.entries()) agree(i, byFragment[k]!.shown, "by fragment");
  for (const [i, c] of cases.entries()) {
    if (hasCr(c)) continue;
    agree(i, byForm[i]!.shown, "by form");
    assert.equal(byForm[i]!.fragment, fragmentOf(c), `case ${i}: the page links the case by #event=...&output=...`);
  }
  // every verdict kind occurs, so the agreement is not a constant's
  for (const exit of [0, 1, 3] as const) assert.ok((exits.get(exit) ?? 0) > 0, `some verdict exits ${exit}`);
  console.error(`site: ${cases.length} cases × ${AGENTS.length} agents by the form and ${sampled.length} by the fragment: ${checked} verdicts agree (exit 0: ${exits.get(0)}, 1: ${exits.get(1)}, 3: ${exits.get(3)}) in ${Date.now() - started} ms`);
});

function cli(args: readonly string[], input = ""): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout }));
    child.stdin.end(input);
  });
}

test("the real validate --agent exits as the in-process decision says, on a sample of cases", { skip: SKIP }, async () => {
  // per agent one case, the exits 0, 1 and 3 in turn (the first case the decision gives that exit, else its first case); 3 processes at a time
  const sample = [...AGENTS.keys()].map((j) => {
    const exit = ([0, 1, 3] as const)[j % 3]!;
    const i = decided.findIndex((row) => row[j]!.exit === exit);
    return { i: i === -1 ? j : i, j };
  });
  assert.deepEqual(new Set(sample.map(({ i, j }) => decided[i]![j]!.exit)), new Set([0, 1, 3]), "the sample covers every exit");
  for (let k = 0; k < sample.length; k += 3) {
    await Promise.all(
      sample.slice(k, k + 3).map(async ({ i, j }) => {
        const c = cases[i]!;
        const args = ["validate", "--agent", AGENTS[j]!.name, "--event", c.event, "--exit", String(c.exit), "--stderr", c.stderr];
        if (c.input !== undefined) {
          const file = join(dir, `input-${i}.json`);
          writeFileSync(file, JSON.stringify(c.input));
          args.push("--input", file);
        }
        const run = await cli(args, c.stdout);
        assert.equal(run.code, decided[i]![j]!.exit, `validate --agent ${AGENTS[j]!.name} on case ${i} (${c.source}): ${run.stdout}`);
      }),
    );
  }
});

test("every capability element is a claim of capabilities --format json, with its support, and links to its recorded vectors", { skip: SKIP }, async () => {
  const run = await cli(["capabilities", "--format", "json"]);
  assert.equal(run.code, 0);
  const json = JSON.parse(run.stdout) as Record<string, Record<string, Record<string, { support: string; basis: string; vectors: string[] }>>>;
  const expected = new Map<string, { support: string; basis: string; vectors: string[] }>();
  for (const [agent, events] of Object.entries(json)) for (const [event, answers] of Object.entries(events)) for (const [kind, claim] of Object.entries(answers)) expected.set(`${agent}/${event}/${kind}`, claim);
  const cells = await session!.evaluate<{ id: string; support: string; vectors: string[]; hrefs: string[] }[]>(
    `[...document.querySelectorAll("[data-capability]")].map((e) => ({ id: e.dataset.capability, support: e.dataset.support, vectors: [...e.querySelectorAll("a[data-vector]")].map((a) => a.dataset.vector), hrefs: [...e.querySelectorAll("a[data-vector]")].map((a) => a.getAttribute("href")) }))`,
  );
  assert.deepEqual(cells.map((c) => c.id).sort(), [...expected.keys()].sort(), "one element per claim");
  let links = 0;
  for (const cell of cells) {
    const claim = expected.get(cell.id)!;
    assert.equal(cell.support, claim.support, `${cell.id}: data-support`);
    assert.deepEqual(cell.vectors, claim.basis === "recorded" ? claim.vectors : [], `${cell.id}: its vectors`);
    for (const href of cell.hrefs) {
      // relative to where npm run build:site puts the page, in the clone
      const target = fileURLToPath(new URL(href, pathToFileURL(SITE_OUT)));
      assert.ok(existsSync(target) && JSON.parse(readFileSync(target, "utf8")).expected !== undefined, `${cell.id}: ${href} is a recorded vector`);
      links++;
    }
  }
  assert.ok(links > 200, `links to recorded vectors (${links})`);
});

test("a case the command refuses (an unknown event) is refused on the page too: exit 2, not accepted", { skip: SKIP }, async () => {
  const [shown] = await session!.evaluate<{ fragment: string; shown: Shown[] }[]>(`(${BY_FRAGMENT})(${JSON.stringify(["#event=NoSuchEvent&output=%7B%7D"])})`);
  assert.deepEqual(shown!.shown.map((s) => [s.agent, s.accepted, s.exit]), AGENTS.map((a) => [a.name, "false", "2"]));
  const run = await cli(["validate", "--agent", AGENTS[1]!.name, "--event", "NoSuchEvent"], "{}");
  assert.equal(run.code, 2);
});

test("markup in an answer is text on the page: the model's text shows it, no element is made of it", { skip: SKIP }, async () => {
  const i = cases.findIndex((c) => c.stdout.includes("<img src=x"));
  assert.ok(i !== -1, "the sample with markup");
  const [shown] = await session!.evaluate<{ fragment: string; shown: Shown[] }[]>(`(${BY_FRAGMENT})(${JSON.stringify([fragmentOf(cases[i]!)])})`);
  assert.ok(shown!.shown.some((s) => s.toolResult.some((t) => t.includes("<img src=x onerror=alert(1)></pre><script>alert(2)</script>"))), "the reason, verbatim");
  assert.equal(await session!.evaluate<number>(`document.querySelectorAll("#verdicts img, #verdicts script").length`), 0);
});

test("the page loads nothing but itself, throws nothing and its CSP refuses nothing", { skip: SKIP }, async () => {
  const events = browser!.events.filter((e) => e.sessionId === session!.sessionId);
  const requests = events.filter((e) => e.method === "Network.requestWillBeSent").map((e) => (e.params!["request"] as { url: string }).url);
  assert.deepEqual([...new Set(requests)], [pathToFileURL(page).href], "one request: the page's own file");
  const thrown = events.filter((e) => e.method === "Runtime.exceptionThrown").map((e) => JSON.stringify(e.params).slice(0, 500));
  assert.deepEqual(thrown, []);
  const errors = events.filter((e) => e.method === "Log.entryAdded" && (e.params!["entry"] as { level: string }).level === "error").map((e) => (e.params!["entry"] as { text: string }).text);
  assert.deepEqual(errors, [], "no console errors (a CSP refusal is one)");
  const html = readFileSync(page, "utf8");
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+';/);
  assert.equal(await session!.evaluate<number>(`document.querySelectorAll("[src], link, iframe, object, embed, img, base").length`), 0, "no element that loads anything");
});
