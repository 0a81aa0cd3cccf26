/**
 * A manifest kept in a repository names its hooks by the variable Claude Code sets to the project
 * directory for every hook, `"$CLAUDE_PROJECT_DIR"/hooks/guard.mjs` (also `${CLAUDE_PROJECT_DIR}` and
 * `${CLAUDE_PROJECT_DIR:-.}`); each agent's command gets the variable that agent sets for its hook
 * processes (its installer's `projectDirVariable`, from its recordings), so the path resolves as
 * that agent runs the hook. Only where the shell would expand it: in single quotes or after a
 * backslash it is text, and stays as written. Agent-neutral.
 */

const REFERENCE = /^\$(?:\{CLAUDE_PROJECT_DIR((?::?[-=?+])[^}]*)?\}|CLAUDE_PROJECT_DIR(?![A-Za-z0-9_]))/;

/** `command` with each expanded `$CLAUDE_PROJECT_DIR` as `${variable}` (a default or other operator kept). */
export function withProjectDirVariable(command: string, variable: string): string {
  if (variable === "CLAUDE_PROJECT_DIR" || !command.includes("CLAUDE_PROJECT_DIR")) return command;
  let out = "";
  let state: "plain" | "single" | "double" = "plain";
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    const reference = ch === "$" && state !== "single" ? REFERENCE.exec(command.slice(i)) : null;
    if (reference !== null) {
      out += `\${${variable}${reference[1] ?? ""}}`;
      i += reference[0].length - 1;
      continue;
    }
    out += ch;
    if (state === "single") {
      if (ch === "'") state = "plain";
    } else if (ch === "\\" && i + 1 < command.length) {
      out += command[++i];
    } else if (state === "double") {
      if (ch === '"') state = "plain";
    } else if (ch === "'") {
      state = "single";
    } else if (ch === '"') {
      state = "double";
    }
  }
  return out;
}
