/** The linters, one per agent (the one module of src/lint/ that names agents, as src/dialects.ts does). */
import { claudeCodeLinter } from "../claude-code/lint-rules.js";
import { codexLinter } from "../codex/lint-rules.js";
import { copilotLinter } from "../copilot-cli/lint-rules.js";
import { droidLinter } from "../droid/lint-rules.js";
import { geminiLinter } from "../gemini-cli/lint-rules.js";
import { qwenCodeLinter } from "../qwen-code/lint-rules.js";
import type { AgentLinter } from "./types.js";

export const LINTERS: readonly AgentLinter[] = [claudeCodeLinter, codexLinter, geminiLinter, copilotLinter, droidLinter, qwenCodeLinter];
