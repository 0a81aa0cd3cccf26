/**
 * Writing a plan as one transaction: every file first goes to a temporary
 * file in its own directory (every byte count checked, flushed, mode, owner
 * and group of the old file), and only when all of them are complete are they
 * renamed over the old ones (a reader sees the old text or the new, never
 * half). Any failure before the renames removes the temporary files and
 * leaves every file as it was; a rename that fails puts back the files
 * already renamed. A file the plan empties is removed, with the directories
 * install made for it when they are empty.
 *
 * Symbolic links stay links: the file a link points to is written; a link to
 * nothing is refused (replacing it with a file would cut the link).
 *
 * `FileSystem` is node:fs by default; tests hand in one that fails.
 */
import * as fs from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join, relative, isAbsolute } from "node:path";
import type { ProtocolError } from "../core/errors.js";
import type { FileChange } from "./types.js";

/** The calls the writer makes, so tests can make any of them fail. */
export interface FileSystem {
  openSync(path: string, flags: string, mode: number): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
  fchmodSync(fd: number, mode: number): void;
  fchownSync(fd: number, uid: number, gid: number): void;
  fstatSync(fd: number): fs.Stats;
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  unlinkSync(path: string): void;
  mkdirSync(path: string): void;
  rmdirSync(path: string): void;
  chownSync(path: string, uid: number, gid: number): void;
  lstatSync(path: string): fs.Stats;
  statSync(path: string): fs.Stats;
  realpathSync(path: string): string;
  readdirSync(path: string): string[];
}

export const NODE_FS: FileSystem = {
  openSync: (path, flags, mode) => fs.openSync(path, flags, mode),
  writeSync: (fd, buffer, offset, length) => fs.writeSync(fd, buffer, offset, length),
  fsyncSync: (fd) => fs.fsyncSync(fd),
  fchmodSync: (fd, mode) => fs.fchmodSync(fd, mode),
  fchownSync: (fd, uid, gid) => fs.fchownSync(fd, uid, gid),
  fstatSync: (fd) => fs.fstatSync(fd),
  closeSync: (fd) => fs.closeSync(fd),
  renameSync: (from, to) => fs.renameSync(from, to),
  unlinkSync: (path) => fs.unlinkSync(path),
  mkdirSync: (path) => void fs.mkdirSync(path),
  rmdirSync: (path) => fs.rmdirSync(path),
  chownSync: (path, uid, gid) => fs.chownSync(path, uid, gid),
  lstatSync: (path) => fs.lstatSync(path),
  statSync: (path) => fs.statSync(path),
  realpathSync: (path) => fs.realpathSync(path),
  readdirSync: (path) => fs.readdirSync(path),
};

class WriteFailure {
  constructor(readonly message: string) {}
}

const errno = (error: unknown): string => (error as NodeJS.ErrnoException | null)?.code ?? String(error);
const isRoot = (): boolean => typeof process.getuid === "function" && process.getuid() === 0;

/**
 * The file a change writes: the path, or the file its symbolic link points to.
 * A link to nothing (or a loop) is refused.
 */
export function writeTarget(path: string, io: FileSystem = NODE_FS): { readonly target: string } | { readonly refused: string } {
  let link: fs.Stats;
  try {
    link = io.lstatSync(path);
  } catch (error) {
    if (errno(error) === "ENOENT" || errno(error) === "ENOTDIR") return { target: path };
    return { refused: `${path}: cannot inspect (${errno(error)})` };
  }
  if (!link.isSymbolicLink()) return link.isFile() ? { target: path } : { refused: `${path}: not a regular file; not replaced` };
  try {
    const target = io.realpathSync(path);
    return io.statSync(target).isFile() ? { target } : { refused: `${path}: a symbolic link to something that is not a regular file; not replaced` };
  } catch (error) {
    return { refused: `${path}: a symbolic link to a missing file (${errno(error)}); the link is not replaced` };
  }
}

interface Staged {
  readonly change: FileChange;
  readonly target: string;
  /** The temporary file, complete and flushed; null when the change removes the file. */
  temp: string | null;
  renamed: boolean;
}

/** The directories missing between `dir` and the first that exists, outermost first. */
function missingDirs(dir: string, io: FileSystem): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    try {
      if (!io.statSync(d).isDirectory()) throw new WriteFailure(`${d}: not a directory`);
      return out.reverse();
    } catch (error) {
      if (error instanceof WriteFailure) throw error;
      if (errno(error) !== "ENOENT") throw new WriteFailure(`${d}: cannot inspect (${errno(error)})`);
      out.push(d);
      if (dirname(d) === d) return out.reverse();
    }
  }
}

/** Owner and group for something new in `dir`: its directory's when root writes (root installing into a user's home). */
function inheritedOwner(dir: string, io: FileSystem): { uid: number; gid: number } | null {
  if (!isRoot()) return null;
  const stat = io.statSync(dir);
  return { uid: stat.uid, gid: stat.gid };
}

function writeAll(fd: number, bytes: Uint8Array, io: FileSystem, path: string): void {
  let done = 0;
  while (done < bytes.length) {
    const wrote = io.writeSync(fd, bytes, done, bytes.length - done);
    if (!Number.isInteger(wrote) || wrote <= 0) throw new WriteFailure(`${path}: short write (${done} of ${bytes.length} bytes)`);
    done += wrote;
  }
}

/** The new text in a temporary file beside the target, complete, flushed, with the old file's mode, owner and group. */
function stage(change: FileChange, target: string, madeDirs: string[], io: FileSystem): string {
  const dir = dirname(target);
  for (const missing of missingDirs(dir, io)) {
    const owner = inheritedOwner(dirname(missing), io);
    try {
      io.mkdirSync(missing);
    } catch (error) {
      throw new WriteFailure(`${missing}: cannot make the directory (${errno(error)})`);
    }
    madeDirs.push(missing);
    if (owner !== null) io.chownSync(missing, owner.uid, owner.gid);
  }
  let old: fs.Stats | null = null;
  try {
    old = io.statSync(target);
  } catch {
    old = null;
  }
  const temp = join(dir, `.${basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
  const mode = old === null ? 0o644 : old.mode & 0o7777;
  let fd: number;
  try {
    fd = io.openSync(temp, "wx", 0o600);
  } catch (error) {
    throw new WriteFailure(`${change.path}: cannot write in ${dir} (${errno(error)})`);
  }
  try {
    try {
      writeAll(fd, Buffer.from(change.after!, "utf8"), io, change.path);
      const owner = old === null ? inheritedOwner(dir, io) : { uid: old.uid, gid: old.gid };
      const made = io.fstatSync(fd);
      if (owner !== null && (made.uid !== owner.uid || made.gid !== owner.gid)) {
        try {
          io.fchownSync(fd, owner.uid, owner.gid);
        } catch (error) {
          throw new WriteFailure(`${change.path}: cannot keep its owner and group ${owner.uid}:${owner.gid} (${errno(error)}); not rewritten`);
        }
      }
      // after the chown, which clears set-id bits; the umask does not narrow it
      io.fchmodSync(fd, mode);
      io.fsyncSync(fd);
    } finally {
      io.closeSync(fd);
    }
  } catch (error) {
    removeQuietly(temp, io);
    if (error instanceof WriteFailure) throw error;
    throw new WriteFailure(`${change.path}: cannot write (${errno(error)})`);
  }
  return temp;
}

function removeQuietly(path: string, io: FileSystem): void {
  try {
    io.unlinkSync(path);
  } catch {
    // already gone
  }
}

/** Removes `dir` and its parents below `root` while they are empty (the directories install made for a file it removes). */
function removeEmptyDirs(dir: string, root: string, io: FileSystem): void {
  for (let d = dir; ; d = dirname(d)) {
    const rel = relative(root, d);
    if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return;
    try {
      if (io.readdirSync(d).length > 0) return;
      io.rmdirSync(d);
    } catch {
      return;
    }
  }
}

/**
 * Applies every change or none. `before` is checked against the disk first:
 * a file changed since it was planned (another install) is not overwritten,
 * the caller plans again (`"changed"`).
 */
export function applyChanges(changes: readonly FileChange[], currentText: (path: string) => string | null | { refused: string }, io: FileSystem = NODE_FS): ProtocolError | "changed" | null {
  const staged: Staged[] = [];
  const madeDirs: string[] = [];
  const undo = (): void => {
    for (const s of staged) if (s.temp !== null && !s.renamed) removeQuietly(s.temp, io);
    for (const dir of madeDirs.reverse()) {
      try {
        io.rmdirSync(dir);
      } catch {
        // not empty or gone
      }
    }
  };
  try {
    for (const change of changes) {
      const where = writeTarget(change.path, io);
      if ("refused" in where) throw new WriteFailure(where.refused);
      const now = currentText(change.path);
      if (typeof now === "object" && now !== null) throw new WriteFailure(now.refused);
      if (now !== change.before) {
        undo();
        return "changed";
      }
      // a link's target is never removed (the link would point nowhere): it keeps an empty object
      const linked = where.target !== change.path;
      const effective = change.after === null && linked ? { ...change, after: "{}\n" } : change;
      staged.push({ change: effective, target: where.target, temp: effective.after === null ? null : stage(effective, where.target, madeDirs, io), renamed: false });
    }
  } catch (error) {
    undo();
    return { code: "write-failed", path: "", message: error instanceof WriteFailure ? `${error.message}; nothing was changed` : `cannot write (${errno(error)}); nothing was changed` };
  }
  for (const s of staged) {
    try {
      if (s.temp !== null) io.renameSync(s.temp, s.target);
      else io.unlinkSync(s.target);
      s.renamed = true;
    } catch (error) {
      const failed = `${s.change.path}: cannot ${s.temp === null ? "remove" : "replace"} (${errno(error)})`;
      undo();
      const restored = restore(staged.filter((done) => done.renamed), io);
      return { code: "write-failed", path: "", message: restored === null ? `${failed}; nothing was changed` : `${failed}; and restoring ${restored} failed: it may hold the new text` };
    }
  }
  for (const s of staged) if (s.temp === null) removeEmptyDirs(dirname(s.target), s.change.root, io);
  return null;
}

/** Puts back the old text of files already replaced; the path of the first that could not be, else null. */
function restore(done: readonly Staged[], io: FileSystem): string | null {
  for (const s of done) {
    try {
      if (s.change.before === null) io.unlinkSync(s.target);
      else {
        const temp = stage({ ...s.change, after: s.change.before }, s.target, [], io);
        io.renameSync(temp, s.target);
      }
    } catch {
      return s.change.path;
    }
  }
  return null;
}
