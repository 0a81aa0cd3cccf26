// lint: one case per rule (a test checks every rule has one), each asserting
// the rule fires on the file that shows it and names the place; files that
// `install` writes lint clean; the CLI's formats and exit statuses.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable, Writable } from "node:stream";
import { loadInstallers, loadLinters } from "../src/agents.js";
import { lintTargets, targetsIn } from "../src/lint/lint.js";
import { applyPlan, planFromRequest } from "../src/install/install.js";
import { nearestName } from "../src/core/nearest.js";
import { blankComments } from "../src/gemini-cli/lint-rules.js";
import { main } from "../src/cli/main.js";
import type { LintFinding } from "../src/lint/types.js";

const LINTERS = await loadLinters();
const INSTALLERS = await loadInstallers();

const hooks = (event: string, group: object): string => JSON.stringify({ hooks: { [event]: [group] } }, null, 2);
const cmd = (extra: object = {}): object => ({ type: "command", command: "node /opt/h.mjs", ...extra });

interface Case {
  readonly rule: string;
  /** Files below the project directory. */
  readonly files: Readonly<Record<string, string>>;
  /** A piece of the finding's message. */
  readonly says: string;
  /** The finding's JSON Pointer. */
  readonly path?: string;
}

const CASES: readonly Case[] = [
  // Claude Code
  { rule: "CC-CFG-001", files: { ".claude/settings.json": '{"hooks": {' }, says: "not valid JSON" },
  { rule: "CC-CFG-002", files: { ".claude/settings.json": hooks("PreToolUs", { hooks: [cmd()] }) }, says: 'did you mean "PreToolUse"?', path: "/hooks/PreToolUs" },
  { rule: "CC-CFG-003", files: { "hooks/hooks.json": JSON.stringify({ PreToolUse: [{ hooks: [cmd()] }] }) }, says: 'only under "hooks"', path: "/PreToolUse" },
  { rule: "CC-CFG-004", files: { ".claude/settings.json": hooks("Stop", { matcher: "Bash", hooks: [cmd()] }) }, says: "Stop has no matcher", path: "/hooks/Stop/0/matcher" },
  { rule: "CC-CFG-005", files: { ".claude/settings.json": hooks("UserPromptSubmit", { hooks: [cmd({ if: "Bash(git *)" })] }) }, says: "only evaluated on tool events", path: "/hooks/UserPromptSubmit/0/hooks/0/if" },
  { rule: "CC-CFG-006", files: { ".claude/settings.json": hooks("PreToolUse", { matcher: "Bash(", hooks: [cmd()] }) }, says: "not a valid regular expression" },
  { rule: "CC-CFG-007", files: { ".claude/settings.json": hooks("PreToolUse", { matcher: "run_shell_command", hooks: [cmd()] }) }, says: "\"run_shell_command\" is Gemini CLI's name for Bash", path: "/hooks/PreToolUse/0/matcher" },
  { rule: "CC-CFG-008", files: { ".claude/settings.json": hooks("PreToolUse", { hooks: [cmd({ timeout: "30" })] }) }, says: '"timeout" must be a positive number of seconds' },
  { rule: "CC-CFG-009", files: { ".claude/settings.json": hooks("PreToolUse", { hooks: [cmd({ timeoutSec: 30 })] }) }, says: 'unknown key "timeoutSec"' },
  { rule: "CC-CFG-010", files: { ".claude/settings.json": hooks("PreToolUse", { matcher: "mcp__github", hooks: [cmd()] }) }, says: 'write "mcp__github__.*"' },
  { rule: "CC-CFG-011", files: { ".claude/settings.json": hooks("PreToolUse", { hooks: [cmd({ timeout: 30000 })] }) }, says: "timeout 30000 is 30000 s (8 h 20 min): Claude Code reads seconds; 30 s was meant?", path: "/hooks/PreToolUse/0/hooks/0/timeout" },
  { rule: "CC-CFG-014", files: { ".claude/settings.json": hooks("PreToolUse", { matcher: "Bash", hooks: [cmd({ if: "Bash(rm *)" })] }) }, says: "not a security boundary", path: "/hooks/PreToolUse/0/hooks/0/if" },
  { rule: "CC-CFG-012", files: { ".claude/settings.json": JSON.stringify({ disableAllHooks: true, hooks: {} }) }, says: "runs no hook at all", path: "/disableAllHooks" },
  { rule: "CC-CFG-013", files: { ".claude/settings.json": JSON.stringify({ disableAllHooks: "false", hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "deny.sh" }] }] } }) }, says: 'skips this whole file over the error reported with it (none of its settings apply); 1 hook is lost: PreToolUse "deny.sh"', path: "" },
  { rule: "CC-CFG-013", files: { ".claude/settings.json": JSON.stringify({ permissions: 5, hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "deny.sh" }] }] } }) }, says: "1 hook is lost", path: "" },
  { rule: "CC-CFG-013", files: { ".claude/settings.json": hooks("PreToolUse", { hooks: [cmd(), cmd({ timeout: "5" })] }) }, says: "2 hooks are lost", path: "" },
  // Codex CLI
  { rule: "CX-CFG-001", files: { ".codex/config.toml": "[hooks\nPreToolUse = 1" }, says: "TOML" },
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
  // Gemini CLI
  { rule: "GM-CFG-001", files: { ".gemini/settings.json": '{"hooks": [}' }, says: "not valid JSON" },
  { rule: "GM-CFG-002", files: { ".gemini/settings.json": hooks("PreToolUse", { hooks: [cmd()] }) }, says: 'Invalid hook event name: "PreToolUse" from project config. Skipping. ("PreToolUse" is Claude Code\'s name; Gemini CLI calls it "BeforeTool")' },
  { rule: "GM-CFG-003", files: { ".gemini/settings.json": hooks("BeforeTool", { hooks: [cmd({ timeout: 30 })] }) }, says: "timeout 30 is 30 ms", path: "/hooks/BeforeTool/0/hooks/0/timeout" },
  { rule: "GM-CFG-004", files: { ".gemini/settings.json": hooks("BeforeTool", { matcher: "Bash", hooks: [cmd()] }) }, says: "\"Bash\" is Claude Code's name; Gemini CLI calls it \"run_shell_command\"" },
  { rule: "GM-CFG-005", files: { ".gemini/settings.json": hooks("BeforeAgent", { matcher: "x", hooks: [cmd()] }) }, says: "BeforeAgent has no matcher" },
  { rule: "GM-CFG-006", files: { ".gemini/settings.json": hooks("BeforeTool", { hooks: [{ type: "command" }] }) }, says: "only command hooks with a command run" },
  { rule: "GM-CFG-007", files: { ".gemini/settings.json": hooks("BeforeTool", { hooks: [cmd({ timeout: 30000 })] }) }, says: "trusted folder" },
  { rule: "GM-CFG-008", files: { ".gemini/settings.json": JSON.stringify({ BeforeTool: [{ hooks: [cmd()] }] }) }, says: 'reads hooks only under "hooks"', path: "/BeforeTool" },
  { rule: "GM-CFG-009", files: { ".gemini/settings.json": JSON.stringify({ hooksConfig: { disabled: ["guard"] }, hooks: { BeforeTool: [{ hooks: [cmd({ name: "guard", timeout: 5000 })] }] } }) }, says: '"guard" is in hooksConfig.disabled', path: "/hooks/BeforeTool/0/hooks/0" },
  { rule: "GM-CFG-010", files: { ".gemini/settings.json": JSON.stringify({ hooksConfig: { enabled: "false" }, hooks: {} }) }, says: 'hooksConfig.enabled "false" is not a boolean; Gemini CLI reads it as false: no hook runs', path: "/hooksConfig/enabled" },
  { rule: "GM-CFG-010", files: { ".gemini/settings.json": JSON.stringify({ hooksConfig: { enabled: 1 }, hooks: {} }) }, says: "reads it as true", path: "/hooksConfig/enabled" },
  { rule: "GM-CFG-011", files: { ".gemini/settings.json": JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: "command", command: "d.sh", timeout: "abc" }] }] } }) }, says: "always times out and fails open", path: "/hooks/BeforeTool/0/hooks/0/timeout" },
  // past Node's timer limit the timer fires after 1 ms (gp-num-timeout-2147483648, -1e400-project)
  { rule: "GM-CFG-012", files: { ".gemini/settings.json": JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: "command", command: "d.sh", timeout: 2147483648 }] }] } }) }, says: 'timeout 2147483648 ms is past Node\'s timer limit (2147483647 ms): Gemini CLI\'s timer fires after 1 ms, so this hook always times out and fails open: the hook "d.sh" is lost', path: "/hooks/BeforeTool/0/hooks/0/timeout" },
  { rule: "GM-CFG-012", files: { ".gemini/settings.json": '{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "blocker", "command": "d.sh", "timeout": 1e400}]}]}}' }, says: 'timeout 1e400 ms is past Node\'s timer limit (2147483647 ms): Gemini CLI\'s timer fires after 1 ms, so this hook always times out and fails open: the hook "blocker" is lost', path: "/hooks/BeforeTool/0/hooks/0/timeout" },
  // Copilot CLI
  { rule: "CP-CFG-001", files: { ".github/hooks/a.json": "[" }, says: "not valid JSON" },
  { rule: "CP-CFG-002", files: { ".github/hooks/a.json": hooks("beforeTool", { type: "command", bash: "x" }) }, says: 'Copilot CLI has no "beforeTool" event' },
  { rule: "CP-CFG-003", files: { ".github/hooks/a.json": hooks("preToolUse", { type: "command", bash: "x", matcher: "*" }) }, says: "Invalid matcher regex in preToolUse hook: '*'" },
  { rule: "CP-CFG-004", files: { ".github/hooks/a.json": hooks("preToolUse", { type: "command", bash: "x", matcher: "Bash" }) }, says: 'a camelCase entry sees "bash"' },
  { rule: "CP-CFG-005", files: { ".github/hooks/a.json": hooks("preToolUse", { type: "command", bash: "x", matcher: "(" }) }, says: "hook will be skipped" },
  { rule: "CP-CFG-006", files: { ".claude/settings.json": hooks("PreToolUse", { matcher: "Bash", hooks: [cmd()] }) }, says: "exit 1: Copilot CLI: exit 1 denies here", path: "/hooks/PreToolUse/0/hooks/0" },
  { rule: "CP-CFG-007", files: { ".claude/settings.json": hooks("PreToolUse", { hooks: [cmd({ command: "CLAUDE_HOOK_PROTOCOL_AGENT=claude-code node /opt/h.mjs" })] }), ".github/hooks/a.json": hooks("preToolUse", { type: "command", bash: "CLAUDE_HOOK_PROTOCOL_AGENT=copilot-cli node /opt/h.mjs" }) }, says: "Copilot runs it twice" },
  { rule: "CP-CFG-008", files: { ".github/hooks/a.json": hooks("sessionStart", { type: "command", bash: "x", matcher: "startup" }) }, says: "sessionStart has no matcher" },
  { rule: "CP-CFG-009", files: { ".github/hooks/a.json": hooks("preToolUse", { type: "command", bash: "x", timeoutSec: 5000 }) }, says: "timeoutSec 5000 is 5000 s (1 h 23 min)" },
  { rule: "CP-CFG-010", files: { ".github/hooks/a.json": JSON.stringify({ version: 1, preToolUse: [{ type: "command", bash: "x" }] }) }, says: 'reads hooks only under "hooks"', path: "/preToolUse" },
  { rule: "CP-CFG-011", files: { ".github/hooks/a.json": JSON.stringify({ version: "1", hooks: { preToolUse: [{ type: "command", bash: "deny.sh" }] } }) }, says: 'Invalid hook config version; Copilot CLI runs no hook of this file; 1 hook is lost', path: "/version" },
  { rule: "CP-CFG-011", files: { ".claude/settings.json": JSON.stringify({ disableAllHooks: "false", hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "deny.sh" }] }] } }) }, says: "Copilot CLI runs no hook of this file", path: "/disableAllHooks" },
  { rule: "CP-CFG-012", files: { ".github/hooks/a.json": JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: "command", bash: "deny.sh", timeoutSec: "10" }] } }) }, says: "timeoutSec must be a number — Copilot CLI skips this hook", path: "/hooks/preToolUse/0/timeoutSec" },
  // droid
  { rule: "DR-CFG-001", files: { ".factory/settings.json": "{,}" }, says: "not valid JSON" },
  { rule: "DR-CFG-002", files: { ".factory/settings.json": hooks("BeforeTool", { hooks: [cmd()] }) }, says: 'droid calls it "PreToolUse"' },
  { rule: "DR-CFG-003", files: { ".factory/hooks.json": hooks("PreToolUse", { hooks: [cmd()] }) }, says: "runs none of it", path: "/hooks" },
  { rule: "DR-CFG-004", files: { ".factory/settings.json": hooks("PreToolUse", { matcher: "Bash", hooks: [cmd()] }) }, says: "droid calls it \"Execute\"" },
  { rule: "DR-CFG-005", files: { ".factory/settings.json": hooks("Stop", { hooks: [cmd()] }), ".factory/hooks.json": JSON.stringify({ Stop: [{ hooks: [cmd()] }] }) }, says: "whose list replaces this one", path: "/hooks/Stop" },
  { rule: "DR-CFG-006", files: { ".factory/settings.json": hooks("PreToolUse", { matcher: "(", hooks: [cmd()] }) }, says: "says nothing" },
  { rule: "DR-CFG-008", files: { ".factory/hooks.json": JSON.stringify({ PreToolUse: [{ hooks: [cmd({ timeout: 10000 })] }] }) }, says: "droid reads seconds" },
  { rule: "DR-CFG-009", files: { ".factory/hooks.json": JSON.stringify({ PreToolUse: [{ matcher: "Execute", hooks: [{ type: "command", command: "deny.sh" }, { type: "command", command: "b.sh", timeout: "5" }] }] }) }, says: 'timeout "5" is not a number: droid rejects this whole file; 2 hooks are lost: PreToolUse "deny.sh", PreToolUse "b.sh"', path: "/PreToolUse/0/hooks/1/timeout" },
  { rule: "DR-CFG-009", files: { ".factory/settings.json": JSON.stringify({ hooks: { hooksDisabled: "false", PreToolUse: [{ hooks: [{ type: "command", command: "deny.sh" }] }] } }) }, says: 'hooksDisabled "false" is not a boolean: droid rejects the hooks of this file; 1 hook is lost', path: "/hooks/hooksDisabled" },
  { rule: "DR-CFG-010", files: { ".factory/settings.json": JSON.stringify({ hooks: { hooksDisabled: true } }) }, says: "droid runs no hook", path: "/hooks/hooksDisabled" },
  // past Node's timer limit droid marks the hook failed and, in 2 of 7 recorded runs, killed it before it answered (dr-num-timeout-2147484)
  { rule: "DR-CFG-011", files: { ".factory/settings.json": hooks("PreToolUse", { matcher: "Execute", hooks: [cmd({ timeout: 2147484 })] }) }, says: 'timeout 2147484 s is past Node\'s timer limit (2147483.647 s): droid\'s timer fires at once: the hook is marked failed (exit 1) and, in 2 of 7 recorded runs, killed before it answered, its deny lost: the hook "node /opt/h.mjs" may be lost', path: "/hooks/PreToolUse/0/hooks/0/timeout" },
  { rule: "DR-CFG-007", files: { ".factory/settings.json": hooks("Stop", { matcher: "x", hooks: [cmd()] }) }, says: "Stop has no matcher" },
  // Kimi Code CLI (its one file is below the home directory: linted as one)
  { rule: "KM-CFG-001", files: { ".kimi-code/config.toml": "[[hooks]\nevent = 1" }, says: "reads none of it" },
  { rule: "KM-CFG-002", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "BeforeTool"\ncommand = "node /opt/h.mjs"\n' }, says: "no hook runs", path: "/hooks/0/event" },
  { rule: "KM-CFG-003", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "PreToolUse"\ncommand = "node /opt/h.mjs"\ntimeout = 601\n' }, says: "timeout 601 is not a whole number of seconds from 1 to 600", path: "/hooks/0" },
  { rule: "KM-CFG-003", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "PreToolUse"\ncommand = "node /opt/h.mjs"\ntype = "command"\n' }, says: 'has "type", which Kimi does not allow', path: "/hooks/0" },
  { rule: "KM-CFG-004", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "PreToolUse"\nmatcher = "Bash("\ncommand = "node /opt/h.mjs"\n' }, says: "not a valid regular expression", path: "/hooks/0/matcher" },
  { rule: "KM-CFG-005", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "PostToolUse"\ncommand = "node /opt/h.mjs"\n' }, says: "ignores every answer of PostToolUse hooks: after a tool succeeded", path: "/hooks/0" },
  // an event whose answers only Kimi's bundled code says it ignores (no recording): said to be unverified
  { rule: "KM-CFG-005", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "SessionEnd"\ncommand = "node /opt/h.mjs"\n' }, says: "ignores every answer of SessionEnd hooks (read from its bundled code: unverified, no recording shows it): a session ends", path: "/hooks/0" },
  { rule: "KM-CFG-006", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "Stop"\nmatcher = "Bash"\ncommand = "node /opt/h.mjs"\n' }, says: "never matches, the hook never runs", path: "/hooks/0/matcher" },
  { rule: "KM-CFG-007", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "PreToolUse"\nmatcher = "run_shell_command"\ncommand = "node /opt/h.mjs"\n' }, says: "Gemini CLI's name for Bash", path: "/hooks/0/matcher" },
  { rule: "KM-CFG-008", files: { ".kimi-code/config.toml": '[[hooks]]\nevent = "Stop"\ncommand = "node /opt/h.mjs"\n[[hooks]]\nevent = "Stop"\ncommand = "node /opt/h.mjs"\n' }, says: "runs it once", path: "/hooks/1/command" },
  // Qwen Code
  { rule: "QW-CFG-001", files: { ".qwen/settings.json": "{" }, says: "not valid JSON" },
  { rule: "QW-CFG-002", files: { ".qwen/settings.json": hooks("BeforeTool", { hooks: [cmd()] }) }, says: 'Qwen Code calls it "PreToolUse"', path: "/hooks/BeforeTool" },
  { rule: "QW-CFG-003", files: { ".qwen/settings.json": JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [cmd({ command: "node deny.mjs" })] }, { matcher: "run_shell_command", hooks: [cmd({ command: "node allow.mjs" })] }] } }) }, says: 'overrides the deny: Qwen Code counts the last decision in configuration order (project, then user, then system); later: "node allow.mjs"', path: "/hooks/PreToolUse/0/hooks/0" },
  { rule: "QW-CFG-004", files: { ".qwen/settings.json": hooks("PreToolUse", { hooks: [cmd({ timeout: 1500 })] }) }, says: "timeout 1500 is read as 1500 ms", path: "/hooks/PreToolUse/0/hooks/0/timeout" },
  { rule: "QW-CFG-005", files: { ".qwen/settings.json": hooks("PreToolUse", { matcher: "run_shell_command(", hooks: [cmd()] }) }, says: "never runs the group, and the tool runs" },
  { rule: "QW-CFG-006", files: { ".qwen/settings.json": hooks("Stop", { matcher: "x", hooks: [cmd()] }) }, says: "Stop has no matcher" },
  { rule: "QW-CFG-007", files: { ".qwen/settings.json": hooks("PreToolUse", { hooks: [{ type: "command" }] }) }, says: "Qwen Code discards this one", path: "/hooks/PreToolUse/0/hooks/0" },
  { rule: "QW-CFG-008", files: { ".qwen/settings.json": hooks("PreToolUse", { matcher: "Execute", hooks: [cmd()] }) }, says: "\"Execute\" is droid's name for Bash" },
  { rule: "QW-CFG-009", files: { ".qwen/settings.json": JSON.stringify({ disableAllHooks: true }) }, says: "the user's included", path: "/disableAllHooks" },
  { rule: "QW-CFG-009", files: { ".qwen/settings.json": JSON.stringify({ disableAllHooks: "false" }) }, says: 'disableAllHooks "false" is not a boolean, and Qwen Code reads it as true: Qwen Code runs no hook, the user\'s included', path: "/disableAllHooks" },
  { rule: "QW-CFG-011", files: { ".qwen/settings.json": hooks("PreToolUse", { matcher: "^(?:Write|Bash)$", hooks: [cmd()] }) }, says: 'never matches; write "Write|Bash"', path: "/hooks/PreToolUse/0/matcher" },
  // Qwen reads 1000 and up as ms and hands them to Node's timer, which fires after 1 ms past its limit (qw-num-timeout-2147483648)
  { rule: "QW-CFG-012", files: { ".qwen/settings.json": hooks("PreToolUse", { hooks: [cmd({ timeout: 2147483648 })] }) }, says: 'timeout 2147483648 ms is past Node\'s timer limit (2147483647 ms): Qwen Code\'s timer fires after 1 ms, so this hook always times out and fails open: the hook "node /opt/h.mjs" is lost', path: "/hooks/PreToolUse/0/hooks/0/timeout" },
  { rule: "QW-CFG-010", files: { ".qwen/settings.json": JSON.stringify({ hooks: { Stop: [{ sequential: true, hooks: [cmd()] }, { hooks: [cmd({ command: "x" })] }] } }) }, says: "one sequential group" },
];

function project(files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), "chp-lint-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

// linted for an empty home and no variables: the machine's own user and system settings play no part
const NO_HOME = { homeDir: mkdtempSync(join(tmpdir(), "chp-lint-home-")), env: {} };
const lintDir = (dir: string): LintFinding[] => lintTargets(targetsIn(LINTERS, dir, null, {}), LINTERS, NO_HOME);

test("QW-CFG-003 reads the user's and the system's settings of the environment linted for, not the machine's", () => {
  const dir = project({ ".qwen/settings.json": JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [cmd({ command: "node deny.mjs" })] }] } }) });
  const home = project({ ".qwen/settings.json": JSON.stringify({ hooks: { PreToolUse: [{ matcher: "run_shell_command", hooks: [cmd({ command: "node user-allow.mjs" })] }] } }) });
  const system = join(project({ "system.json": JSON.stringify({ hooks: { PreToolUse: [{ hooks: [cmd({ command: "node system-allow.mjs" })] }] } }) }), "system.json");
  const qwen = LINTERS.filter((l) => l.agent === "qwen-code");
  const lintFor = (environment: { homeDir: string; env: Record<string, string> }) =>
    lintTargets(targetsIn(qwen, dir, null, {}), qwen, environment).filter((f) => f.rule === "QW-CFG-003").map((f) => f.message);
  assert.deepEqual(lintFor(NO_HOME), []);
  const [withHome] = lintFor({ homeDir: home, env: {} });
  assert.match(withHome ?? "", new RegExp(`later: "node user-allow\\.mjs" \\(user, ${join(home, ".qwen/settings.json").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)$`));
  const [withSystem] = lintFor({ homeDir: home, env: { QWEN_CODE_SYSTEM_SETTINGS_PATH: system } });
  assert.match(withSystem ?? "", /"node user-allow\.mjs" \(user, .*\), "node system-allow\.mjs" \(system, .*\)$/);
});

describe("one case per rule", () => {
  for (const c of CASES) {
    test(`${c.rule}: ${c.says}`, () => {
      const dir = project(c.files);
      const findings = c.files[".kimi-code/config.toml"] !== undefined ? lintTargets(targetsIn(LINTERS, null, dir, {}), LINTERS, NO_HOME) : lintDir(dir);
      const hit = findings.find((f) => f.rule === c.rule);
      assert.ok(hit, `${c.rule} not found; got ${findings.map((f) => `${f.rule} ${f.message}`).join(" | ") || "nothing"}`);
      assert.ok(hit.message.includes(c.says), hit.message);
      if (c.path !== undefined) assert.equal(hit.path, c.path);
      const rule = LINTERS.flatMap((l) => l.rules).find((r) => r.id === c.rule)!;
      assert.equal(hit.code, rule.code);
      if (rule.severity !== "info" && !c.files[".codex/config.toml"]?.startsWith("[hooks\n")) assert.ok(hit.position !== undefined || hit.file.endsWith(".toml"), "JSON findings carry line:column");
    });
  }

  test("every rule has its case; IDs are unique and well formed", () => {
    const rules = LINTERS.flatMap((l) => l.rules);
    const ids = rules.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^(CC|CX|GM|CP|DR|QW|KM)-CFG-\d{3}$/);
    assert.deepEqual(ids.filter((id) => !CASES.some((c) => c.rule === id)), []);
    assert.ok(rules.length >= 40);
  });
});

describe("what install writes lints clean", () => {
  for (const scope of ["project", "user"] as const) {
    test(`${scope}: no error or warning for any agent`, () => {
      const root = mkdtempSync(join(tmpdir(), "chp-lint-install-"));
      const plan = planFromRequest({
        manifestText: JSON.stringify({ hooks: [{ event: "PreToolUse", tools: ["Bash", "Read"], command: "node /opt/h.mjs", timeout: 30 }, { event: "Stop", command: "node /opt/s.mjs" }] }),
        mode: "install", agents: ["all"], scope, projectDir: root, homeDir: root, env: {}, installers: INSTALLERS,
      });
      assert.ok(plan.ok);
      assert.equal(applyPlan(plan.value), null);
      const findings = lintTargets(targetsIn(LINTERS, scope === "project" ? root : null, scope === "user" ? root : null, {}), LINTERS, NO_HOME);
      // CP-CFG-006 included: install's own entries in .claude/settings.json are not flagged (issue 28)
      const bad = findings.filter((f) => f.severity !== "info");
      assert.deepEqual(bad.map((f) => `${f.rule} ${f.message}`), []);
    });
  }
});

describe("pieces", () => {
  test("nearest name: close enough only", () => {
    assert.equal(nearestName("pretooluse", ["PreToolUse", "PostToolUse"]), "PreToolUse");
    assert.equal(nearestName("Foo", ["PreToolUse"]), null);
  });
  test("Gemini settings comments are blanked, positions kept, strings untouched", () => {
    const text = '{\n  // c\n  "a": "//x", /* y */ "b": 1\n}';
    const blanked = blankComments(text);
    assert.equal(blanked.length, text.length);
    assert.deepEqual(JSON.parse(blanked), { a: "//x", b: 1 });
    assert.deepEqual(lintDir(project({ ".gemini/settings.json": '// mine\n{"hooks": {}}' })), []);
  });
  test("hostile: __proto__ as an event name is data, reported, nothing polluted", () => {
    const findings = lintDir(project({ ".claude/settings.json": '{"hooks": {"__proto__": [{"hooks": []}]}}', ".gemini/settings.json": '{"hooks": {"__proto__": []}}', ".factory/hooks.json": '{"__proto__": []}' }));
    assert.ok(findings.some((f) => f.rule === "CC-CFG-002"));
    assert.ok(findings.some((f) => f.rule === "GM-CFG-002"));
    assert.ok(findings.some((f) => f.rule === "DR-CFG-002"));
    assert.equal(({} as Record<string, unknown>)["hooks"], undefined);
  });
});

describe("the CLI", () => {
  async function lint(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ status: number; stdout: string; stderr: string }> {
    let stdout = "";
    let stderr = "";
    const sink = (append: (s: string) => void) => new Writable({ write(chunk, _e, done) { append(String(chunk)); done(); } });
    const status = await main(["lint", ...args], { stdin: Readable.from([]), stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)), env });
    return { status, stdout, stderr };
  }

  test("text: file:line:col severity ID [code]; exit 1 on an error, 0 on warnings only, 2 on usage", async () => {
    const bad = project({ ".gemini/settings.json": hooks("PreToolUse", { hooks: [cmd()] }) });
    const r = await lint([bad]);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /\.gemini\/settings\.json:3:5: error GM-CFG-002 \[unknown-event\] /);
    assert.match(r.stdout, /1 file, 1 error, 0 warnings\n$/);
    const warn = project({ ".gemini/settings.json": hooks("BeforeTool", { hooks: [cmd({ timeout: 5 })] }) });
    assert.equal((await lint([warn])).status, 0);
    assert.equal((await lint([warn, "--format", "xml"])).status, 2);
    assert.equal((await lint([warn, "--agent", "cursor"])).status, 2);
  });

  test("--format json; a named file goes to every agent that reads it; --agent narrows", async () => {
    const dir = project({ ".claude/settings.json": hooks("Stop", { matcher: "x", hooks: [cmd()] }) });
    const both = JSON.parse((await lint([join(dir, ".claude/settings.json"), "--format", "json"])).stdout);
    assert.deepEqual([...new Set(both.findings.map((f: LintFinding) => f.agent))].sort(), ["claude-code", "copilot-cli"]);
    assert.equal(both.errors, 0);
    const one = JSON.parse((await lint([join(dir, ".claude/settings.json"), "--format", "json", "--agent", "claude-code"])).stdout);
    assert.deepEqual([...new Set(one.findings.map((f: LintFinding) => f.agent))], ["claude-code"]);
  });

  test("--user reads below $HOME", async () => {
    const home = project({ ".gemini/settings.json": hooks("BeforeTool", { hooks: [cmd({ timeout: 10 })] }) });
    const empty = project({});
    const r = JSON.parse((await lint([empty, "--user", "--format", "json"], { HOME: home })).stdout);
    assert.deepEqual(r.findings.map((f: LintFinding) => f.rule), ["GM-CFG-003"]);
  });
});

test("docs/lint.md lists every rule with its ID, code, severity and summary", async () => {
  const { readFileSync } = await import("node:fs");
  const doc = readFileSync(new URL("../docs/lint.md", import.meta.url), "utf8");
  for (const rule of LINTERS.flatMap((l) => l.rules)) {
    assert.ok(doc.includes(`| <a id="${rule.id}"></a>${rule.id} | \`${rule.code}\` | ${rule.severity} | ${rule.summary.replace(/\|/g, "\\|")} |`), `${rule.id} missing or stale in docs/lint.md`);
  }
});

describe("hostile documents: every agent's rules answer, never throw", () => {
  const SHAPES = [
    "null", "5", '"x"', "[]", "{}", '{"hooks": 5}', '{"hooks": []}', '{"hooks": null}', '{"hooks": {"PreToolUse": "x"}}',
    '{"hooks": {"PreToolUse": [null, 5, "x", [], {}]}}', '{"hooks": {"PreToolUse": [{"matcher": 5, "hooks": "x"}]}}',
    '{"hooks": {"PreToolUse": [{"matcher": "(", "hooks": [null, {"type": 5}, {"command": {}}]}]}}',
    '{"hooks": {"preToolUse": [{"type": "command", "bash": 5, "matcher": ["x"]}]}}', '{"PreToolUse": [{"hooks": [{"timeout": "NaN"}]}]}',
    '{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x", "timeout": -1}]}], "enabled": "yes"}}',
    `{"hooks": {"${"A".repeat(10_000)}": []}}`, '{"hooks": {"constructor": [], "toString": [], "hasOwnProperty": []}}',
    "\uFEFF{}", '{"a": 1} trailing', "",
  ];
  const PATHS = [".claude/settings.json", "hooks/hooks.json", ".codex/hooks.json", ".gemini/settings.json", ".github/hooks/a.json", ".factory/settings.json", ".factory/hooks.json", ".qwen/settings.json"];
  test(`${SHAPES.length} shapes x ${PATHS.length} files`, () => {
    let held = 0;
    for (const shape of SHAPES) {
      const dir = project(Object.fromEntries(PATHS.map((p) => [p, shape])));
      const findings = lintDir(dir);
      assert.ok(Array.isArray(findings));
      for (const f of findings) assert.ok(typeof f.rule === "string" && typeof f.message === "string" && f.message !== "");
      held++;
    }
    assert.equal(held, SHAPES.length);
    assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  });
  test("a TOML config that is not TOML, or whose hooks are not a table", () => {
    for (const toml of ["[hooks", "hooks = 5", "[hooks]\nPreToolUse = 5", "[[hooks.PreToolUse]]\nmatcher = 1"]) {
      assert.ok(Array.isArray(lintDir(project({ ".codex/config.toml": toml }))));
    }
  });
});

test("a Qwen Code settings file with a BOM and comments is read as Qwen Code reads it: no invalid-JSON finding", () => {
  const findings = lintDir(project({ ".qwen/settings.json": `\uFEFF{\n  // guard\n  "hooks": { /* shell */ "PreToolUse": [{ "matcher": "run_shell_command", "hooks": [{ "type": "command", "command": "node deny.mjs" }] }] }\n}\n` }));
  assert.deepEqual(findings.filter((f) => f.rule === "QW-CFG-001"), []);
});
