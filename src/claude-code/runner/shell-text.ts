/**
 * Turns Claude Code's textual placeholders (`${CLAUDE_PLUGIN_ROOT}`,
 * `${CLAUDE_PLUGIN_DATA}`, `${CLAUDE_PROJECT_DIR}`) in a shell command into
 * quoted references to environment variables of the same name. The paths
 * then reach the hook as data: a plugin root holding spaces, quotes, `;` or
 * `$(...)` is never read as shell code, and is not split into words.
 */

const PATH_PLACEHOLDERS = ["CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA", "CLAUDE_PROJECT_DIR"] as const;

const PLACEHOLDER_SOURCE = `\\$\\{(${PATH_PLACEHOLDERS.join("|")})\\}`;
const PLACEHOLDER = new RegExp(`^${PLACEHOLDER_SOURCE}`);
const EVERY_PLACEHOLDER = new RegExp(PLACEHOLDER_SOURCE, "g");

/** Shell form: rewrite placeholders according to the quoting context they stand in. */
export function quotePlaceholdersForShell(command: string): string {
  let out = "";
  let state: "plain" | "single" | "double" = "plain";
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    const placeholder = ch === "$" ? PLACEHOLDER.exec(command.slice(i)) : null;
    if (placeholder !== null) {
      const reference = `\${${placeholder[1]}}`;
      // Plain: quote it. Double quotes: already a quoted expansion. Single quotes:
      // close them, expand in double quotes, reopen.
      out += state === "plain" ? `"${reference}"` : state === "double" ? reference : `'"${reference}"'`;
      i += placeholder[0].length - 1;
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

/** Exec form (no shell): substitute the placeholders' values as text. */
export function substitutePlaceholders(text: string, values: Readonly<Record<string, string | undefined>>): string {
  return text.replace(EVERY_PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}
