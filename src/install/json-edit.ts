/**
 * Editing a JSON settings file as text: install inserts its entries and
 * uninstall cuts them out at their positions, so every byte it does not own
 * (big integers, `1e400`, `-0`, key order, whitespace, comments where the
 * agent allows them, CRLF) stays as it was. Nothing is parsed and written
 * back.
 *
 * Insertions are written so that cutting them out gives the text back, and
 * so that uninstall can tell a container install made from one that was
 * there (and must stay, empty):
 *
 *   - a container install makes is written whole in the file's style: in a
 *     multi-line file with a newline before its first child, in a one-line
 *     file with nothing before it;
 *   - a child install puts into a container that was empty is written the
 *     other way: right after the bracket in a multi-line file (`[{`), after
 *     one space in a one-line file (`[ {`).
 *
 * Cutting out a container's only child then removes the container too when
 * install made it (and so on up: a file install made goes), and leaves it
 * empty, as it was, otherwise.
 *
 * The text is checked as JSON (src/json/positions.ts) before it is scanned
 * here; the scanner only finds where each value starts and ends.
 */
import { blankComments } from "../json/comments.js";

export type Span = ObjectSpan | ArraySpan | ScalarSpan;
export interface ObjectSpan {
  readonly kind: "object";
  readonly start: number;
  readonly end: number;
  readonly members: readonly { readonly key: string; readonly keyStart: number; readonly value: Span }[];
}
export interface ArraySpan {
  readonly kind: "array";
  readonly start: number;
  readonly end: number;
  readonly items: readonly Span[];
}
export interface ScalarSpan {
  readonly kind: "scalar";
  readonly start: number;
  readonly end: number;
}

/** Where each value of valid JSON text starts and ends (`structure`: the text with comments blanked, same offsets). */
export function scan(structure: string): Span {
  let i = structure.charCodeAt(0) === 0xfeff ? 1 : 0;
  const ws = (): void => {
    while (i < structure.length && " \t\r\n".includes(structure[i]!)) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (structure[i] !== '"') i += structure[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(structure.slice(start, i)) as string;
  };
  const value = (): Span => {
    ws();
    const start = i;
    const c = structure[i];
    if (c === "{") {
      i++;
      const members: { key: string; keyStart: number; value: Span }[] = [];
      ws();
      while (structure[i] !== "}") {
        ws();
        const keyStart = i;
        const key = str();
        ws();
        i++; // ':'
        members.push({ key, keyStart, value: value() });
        ws();
        if (structure[i] === ",") i++;
        ws();
      }
      i++;
      return { kind: "object", start, end: i, members };
    }
    if (c === "[") {
      i++;
      const items: Span[] = [];
      ws();
      while (structure[i] !== "]") {
        items.push(value());
        ws();
        if (structure[i] === ",") i++;
        ws();
      }
      i++;
      return { kind: "array", start, end: i, items };
    }
    if (c === '"') {
      str();
      return { kind: "scalar", start, end: i };
    }
    while (i < structure.length && !" \t\r\n,]}".includes(structure[i]!)) i++;
    return { kind: "scalar", start, end: i };
  };
  return value();
}

export type PathSegment = string | number;

/** A file's text and how to read its structure. */
export class JsonText {
  private scanned: Span | null = null;
  constructor(
    private current: string,
    private readonly comments: boolean,
  ) {}

  get text(): string {
    return this.current;
  }

  /** The text with comments blanked (where the agent allows them): same offsets. */
  private structure(): string {
    return this.comments ? blankComments(this.current) : this.current;
  }

  root(): Span {
    this.scanned ??= scan(this.structure());
    return this.scanned;
  }

  private splice(from: number, to: number, insert: string): void {
    this.current = this.current.slice(0, from) + insert + this.current.slice(to);
    this.scanned = null;
  }

  /** The span at `path`, or undefined. */
  at(path: readonly PathSegment[]): Span | undefined {
    let span: Span | undefined = this.root();
    for (const segment of path) {
      if (span === undefined) return undefined;
      if (typeof segment === "number") span = span.kind === "array" ? span.items[segment] : undefined;
      else span = span.kind === "object" ? lastMember(span, segment)?.value : undefined;
    }
    return span;
  }

  /** The file's layout: one line (compact insertions) or several. */
  private multiLine(): boolean {
    const root = this.root();
    return this.current.slice(root.start, root.end).includes("\n");
  }

  private newline(): string {
    return this.current.includes("\r\n") ? "\r\n" : "\n";
  }

  /** The indentation step: that of the file's first indented line, else two spaces. */
  private unit(): string {
    return /\n([ \t]+)\S/.exec(this.current)?.[1] ?? "  ";
  }

  /** The leading whitespace of the line `offset` is on. */
  private lineIndent(offset: number): string {
    const lineStart = this.current.lastIndexOf("\n", offset - 1) + 1;
    return /^[ \t]*/.exec(this.current.slice(lineStart))![0];
  }

  private render(value: unknown, base: string): string {
    if (!this.multiLine()) return JSON.stringify(value);
    return JSON.stringify(value, null, this.unit()).split("\n").join(this.newline() + base);
  }

  /** Appends `values` to the array at `path` (which exists), in one edit. */
  appendItems(path: readonly PathSegment[], values: readonly unknown[]): void {
    const array = this.at(path);
    if (array?.kind !== "array") throw new Error("not an array");
    if (values.length === 0) return;
    const childIndent = this.lineIndent(array.start) + this.unit();
    const sep = this.multiLine() ? `,${this.newline()}${childIndent}` : ",";
    const rendered = values.map((value) => this.render(value, childIndent)).join(sep);
    const last = array.items[array.items.length - 1];
    if (last !== undefined) this.splice(last.end, last.end, sep + rendered);
    else this.splice(array.start + 1, array.start + 1, (this.multiLine() ? "" : " ") + rendered);
  }

  /** Adds `key: value` as the last member of the object at `path` (which exists). */
  addMember(path: readonly PathSegment[], key: string, value: unknown): void {
    const object = this.at(path);
    if (object?.kind !== "object") throw new Error("not an object");
    const multi = this.multiLine();
    const childIndent = this.lineIndent(object.start) + this.unit();
    const member = `${JSON.stringify(key)}:${multi ? " " : ""}${this.render(value, childIndent)}`;
    const last = object.members[object.members.length - 1];
    if (last !== undefined) this.splice(last.value.end, last.value.end, (multi ? `,${this.newline()}${childIndent}` : ",") + member);
    else this.splice(object.start + 1, object.start + 1, (multi ? "" : " ") + member);
  }

  /**
   * Cuts out the array items and object members at `paths`, in one pass over
   * one scan (linear in the text). A container left without children goes
   * too when install made it (and so on upwards), and stays, empty, when it
   * was there; `"file"`: the root went, the file should go.
   */
  removeAll(paths: readonly (readonly PathSegment[])[]): "file" | "done" {
    const structure = this.structure();
    const root = this.root();
    const multi = structure.slice(root.start, root.end).includes("\n");
    const doomed = new Set<Span>();
    for (const path of paths) {
      const span = this.at(path);
      if (span !== undefined && path.length > 0) doomed.add(span);
    }
    const cuts: [number, number][] = [];
    /** Decides `span`'s children; true when `span` itself should go (install made it and nothing is left). */
    const visit = (span: Span): boolean => {
      if (span.kind === "scalar") return false;
      const children = span.kind === "array" ? span.items.map((value) => ({ value, start: value.start, end: value.end })) : span.members.map((m) => ({ value: m.value, start: m.keyStart, end: m.value.end }));
      const gone = children.map((child) => doomed.has(child.value) || visit(child.value));
      if (!gone.includes(true)) return false;
      if (gone.every(Boolean)) {
        const before = structure.slice(span.start + 1, children[0]!.start);
        if (multi ? before.includes("\n") : before === "") return true;
        cuts.push([span.start + 1, children[children.length - 1]!.end]);
        return false;
      }
      for (let k = 0; k < children.length; ) {
        if (!gone[k]) {
          k++;
          continue;
        }
        let last = k;
        while (last + 1 < children.length && gone[last + 1]) last++;
        // a run after a kept child goes with the comma before it; a leading run with the whitespace after it
        cuts.push(k > 0 ? [children[k - 1]!.end, children[last]!.end] : [children[0]!.start, children[last + 1]!.start]);
        k = last + 1;
      }
      return false;
    };
    if (visit(root)) return "file";
    cuts.sort((a, b) => a[0] - b[0]);
    const kept: string[] = [];
    let at = 0;
    for (const [from, to] of cuts) {
      kept.push(this.current.slice(at, from));
      at = to;
    }
    kept.push(this.current.slice(at));
    this.current = kept.join("");
    this.scanned = null;
    return "done";
  }
}

/** JSON's last duplicate key wins (JSON.parse, every agent's reader): the member that counts. */
function lastMember(object: ObjectSpan, key: string): ObjectSpan["members"][number] | undefined {
  for (let k = object.members.length - 1; k >= 0; k--) if (object.members[k]!.key === key) return object.members[k];
  return undefined;
}

/** A file install makes: the value in two-space indentation, a final newline. */
export function newFileText(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}
