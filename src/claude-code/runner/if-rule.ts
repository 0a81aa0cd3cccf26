/**
 * A handler's `if`: one permission rule (`Bash(git *)`, `Edit(src/**)`,
 * `Read`, `mcp__srv__tool`), read and matched as Claude Code 2.1.332 does
 * (recorded in test/observer/claude-code/runner/observed/if-*.json).
 *
 * The rule: `Tool` or `Tool(content)`, with the `)` last and no parenthesis
 * in the tool name; anything else (`Bash(`, `Bash(rm *`, ` Bash(rm *)`, `*`)
 * names no tool, and the hook never runs. `Tool()` and `Tool(*)` match every
 * call of the tool; `\(`, `\)` and `\\` in the content are unescaped. An
 * empty `if` is no condition at all (the hook runs, on every event); any
 * other `if` on an event without a tool never runs (select-hooks.ts).
 *
 * A Bash rule is matched against each simple command of the line, read as
 * Claude Code reads it (bash-commands.ts), never against the whole line
 * (`Bash(echo hi && rm *)` matches nothing); blanks in the rule count as one
 * space; `rm *` also matches a bare `rm`; the legacy `rm:*` is `rm` or `rm`
 * and arguments. A line Claude Code cannot read (over 10,000 characters, an
 * unquoted here-document, brace expansion, `${}`, `$'...'`, Unicode spaces,
 * a lone surrogate) or whose command name is only known when it runs (`$R -f x`)
 * makes the hook run. Where Claude Code does not look (`env rm`, `bash -c`,
 * `/bin/rm`) the hook does not run either: an `if` rule is not a security
 * boundary (ifRuleCaveats).
 *
 * Read, Edit and Write rules (and NotebookEdit's, as Edit's family) match
 * the file path as gitignore patterns, case-insensitively, after the path is
 * made absolute and normalized: `//x` is absolute, `~/x` below the home
 * directory, `/x` and `x/y` from the project root, a pattern without `/`
 * (`*.env`) at any depth, a pattern that names a directory covers what is
 * below it, and `**` alone matches every path. Each tool has its own rules:
 * `Edit(...)` does not match a Write call. Other tools (WebFetch, Grep, Glob,
 * MCP tools) have no content matcher for hooks: with content the rule never
 * matches.
 *
 * Every glob is matched in time linear in the text (glob.ts).
 */
import { homedir } from "node:os";
import { isAbsolute, posix, resolve as resolvePath } from "node:path";
import { bashCommands } from "./bash-commands.js";
import { compileGlob, globMatches, type CompiledGlob } from "./glob.js";

export interface IfRuleVerdict {
  readonly runs: boolean;
  /** Why it does not run, or why it runs although the rule was unclear. */
  readonly note: string | null;
}

/** Where relative rules and paths are read from (the project root, the hook's cwd, the home directory). */
export interface IfRuleContext {
  readonly projectDir?: string;
  readonly cwd?: string;
  readonly home?: string;
}

/** The stable code of the caveat ifRuleCaveats returns (lint shows it: CC-CFG-014). */
export const IF_RULE_NOT_A_BOUNDARY = "if-rule-not-a-boundary";

/** Command wrappers Claude Code does not look through for an `if` rule (recorded: if-env-cmd, if-sudo, ...). */
const NOT_UNWRAPPED = "env, sudo, nice, nohup, timeout, time, command, builtin, exec, coproc, xargs with options, find -exec, bash -c, sh -c, eval, trap, an option before a subcommand (git -C . push)";

/** Tools whose rule content Claude Code matches for a hook's `if` (recorded: if-webfetch-*, if-grep-rule, if-glob-rule skip). */
const COMMAND_TOOLS = new Set(["Bash", "PowerShell"]);
const PATH_TOOLS: Readonly<Record<string, readonly string[]>> = {
  Read: ["file_path"],
  Edit: ["file_path"],
  Write: ["file_path"],
  NotebookEdit: ["notebook_path"],
};

/** Claude Code's longest command it reads for a rule; a longer one makes the hook run (recorded: if-long-10000/10001-no-match). */
const MAX_COMMAND_LENGTH = 10_000;

interface ParsedRule {
  readonly tool: string;
  /** Undefined: every call of the tool (`Bash`, `Bash()`, `Bash(*)`). */
  readonly content: string | undefined;
}

/** `Tool(content)` as Claude Code reads it; a malformed rule is a tool name no tool has. */
export function parseIfRule(rule: string): ParsedRule {
  if (typeof rule !== "string") return { tool: "", content: undefined };
  const open = rule.indexOf("(");
  const close = rule.lastIndexOf(")");
  if (open < 0 && close < 0) return { tool: rule, content: undefined };
  const tool = rule.slice(0, open);
  if (open < 0 || close <= open || close !== rule.length - 1 || /[()]/.test(tool) || tool === "") return { tool: rule, content: undefined };
  const raw = rule.slice(open + 1, close);
  if (raw === "" || raw === "*") return { tool, content: undefined };
  return { tool, content: raw.replaceAll("\\(", "(").replaceAll("\\)", ")").replaceAll("\\\\", "\\") };
}

/**
 * What an author must know about a hook's `if` rule: where Claude Code
 * skips the hook although the call does what the rule names, or never runs
 * it at all. Empty for a rule that names no content (`Bash`, `Read`). The
 * code of each is IF_RULE_NOT_A_BOUNDARY.
 */
export function ifRuleCaveats(rule: string): string[] {
  if (typeof rule !== "string" || rule === "") return [];
  const { tool, content } = parseIfRule(rule);
  if (!/^[A-Za-z0-9_.-]+$/.test(tool)) {
    return [`an \`if\` rule is not a security boundary: Claude Code reads ${JSON.stringify(rule)} as no tool's rule (a rule is Tool or Tool(content), nothing around it) and never runs the hook. Deny in a hook without \`if\` when it must hold.`];
  }
  if (content === undefined) return [];
  const head = `an \`if\` rule is not a security boundary: Claude Code skips the hook when ${rule} does not match the call as written`;
  if (COMMAND_TOOLS.has(tool)) {
    const name = /^[^\s*:]+/.exec(content)?.[0];
    const path = name === undefined ? "" : ` or ${name} by its path (/bin/${name})`;
    return [`${head}; the same command behind ${NOT_UNWRAPPED}${path} runs without the hook. Deny in a hook without \`if\` (or a permissions deny rule) when it must hold.`];
  }
  if (PATH_TOOLS[tool] === undefined) {
    return [`an \`if\` rule is not a security boundary: Claude Code matches no content for ${tool} in a hook's \`if\`, so ${rule} never runs the hook. Use ${tool} alone, or a matcher, when it must hold.`];
  }
  return [`${head}; the same effect through another tool (Bash, ${tool === "Edit" ? "Write" : "Edit"}) or a path outside the rule (a symlink) runs without the hook. Deny in a hook without \`if\` when it must hold.`];
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
function commandMatches(content: string, command: string, legacyPrefix: boolean): boolean {
  if (legacyPrefix) {
    const prefix = content.slice(0, -2);
    return command === prefix || command.startsWith(`${prefix} `);
  }
  if (globMatches(globOf(content, false), command)) return true;
  return content.endsWith(" *") && globMatches(globOf(content.slice(0, -2), false), command);
}

/** Why Claude Code cannot read the line for a rule (the hook then runs), or null. */
function unreadableForRules(command: string): string | null {
  if (command.length > MAX_COMMAND_LENGTH) return `over ${MAX_COMMAND_LENGTH} characters`;
  // Claude Code refuses such a command before any hook; the runner runs the hook (fails closed)
  if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(command)) return "a control character";
  if (/[\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/.test(command)) return "a Unicode space";
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(command)) return "a lone surrogate";
  return null;
}

function runsForCommand(rule: string, content: string, command: string): IfRuleVerdict {
  const unreadable = unreadableForRules(command);
  if (unreadable !== null) return { runs: true, note: `Claude Code does not read a command with ${unreadable} for a rule; the hook runs` };
  const read = bashCommands(command);
  if (read.unreadable !== null) return { runs: true, note: `the command could not be read (${read.unreadable}); the hook runs, as in Claude Code` };
  if (read.dynamicName) return { runs: true, note: "a command name is only known when the line runs; the hook runs, as in Claude Code" };
  // blanks in the rule count as one space, but the legacy `rm:*` is read as written (recorded: if-y-rule-prefix-spaces)
  const legacyPrefix = content.endsWith(":*");
  const pattern = legacyPrefix ? content : content.replace(/[ \t]+/g, " ").replace(/^ | $/g, "");
  return read.commands.some((words) => commandMatches(pattern, words.join(" "), legacyPrefix))
    ? { runs: true, note: null }
    : { runs: false, note: `if rule ${rule} does not match` };
}

/** The file path, absolute and normalized (`..`, `.`, `//`, a trailing `/`), `~/` expanded. */
function absolutePath(written: string, context: IfRuleContext): string {
  const home = context.home ?? homedir();
  // Claude Code drops trailing blanks first (recorded: if-p-env-trailing-space)
  const path = written.replace(/\s+$/, "");
  const expanded = path === "~" ? home : path.startsWith("~/") ? posix.join(home, path.slice(2)) : path;
  const absolute = isAbsolute(expanded) ? posix.normalize(expanded) : resolvePath(context.cwd ?? context.projectDir ?? process.cwd(), expanded);
  // a trailing `/` stays: `src/**` matches `src/` (recorded: if-write-trailing-slash-path)
  return expanded.endsWith("/") && !absolute.endsWith("/") ? `${absolute}/` : absolute;
}

function pathMatches(content: string, path: string, context: IfRuleContext): boolean {
  // gitignore: a lone negation ignores nothing (recorded: if-edit-negation-rule)
  if (content.startsWith("!")) return false;
  if (/^\*\*\/*$/.test(content)) return true;
  let root = context.projectDir ?? context.cwd ?? process.cwd();
  let pattern = content;
  if (pattern.startsWith("//")) [root, pattern] = ["/", pattern.slice(2)];
  else if (pattern.startsWith("~/")) [root, pattern] = [context.home ?? homedir(), pattern.slice(2)];
  else if (pattern.startsWith("/")) pattern = pattern.slice(1);
  else if (pattern.startsWith("./")) pattern = pattern.slice(2);
  const directoryOnly = pattern.endsWith("/");
  pattern = pattern.replace(/\/+$/, "");
  if (pattern === "") return false;
  const inside = posix.relative(posix.normalize(root), path);
  if (inside === "" || inside.startsWith("../") || inside === ".." || isAbsolute(inside)) return false;
  const relative = path.endsWith("/") ? `${inside}/` : inside;
  // gitignore: a pattern with a `/` before its end is anchored at the root; without, it names any entry at
  // any depth; so does one that starts with `*` (recorded: if-read-rule-star-segment, `*/b.txt` matches x/a/b.txt)
  const anchored = (pattern.includes("/") && !pattern.startsWith("*")) || content.startsWith("/") || content.startsWith("~/");
  const subject = relative.toLowerCase();
  const options = { fromEverySegment: !anchored, anyLeadingDirectory: true };
  if (directoryOnly) {
    // only a directory above the file can match: drop the last segment
    const cut = subject.lastIndexOf("/");
    return cut > 0 && globMatches(globOf(pattern.toLowerCase(), true), subject.slice(0, cut), options);
  }
  // `src/**` also matches src itself (recorded: if-p-dir-itself)
  const itself = pattern.endsWith("/**") ? pattern.slice(0, -3) : null;
  return globMatches(globOf(pattern.toLowerCase(), true), subject, options) || (itself !== null && itself !== "" && globMatches(globOf(itself.toLowerCase(), true), subject, options));
}

export function evaluateIfRule(rule: string, toolName: string, toolInput: unknown, context: IfRuleContext = {}): IfRuleVerdict {
  if (typeof rule !== "string") return { runs: false, note: "the if rule is not a string; Claude Code does not load the settings file" };
  if (typeof toolName !== "string") return { runs: false, note: "the call names no tool" };
  if (rule === "") return { runs: true, note: null };
  const { tool, content } = parseIfRule(rule);
  if (tool !== toolName) return { runs: false, note: `if rule ${rule} does not name ${toolName}` };
  if (content === undefined) return { runs: true, note: null };
  const input = (typeof toolInput === "object" && toolInput !== null ? toolInput : {}) as Record<string, unknown>;
  if (COMMAND_TOOLS.has(tool)) {
    const command = input["command"];
    if (typeof command !== "string") return { runs: true, note: "the tool input has no command; the hook runs" };
    return runsForCommand(rule, content, command);
  }
  const fields = PATH_TOOLS[tool];
  if (fields === undefined) return { runs: false, note: `Claude Code matches no content of ${tool} for a hook's if; ${rule} never matches` };
  const path = fields.map((f) => input[f]).find((v): v is string => typeof v === "string" && v !== "");
  if (path === undefined) return { runs: true, note: "the tool input has no path the rule can match; the hook runs" };
  if (path.includes("\0")) return { runs: true, note: "the path has a NUL byte; the hook runs" };
  return pathMatches(content, absolutePath(path, context), context)
    ? { runs: true, note: null }
    : { runs: false, note: `if rule ${rule} does not match` };
}
