/**
 * A handler's `if`: one permission rule (`Bash(git *)`, `Edit(src/**)`,
 * `Read`, `mcp__srv__tool`). Claude Code evaluates it only on tool events;
 * the hook runs when the rule matches the tool call. This is the subset of
 * permission-rule syntax hooks use: a tool name, optionally with a content
 * pattern where `*` is any text (`**` any path), and the legacy `prefix:*`
 * form for Bash. A compound Bash command matches when any of its simple
 * commands does; a rule that cannot be read fails open (the hook runs), as
 * Claude Code does when it cannot parse the command.
 */

export interface IfRuleVerdict {
  readonly runs: boolean;
  /** Why it does not run, or why it runs although the rule was unclear. */
  readonly note: string | null;
}

const RULE = /^([A-Za-z0-9_.*-]+)(?:\((.*)\))?$/s;

function globToRegex(pattern: string, pathLike: boolean): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === "*") {
      if (pathLike && pattern[i + 1] === "*") {
        source += ".*";
        i++;
      } else {
        source += pathLike ? "[^/]*" : ".*";
      }
    } else {
      source += ch.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
    }
  }
  return new RegExp(`^${source}$`, "s");
}

/** Splits `a && b; c | d` into its simple commands; quotes keep their separators. */
function simpleCommands(command: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (quote !== null) {
      current += ch;
      if (ch === quote) quote = null;
      else if (ch === "\\" && quote === '"' && i + 1 < command.length) current += command[++i];
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      current += ch;
    } else if (ch === ";" || ch === "\n" || ch === "&" || ch === "|") {
      if (current.trim() !== "") parts.push(current.trim());
      current = "";
    } else {
      current += ch;
    }
  }
  if (current.trim() !== "") parts.push(current.trim());
  return parts;
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
    const legacyPrefix = content.endsWith(":*") ? content.slice(0, -2) : null;
    const candidates = [command.trim(), ...simpleCommands(command)];
    const matches = (c: string): boolean =>
      legacyPrefix !== null ? c === legacyPrefix || c.startsWith(`${legacyPrefix} `) : globToRegex(content, false).test(c);
    return candidates.some(matches) ? { runs: true, note: null } : { runs: false, note: `if rule ${rule} does not match` };
  }
  if (content.startsWith("domain:")) {
    const url = input["url"];
    let host = "";
    try {
      host = typeof url === "string" ? new URL(url).hostname : "";
    } catch {
      return { runs: true, note: "the tool input has no readable url; the hook runs" };
    }
    return globToRegex(content.slice("domain:".length), false).test(host)
      ? { runs: true, note: null }
      : { runs: false, note: `if rule ${rule} does not match` };
  }
  const path = PATH_FIELDS.map((f) => input[f]).find((v): v is string => typeof v === "string");
  const subject = path ?? (typeof input["pattern"] === "string" ? (input["pattern"] as string) : undefined);
  if (subject === undefined) return { runs: true, note: "the tool input has nothing the rule can match; the hook runs" };
  const pattern = content.replace(/^\.\//, "");
  const regex = globToRegex(pattern, true);
  // Relative rules match anywhere below the project: compare against every path suffix.
  const segments = subject.split("/");
  const suffixes = segments.map((_, i) => segments.slice(i).join("/"));
  return regex.test(subject) || (!pattern.startsWith("/") && suffixes.some((s) => regex.test(s)))
    ? { runs: true, note: null }
    : { runs: false, note: `if rule ${rule} does not match` };
}
