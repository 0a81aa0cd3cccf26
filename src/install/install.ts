/**
 * install / uninstall from a manifest's text: the plan for the chosen agents
 * (nothing written), and its application. Reads files through node:fs; the
 * planning itself (./plan.ts) takes a reader, for tests.
 */
import { lstatSync, statSync } from "node:fs";
import { readFileBounded } from "../core/read-bounded.js";
import { jsonPointer, type ProtocolError, type Result } from "../core/errors.js";
import { parseJsonWithPositions } from "../json/positions.js";
import { applyChanges, NODE_FS, type FileSystem } from "./apply.js";
import { acquireLocks, lockPath } from "./lock.js";
import { readManifest } from "./manifest.js";
import { DEFAULT_OWNER } from "./marker.js";
import { planInstall, type InstallMode, type ReadFile } from "./plan.js";
import { agentToolName } from "./tool-names.js";
import type { AgentInstaller, InstallPlan, InstallScope } from "./types.js";

export interface InstallRequest {
  readonly manifestText: string;
  readonly mode: InstallMode;
  /** Agent names, or ["all"]. */
  readonly agents: readonly string[];
  readonly scope: InstallScope;
  readonly projectDir: string;
  readonly homeDir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Every agent's installer, in the order `all` plans them (the registry's: src/agents.ts `loadInstallers`). */
  readonly installers: readonly AgentInstaller[];
}

/** A file's text as install may edit it: absent (null), its text, or why it is not touched. */
function readText(path: string): { readonly text: string; readonly mode: number } | null | { readonly refused: string } {
  // a FIFO with no writer would block the open forever; a device or socket is no settings file
  const kind = statSafe(path);
  if (kind !== null && !kind.isFile()) return { refused: `${path}: ${kind.isDirectory() ? "a directory" : "not a regular file"}; not rewritten` };
  if (kind !== null && kind.nlink > 1) return { refused: `${path}: has ${kind.nlink} hard links; replacing it would cut them from the new text (make it one file, or a symbolic link); not rewritten` };
  // bounded: a configuration file that is /dev/zero or an endless FIFO is unreadable, not a process that grows until it dies
  const read = readFileBounded(path, { asNode: true });
  if (!read.ok && (read.code === "ENOENT" || read.code === "ENOTDIR")) {
    try {
      if (lstatSync(path).isSymbolicLink()) return { refused: `${path}: a symbolic link to a missing file; the link is not replaced` };
    } catch {
      // absent: the normal case
    }
    return null;
  }
  if (!read.ok) return { refused: `${path}: cannot read (${read.code}); not rewritten` };
  // text that is not UTF-8 would not come back byte for byte
  if (read.text.includes("\uFFFD") && !readFileBounded(path).ok) return { refused: `${path}: not UTF-8 text; not rewritten` };
  const stat = statSafe(path);
  return stat === null ? { refused: `${path}: cannot read; not rewritten` } : { text: read.text, mode: stat.mode & 0o7777 };
}

function statSafe(path: string): import("node:fs").Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

export const readFromDisk: ReadFile = (path) => {
  const read = readText(path);
  if (read !== null && "refused" in read) return { ok: false, error: { code: "config-unreadable", path: "", message: read.refused } };
  return { ok: true, value: read };
};

export function planFromRequest(request: InstallRequest, read: ReadFile = readFromDisk): Result<InstallPlan, ProtocolError & { readonly file?: string }> {
  const { installers } = request;
  const names = installers.find((installer) => installer.manifestNames !== undefined)?.manifestNames;
  if (names === undefined) return { ok: false, error: { code: "unknown-agent", path: "", message: "no installer gives the names a manifest is written in (the reference agent's)" } };
  const manifest = readManifest(request.manifestText, names);
  if (!manifest.ok) return manifest;
  const asked = request.agents.includes("all") ? installers.map((i) => i.agent) : request.agents;
  const agents: AgentInstaller[] = [];
  for (const name of asked) {
    const installer = installers.find((candidate) => candidate.agent === name);
    if (installer === undefined) return { ok: false, error: { code: "unknown-agent", path: "", message: `unknown agent "${name}" (known: ${installers.map((i) => i.agent).join(", ")}, all)` } };
    if (!agents.includes(installer)) agents.push(installer);
  }
  for (const [i, hook] of manifest.value.hooks.entries()) {
    for (const installer of agents) {
      const problem = installer.check?.(hook) ?? null;
      if (problem === null) continue;
      const path = ["hooks", i, problem.key];
      const parsed = parseJsonWithPositions(request.manifestText);
      const position = parsed.ok ? parsed.positionOf(path) : null;
      return { ok: false, error: { code: "invalid-manifest", path: jsonPointer(path), message: `${jsonPointer(path)}: ${installer.displayName}: ${problem.message}`, ...(position === null ? {} : { position: { line: position.line, column: position.column } }) } };
    }
  }
  return planInstall({
    manifest: manifest.value,
    mode: request.mode,
    agents,
    registry: installers,
    context: { scope: request.scope, projectDir: request.projectDir, homeDir: request.homeDir, env: request.env, owner: manifest.value.owner ?? DEFAULT_OWNER },
    read,
    toolName: agentToolName,
  });
}

/** Writes every change of a plan, or none (src/install/apply.ts). */
export function applyPlan(plan: InstallPlan, io: FileSystem = NODE_FS): ProtocolError | null {
  const result = applyChanges(plan.changes, currentText, io);
  return result === "changed" ? { code: "write-failed", path: "", message: "a file changed since it was planned; nothing was changed" } : result;
}

const currentText = (path: string): string | null | { refused: string } => {
  const read = readText(path);
  return read === null || "refused" in read ? read : read.text;
};

/**
 * Plans and writes under the files' locks (./lock.ts); a file another install
 * changed between the plan and the lock is planned again, so concurrent
 * installs of different owners each keep the others' entries.
 */
export function installFromRequest(request: InstallRequest, io: FileSystem = NODE_FS): Result<InstallPlan, ProtocolError & { readonly file?: string }> {
  const root = request.scope === "user" ? request.homeDir : request.projectDir;
  if (!statSafe(root)?.isDirectory()) return { ok: false, error: { code: "write-failed", path: "", message: `${root}: the ${request.scope === "user" ? "home" : "project"} directory does not exist; nothing was changed` } };
  for (let attempt = 0; attempt < 100; attempt++) {
    const plan = planFromRequest(request);
    if (!plan.ok || plan.value.changes.length === 0) return plan;
    const locks = acquireLocks(plan.value.changes.map((change) => lockPath(change.root, change.path)));
    if ("refused" in locks) return { ok: false, error: { code: "write-failed", path: "", message: `${locks.refused}; nothing was changed` } };
    let result: ReturnType<typeof applyChanges>;
    try {
      result = applyChanges(plan.value.changes, currentText, io);
    } finally {
      locks.release();
    }
    if (result === "changed") continue;
    return result === null ? plan : { ok: false, error: result };
  }
  return { ok: false, error: { code: "write-failed", path: "", message: "the files kept changing while being planned (other installs); nothing was changed" } };
}
