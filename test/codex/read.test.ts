/**
 * The Codex reader, schemas and lints against the recordings
 * (test/observer/codex): every recorded stdin payload validates; the reader
 * refuses exactly the outputs Codex refused; hostile input gives values, not
 * throws; the merged result is a valid MergedResult; the lints flag the
 * answers Codex drops.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as codexValidators from "../../generated/validators/codex.js";
import { validateMergedResult } from "../../generated/validators/records.js";
import { CODEX_EVENTS, CODEX_EVENT_NAMES, isCodexEvent } from "../../src/codex/events.js";
import { readStdout, rustTrim } from "../../src/codex/read-output.js";
import { mergeCodexRequest } from "../../src/codex/merge.js";
import { codexDivergences } from "../../src/codex/divergences.js";
import { permissionRejected, rustDebugString } from "../../src/codex/texts.js";
import type { MergeRequest } from "../../src/core/merge-request.js";
import type { Validator } from "../../generated/validators/validator.js";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- recordings
const OBSERVED = "test/observer/codex/observed";
const recordings: Obj[] = readdirSync(OBSERVED).filter((f) => f.endsWith(".json")).sort().map((f) => JSON.parse(readFileSync(join(OBSERVED, f), "utf8")) as Obj);

test("every recorded stdin payload validates as CodexHookInput and as its event's schema", () => {
  const byEvent = new Map<string, number>();
  for (const o of recordings) {
    for (const hook of o["hooks"] ?? []) {
      for (const payload of [hook["stdin_first"], ...(hook["stdin_more"] ?? [])]) {
        if (payload === null || typeof payload !== "object") continue;
        assert.equal(codexValidators.validateCodexHookInput(payload), true, `${o["name"]}: ${JSON.stringify(codexValidators.validateCodexHookInput.errors)}`);
        const event = payload["hook_event_name"] as string;
        const own = (codexValidators as unknown as Record<string, Validator<unknown>>)[`validateCodex${event}HookInput`]!;
        assert.equal(own(payload), true, o["name"]);
        // Wire order as recorded: the schema's `required` lists the keys in the order Codex writes them.
        const required = (JSON.parse(readFileSync(`schemas/codex/input/${event.replace(/(?<!^)(?=[A-Z])/g, "-").toLowerCase()}.schema.json`, "utf8")) as Obj)["required"] as string[];
        assert.deepEqual(Object.keys(payload).filter((k) => required.includes(k)), required, `${o["name"]}: key order`);
        byEvent.set(event, (byEvent.get(event) ?? 0) + 1);
      }
    }
  }
  const total = [...byEvent.values()].reduce((a, b) => a + b, 0);
  assert.ok(total >= 230, `only ${total} payloads`);
  assert.deepEqual([...byEvent.keys()].sort(), ["PermissionRequest", "PostCompact", "PostToolUse", "PreCompact", "PreToolUse", "SessionEnd", "SessionStart", "Stop", "SubagentStart", "UserPromptSubmit"]);
});

test("the event table: stdin keys are the input schema's required keys in order; the output validator is the event's schema", () => {
  for (const event of CODEX_EVENT_NAMES) {
    const file = event.replace(/(?<!^)(?=[A-Z])/g, "-").toLowerCase();
    const input = JSON.parse(readFileSync(`schemas/codex/input/${file}.schema.json`, "utf8")) as Obj;
    assert.deepEqual(CODEX_EVENTS[event].stdinKeys, input["required"], event);
    const validator = (codexValidators as unknown as Record<string, unknown>)[`validateCodex${event}HookOutput`];
    assert.equal(CODEX_EVENTS[event].validateOutput, validator ?? null, event);
  }
});

test("the reader refuses exactly the exit-0 outputs Codex refused as invalid JSON (every recorded hook run)", () => {
  let valid = 0;
  let invalid = 0;
  const disagreements: string[] = [];
  for (const dir of readdirSync("test/vectors/merge/codex", { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(join("test/vectors/merge/codex", dir.name))) {
      const vector = JSON.parse(readFileSync(join("test/vectors/merge/codex", dir.name, file), "utf8")) as Obj;
      if (vector["request"] === undefined) continue;
      const recording = JSON.parse(readFileSync(vector["source"], "utf8")) as Obj;
      const event = vector["request"]["event"] as string;
      if (!isCodexEvent(event)) throw new Error(event);
      const rules = CODEX_EVENTS[event];
      const runs = (recording["app_server"]["hook_runs"] as Obj[]).filter((r) => r["method"] === "hook/completed" && r["run"]["eventName"] === rules.runName);
      for (const hook of vector["request"]["hooks"] as Obj[]) {
        if (hook["exit"] !== 0 || hook["async"] === true) continue;
        // SessionEnd: Codex reports no run (cap-sessionend-*), so nothing says whether it refused the output
        const found = runs.find((r) => r["run"]["displayOrder"] === hook["config_index"]);
        if (found === undefined && rules.reading === "none") continue;
        const run = found!["run"] as Obj;
        const refused = (run["entries"] as Obj[]).some((e) => e["kind"] === "error" && String(e["text"]).startsWith("hook returned invalid"));
        const reading = readStdout(hook["stdout"], rules);
        const ours = reading.output === "invalid" || (reading.output === "text" && rules.plainText === "invalid");
        if (ours !== refused) disagreements.push(`${vector["scenario"]}#${hook["config_index"]}: Codex ${refused ? "refused" : "accepted"} ${JSON.stringify(hook["stdout"]).slice(0, 120)}`);
        if (refused) invalid++;
        else valid++;
      }
    }
  }
  assert.deepEqual(disagreements, []);
  assert.ok(valid >= 120 && invalid >= 14, JSON.stringify({ valid, invalid }));
});

test("Rust's trim keeps a byte-order mark (cx-pre-bom-deny: the deny is plain text, ignored)", () => {
  assert.equal(rustTrim("\uFEFF{}\u0085 \n"), "\uFEFF{}");
  assert.equal(readStdout('\uFEFF{"decision":"block","reason":"x"}', CODEX_EVENTS.PreToolUse).output, "text");
  assert.equal(readStdout('\u00a0 {"decision":"block","reason":"x"} \u3000', CODEX_EVENTS.PreToolUse).output, "json");
});

test("serde_json limits: nesting deeper than 127 and lone surrogate escapes are invalid; 127 is fine", () => {
  const nested = (depth: number): string => `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"x","deep":${"[".repeat(depth - 3)}1${"]".repeat(depth - 3)}}}}`;
  assert.equal(readStdout(nested(127), CODEX_EVENTS.PreToolUse).output, "json");
  assert.equal(readStdout(nested(128), CODEX_EVENTS.PreToolUse).output, "invalid");
  assert.equal(readStdout('{"systemMessage":"a \\udc00"}', CODEX_EVENTS.PreToolUse).output, "invalid");
  assert.equal(readStdout('{"systemMessage":"a \\ud83d\\ude00"}', CODEX_EVENTS.PreToolUse).output, "json");
  assert.equal(readStdout('{"systemMessage":"x"} {}', CODEX_EVENTS.PreToolUse).output, "invalid");
  assert.equal(readStdout("[]", CODEX_EVENTS.PreToolUse).output, "invalid");
});

test("Rust Debug escaping of a PermissionRequest deny message (cx-perm-deny-quote-newline)", () => {
  assert.equal(rustDebugString('a"b\\c\nd'), '"a\\"b\\\\c\\nd"');
  const recorded = recordings.find((o) => o["name"] === "cx-perm-deny-quote-newline")!["outcome"]["tool_output"];
  assert.equal(permissionRejected('say "no"\\ now\nplease'), recorded);
});

const request = (event: string, hooks: Obj[], extra: Obj = {}): MergeRequest =>
  ({ event, tool_name: "Bash", tool_input: { command: "ls" }, hooks: hooks.map((h, i) => ({ command: `h${i}`, exit: 0, stdout: "", stderr: "", config_index: i, ...h })), ...extra }) as unknown as MergeRequest;

test("hostile stdout: never a throw, always a valid MergedResult, prototypes untouched", () => {
  const deep = "[".repeat(100_000) + "]".repeat(100_000);
  const hostile = [
    '{"__proto__":{"polluted":true},"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"x"}}',
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"__proto__":{"polluted":1},"command":"x"}}}',
    deep,
    `{"a":${deep}}`,
    "\ud800{",
    '{"reason":"\ud800"}',
    "x".repeat(2_000_000),
    "{".repeat(10) + "\0",
    '{"continue":1e400}',
  ];
  for (const event of CODEX_EVENT_NAMES) {
    for (const stdout of hostile) {
      for (const exit of [0, 2, 1, null]) {
        const merged = mergeCodexRequest(request(event, [{ stdout, exit, stderr: stdout.slice(0, 100) }, { stdout: "{}", exit: 0 }]));
        assert.equal(validateMergedResult(merged), true, `${event} ${stdout.slice(0, 30)}: ${JSON.stringify(validateMergedResult.errors)}`);
      }
    }
  }
  assert.equal(({} as Obj)["polluted"], undefined);
  const rewritten = mergeCodexRequest(request("PreToolUse", [{ stdout: hostile[1] }]));
  assert.equal(Object.getPrototypeOf(rewritten.updated_input), null);
  assert.deepEqual(rewritten.effects.tool_input, Object.assign(Object.create(null), { command: "x" }));
});

test("an event Codex does not have is an error value, not a throw", () => {
  const merged = mergeCodexRequest(request("PostToolUseFailure", [{ stdout: "{}" }]));
  assert.deepEqual(merged.errors, ['Codex CLI 0.171.0 has no hook event "PostToolUseFailure"']);
  assert.equal(validateMergedResult(merged), true);
  assert.deepEqual(codexDivergences({ event: "PostToolUseFailure", exit: 0, stdout: "", stderr: "" }).map((d) => d.code), ["unknown-event"]);
});

const codes = (event: string, exit: number, stdout: string, stderr = ""): string[] => codexDivergences({ event, exit, stdout, stderr }).map((d) => d.code);
const deny = (extra: Obj = {}, reason: unknown = "no"): string => JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason, ...extra } });

test("lints: every way a Claude Code deny fails open in Codex is flagged fails-open (pre-03, pre-08b, pre-08d, cx-pre-exit1-json-deny, cx-pre-exit2-no-stderr, cx-pre-bom-deny)", () => {
  const message = codexDivergences({ event: "PreToolUse", exit: 0, stdout: deny({}, ""), stderr: "" })[0]!.message;
  assert.equal(message, "Codex: fails open: a deny needs a non-empty permissionDecisionReason");
  for (const [exit, stdout, stderr] of [
    [0, deny({}, null), ""],
    [0, deny({}, "   "), ""],
    [0, deny({ extra: 1 }), ""],
    [0, JSON.stringify({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "no" } }), ""],
    [1, deny(), ""],
    [3, deny(), ""],
    [2, "", ""],
    [2, "", "  \n"],
    [0, "\uFEFF" + deny(), ""],
    [0, JSON.stringify({ decision: "block" }), ""],
    [0, deny() + "\n{}", ""],
  ] as const) {
    assert.ok(codes("PreToolUse", exit, stdout, stderr).includes("fails-open"), `${exit} ${stdout} ${stderr}`);
  }
  assert.deepEqual(codes("PreToolUse", 0, deny()), []);
  assert.deepEqual(codes("PreToolUse", 2, "", "blocked"), []);
  assert.ok(codexDivergences({ event: "PreToolUse", exit: 2, stdout: "", stderr: "" })[0]!.message.includes("exit 2 needs a reason on stderr"));
});

test("lints: unsupported answers, replaced outputs, silent prompt blocks, accepted wrong event names", () => {
  assert.deepEqual(codes("PreToolUse", 0, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" } })), ["unsupported"]);
  assert.deepEqual(codes("PreToolUse", 0, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } })), ["unsupported"]);
  assert.deepEqual(codes("PreToolUse", 0, JSON.stringify({ continue: false, stopReason: "x" })), ["unsupported", "continue-ignored"]);
  assert.deepEqual(codes("PostToolUse", 0, JSON.stringify({ decision: "block", reason: "r" })), ["replaces-output"]);
  assert.deepEqual(codes("PostToolUse", 0, JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "c" }, x: 1 })), ["invalid-output"]);
  assert.deepEqual(codes("UserPromptSubmit", 0, JSON.stringify({ decision: "block", reason: "r" })), ["silent-block"]);
  assert.deepEqual(codes("PermissionRequest", 2, "", "no"), ["exit2-denies"]);
  assert.deepEqual(codes("Stop", 0, JSON.stringify({ decision: "block", reason: "again" })), ["no-loop-cap"]);
  assert.deepEqual(codes("PreToolUse", 0, JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", permissionDecision: "deny", permissionDecisionReason: "x" } })), ["wrong-event-accepted"]);
  assert.deepEqual(codes("Stop", 0, "keep going"), ["invalid-output"]);
});
