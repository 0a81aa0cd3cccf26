/**
 * What the shared tests check of Codex CLI (test/lib/agent-facts.ts): its recorded version output and
 * shell calls, its lab set's size, its lint rules' examples and its schema directories' naming rules.
 */
import type { AgentFacts } from "../lib/agent-facts.js";
import { cmd, hooks } from "../lib/lint-case.js";

export const facts: AgentFacts = {
  versionOutput: { command: "codex", output: "codex-cli 0.171.0", version: "0.171.0" },
  shellCalls: [
    { form: "", event: "PreToolUse", shell: "Bash", args: "tool_input" },
  ],
  labSetSize: 269,
  // its subagent tools (subagents/ recordings): spawn_agent takes a message, not Agent's description and prompt; the wait
  // tool's name has its namespace glued on
  toolsWithoutCounterpart: ["spawn_agent", "multi_agent_v1wait_agent"],
  lintPrefix: "CX",
  lintCases: [
    { rule: "CX-CFG-001", files: { ".codex/config.toml": "[hooks\nPreToolUse = 1" }, says: "TOML", unparsed: true },
    { rule: "CX-CFG-002", files: { ".codex/hooks.json": hooks("BeforeTool", { hooks: [cmd()] }) }, says: '"BeforeTool" is Gemini CLI\'s name; Codex CLI calls it "PreToolUse"', path: "/hooks/BeforeTool" },
    { rule: "CX-CFG-003", files: { ".codex/hooks.json": JSON.stringify({ PreToolUse: [{ hooks: [cmd()] }] }) }, says: 'expected {"hooks": {...}}; PreToolUse at the top never run' },
    { rule: "CX-CFG-004", files: { ".codex/hooks.json": hooks("UserPromptSubmit", { matcher: "Bash", hooks: [cmd()] }) }, says: "UserPromptSubmit has no matcher" },
    { rule: "CX-CFG-005", files: { ".codex/hooks.json": hooks("PreToolUse", { matcher: "(", hooks: [cmd()] }) }, says: "Codex drops the group" },
    { rule: "CX-CFG-006", files: { ".codex/hooks.json": hooks("PreToolUse", { matcher: "exec_command", hooks: [cmd()] }) }, says: 'Codex shows its shell tool to hooks as "Bash"' },
    { rule: "CX-CFG-007", files: { ".codex/hooks.json": hooks("PreToolUse", { hooks: [{ type: "prompt", prompt: "x" }] }) }, says: "only {\"type\": \"command\"", path: "/hooks/PreToolUse/0/hooks/0" },
    { rule: "CX-CFG-008", files: { ".codex/hooks.json": hooks("Stop", { hooks: [cmd()] }), ".codex/config.toml": '[hooks]\nStop = [{ hooks = [{ type = "command", command = "x" }] }]\n' }, says: "both load, hooks.json first" },
    { rule: "CX-CFG-009", files: { ".codex/hooks.json": hooks("Stop", { hooks: [cmd()] }) }, says: 'trust_level = "trusted"' },
    { rule: "CX-CFG-010", files: { ".codex/hooks.json": hooks("PreToolUse", { matcher: "Bash|mcp__my-db", hooks: [cmd()] }) }, says: "Codex anchors the matcher" },
    { rule: "CX-CFG-011", files: { ".codex/hooks.json": hooks("Stop", { hooks: [cmd({ timeout: 60000 })] }) }, says: "Codex CLI reads seconds" },
    { rule: "CX-CFG-012", files: { ".codex/hooks.json": JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "deny.sh" }, { type: "command", command: "b.sh", timeout: "5" }] }] } }) }, says: 'invalid type: string "5", expected u64: Codex refuses this whole file; 2 hooks are lost: PreToolUse "deny.sh", PreToolUse "b.sh"', path: "/hooks/PreToolUse/0/hooks/1/timeout" },
    { rule: "CX-CFG-012", files: { ".codex/hooks.json": JSON.stringify({ version: 1, hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "deny.sh" }] }] } }) }, says: "unknown field `version`", path: "/version" },
    { rule: "CX-CFG-013", files: { ".codex/config.toml": "[features]\nhooks = false\n" }, says: "Codex runs no hook", path: "/features/hooks" },
    // the literal as written: 5.0 is one JS number with 5, but serde refuses it (cx-num-json-float-5.0); TOML reads 5.0 as a float (cx-num-toml-float-5.0)
    { rule: "CX-CFG-012", files: { ".codex/hooks.json": '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "deny.sh", "timeout": 5.0}]}]}}' }, says: 'invalid type: map, expected u64 (Codex\'s reader takes a timeout only as a whole number of seconds written without a fraction or an exponent, 0 to 18446744073709551615): Codex refuses this whole file; 1 hook is lost: PreToolUse "deny.sh"', path: "/hooks/PreToolUse/0/hooks/0/timeout" },
    { rule: "CX-CFG-012", files: { ".codex/config.toml": '[hooks]\nPreToolUse = [{ matcher = "Bash", hooks = [{ type = "command", command = "deny.sh", timeout = 5.0 }] }]\n' }, says: 'invalid type: floating point `5.0`, expected u64 (a TOML timeout must be an integer): Codex sets the whole config.toml aside; 1 hook is lost: PreToolUse "deny.sh"', path: "/hooks/PreToolUse/0/hooks/0/timeout" },
    { rule: "CX-CFG-014", files: { ".codex/hooks.json": '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "deny.sh", "timeout": 9223372036854775808}]}]}}' }, says: 'Codex 0.171.0 panics while loading hooks ("normalized hook identity should serialize to TOML"), so no hook and no turn runs; 1 hook is lost: PreToolUse "deny.sh", with every other hook Codex would load', path: "/hooks/PreToolUse/0/hooks/0/timeout" },
    { rule: "CX-CFG-015", files: { ".codex/hooks.json": '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "deny.sh", "timeout": -0}]}]}}' }, says: 'timeout -0 is read as 1 s: Codex raises it, and a slower hook is killed and fails open: the hook "deny.sh"', path: "/hooks/PreToolUse/0/hooks/0/timeout" },
  ],
  schemaNaming: {
    "codex": { prefix: "codex-hook-", suffix: "" },
    "codex/input": { prefix: "codex-", suffix: "-hook-input" },
    "codex/output": { prefix: "codex-", suffix: "-hook-output" },
    "codex/hook-specific-output": { prefix: "codex-", suffix: "-hook-specific-output" },
    "codex/decision": { prefix: "codex-", suffix: "-decision" },
  },
};
