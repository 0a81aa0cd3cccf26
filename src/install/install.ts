/**
 * install / uninstall from a manifest's text: the plan for the chosen agents
 * (nothing written), and its application. Reads files through node:fs; the
 * planning itself (./plan.ts) takes a reader, for tests.
 */
import { statSync } from "node:fs";
import { readFileBounded } from "../core/read-bounded.js";
import type { ProtocolError, Result } from "../core/errors.js";
import { applyChange } from "./apply.js";
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

export const readFromDisk: ReadFile = (path) => {
  // bounded: a configuration file that is /dev/zero or an endless FIFO is unreadable, not a process that grows until it dies
  const read = readFileBounded(path, { asNode: true });
  if (!read.ok && read.code === "ENOENT") return { ok: true, value: null };
  if (!read.ok) return { ok: false, error: { code: "config-unreadable", path: "", message: `${path}: cannot read (${read.code}); not rewritten` } };
  try {
    return { ok: true, value: { text: read.text, mode: statSync(path).mode & 0o7777 } };
  } catch (error) {
    return { ok: false, error: { code: "config-unreadable", path: "", message: `${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? "error"}); not rewritten` } };
  }
};

export function planFromRequest(request: InstallRequest, read: ReadFile = readFromDisk): Result<InstallPlan, ProtocolError & { readonly file?: string }> {
  const manifest = readManifest(request.manifestText);
  if (!manifest.ok) return manifest;
  const { installers } = request;
  const names = request.agents.includes("all") ? installers.map((i) => i.agent) : request.agents;
  const agents: AgentInstaller[] = [];
  for (const name of names) {
    const installer = installers.find((candidate) => candidate.agent === name);
    if (installer === undefined) return { ok: false, error: { code: "unknown-agent", path: "", message: `unknown agent "${name}" (known: ${installers.map((i) => i.agent).join(", ")}, all)` } };
    if (!agents.includes(installer)) agents.push(installer);
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

/** Writes every change; the first failure stops (files already written stay written, each one whole). */
export function applyPlan(plan: InstallPlan): ProtocolError | null {
  for (const change of plan.changes) {
    const failed = applyChange(change);
    if (failed !== null) return failed;
  }
  return null;
}
