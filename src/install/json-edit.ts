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

  root(): Span {
    this.scanned ??= scan(this.comments ? blankComments(this.current) : this.current);
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

  /** Appends `value` to the array at `path` (which exists). */
  appendItem(path: readonly PathSegment[], value: unknown): void {
    const array = this.at(path);
    if (array?.kind !== "array") throw new Error("not an array");
    const childIndent = this.lineIndent(array.start) + this.unit();
    const last = array.items[array.items.length - 1];
    if (last !== undefined) {
      const sep = this.multiLine() ? `,${this.newline()}${childIndent}` : ",";
      this.splice(last.end, last.end, sep + this.render(value, childIndent));
    } else {
      this.splice(array.start + 1, array.start + 1, (this.multiLine() ? "" : " ") + this.render(value, childIndent));
    }
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
   * Cuts out the array item or object member at `path`. When it was its
   * container's only child and install made the container, the container
   * goes too (upwards); `"file"`: the root went, the file should go.
   */
  remove(path: readonly PathSegment[]): "file" | "done" {
    const parentPath = path.slice(0, -1);
    const parent = this.at(parentPath)!;
    const last = path[path.length - 1]!;
    const children: { start: number; end: number }[] =
      parent.kind === "array" ? parent.items.map((s) => ({ start: s.start, end: s.end })) : parent.kind === "object" ? parent.members.map((m) => ({ start: m.keyStart, end: m.value.end })) : [];
    const index = typeof last === "number" ? last : parent.kind === "object" ? parent.members.lastIndexOf(lastMember(parent, last)!) : -1;
    const child = children[index]!;
    if (children.length === 1) {
      const before = (this.comments ? blankComments(this.current) : this.current).slice(parent.start + 1, child.start);
      const made = this.multiLine() ? before.includes("\n") : before === "";
      if (made) {
        if (parentPath.length === 0) return "file";
        return this.remove(parentPath);
      }
      this.splice(parent.start + 1, child.end, "");
      return "done";
    }
    if (index > 0) this.splice(children[index - 1]!.end, child.end, "");
    else this.splice(child.start, children[1]!.start, "");
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
