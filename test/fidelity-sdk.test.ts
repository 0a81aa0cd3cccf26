/**
 * Issue 18, item 4: our Claude Code types against the Agent SDK's hook types,
 * both ways, and the offline diff of a newer SDK release
 * (scripts/check-agent-sdk.ts; the recorded release is
 * test/fixtures/agent-sdk/hook-types.json, @anthropic-ai/claude-agent-sdk 0.3.333).
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { checkCompat, diffSnapshots, loadRelease, RECORDED_SNAPSHOT, type Snapshot } from "../scripts/check-agent-sdk.js";
import { validateClaudeCodeHookOutput, validatePermissionRequestHookInput } from "../generated/validators/claude-code.js";

const recorded = JSON.parse(readFileSync(RECORDED_SNAPSHOT, "utf8")) as Snapshot;

/** The recorded release with one declaration replaced, added or removed. */
function edited(edit: (types: Record<string, string>) => void): Snapshot {
  const types = { ...recorded.types };
  edit(types);
  return { ...recorded, sdk_version: "0.3.334-fabricated", types };
}

test("the recorded SDK release is 0.3.333 (Claude Code 2.1.333) and holds every event's input and hookSpecificOutput", () => {
  assert.equal(recorded.sdk_version, "0.3.333");
  assert.equal(recorded.claude_code_version, "2.1.333");
  const inputs = Object.keys(recorded.types).filter((name) => /HookInput$/.test(name) && name !== "BaseHookInput" && name !== "HookInput");
  assert.equal(inputs.length, 34, inputs.join(", "));
});

test("compat: every SDK type is assignable to ours with no key ours lacks, and ours to the SDK's, on every event", () => {
  const result = checkCompat(recorded);
  assert.deepEqual([result.sdkToOurs.failed, result.oursToSdk.failed, result.unmatched], [[], [], []]);
  // 34 inputs + 24 hookSpecificOutputs + outputs, events, input union and permission updates; outputs also get a key check
  assert.equal(result.pairs, 63);
  assert.equal(result.sdkToOurs.held, 89);
  assert.equal(result.oursToSdk.held, 63);
});

test("compat fails when the SDK adds an output key ours does not declare, and when it narrows a type ours allows", () => {
  const wider = edited((types) => {
    types["PreToolUseHookSpecificOutput"] = types["PreToolUseHookSpecificOutput"]!.replace("hookEventName: 'PreToolUse';", "hookEventName: 'PreToolUse'; newSdkKey?: string;");
    types["StopHookSpecificOutput"] = types["StopHookSpecificOutput"]!.replace(/additionalContext\?: string;/, "additionalContext?: 'fixed';");
  });
  assert.notEqual(wider.types["PreToolUseHookSpecificOutput"], recorded.types["PreToolUseHookSpecificOutput"]);
  assert.notEqual(wider.types["StopHookSpecificOutput"], recorded.types["StopHookSpecificOutput"]);
  const result = checkCompat(wider);
  assert.deepEqual(result.sdkToOurs.failed, ["sdk->ours PreToolUseHookSpecificOutput -> PreToolUseHookSpecificOutput (a key ours does not declare)"]);
  // the output union holds Stop's variant: it narrows too
  assert.deepEqual(result.oursToSdk.failed, ["ours->sdk StopHookSpecificOutput -> StopHookSpecificOutput", "ours->sdk ClaudeCodeHookOutput -> SyncHookJSONOutput"]);
});

test("diff names what a newer release changed: added and removed hook types, properties added, removed and retyped", () => {
  assert.deepEqual(diffSnapshots(recorded, recorded), []);
  const newer = edited((types) => {
    types["FooBarHookInput"] = "export declare type FooBarHookInput = BaseHookInput & { hook_event_name: 'FooBar'; };";
    delete types["TeammateIdleHookInput"];
    types["PreToolUseHookSpecificOutput"] = types["PreToolUseHookSpecificOutput"]!.replace("hookEventName: 'PreToolUse';", "hookEventName: 'PreToolUse'; permissionDecisionReasonCode?: string;");
    types["StopHookSpecificOutput"] = types["StopHookSpecificOutput"]!.replace(/additionalContext\?: string;/, "additionalContext?: string | null;");
  });
  const changes = diffSnapshots(recorded, newer);
  assert.deepEqual(changes.map((change) => `${change.kind} ${change.name}`), [
    "added FooBarHookInput",
    "changed PreToolUseHookSpecificOutput",
    "changed StopHookSpecificOutput",
    "removed TeammateIdleHookInput",
  ]);
  assert.deepEqual(changes[1]!.details, ["+permissionDecisionReasonCode?: string"]);
  assert.deepEqual(changes[2]!.details, ["~additionalContext: string -> string | null"]);
});

test("diff reads a release as an unpacked package directory (sdk.d.ts and package.json)", () => {
  const dir = mkdtempSync(join(tmpdir(), "sdk-fabricated-"));
  try {
    const declarations = Object.values(recorded.types).map((body) => body.replace("newer-never", ""));
    declarations.push("export declare type ZedHookSpecificOutput = { hookEventName: 'Zed'; };");
    writeFileSync(join(dir, "sdk.d.ts"), `/** a doc comment */\n${declarations.join("\n")}\n`);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "@anthropic-ai/claude-agent-sdk", version: "0.3.400", claudeCodeVersion: "2.1.400" }));
    const newer = loadRelease(dir);
    assert.deepEqual([newer.sdk_version, newer.claude_code_version], ["0.3.400", "2.1.400"]);
    assert.deepEqual(diffSnapshots(recorded, newer).map((change) => `${change.kind} ${change.name}`), ["added ZedHookSpecificOutput"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const permissionRequest = (suggestions: unknown[]): unknown => ({
  session_id: "s", transcript_path: "/t", cwd: "/c", hook_event_name: "PermissionRequest", tool_name: "Bash", tool_input: { command: "ls" },
  permission_suggestions: suggestions,
});

test("permission_suggestions: each SDK variant's required fields are required, unknown keys stay open", () => {
  const valid = [
    { type: "addRules", rules: [{ toolName: "Bash", ruleContent: "ls" }], behavior: "allow", destination: "localSettings" },
    { type: "setMode", mode: "acceptEdits", destination: "session" },
    { type: "removeDirectories", directories: ["/x"], destination: "userSettings" },
  ];
  assert.equal(validatePermissionRequestHookInput(permissionRequest(valid)), true);
  assert.equal(validatePermissionRequestHookInput(permissionRequest(valid.map((entry) => ({ ...entry, futureKey: 1 })))), true);
  // hostile by class: a bare tag, each required field missing, a variant's field under another tag, an unknown tag
  const refused: unknown[] = [
    { type: "addRules" },
    { type: "addRules", rules: [], behavior: "allow" },
    { type: "replaceRules", rules: [], destination: "session" },
    { type: "setMode", destination: "session" },
    { type: "setMode", mode: "acceptEdits" },
    { type: "addDirectories", destination: "session" },
    { type: "addDirectories", mode: "plan", destination: "session" },
    { type: "grantAll", destination: "session" },
    { type: "setMode", mode: "yolo", destination: "session" },
    { rules: [], behavior: "allow", destination: "session" },
  ];
  for (const entry of refused) assert.equal(validatePermissionRequestHookInput(permissionRequest([entry])), false, JSON.stringify(entry));
});

test("PreToolUse permissionDecisionReasonCode never makes the output invalid (Claude Code 2.1.333 reads it with a fallback, 2.1.332 strips it)", () => {
  for (const code of ["workflow_first_run", "nope", 7, null, { a: 1 }]) {
    const output = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no", permissionDecisionReasonCode: code } };
    assert.equal(validateClaudeCodeHookOutput(output), true, JSON.stringify(code));
  }
});
