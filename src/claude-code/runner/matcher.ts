/**
 * Matchers as Claude Code 2.1.332 reads them: `*`, `""` or no matcher match
 * everything; a matcher of name characters only is an exact name or a list
 * split on `|` or `,` (case-sensitive, whitespace-tolerant); anything else is
 * an unanchored JavaScript regular expression (`Edit.*` matches NotebookEdit).
 */

export type CompiledMatcher =
  | { readonly kind: "all" }
  | { readonly kind: "names"; readonly names: ReadonlySet<string> }
  | { readonly kind: "regex"; readonly regex: RegExp }
  | { readonly kind: "invalid"; readonly message: string };

const NAME_LIST = /^[A-Za-z0-9_\- ,|]+$/;
/** FileChanged and StopFailure: no `-`, space or `,`. */
const NARROW_NAME_LIST = /^[A-Za-z0-9_|]+$/;

export function compileMatcher(matcher: string | null | undefined, narrow = false): CompiledMatcher {
  if (matcher === null || matcher === undefined || matcher === "" || matcher === "*") return { kind: "all" };
  if ((narrow ? NARROW_NAME_LIST : NAME_LIST).test(matcher)) {
    const names = matcher
      .split(narrow ? /\|/ : /[|,]/)
      .map((n) => n.trim())
      .filter((n) => n !== "");
    return { kind: "names", names: new Set(names) };
  }
  try {
    return { kind: "regex", regex: new RegExp(matcher) };
  } catch (error) {
    return { kind: "invalid", message: error instanceof Error ? error.message : String(error) };
  }
}

export function matcherMatches(compiled: CompiledMatcher, query: string): boolean {
  switch (compiled.kind) {
    case "all":
      return true;
    case "names":
      return compiled.names.has(query);
    case "regex":
      // A fresh lastIndex each time: a matcher written with a `g` flag cannot exist
      // (no flags are parsed), but keep test() stateless anyway.
      compiled.regex.lastIndex = 0;
      return compiled.regex.test(query);
    case "invalid":
      return false;
  }
}
