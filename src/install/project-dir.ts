/**
 * A manifest kept in a repository names its scripts by the project directory's variable in the
 * manifest's own spelling, the reference agent's (its installer's `projectDirVariable`, as the
 * manifest's events and tools are its names): `"$<VARIABLE>"/hooks/guard.mjs`, also `${<VARIABLE>}`
 * and `${<VARIABLE>:-.}`. Each agent's command gets the variable that agent sets for its hook
 * processes (its installer's `projectDirVariable`, from its recordings), so the path resolves as
 * that agent runs the hook. Only where the shell would expand it: in single quotes or after a
 * backslash it is text, and stays as written. Names no agent.
 */

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `command` with each expanded `$from` as `${to}` (a default or other operator kept). */
export function withProjectDirVariable(command: string, from: string, to: string): string {
  if (from === to || !command.includes(from)) return command;
  const reference = new RegExp(`^\\$(?:\\{${escape(from)}((?::?[-=?+])[^}]*)?\\}|${escape(from)}(?![A-Za-z0-9_]))`);
  let out = "";
  let state: "plain" | "single" | "double" = "plain";
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    const found = ch === "$" && state !== "single" ? reference.exec(command.slice(i)) : null;
    if (found !== null) {
      out += `\${${to}${found[1] ?? ""}}`;
      i += found[0].length - 1;
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
