/** The agents the lab can record: one module each in this folder. */
import type { LabAgent } from "../core/agent.js";
import { claudeCode } from "./claude-code.js";

export const LAB_AGENTS: readonly LabAgent[] = [claudeCode];

export const labAgent = (name: string): LabAgent | undefined => LAB_AGENTS.find((a) => a.name === name);
