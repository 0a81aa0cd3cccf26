/**
 * Documents the benchmarks share: typical hook outputs of the Rust family
 * (0.3-2 KB), one with a 1 MB `updatedInput`, Claude Code dialect outputs,
 * and the ten hook results of one PreToolUse event.
 */
import type { HookRunResult } from "../src/claude-code/classify.js";

const LOREM =
  "The hook checked the command against the project's policy: no writes outside the worktree, no network access, " +
  "no package installs without a lockfile change. ";

function words(chars: number): string {
  let s = "";
  while (s.length < chars) s += LOREM;
  return s.slice(0, chars);
}

/** Typical Rust-family hook outputs (ClaudePreToolUseOutput), 0.3-2 KB, as a Rust hook prints them. */
export const RUST_TYPICAL: readonly string[] = [
  JSON.stringify({
    continue: true,
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: `Blocked: ${words(240)}`,
    },
  }),
  JSON.stringify({
    continue: true,
    suppressOutput: false,
    systemMessage: "Rewrote the command to run inside the sandbox.",
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      permissionDecisionReason: "sandboxed",
      updatedInput: {
        command: "bwrap --ro-bind / / --bind \"$PWD\" \"$PWD\" --unshare-net -- npm test -- --reporter=dot",
        description: "Run the test suite in a sandbox",
        timeout: 120000,
        run_in_background: false,
        env: { CI: "1", NODE_OPTIONS: "--max-old-space-size=4096", RATIO: 0.75 },
        paths: ["src/index.ts", "src/serde/codec.ts", "test/serde-api.test.ts"],
        notes: words(420),
      },
    },
  }),
  JSON.stringify({
    continue: true,
    hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: words(1700) },
  }),
  JSON.stringify({
    continue: false,
    stopReason: "Budget exhausted for this session.",
    systemMessage: words(300),
    hookSpecificOutput: {
      hookEventName: "PermissionRequest",
      decision: { behavior: "deny", message: words(500), interrupt: true },
    },
  }),
  JSON.stringify({
    hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: `Project conventions:\n${words(900)}` },
  }),
];

/** A PreToolUse rewrite whose `updatedInput` carries a 1 MB file body (a Write tool call). */
export function rustLargeUpdatedInput(bytes = 1 << 20): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `export const value${i} = ${JSON.stringify(words(60))}; // line ${i}\t\u00e9`;
    lines.push(line);
    size += line.length + 1;
  }
  return JSON.stringify({
    continue: true,
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      updatedInput: { file_path: "/work/project/src/generated.ts", content: lines.join("\n"), mode: 420, overwrite: true },
    },
  });
}

/** Claude Code dialect outputs as a hook prints them: every shape the validators must tell apart, all valid. */
export const CLAUDE_CODE_OUTPUTS: readonly string[] = [
  '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf outside the worktree"}}',
  JSON.stringify({
    systemMessage: "sandboxed",
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      updatedInput: { command: "bwrap -- npm test", timeout: 120000, env: { CI: "1" } },
      additionalContext: "The command now runs in a sandbox.",
    },
  }),
  JSON.stringify({ decision: "block", reason: "Tests are failing; fix them before stopping." }),
  JSON.stringify({ continue: false, stopReason: "Budget exhausted", suppressOutput: true }),
  JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: words(600) } }),
  JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "Use pnpm.", sessionTitle: "refactor" } }),
  JSON.stringify({
    hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "branch: main", watchPaths: ["package.json", "tsconfig.json"], reloadSkills: false },
  }),
  JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PermissionRequest",
      decision: {
        behavior: "allow",
        updatedInput: { file_path: "/tmp/x" },
        updatedPermissions: [
          { type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm test" }], behavior: "allow", destination: "session" },
          { type: "setMode", mode: "acceptEdits", destination: "session" },
        ],
      },
    },
  }),
  JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "not on main", interrupt: false } } }),
  JSON.stringify({ hookSpecificOutput: { hookEventName: "Elicitation", action: "accept", content: { name: "x" } } }),
  JSON.stringify({ hookSpecificOutput: { hookEventName: "WorktreeCreate", worktreePath: "/tmp/wt" } }),
  JSON.stringify({ hookSpecificOutput: { hookEventName: "Stop", additionalContext: "Run the linter first." }, systemMessage: "stop hook ran" }),
];

const COMMANDS = ["policy-check", "sandbox-rewrite", "audit-log", "secrets-scan", "context-adder"];

/** Ten hooks of one PreToolUse event, in completion order: allows, a rewrite, context, an ask, an error, plain text. */
export function preToolUseResults(): HookRunResult[] {
  const outputs: readonly [number, string, string][] = [
    [0, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}', ""],
    [0, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "bwrap -- ls -la" } } }), ""],
    [0, "", ""],
    [0, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "cwd is the worktree" } }), ""],
    [0, JSON.stringify({ systemMessage: "audit: logged", suppressOutput: true }), ""],
    [1, "", "secrets-scan: rules file missing"],
    [0, "checked 3 rules", ""],
    [0, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "touches .env" } }), ""],
    [0, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "read-only" } }), ""],
    [0, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "ls -la --color=never" } } }), ""],
  ];
  return outputs.map(([exit, stdout, stderr], i) => ({
    command: `${COMMANDS[i % COMMANDS.length]!}-${i}`,
    exit,
    stdout,
    stderr,
    source: "project",
    form: "shell",
    matcher: "Bash",
    completion: i,
    config_index: i,
    duration_ms: 10 + i,
  }));
}

export const PRE_TOOL_USE_INPUT = {
  session_id: "bench",
  transcript_path: "/tmp/bench.jsonl",
  cwd: "/tmp",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "ls -la" },
} as const;
