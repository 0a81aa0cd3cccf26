/**
 * The marks `install` puts in every command it writes: environment
 * assignments, which every agent's shell takes and no agent's reader sees as
 * an unknown key (an agent may refuse unknown keys in its hooks file).
 *
 *   CLAUDE_HOOK_PROTOCOL_AGENT=<agent> CLAUDE_HOOK_PROTOCOL_OWNER=<owner> <command>
 *   export CLAUDE_HOOK_PROTOCOL_AGENT=<agent> CLAUDE_HOOK_PROTOCOL_OWNER=<owner>; <command>
 *
 * The first form only for a plain simple command (`node /x/hook.mjs --flag`):
 * there the assignments apply to that command. Anything else (a list, a
 * pipeline, a subshell, `{ …; }`, `if`, `!`, `case`, redirections, newlines,
 * command substitutions, quoting forms of one shell only) gets the second:
 * assignments before `(`, `{`, `if` or `!` are a syntax error or make the
 * word a command name, and before a list they reach its first command only.
 * `export …;` is a command of its own, so the manifest's command follows it
 * as written, and every process it starts sees the variables
 * (test/hostile/install-commands.test.ts runs both under sh and bash).
 *
 * `CLAUDE_HOOK_PROTOCOL_AGENT` tells the kit which agent runs the hook (the
 * kit reads it before guessing from stdin); it is always a literal agent
 * name, never an expansion, so nothing in the environment can change it.
 * `CLAUDE_HOOK_PROTOCOL_OWNER` is how `uninstall` finds its own entries and
 * no one else's.
 */

import { AGENT_ENV } from "../hooks/agents.js";

/** The variable the kit reads first to know its agent (src/hooks/agents.ts). */
export const AGENT_VARIABLE = AGENT_ENV;
export const OWNER_VARIABLE = "CLAUDE_HOOK_PROTOCOL_OWNER";
export const DEFAULT_OWNER = "claude-hook-protocol";

/** Words that open a compound command or negate, and builtins whose prefix assignments shells treat otherwise. */
const NOT_PLAIN_FIRST = new Set([
  "!", "{", "}", "(", ")", "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for", "in", "function", "select", "time", "[[", "]]", "coproc",
  "exec", "eval", ".", "source", "command", "builtin", "export", "readonly", "local", "declare", "typeset", "set", "unset", "alias", "exit", "return", "trap", "shift", "break", "continue", ":", "times", "wait",
]);

/**
 * A simple command of plain words: no operator, redirection, newline,
 * substitution or shell-specific quoting outside single or double quotes,
 * and a first word that opens nothing. Conservative: false when unsure.
 */
export function isPlainCommand(command: string): boolean {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === " " || c === "\t") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end === -1) return false;
      word += command.slice(i, end + 1);
      i = end;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        if (command[j] === "\\") j++;
        else if (command[j] === "`" || (command[j] === "$" && command[j + 1] === "(")) return false;
      }
      if (j >= command.length) return false;
      word += command.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c === "\\") {
      if (i + 1 >= command.length || command[i + 1] === "\n") return false;
      word += command.slice(i, i + 2);
      i++;
      continue;
    }
    if (";&|()<>\n\r`".includes(c) || (c === "$" && "('\"".includes(command[i + 1] ?? ""))) return false;
    word += c;
  }
  if (inWord) words.push(word);
  // a leading assignment is part of the simple command; what follows must be a plain first word
  const first = words.find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
  return first !== undefined && !NOT_PLAIN_FIRST.has(first) && !first.startsWith("#");
}

/** The command as install writes it for `agent` and `owner`. */
export function markedCommand(agent: string, owner: string, command: string): string {
  const assignments = `${AGENT_VARIABLE}=${agent} ${OWNER_VARIABLE}=${owner}`;
  return isPlainCommand(command) ? `${assignments} ${command}` : `export ${assignments}; ${command}`;
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(\S*)$/;
const EXPORTED = /^export((?:[ \t]+[A-Za-z_][A-Za-z0-9_]*=[^\s;]*)+);[ \t]?/;

/**
 * A marked command's parts: the marks install wrote and the manifest's
 * command; null when it carries no owner (a hand-written command). Also reads
 * the form 0.2.0 wrote (leading assignments, the agent as an expansion).
 */
export function markedParts(command: string): { readonly owner: string; readonly agent: string | null; readonly command: string } | null {
  const trimmed = command.trimStart();
  const exported = EXPORTED.exec(trimmed);
  const words = exported !== null ? exported[1]!.trim().split(/[ \t]+/) : trimmed.split(/[ \t]+/);
  const values = new Map<string, string>();
  let count = 0;
  // the marks end with the owner (install writes the agent, then the owner); what follows is the command's own
  for (const w of words) {
    const m = ASSIGNMENT.exec(w);
    if (m === null) break;
    values.set(m[1]!, m[2]!);
    count++;
    if (m[1] === OWNER_VARIABLE) break;
  }
  const owner = values.get(OWNER_VARIABLE);
  if (owner === undefined) return null;
  if (exported !== null) return { owner, agent: values.get(AGENT_VARIABLE) ?? null, command: trimmed.slice(exported[0].length) };
  let rest = trimmed;
  for (let n = 0; n < count; n++) rest = rest.replace(/^[^ \t]+[ \t]+/, "");
  return { owner, agent: values.get(AGENT_VARIABLE) ?? null, command: rest };
}

/** The owner a command was installed for, else null. */
export function ownerOf(command: string): string | null {
  return markedParts(command)?.owner ?? null;
}
