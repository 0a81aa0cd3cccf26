/**
 * Writing a plan: each file through a temporary file in its own directory,
 * flushed, then renamed over the old one (a reader sees the old text or the
 * new, never half), with the old file's mode kept. A file the plan empties is
 * removed. A settings file that is a symbolic link (dotfiles) is written
 * through the link: the file it points to changes, the link stays.
 */

/** The file a path ends at (through links), or the path itself when it does not exist. */
function realTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
import { closeSync, fsyncSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, unlinkSync, writeSync, chmodSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import type { ProtocolError } from "../core/errors.js";
import type { FileChange } from "./types.js";

export function applyChange(change: FileChange): ProtocolError | null {
  try {
    const target = realTarget(change.path);
    if (change.after === null) {
      rmSync(target, { force: true });
      return null;
    }
    const dir = dirname(target);
    mkdirSync(dir, { recursive: true });
    const temp = join(dir, `.${basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
    const fd = openSync(temp, "wx", change.mode ?? 0o644);
    try {
      writeSync(fd, change.after);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      // the umask may have narrowed the mode openSync was given
      if (change.mode !== null) chmodSync(temp, change.mode & 0o7777);
      renameSync(temp, target);
    } catch (error) {
      try {
        unlinkSync(temp);
      } catch {
        // already gone
      }
      throw error;
    }
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    return { code: "write-failed", path: "", message: `${change.path}: cannot write (${code})` };
  }
}
