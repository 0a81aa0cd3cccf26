/**
 * The event table (src/claude-code/events.ts): one row per event of the
 * schemas, every field required, so adding an event is its schemas plus one
 * row, and the compiler names whatever is missing.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { EVENT_NAMES, EVENTS, hookNameOf, isHookEvent, matchValueOf, rulesOf, UNKNOWN_EVENT_RULES } from "../../src/claude-code/events.js";
import { EVENT_CATALOG } from "../../src/claude-code/event-catalog.js";
import { CLAUDE_CODE_OUTPUT_UNIONS } from "../../generated/claude-code-output-shape.js";
import { HOOK_EVENTS } from "../../generated/names.js";
import { isAsyncAnnouncement, readHookStdout } from "../../src/claude-code/read-stdout.js";
import { spawnHook } from "../../src/process/spawn-hook.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

test("the table has exactly the schemas' events, in a stable order, and the catalog is a view of it", () => {
  assert.deepEqual([...EVENT_NAMES].sort(), [...HOOK_EVENTS].sort());
  assert.deepEqual(EVENT_CATALOG.map((e) => e.name), EVENT_NAMES);
  assert.equal(EVENT_CATALOG.length, Object.keys(EVENTS).length);
});

test("a name that is not an event (prototype keys too) gets the unknown row, never a prototype member", () => {
  for (const name of ["__proto__", "constructor", "toString", "Bogus", ""]) {
    assert.equal(isHookEvent(name), false, name);
    assert.equal(rulesOf(name), UNKNOWN_EVENT_RULES, name);
  }
  assert.equal(rulesOf("PreToolUse"), EVENTS.PreToolUse);
});

test("outputVariantRank: exactly the events with a hookSpecificOutput variant, each rank once", () => {
  const variants = new Set(CLAUDE_CODE_OUTPUT_UNIONS["ClaudeCodeHookSpecificOutput"]!.variants.map((v) => v.tag));
  const ranks: number[] = [];
  for (const name of EVENT_NAMES) {
    const rank = EVENTS[name].outputVariantRank;
    assert.equal(rank !== null, variants.has(name), `${name}: rank ${rank}, variant ${variants.has(name)}`);
    if (rank !== null) ranks.push(rank);
  }
  assert.deepEqual(ranks.sort((a, b) => a - b), [...Array(variants.size).keys()]);
});

test("rows agree with themselves: strategy options and the fields they rely on", () => {
  for (const name of EVENT_NAMES) {
    const row = EVENTS[name];
    // per-hook names "event" only where the event has a matcher (else both names are the event)
    if (row.perHookName === "event") assert.notEqual(row.match, null, name);
    if (row.earlyStop === "continue-false" || row.earlyStop === "block-or-continue-false") assert.notEqual(row.continueFalse, null, name);
    if (row.exit2DropsJson) assert.equal(row.exit2, "block", name);
    if (row.toolEvent) assert.equal(row.match?.field, "tool_name", name);
  }
});

test("the match value is one function: FileChanged matches and names by the basename", () => {
  const input = { file_path: "/repo/src/.env" };
  assert.equal(matchValueOf("FileChanged", input), ".env");
  assert.equal(hookNameOf("FileChanged", input), "FileChanged:.env");
  assert.equal(hookNameOf("PreToolUse", { tool_name: "Bash" }), "PreToolUse:Bash");
  assert.equal(hookNameOf("PreToolUse", {}), "PreToolUse");
  assert.equal(matchValueOf("PreToolUse", {}), "");
  assert.equal(matchValueOf("Stop", { tool_name: "Bash" }), null);
});

test("adding an event to the union without a complete row is a compile error naming the event and the field", () => {
  const dir = mkdtempSync(join(tmpdir(), "event-table-"));
  try {
    const events = join(ROOT, "src/claude-code/events.js").replace(/\\/g, "/");
    // A copy of the table's type check with a fake event: one row missing `exit2`, and the event missing altogether.
    writeFileSync(
      join(dir, "fake.ts"),
      `import { EVENTS, type EventRules } from ${JSON.stringify(events)};
type WithFake = keyof typeof EVENTS | "FakeEvent";
const { exit2: _dropped, ...incomplete } = EVENTS.Stop;
export const withIncompleteRow = { ...EVENTS, FakeEvent: incomplete } satisfies Record<WithFake, EventRules>;
export const withoutRow = { ...EVENTS } satisfies Record<WithFake, EventRules>;
`,
    );
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true,
          skipLibCheck: true, types: ["node"], typeRoots: [join(ROOT, "node_modules/@types")],
        },
        files: ["fake.ts"],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
    const out = tsc.stdout + tsc.stderr;
    assert.notEqual(tsc.status, 0, out);
    const lines = out.split("\n").filter((l) => l.startsWith("fake.ts") || l.includes("fake.ts("));
    const incompleteLine = lines.find((l) => l.includes("(4,"));
    const missingLine = lines.find((l) => l.includes("(5,"));
    assert.match(incompleteLine ?? "", /exit2/, out);
    assert.match(missingLine ?? "", /FakeEvent/, out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("one async rule: the first line as written announces {\"async\":true}, a blank first line hides it (probe-a03)", () => {
  assert.equal(isAsyncAnnouncement('{"async":true}'), true);
  assert.equal(isAsyncAnnouncement('  {"async": true}\r'), true);
  assert.equal(isAsyncAnnouncement(""), false);
  assert.equal(isAsyncAnnouncement('{"async":false}'), false);
  assert.equal(isAsyncAnnouncement('{"async":true'), false);
  assert.equal(isAsyncAnnouncement('["async"]'), false);

  const deny = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}';
  const announced = readHookStdout(`{"async":true}\n${deny}`, "PreToolUse");
  assert.equal(announced.async, true);
  // probe-a03: awaited and read whole: two JSON documents are a parse error
  const hidden = readHookStdout(`\n{"async":true}\n${deny}`, "PreToolUse");
  assert.equal(hidden.async, false);
  assert.equal(hidden.output, "invalid");
  assert.equal(hidden.error?.code, "json-parse");
  assert.equal(hidden.error?.path, "");
});

test("spawn-hook applies the same rule to the stream: announced only when the first line is the announcement", async () => {
  const seen: string[] = [];
  for (const [name, script] of [
    ["first line", `printf '{"async":true}\\n'; sleep 0.1; printf '{}'`],
    ["after a blank line", `printf '\\n{"async":true}\\n'; sleep 0.1; printf '{}'`],
  ] as const) {
    let announced = false;
    const outcome = await spawnHook({
      file: "/bin/sh", args: ["-c", script], cwd: tmpdir(), env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" }, stdin: "",
      timeoutMs: 10_000, maxOutputBytes: 1 << 20,
      asyncAnnouncement: { isAnnouncement: isAsyncAnnouncement, onAnnounced: () => void (announced = true) },
    });
    assert.equal(outcome.status, "exited", name);
    assert.equal(readHookStdout(outcome.stdout, "PreToolUse").async, announced, `${name}: the reader and the stream agree`);
    seen.push(`${name}: ${announced}`);
  }
  assert.deepEqual(seen, ["first line: true", "after a blank line: false"]);
});
