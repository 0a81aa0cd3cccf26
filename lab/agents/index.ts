/** The agents the lab can record: one module each in this folder. */
import type { LabAgent } from "../core/agent.js";
import { claudeCode } from "./claude-code.js";
import { codex } from "./codex.js";
import { copilotCli } from "./copilot-cli.js";
import { droid } from "./droid.js";
import { geminiCli } from "./gemini-cli.js";
import { kimiCode } from "./kimi-code.js";
import { qwenCode } from "./qwen-code.js";

export const LAB_AGENTS: readonly LabAgent[] = [claudeCode, codex, geminiCli, copilotCli, droid, kimiCode, qwenCode];

export const labAgent = (name: string): LabAgent | undefined => LAB_AGENTS.find((a) => a.name === name);
