/**
 * `lint` of agents' hook configurations: rules with stable IDs
 * (`<AGENT>-CFG-NNN`, docs/spec/deployment-anchors.md §5) and kebab codes,
 * severity following what the agent does (error: the agent drops the file or
 * the hook never runs; warning: it runs, but not as written; info: worth
 * knowing). Agent-neutral: each agent's rules are in `src/<agent>/lint-rules.ts`.
 */
import type { Dialect } from "../core/dialect.js";
import type { TextPosition } from "../core/errors.js";
import type { JsonValue } from "../json/value.js";

export type Severity = "error" | "warning" | "info";

export interface LintRule {
  /** Stable, never reused: `CC-CFG-002`. */
  readonly id: string;
  /** Kebab code, stable too: `unknown-event`. */
  readonly code: string;
  readonly severity: Severity;
  /** One line: what the rule finds and what the agent then does. */
  readonly summary: string;
}

export interface LintFinding {
  readonly rule: string;
  readonly code: string;
  readonly severity: Severity;
  readonly agent: string;
  readonly file: string;
  /** JSON Pointer into the file ("" for the whole file). */
  readonly path: string;
  readonly position?: TextPosition;
  readonly message: string;
}

/** A file an agent reads, and which of its kinds (settings, plugin, hooks.json, ...). */
export interface LintFile {
  readonly path: string;
  readonly kind: string;
}

/** What the lint core offers an agent's rules. */
export interface LintContext {
  /** The file's text. */
  readonly text: string;
  /** Another file's text (null: absent), e.g. the settings file beside an agent's separate hooks file. */
  readonly read: (path: string) => string | null;
  /** The home directory the agent would read the user's files from (`$HOME` of the environment linted for). */
  readonly homeDir: string;
  /** The environment linted for (variables that move the agent's files, such as a system settings path). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** A hint for an unknown event name: another agent's name for one of this agent's events, or the nearest name; "" if none. */
  readonly eventHint: (name: string) => string;
  /** A hint for a tool name in a matcher this agent never sees (another agent's name for one of its tools), or null. */
  readonly foreignTool: (name: string, ownNames: ReadonlySet<string>) => string | null;
  /** What the agent does differently from Claude Code with a hook's usual answers on a Claude Code event (the cross-agent judgement). */
  readonly differences: (canonicalEvent: string) => readonly string[];
}

export interface AgentLinter {
  readonly agent: string;
  readonly displayName: string;
  readonly rules: readonly LintRule[];
  /** The agent's event names, and the Claude Code event each copies (null: none). */
  readonly events: readonly { readonly name: string; readonly canonical: string | null }[];
  /** The files the agent reads below a project directory and a home directory (either may be null). */
  files(projectDir: string | null, homeDir: string | null, env: Readonly<Record<string, string | undefined>>): LintFile[];
  /** The kind of a file named on the command line, judged by its path; null: not one of this agent's files. */
  claims(path: string): string | null;
  lint(file: LintFile, ctx: LintContext): LintFinding[];
  /** The agent's dialect, for the cross-agent judgement (`differences`): the registry attaches it (src/agents.ts `loadLinters`); without it, none. */
  readonly dialect?: Dialect;
}

/** For rules that build a finding from a parsed document. */
export type PositionOf = (path: readonly (string | number)[]) => TextPosition | undefined;
export type { JsonValue };
