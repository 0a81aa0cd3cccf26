#!/usr/bin/env node
// PreToolUse (Read, Edit, Write, and MultiEdit of older Claude Code versions): keep Claude out of
// .env files (.env, .env.local, .env.production, ...; .env.example stays readable), whatever the
// path looks like: any case (`.ENV`: macOS and Windows file names ignore case), Windows paths
// (`C:\p\.env`), `.` and `..` segments (`/p/x/../.env`), a trailing dot or space and an NTFS
// stream (`.env::$DATA`), which Windows drops, a drive-relative path (`C:.env`). Look-alikes
// (`．env`, a zero-width space) name other files: no file system folds them to `.env`. Not seen:
// a symlink to a .env file, an 8.3 short name (`ENV~1`). Other ways to read a file (Bash `cat .env`, Grep)
// are other tools: add them with their own rules. Linear in the path's length. Fails closed: a
// crash denies the call.
import { defineHook, runHook } from "claude-hook-protocol/hooks";

const DRIVE = /^[a-z]:/;

/** The file name `path` ends at, as the file system reads it: `.`/`..` resolved, lower case, no NTFS stream, no trailing dots or spaces. */
function fileNameOf(path) {
  const segments = [];
  for (const segment of path.split(/[\\/]/)) {
    if (segment === "..") segments.pop();
    else if (segment !== "" && segment !== ".") segments.push(segment);
  }
  // a drive letter (`C:.env`, drive-relative), then an NTFS stream after the name (`.env::$DATA`)
  const name = (segments.at(-1) ?? "").toLowerCase().replace(DRIVE, "").split(":", 1)[0] ?? "";
  let end = name.length;
  while (end > 0 && (name[end - 1] === "." || name[end - 1] === " ")) end--;
  return name.slice(0, end);
}

function isSecretEnvFile(path) {
  const name = fileNameOf(path);
  return name === ".env" || (name.startsWith(".env.") && name !== ".env.example");
}

await runHook(defineHook({
  event: "PreToolUse",
  tools: ["Read", "Edit", "Write", "MultiEdit"],
  failClosed: true,
  timeoutMs: 5000,
  run: (input, answer) => {
    const path = input.tool_input.file_path;
    if (typeof path !== "string") return answer.deny(`${input.tool_name} without a file_path: blocked (this hook cannot tell whether it touches a .env file)`);
    return isSecretEnvFile(path) ? answer.deny(`${path} holds secrets; ${input.tool_name} on .env files is blocked (use .env.example)`) : undefined;
  },
}));
