/**
 * The globs of permission rules (`rm *`, `src/**`), matched in time linear in
 * the text: a simulation of the pattern's automaton (one state per pattern
 * token), never backtracking. A 1 MB command against `rm * -rf *` is a few
 * million steps, where the regular expression it replaces took seconds on
 * 9 KB.
 *
 * Command globs (Bash rules): `*` is any text and `\*` a literal star; `?`
 * and `[...]` are literal (recorded: if-rule-question-mark, if-rule-brackets).
 * Path globs (file rules) follow gitignore, as Claude Code 2.1.332 does
 * (recorded: if-read-question, if-read-brackets, if-write-any-depth-rule):
 * `*` and `?` stop at `/`, `[...]` is a class, `**` between slashes is any
 * number of directories, `\x` is a literal x.
 */

type Token =
  | { readonly kind: "char"; readonly char: string }
  | { readonly kind: "one" }
  | { readonly kind: "class"; readonly negated: boolean; readonly ranges: readonly (readonly [string, string])[] }
  | { readonly kind: "star" }
  /** `skip`: also entered without reading (jumps over this token and the next `/`: `**\/` matches no directory). */
  | { readonly kind: "globstar"; readonly skip: boolean };

export interface CompiledGlob {
  readonly tokens: readonly Token[];
  /** Path globs: `*` stops at `/`, `**` does not. Otherwise `*` is any text. */
  readonly pathLike: boolean;
}

/** `[...]` at `start` (the `[`): the class and the index after `]`, or null when it never closes (then `[` is literal). */
function readClass(pattern: string, start: number): { token: Token; end: number } | null {
  let i = start + 1;
  const negated = pattern[i] === "!" || pattern[i] === "^";
  if (negated) i++;
  const ranges: [string, string][] = [];
  let first = true;
  while (i < pattern.length && (pattern[i] !== "]" || first)) {
    first = false;
    let low = pattern[i]!;
    if (low === "\\" && i + 1 < pattern.length) low = pattern[++i]!;
    let high = low;
    if (pattern[i + 1] === "-" && i + 2 < pattern.length && pattern[i + 2] !== "]") {
      high = pattern[i + 2]!;
      i += 2;
    }
    ranges.push([low, high]);
    i++;
  }
  if (i >= pattern.length) return null;
  return { token: { kind: "class", negated, ranges }, end: i + 1 };
}

export function compileGlob(pattern: string, pathLike: boolean): CompiledGlob {
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === "\\" && i + 1 < pattern.length && (pathLike || pattern[i + 1] === "*")) {
      tokens.push({ kind: "char", char: pattern[++i]! });
      continue;
    }
    if (pathLike && char === "?") {
      tokens.push({ kind: "one" });
      continue;
    }
    if (pathLike && char === "[") {
      const read = readClass(pattern, i);
      if (read !== null) {
        tokens.push(read.token);
        i = read.end - 1;
        continue;
      }
    }
    if (char !== "*") {
      tokens.push({ kind: "char", char });
      continue;
    }
    if (!pathLike) {
      // outside paths `*` is any text; `**` means the same as `*`
      if (tokens[tokens.length - 1]?.kind !== "globstar") tokens.push({ kind: "globstar", skip: false });
      continue;
    }
    let end = i;
    while (pattern[end + 1] === "*") end++;
    const wholeSegment = end > i && (i === 0 || pattern[i - 1] === "/") && (end + 1 === pattern.length || pattern[end + 1] === "/");
    if (wholeSegment) {
      // `**/` (or `/**/`): any number of directories, none included
      tokens.push({ kind: "globstar", skip: pattern[end + 1] === "/" });
    } else {
      tokens.push({ kind: "star" });
    }
    i = end;
  }
  return { tokens, pathLike };
}

export interface GlobMatchOptions {
  /** Also match from just after every `/` of the text (a relative rule matches any path below). */
  readonly fromEverySegment?: boolean;
  /** Path rules: a match of any leading part that ends at a `/` counts (gitignore: a matched directory holds the file). */
  readonly anyLeadingDirectory?: boolean;
  /** Called with the number of automaton steps taken (tests count them). */
  readonly onSteps?: (steps: number) => void;
}

/**
 * `*`-only globs (no `/` rule): the literal pieces between the stars, each
 * placed at its leftmost possible position after the previous one (for such
 * globs the leftmost placement never loses a match), the first anchored at
 * the start and the last at the end. Each piece is searched once, forward.
 */
function piecesMatch(glob: CompiledGlob, text: string, onSteps?: (steps: number) => void): boolean {
  const pieces: string[] = [""];
  for (const token of glob.tokens) {
    if (token.kind === "char") pieces[pieces.length - 1] += token.char;
    else pieces.push("");
  }
  const first = pieces[0]!;
  const steps = (n: number): void => onSteps?.(n);
  if (pieces.length === 1) {
    steps(Math.min(text.length, first.length));
    return text === first;
  }
  const last = pieces[pieces.length - 1]!;
  if (!text.startsWith(first) || text.length < first.length + last.length) {
    steps(first.length);
    return false;
  }
  const end = text.length - last.length;
  if (!text.endsWith(last)) {
    steps(first.length + last.length);
    return false;
  }
  let at = first.length;
  for (let k = 1; k < pieces.length - 1; k++) {
    const piece = pieces[k]!;
    const found = piece === "" ? at : text.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) {
      steps(end + last.length);
      return false;
    }
    at = found + piece.length;
  }
  steps(at + last.length);
  return true;
}

function classMatches(token: Extract<Token, { kind: "class" }>, char: string): boolean {
  if (char === "/") return false;
  const inside = token.ranges.some(([low, high]) => char >= low && char <= high);
  return inside !== token.negated;
}

/** Whether the whole `text` matches. Time O(text length × pattern length), memory O(pattern length). */
export function globMatches(glob: CompiledGlob, text: string, options: GlobMatchOptions = {}): boolean {
  const everySegment = options.fromEverySegment === true;
  const leading = options.anyLeadingDirectory === true;
  if (!glob.pathLike && !everySegment && !leading) return piecesMatch(glob, text, options.onSteps);
  const { tokens } = glob;
  const accept = tokens.length;
  let current = new Uint8Array(accept + 1);
  let next = new Uint8Array(accept + 1);
  let steps = 0;
  // Adds state `s` and every state reachable without reading (a star may match nothing).
  const enter = (set: Uint8Array, s: number): void => {
    while (s <= accept && set[s] === 0) {
      set[s] = 1;
      const token = tokens[s];
      if (token === undefined || (token.kind !== "star" && token.kind !== "globstar")) return;
      if (token.kind === "globstar" && token.skip) enter(set, s + 2);
      s++;
    }
  };
  enter(current, 0);
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (leading && char === "/" && i > 0 && current[accept] === 1) {
      options.onSteps?.(steps);
      return true;
    }
    next.fill(0);
    let alive = false;
    for (let s = 0; s < accept; s++) {
      if (current[s] === 0) continue;
      steps++;
      const token = tokens[s]!;
      let advance: number | null = null;
      if (token.kind === "char") advance = token.char === char ? s + 1 : null;
      else if (token.kind === "one") advance = char !== "/" || !glob.pathLike ? s + 1 : null;
      else if (token.kind === "class") advance = classMatches(token, char) ? s + 1 : null;
      else if (token.kind === "globstar" || char !== "/") advance = s;
      if (advance !== null) {
        enter(next, advance);
        alive = true;
      }
    }
    if (everySegment && char === "/") {
      enter(next, 0);
      alive = true;
    }
    [current, next] = [next, current];
    if (!alive && !everySegment) {
      options.onSteps?.(steps);
      return false;
    }
  }
  options.onSteps?.(steps);
  return current[accept] === 1;
}
