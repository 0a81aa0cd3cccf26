/**
 * What the page has of Node's built-in modules. The package's dialects import
 * `node:path`, `node:util`, `node:fs`, ... at the top of their modules (their
 * runners and configuration readers); the page runs no hook and reads no file,
 * so the bundle (site/build.ts) gives each `node:` import this module's
 * functions where the merge calls them, written to return what Node's do
 * (test/site.test.ts compares them with Node's on generated strings), and a
 * function that throws for every other name: a merge that reached one would
 * fail loudly in the page (its verdict says so), never answer something else.
 */

/** Node's `path.posix.basename(path)` (one argument: the only form the dialects call). */
function basename(path: string, ...rest: unknown[]): string {
  if (typeof path !== "string" || rest.length > 0) throw new TypeError("the page's path.basename takes one string");
  let end = path.length;
  while (end > 0 && path[end - 1] === "/") end--;
  if (end === 0) return "";
  return path.slice(path.lastIndexOf("/", end - 1) + 1, end);
}

const SLASH = 47;
const DOT = 46;

function strings(name: string, args: readonly unknown[]): string[] {
  if (!args.every((a): a is string => typeof a === "string")) throw new TypeError(`the page's path.${name} takes strings`);
  return args as string[];
}

/** Node's normalizeString for POSIX paths (lib/path.js): `.` and `..` segments and repeated slashes resolved. */
function normalizeString(path: string, allowAboveRoot: boolean): string {
  let res = "";
  let lastSegmentLength = 0;
  let lastSlash = -1;
  let dots = 0;
  let code = 0;
  for (let i = 0; i <= path.length; ++i) {
    if (i < path.length) code = path.charCodeAt(i);
    else if (code === SLASH) break;
    else code = SLASH;
    if (code === SLASH) {
      if (lastSlash === i - 1 || dots === 1) {
        // an empty or `.` segment
      } else if (dots === 2) {
        if (res.length < 2 || lastSegmentLength !== 2 || res.charCodeAt(res.length - 1) !== DOT || res.charCodeAt(res.length - 2) !== DOT) {
          if (res.length > 2) {
            const lastSlashIndex = res.lastIndexOf("/");
            if (lastSlashIndex === -1) {
              res = "";
              lastSegmentLength = 0;
            } else {
              res = res.slice(0, lastSlashIndex);
              lastSegmentLength = res.length - 1 - res.lastIndexOf("/");
            }
            lastSlash = i;
            dots = 0;
            continue;
          } else if (res.length !== 0) {
            res = "";
            lastSegmentLength = 0;
            lastSlash = i;
            dots = 0;
            continue;
          }
        }
        if (allowAboveRoot) {
          res += res.length > 0 ? "/.." : "..";
          lastSegmentLength = 2;
        }
      } else {
        res = res.length > 0 ? `${res}/${path.slice(lastSlash + 1, i)}` : path.slice(lastSlash + 1, i);
        lastSegmentLength = i - lastSlash - 1;
      }
      lastSlash = i;
      dots = 0;
    } else if (code === DOT && dots !== -1) {
      ++dots;
    } else {
      dots = -1;
    }
  }
  return res;
}

/** Node's `path.posix.normalize`. */
function normalize(path: string): string {
  if (path.length === 0) return ".";
  const absolute = path.charCodeAt(0) === SLASH;
  const trailingSeparator = path.charCodeAt(path.length - 1) === SLASH;
  let normal = normalizeString(path, !absolute);
  if (normal.length === 0) return absolute ? "/" : trailingSeparator ? "./" : ".";
  if (trailingSeparator) normal += "/";
  return absolute ? `/${normal}` : normal;
}

/** Node's `path.posix.join` (the dialects' configuration readers name their files with it when they load). */
function join(...args: unknown[]): string {
  const parts = strings("join", args).filter((part) => part.length > 0);
  return parts.length === 0 ? "." : normalize(parts.join("/"));
}

/** Node's `path.posix.dirname`. */
function dirname(...args: unknown[]): string {
  const [path] = strings("dirname", args);
  if (path === undefined || args.length !== 1) throw new TypeError("the page's path.dirname takes one string");
  if (path.length === 0) return ".";
  const hasRoot = path.charCodeAt(0) === SLASH;
  let end = -1;
  let matchedSlash = true;
  for (let i = path.length - 1; i >= 1; --i) {
    if (path.charCodeAt(i) === SLASH) {
      if (!matchedSlash) {
        end = i;
        break;
      }
    } else {
      matchedSlash = false;
    }
  }
  if (end === -1) return hasRoot ? "/" : ".";
  if (hasRoot && end === 1) return "//";
  return path.slice(0, end);
}

/** Node's `path.posix.isAbsolute`. */
function isAbsolute(...args: unknown[]): boolean {
  const [path] = strings("isAbsolute", args);
  return path !== undefined && path.length > 0 && path.charCodeAt(0) === SLASH;
}

// Node 20's util.stripVTControlCharacters pattern (lib/internal/util/inspect.js, from chalk/ansi-regex)
const ANSI = new RegExp(
  "[\\u001B\\u009B][[\\]()#;?]*" +
    "(?:(?:(?:(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]+)*" +
    "|[a-zA-Z\\d]+(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]*)*)?" +
    "(?:\\u0007|\\u001B\\u005C|\\u009C))" +
    "|(?:(?:\\d{1,4}(?:;\\d{0,4})*)?" +
    "[\\dA-PR-TZcf-nq-uy=><~]))",
  "g",
);

/** Node's `util.stripVTControlCharacters(text)`. */
function stripVTControlCharacters(text: string): string {
  if (typeof text !== "string") throw new TypeError("the page's util.stripVTControlCharacters takes a string");
  return text.replace(ANSI, "");
}

/** The names the page gives as Node does, by module (without `node:`). */
export const PAGE_BUILTINS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  path: { basename, dirname, isAbsolute, join, normalize, sep: "/" },
  util: { stripVTControlCharacters },
};

/** `module`'s `name`: the page's own, or a function that says it is not in the page when called. */
export function pageBuiltin(module: string, name: string): unknown {
  const own = PAGE_BUILTINS[module];
  if (own !== undefined && Object.hasOwn(own, name)) return own[name];
  return function unavailable(): never {
    throw new Error(`node:${module} ${name} is not available in the page (it runs no hook and reads no file); run the command line instead`);
  };
}

/**
 * The global `Buffer` as the page has it (the bundle injects it where a module names `Buffer`):
 * `byteLength` of a string in UTF-8, which the serde reader's error positions count (lone
 * surrogates as U+FFFD, 3 bytes, as Node's does); any other use throws.
 */
export const Buffer = {
  byteLength(text: unknown, encoding: unknown = "utf8"): number {
    if (typeof text !== "string" || (encoding !== "utf8" && encoding !== "utf-8")) throw new TypeError("the page's Buffer.byteLength takes a string in UTF-8");
    return new TextEncoder().encode(text).length;
  },
};
