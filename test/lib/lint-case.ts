/**
 * One example of a `lint` rule (test/lint.test.ts runs every agent's, from its test/<agent>/facts.ts):
 * the files that show the rule, a piece of its finding's message and the finding's place. The helpers
 * build the usual hooks document.
 */

export interface LintCase {
  readonly rule: string;
  /** Files below the project directory (below the home directory for an agent whose facts say `lintBelow: "home"`). */
  readonly files: Readonly<Record<string, string>>;
  /** A piece of the finding's message. */
  readonly says: string;
  /** The finding's JSON Pointer. */
  readonly path?: string;
  /** The file does not parse, so the finding carries no line:column. */
  readonly unparsed?: true;
}

/** `{"hooks": {<event>: [<group>]}}`, indented. */
export const hooks = (event: string, group: object): string => JSON.stringify({ hooks: { [event]: [group] } }, null, 2);

/** A command hook, with `extra` keys. */
export const cmd = (extra: object = {}): object => ({ type: "command", command: "node /opt/h.mjs", ...extra });
