/**
 * What the shared tests check of each agent, kept in the agent's own test folder
 * (`test/<agent>/facts.ts`, exporting `facts`): the tests iterate the registry and read these,
 * so a new agent is its folder, its registry line and its facts, not an edit of every shared test.
 * The values are recorded from the real agents (the observers' recordings and READMEs), or are
 * the examples of the agent's own rules.
 */
import { AGENT_NAMES, type AgentName } from "../../src/core/agents.js";
import type { LintCase } from "./lint-case.js";

/** A PreToolUse-equivalent shell call of the agent, as recorded (one per form of its stdin). */
export interface ShellCall {
  /** The form's label in test names ("" for the agent's only form). */
  readonly form: string;
  /** The event's name on the stdin. */
  readonly event: string;
  /** The shell tool's name on the stdin. */
  readonly shell: string;
  /** The key of the tool's arguments. */
  readonly args: string;
}

export interface AgentFacts {
  /** What the real agent printed for its version (`doctor`): the command, its output, the version in it. */
  readonly versionOutput: { readonly command: string; readonly output: string; readonly version: string };
  /** Its recorded PreToolUse-equivalent shell calls (the kits' tests find each in the recordings). */
  readonly shellCalls: readonly ShellCall[];
  /** The size of its committed recording set that the lab's `--check` re-records (absent: no lab module). */
  readonly labSetSize?: number;
  /** The prefix of its lint rules' IDs (`CC` in `CC-CFG-001`). */
  readonly lintPrefix: string;
  /** Where its lint cases' files go: below the project directory, or below the home directory (its files are only there). */
  readonly lintBelow?: "home";
  /** One case per lint rule, at least. */
  readonly lintCases: readonly LintCase[];
  /** Tools it has that Claude Code 2.1.332 does not (its tool list: test/observer/claude-code-tools/tools.json), as recorded. */
  readonly toolsWithoutCounterpart?: readonly string[];
  /** Keys its tool input has beside Claude Code's fields, by Claude Code's tool name, as recorded (a hook reads them as they are). */
  readonly extraToolFields?: Readonly<Record<string, readonly string[]>>;
  /** Its tool names the recordings show the kit reading as Claude Code's: `[its name, Claude Code's]`. */
  readonly recordedToolNames?: readonly (readonly [string, string])[];
  /** Its file tools, recorded under test/observer/<agent>/ (tool-names), that a Read, Write and Edit guard in Claude Code's names covers. */
  readonly fileTools?: { readonly Read: string; readonly Write: string; readonly Edit: string };
  /** How a schema file's title is made from its name in each of its schema directories (`schemas/<dir>/`): `<prefix><name><suffix>`. */
  readonly schemaNaming: Readonly<Record<string, { readonly prefix: string; readonly suffix: string }>>;
}

/** Every registry agent's facts, in registry order. */
export const AGENT_FACTS: ReadonlyMap<AgentName, AgentFacts> = new Map(
  await Promise.all(
    AGENT_NAMES.map(async (agent) => {
      const module = (await import(`../${agent}/facts.js`).catch((error: unknown) => {
        throw new Error(`test/${agent}/facts.ts: every registry agent has its facts (export const facts: AgentFacts): ${String(error)}`);
      })) as { facts?: AgentFacts };
      if (module.facts === undefined) throw new Error(`test/${agent}/facts.ts exports no facts`);
      return [agent, module.facts] as const;
    }),
  ),
);

/** The facts of `agent`. */
export function factsOf(agent: AgentName): AgentFacts {
  const facts = AGENT_FACTS.get(agent);
  if (facts === undefined) throw new Error(`no test/${agent}/facts.ts`);
  return facts;
}
