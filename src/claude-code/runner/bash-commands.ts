/**
 * The simple commands of a Bash command line, as Claude Code 2.1.332 reads
 * them for a hook's `if` rule (recorded: test/observer/claude-code/runner/,
 * `if-*`): every command of a list (`;`, `&&`, `||`, `|`, `&`, newlines),
 * of subshells, `if`/`while`/`until` bodies, and of command and process
 * substitutions (also inside double quotes, `[[ ]]` and assignments); words unquoted (`r''m`, `"rm"`, `\rm`
 * are `rm`); leading `NAME=value` assignments, `!` and redirections dropped;
 * comments ignored; `xargs CMD` also read as CMD (not after an option:
 * `xargs -n 1 rm` is not); a quoted here-document's body is text.
 *
 * Lines Claude Code does not read at all (the hook then runs): `case`,
 * `select`, brace groups, function definitions and `(( ))` commands; an
 * unquoted here-document; `${...}`; `$'...'` and `$"..."`; brace expansion in
 * a word outside substitutions or within double quotes (`{a,b}`, `{1..3}`,
 * `{a',b'}`; not a quoted `'{a,b}'`, not in `[[ ]]`); a variable reference
 * whose value is not known once the line sets variables (see `variables`).
 *
 * Not unwrapped, as in Claude Code: `env`, `sudo`, `nice`, `nohup`,
 * `timeout`, `time`, `command`, `exec`, `coproc`, `find -exec`, `bash -c`,
 * `sh -c`, `eval`, and an absolute path (`/bin/rm`) is not `rm`.
 *
 * One pass over the text (substitutions are parsed where they stand, never
 * re-scanned): time linear in its length. Nesting deeper than MAX_DEPTH, an
 * unterminated quote or substitution, a NUL make the line unreadable.
 */

export interface BashCommands {
  /** Each simple command's words, unquoted. */
  readonly commands: readonly (readonly string[])[];
  /** A command name that is only known when the line runs (`$R -f x`, `$(echo rm) x`). */
  readonly dynamicName: boolean;
  /** Why the line could not be read; null when it could. */
  readonly unreadable: string | null;
}

const MAX_DEPTH = 64;
const BLANK = new Set([" ", "\t"]);
const META = new Set([" ", "\t", "\n", ";", "&", "|", "<", ">", "(", ")"]);
/** Reserved words that may stand before a command (dropped). */
const PREFIX_WORDS = new Set(["if", "then", "else", "elif", "do", "while", "until", "!", "{", "}", "fi", "done", "esac"]);
/** Reserved words whose whole simple command is not a command (`for f in a b`, `case x in`). */
const HEADER_WORDS = new Set(["for", "select", "case", "function", "in"]);
/** Characters readWord handles one by one; everything else is copied in runs. */
const PLAIN_RUN = /[^ \t\n;&|<>()\\'"$`]+/y;
/**
 * A `{` followed by `,` or `..` before any `}`: what Claude Code takes for brace expansion (`{a,b}`,
 * `{1..3}`, even an unclosed `{a,b`; recorded: if-v-brace-unclosed-no-match). One pass.
 */
function hasBraceExpansion(text: string): boolean {
  let open = false;
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (c === "{") open = true;
    else if (c === "}") open = false;
    else if (open && (c === "," || (c === "." && text[k + 1] === "."))) return true;
  }
  return false;
}
const NAME_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
/** Commands that set variables (their `NAME=value` arguments are assignments). */
const SETTERS = new Set(["read", "mapfile", "readarray", "getopts", "export", "declare", "typeset", "local", "readonly", "unset", "let"]);

class Unreadable extends Error {}

interface Word {
  text: string;
  /** Brace expansion outside substitutions or within double quotes (`[[ ]]` does not expand it). */
  braces: boolean;
  /** Some part was quoted. */
  quoted: boolean;
  /** An expansion outside single quotes: the value is only known at run time. */
  expands: boolean;
  /** The literal text before any quote or expansion (to tell `A=1` from `"A=1"`). */
  plainPrefix: string;
}

export function bashCommands(line: string): BashCommands {
  if (typeof line !== "string") return { commands: [], dynamicName: false, unreadable: "not a string" };
  const commands: string[][] = [];
  let dynamicName = false;
  let i = 0;
  const pendingHeredocs: { delimiter: string; expands: boolean; strip: boolean }[] = [];

  const fail = (why: string): never => {
    throw new Unreadable(why);
  };

  const finishCommand = (words: Word[]): void => {
    let k = 0;
    while (k < words.length) {
      const w = words[k]!;
      if (w.text === "{" && w.plainPrefix === "{") fail("a brace group");
      if (PREFIX_WORDS.has(w.text) && !w.expands && w.plainPrefix === w.text) k++;
      else if (NAME_ASSIGNMENT.test(w.plainPrefix)) k++;
      else break;
    }
    const rest = words.slice(k);
    const name = rest[0];
    // `[[ x == {a,b} ]]` expands no braces (recorded: if-v-dbracket-brace-no-match)
    if (name?.text !== "[[" && words.some((w) => w.braces)) fail("brace expansion");
    // a line of assignments sets variables; `X=1 cmd` only sets X for cmd (recorded: if-x-prefix-assign-ref)
    if (name === undefined) {
      for (const w of words.slice(0, k)) assign(w);
      return;
    }
    if (HEADER_WORDS.has(name.text) && name.plainPrefix === name.text) {
      // `for f in …` sets f to values Claude Code does not follow; `case`, `select` and `function` it does not read
      if (name.text === "for") {
        variables.set = true;
        if (rest[1] !== undefined) variables.known.delete(rest[1].text);
      } else if (name.text !== "in") fail(`a ${name.text} command`);
      return;
    }
    if ((SETTERS.has(name.text) || (name.text === "printf" && rest[1]?.text === "-v")) && name.plainPrefix === name.text) {
      variables.set = true;
      for (const w of rest.slice(1)) {
        // `let x=1` evaluates arithmetic: Claude Code does not know x after it (recorded: if-y-let)
        const letName = name.text === "let" ? /^[A-Za-z_][A-Za-z0-9_]*/.exec(w.text)?.[0] : undefined;
        if (letName !== undefined) variables.known.delete(letName);
        else if (!assign(w) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(w.text)) variables.known.delete(w.text);
      }
    }
    if (name.text === "coproc" && rest[1]?.text === "{") fail("a brace group");
    if (name.expands) dynamicName = true;
    const texts = rest.map((w) => w.text);
    commands.push(texts);
    // `xargs rm -f`: xargs runs its first argument (Claude Code reads it so; not after an option)
    if (texts[0] === "xargs" && texts.length > 1 && !texts[1]!.startsWith("-")) commands.push(texts.slice(1));
  };

  /**
   * Variables, as Claude Code follows them: once the line sets any (`X=1`, `for x`, `read x`, `export`), a
   * reference to one whose literal value is not known at that point makes it unreadable (recorded:
   * if-w-assign-other-use, if-w-use-then-assign, if-w-for-one-item-var, if-w-read-then-use); a known one
   * stands for its value (if-w-assign-then-use); without any, `$HOME` is just an argument (if-var-arg-no-match).
   */
  const variables = { set: false, known: new Map<string, string>(), unknownReference: false };
  /** `NAME=value`: the line sets NAME; its value is known when it is literal. Whether `w` is an assignment. */
  const assign = (w: Word): boolean => {
    const assignment = NAME_ASSIGNMENT.exec(w.plainPrefix);
    if (assignment === null) return false;
    variables.set = true;
    const variable = assignment[0].replace(/\+?=$/, "");
    // a value is known when it is literal and unquoted (recorded: `X="a b"` is not, if-x-quoted-value)
    const value = w.expands || w.quoted ? undefined : w.text.slice(assignment[0].length);
    const before = assignment[0].endsWith("+=") ? variables.known.get(variable) : "";
    if (value === undefined || before === undefined) variables.known.delete(variable);
    else variables.known.set(variable, before + value);
    return true;
  };
  /** How many substitutions were read so far, how deep inside substitutions and inside double quotes the reader is. */
  let substitutions = 0;
  let substitutionDepth = 0;
  let doubleQuoteDepth = 0;
  /** Inside a backtick body an unquoted backtick closes it (bash finds the closing one first). */
  let backtickDepth = 0;

  /** `$(...)`, `<(...)`, a backtick body (a substitution) or a subshell: a nested list, read in place. */
  const readNested = (depth: number, closer: ")" | "`", substitution = true): void => {
    if (depth > MAX_DEPTH) fail(`substitutions nested deeper than ${MAX_DEPTH}`);
    if (substitution) {
      substitutions++;
      substitutionDepth++;
    }
    if (closer === "`") backtickDepth++;
    readList(depth + 1, closer);
    if (closer === "`") backtickDepth--;
    if (substitution) substitutionDepth--;
  };

  /** `$((...))`: skipped to its matching `))` (substitutions inside are still read). */
  const skipArithmetic = (depth: number): void => {
    let level = 1;
    while (i < line.length) {
      const c = line[i]!;
      if (c === "\\") i += 2;
      else if (c === "$" && line[i + 1] === "{") fail("a ${...} expansion");
      else if (c === "$" && line[i + 1] === "(" && line[i + 2] !== "(") {
        i += 2;
        readNested(depth, ")");
      } else if (c === "`") {
        i++;
        readNested(depth, "`");
      } else {
        if (line.startsWith("((", i)) level++;
        else if (line.startsWith("))", i) && --level === 0) {
          i += 2;
          return;
        }
        i++;
      }
    }
    fail("an unterminated $((");
  };

  /** After `$`: an expansion. Returns the literal text it stands for, if any. */
  const readDollar = (word: Word, depth: number): void => {
    const next = line[i + 1];
    if (next === "(" && line[i + 2] === "(") {
      i += 3;
      skipArithmetic(depth);
      word.expands = true;
    } else if (next === "(") {
      i += 2;
      readNested(depth, ")");
      word.expands = true;
    } else if (next === "{") {
      // Claude Code does not read a line with ${...} for a rule (recorded: if-brace-var-no-match)
      fail("a ${...} expansion");
    } else if (next !== undefined && /[A-Za-z0-9_@*#?$!-]/.test(next)) {
      const start = ++i;
      if (/[A-Za-z_]/.test(next)) while (i < line.length && /[A-Za-z0-9_]/.test(line[i]!)) i++;
      else i++;
      const variable = line.slice(start, i);
      const value = variables.known.get(variable);
      if (value !== undefined) word.text += value;
      else {
        // $HOME stays readable (recorded: if-y-known-and-env; `$Y`, `$?`, `$1` do not)
        if (variable !== "HOME") variables.unknownReference = true;
        word.expands = true;
      }
    } else {
      word.text += "$";
      i++;
    }
  };

  const readDoubleQuoted = (word: Word, depth: number): void => {
    i++;
    doubleQuoteDepth++;
    while (i < line.length) {
      const c = line[i]!;
      if (c === '"') {
        i++;
        doubleQuoteDepth--;
        return;
      }
      if (c === "\\") {
        const n = line[i + 1];
        if (n === "\n") i += 2;
        else if (n === "$" || n === "`" || n === '"' || n === "\\") {
          word.text += n;
          i += 2;
        } else {
          word.text += c;
          i++;
        }
      } else if (c === "$") {
        readDollar(word, depth);
      } else if (c === "`") {
        i++;
        readNested(depth, "`");
        word.expands = true;
      } else {
        word.text += c;
        i++;
      }
    }
    fail("an unterminated double quote");
  };

  /** One word at `i` (not at a metacharacter). */
  const readWord = (depth: number): Word => {
    const word: Word = { text: "", braces: false, quoted: false, expands: false, plainPrefix: "" };
    let plain = true;
    // the word as written, substitutions left out, for the brace check; a word that is one quoted string is none
    let shape = "";
    let parts = 0;
    let quotedParts = 0;
    while (i < line.length) {
      const c = line[i]!;
      if (META.has(c) || (c === "`" && backtickDepth > 0)) break;
      const start = i;
      parts++;
      if (c === "\\") {
        if (line[i + 1] === "\n") {
          i += 2;
          continue;
        }
        plain = false;
        if (i + 1 < line.length) word.text += line[i + 1];
        i += 2;
        shape += line.slice(start, i);
        continue;
      }
      if (c === "'") {
        plain = false;
        quotedParts++;
        const end = line.indexOf("'", i + 1);
        if (end < 0) fail("an unterminated single quote");
        const text = line.slice(i + 1, end);
        // within double quotes Claude Code sees `${` even in single quotes of a substitution (recorded:
        // if-dollar-brace-in-squote-subst; not if-squote-dollar-brace-in-subst-plain)
        if (doubleQuoteDepth > 0 && text.includes("${")) fail("a ${...} expansion");
        word.text += text;
        i = end + 1;
        shape += line.slice(start, i);
      } else if (c === '"') {
        plain = false;
        quotedParts++;
        const before = substitutions;
        readDoubleQuoted(word, depth);
        shape += before === substitutions ? line.slice(start, i) : "\0";
      } else if (c === "$" && (line[i + 1] === "'" || line[i + 1] === '"')) {
        // Claude Code does not read a line with $'...' or $"..." for a rule (recorded: if-ansi-c-plain-no-match, if-locale-no-match)
        fail(line[i + 1] === "'" ? "a $'...' string" : 'a $"..." string');
      } else if (c === "$") {
        plain = false;
        readDollar(word, depth);
        shape += "\0";
      } else if (c === "`") {
        plain = false;
        i++;
        readNested(depth, "`");
        word.expands = true;
        shape += "\0";
      } else {
        // a run of ordinary characters at once (per-character concatenation is slow on 1 MB)
        PLAIN_RUN.lastIndex = i;
        const run = PLAIN_RUN.exec(line);
        const text = run === null ? c : run[0];
        word.text += text;
        shape += text;
        if (plain) word.plainPrefix += text;
        i += text.length;
      }
    }
    word.quoted = quotedParts > 0;
    // Claude Code does not read a line with brace expansion for a rule, outside substitutions or within double
    // quotes (recorded: if-brace-no-match, if-brace-quoted-comma-no-match, if-dquote-dollar-paren-brace; not
    // if-brace-in-subst-no-match, if-backtick-brace-no-match, if-brace-quoted-no-match); finishCommand decides
    word.braces = (substitutionDepth === 0 || doubleQuoteDepth > 0) && !(parts === 1 && quotedParts === 1) && hasBraceExpansion(shape);
    return word;
  };

  /** Here-document bodies start after the newline that ends their command line. */
  const readHeredocBodies = (depth: number): void => {
    for (const doc of pendingHeredocs.splice(0)) {
      while (i <= line.length) {
        const end = line.indexOf("\n", i);
        const lineEnd = end < 0 ? line.length : end;
        const text = line.slice(i, lineEnd);
        if ((doc.strip ? text.replace(/^\t+/, "") : text) === doc.delimiter) {
          i = lineEnd + 1;
          break;
        }
        if (doc.expands) {
          // an unquoted delimiter: the body expands like a double-quoted string
          const scratch: Word = { text: "", braces: false, quoted: false, expands: false, plainPrefix: "" };
          const stop = lineEnd;
          while (i < stop) {
            const c = line[i]!;
            if (c === "\\") i += 2;
            else if (c === "$") readDollar(scratch, depth);
            else if (c === "`") {
              i++;
              readNested(depth, "`");
            } else i++;
          }
          i = Math.max(i, stop) + 1;
        } else {
          i = lineEnd + 1;
        }
        if (end < 0) return;
      }
    }
  };

  /** A list up to `closer` (or the end of the text at depth 0). */
  function readList(depth: number, closer: ")" | "`" | null): void {
    let words: Word[] = [];
    // a list operator with no command before it (`;`, `a; ; b`, `&& b`) or none after (`a &&`) is bash's
    // syntax error, which Claude Code does not read (recorded: if-y-semicolon-only)
    let commandBefore = false;
    let awaitsCommand = false;
    const end = (): void => {
      if (words.length > 0) [commandBefore, awaitsCommand] = [true, false];
      finishCommand(words);
      words = [];
    };
    const endList = (): void => {
      end();
      if (awaitsCommand) fail("a list operator without a command");
    };
    while (i < line.length) {
      const c = line[i]!;
      if (closer === "`" && c === "`") {
        i++;
        endList();
        return;
      }
      if (BLANK.has(c)) {
        i++;
      } else if (c === "\\" && line[i + 1] === "\n") {
        i += 2;
      } else if (c === "#" ) {
        // a comment runs to the end of the line (a `#` inside a word is read by readWord)
        const nl = line.indexOf("\n", i);
        i = nl < 0 ? line.length : nl;
      } else if (c === "\n") {
        i++;
        end();
        if (!awaitsCommand) commandBefore = false;
        readHeredocBodies(depth);
      } else if (c === ";" || c === "&" || c === "|") {
        if (c === "&" && line[i + 1] === ">") {
          i += line[i + 2] === ">" ? 3 : 2;
          readRedirectTarget(depth);
          // a redirection alone is a command (`> out;`)
          [commandBefore, awaitsCommand] = [true, false];
          continue;
        }
        const operator = line[i + 1] === c || (c === "|" && line[i + 1] === "&") || (c === ";" && line[i + 1] === "&") ? 2 : 1;
        end();
        if (!commandBefore) fail("a list operator without a command");
        // `a &&` ends in a syntax error Claude Code does not read; `a |` it reads (recorded: if-z-trailing-and, if-z-trailing-pipe)
        awaitsCommand = (c === "&" || c === "|") && operator === 2 && line[i + 1] === c;
        commandBefore = false;
        i += operator;
      } else if (c === "(") {
        i++;
        if (words.length > 0 && line[i] === ")") fail("a function definition");
        // `(( … ))` as a command, also after `if`, `while`, `for` (recorded: if-v-arith-cmd-in-if, if-v-for-arith-no-match)
        else if (line[i] === "(" && words.every((w) => (PREFIX_WORDS.has(w.text) || w.text === "for") && w.plainPrefix === w.text)) fail("an (( )) command");
        else {
          end();
          readNested(depth, ")", false);
          [commandBefore, awaitsCommand] = [true, false];
        }
      } else if (c === ")") {
        i++;
        if (closer === ")") {
          endList();
          return;
        }
        // an unmatched `)` (a case pattern's never gets here: case lines are not read)
        fail("an unmatched )");
      } else if (c === "<" || c === ">") {
        if (line[i + 1] === "(") {
          // process substitution: an argument whose command runs
          i += 2;
          readNested(depth, ")");
          words.push({ text: "", braces: false, quoted: false, expands: true, plainPrefix: "" });
          continue;
        }
        // a file descriptor number just before is part of the redirection (`2>&1`)
        const last = words[words.length - 1];
        if (last !== undefined && /^[0-9]+$/.test(last.plainPrefix) && last.plainPrefix === last.text && line[i - 1] !== " " && line[i - 1] !== "\t") words.pop();
        if (c === "<" && line[i + 1] === "<" && line[i + 2] !== "<") {
          i += 2;
          const strip = line[i] === "-";
          if (strip) i++;
          while (BLANK.has(line[i] ?? "")) i++;
          const start = i;
          const delimiter = readWord(depth);
          const quoted = /['"\\]/.test(line.slice(start, i));
          // Claude Code does not read a line with an unquoted here-document for a rule (recorded: if-heredoc-plain-no-match)
          if (!quoted) fail("an unquoted here-document");
          pendingHeredocs.push({ delimiter: delimiter.text, expands: !quoted, strip });
          [commandBefore, awaitsCommand] = [true, false];
          continue;
        }
        i++;
        while (line[i] === "<" || line[i] === ">" || line[i] === "&" || line[i] === "|") i++;
        readRedirectTarget(depth);
        [commandBefore, awaitsCommand] = [true, false];
      } else {
        words.push(readWord(depth));
      }
    }
    if (closer !== null) fail(closer === ")" ? "an unterminated $( or (" : "an unterminated backtick");
    endList();
  }

  function readRedirectTarget(depth: number): void {
    while (BLANK.has(line[i] ?? "")) i++;
    if (i < line.length && !META.has(line[i]!)) readWord(depth);
  }

  try {
    // the shell never sees past a NUL (execve ends the string there): the line is not what it reads
    if (line.includes("\0")) fail("a NUL byte");
    readList(0, null);
    if (pendingHeredocs.length > 0) pendingHeredocs.length = 0;
    if (variables.set && variables.unknownReference) fail("a variable whose value the line may set");
    return { commands, dynamicName, unreadable: null };
  } catch (error) {
    if (error instanceof Unreadable) return { commands, dynamicName, unreadable: error.message };
    throw error;
  }
}
