/**
 * A handler's `if`: one permission rule (`Bash(git *)`, `Edit(src/**)`,
 * `Read`, `mcp__srv__tool`). Claude Code evaluates it only on tool events;
 * the hook runs when the rule matches the tool call. This is the subset of
 * permission-rule syntax hooks use: a tool name, optionally with a content
 * pattern where `*` is any text (`**` any path), and the legacy `prefix:*`
 * form for Bash.
 *
 * A Bash rule is matched against each simple command of the line, read as
 * Claude Code 2.1.332 reads it (bash-commands.ts; recorded in
 * test/observer/claude-code/runner/, `if-*`), never against the whole line
 * (`Bash(echo hi && rm *)` matches nothing). `rm *` also matches a bare `rm`.
 * A line that cannot be read, or whose command name is only known when it
 * runs (`$R -f x`), makes the hook run, as in Claude Code. Where Claude Code
 * does not look (`env rm`, `bash -c`, `/bin/rm`) the hook does not run
 * either: an `if` rule is not a security boundary (ifRuleCaveats).
 *
 * PowerShell lines go through the same reader: where PowerShell's syntax
 * differs (its backtick escape) the line is unreadable and the hook runs.
 *
 * Every glob is matched in time linear in the text (glob.ts).
 */
import { bashCommands } from "./bash-commands.js";
import { compileGlob, globMatches, type CompiledGlob } from "./glob.js";

export interface IfRuleVerdict {
  readonly runs: boolean;
  /** Why it does not run, or why it runs although the rule was unclear. */
  readonly note: string | null;
}

const RULE = /^([A-Za-z0-9_.*-]+)(?:\((.*)\))?$/s;

/** The stable code of the caveat ifRuleCaveats returns (lint and validate show it). */
export const IF_RULE_NOT_A_BOUNDARY = "if-rule-not-a-boundary";

/** Command wrappers Claude Code does not look through for an `if` rule (recorded: if-env-cmd, if-sudo, ...). */
const NOT_UNWRAPPED = "env, sudo, nice, nohup, timeout, time, command, exec, coproc, xargs with options, find -exec, bash -c, sh -c, eval";

/**
 * What an author must know about a hook's `if` rule: where Claude Code
 * skips the hook although the call does what the rule names. Empty for a
 * rule that names no content (`Bash`, `Read`). The code of each is
 * IF_RULE_NOT_A_BOUNDARY.
 */
export function ifRuleCaveats(rule: string): string[] {
  const parsed = RULE.exec(rule.trim());
  if (parsed === null) return [];
  const [, tool, content] = parsed;
  if (content === undefined || content === "" || content === "*") return [];
  const head = `an \`if\` rule is not a security boundary: Claude Code skips the hook when ${rule} does not match the call as written`;
  if (tool === "Bash" || tool === "PowerShell") {
    const name = /^[^\s*:]+/.exec(content)?.[0];
    const path = name === undefined ? "" : ` or ${name} by its path (/bin/${name})`;
    return [`${head}; the same command behind ${NOT_UNWRAPPED}${path} runs without the hook. Deny in a hook without \`if\` (or a permissions deny rule) when it must hold.`];
  }
  return [`${head}; the same effect through another tool (Bash, a different path spelling) runs without the hook. Deny in a hook without \`if\` when it must hold.`];
}

const compiled = new Map<string, CompiledGlob>();
function globOf(pattern: string, pathLike: boolean): CompiledGlob {
  const key = `${pathLike ? "p" : "t"}${pattern}`;
  let glob = compiled.get(key);
  if (glob === undefined) {
    glob = compileGlob(pattern, pathLike);
    if (compiled.size > 1000) compiled.clear();
    compiled.set(key, glob);
  }
  return glob;
}

/** `rm *` against one simple command: `*` is any text, and ` *` at the end also matches nothing (a bare `rm`). */
function commandMatches(content: string, command: string): boolean {
  if (content.endsWith(":*")) {
    const prefix = content.slice(0, -2);
    return command === prefix || command.startsWith(`${prefix} `);
  }
  if (globMatches(globOf(content, false), command)) return true;
  return content.endsWith(" *") && globMatches(globOf(content.slice(0, -2), false), command);
}

const PATH_FIELDS = ["file_path", "path", "notebook_path"];

export function evaluateIfRule(rule: string, toolName: string, toolInput: unknown): IfRuleVerdict {
  const parsed = RULE.exec(rule.trim());
  if (parsed === null) return { runs: true, note: `if rule ${JSON.stringify(rule)} could not be read; the hook runs` };
  const [, ruleTool, content] = parsed;
  if (ruleTool !== toolName) return { runs: false, note: `if rule ${rule} does not name ${toolName}` };
  if (content === undefined || content === "" || content === "*") return { runs: true, note: null };
  const input = (typeof toolInput === "object" && toolInput !== null ? toolInput : {}) as Record<string, unknown>;
  if (toolName === "Bash" || toolName === "PowerShell") {
    const command = input["command"];
    if (typeof command !== "string") return { runs: true, note: "the tool input has no command; the hook runs" };
    const read = bashCommands(command);
    if (read.unreadable !== null) return { runs: true, note: `the command could not be read (${read.unreadable}); the hook runs, as in Claude Code` };
    if (read.dynamicName) return { runs: true, note: "a command name is only known when the line runs; the hook runs, as in Claude Code" };
    return read.commands.some((words) => commandMatches(content, words.join(" ")))
      ? { runs: true, note: null }
      : { runs: false, note: `if rule ${rule} does not match` };
  }
  if (content.startsWith("domain:")) {
    const url = input["url"];
    let host = "";
    try {
      host = typeof url === "string" ? new URL(url).hostname : "";
    } catch {
      return { runs: true, note: "the tool input has no readable url; the hook runs" };
    }
    return globMatches(globOf(content.slice("domain:".length), false), host)
      ? { runs: true, note: null }
      : { runs: false, note: `if rule ${rule} does not match` };
  }
  const path = PATH_FIELDS.map((f) => input[f]).find((v): v is string => typeof v === "string");
  const subject = path ?? (typeof input["pattern"] === "string" ? (input["pattern"] as string) : undefined);
  if (subject === undefined) return { runs: true, note: "the tool input has nothing the rule can match; the hook runs" };
  const pattern = content.replace(/^\.\//, "");
  // Relative rules match anywhere below the project: from the start or after any `/`.
  return globMatches(globOf(pattern, true), subject, { fromEverySegment: !pattern.startsWith("/") })
    ? { runs: true, note: null }
    : { runs: false, note: `if rule ${rule} does not match` };
}
