/**
 * install / uninstall as a plan: every file's text before and after, nothing
 * written. Each chosen agent's files are read (a file that does not parse
 * stops the plan: it is never rewritten), the owner's old entries taken out,
 * and (install) the manifest's hooks appended in the agent's form. A second
 * install of the same manifest plans no change.
 *
 * An agent that also runs another agent's file (a repository's
 * `.claude/settings.json`, say) leaves out of its own file the hooks
 * that file already carries, so no hook runs twice there; when only the other
 * agent is (un)installed, this agent's files are planned again if they hold
 * the owner's entries.
 */
import type { InstallManifest } from "../../generated/types.js";
import type { ProtocolError, Result } from "../core/errors.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { appendPlacements, readConfig, serialize, stripOwned } from "./config-json.js";
import type { AgentInstaller, ConfigFile, FileChange, InstallContext, InstallNote, InstallPlan } from "./types.js";

export type InstallMode = "install" | "uninstall";

/** A file as read: its text and mode, or null when absent. Reading errors other than "absent" are values. */
export type ReadFile = (path: string) => Result<{ readonly text: string; readonly mode: number } | null>;

export interface PlanRequest {
  readonly manifest: InstallManifest;
  readonly mode: InstallMode;
  /** The agents asked for. */
  readonly agents: readonly AgentInstaller[];
  /** Every installer (for the agents that also run a chosen agent's files). */
  readonly registry: readonly AgentInstaller[];
  readonly context: InstallContext;
  readonly read: ReadFile;
  /** Claude Code's tool name -> the agent's (./tool-names.ts). */
  readonly toolName: (agent: string, tool: string) => string;
}

interface FileState {
  readonly file: ConfigFile;
  readonly before: string | null;
  readonly mode: number | null;
  value: JsonObject | null;
  readonly agents: Set<string>;
  /** The file held the owner's entries before this plan. */
  readonly heldOwned: boolean;
}

/** Every command of a file's value (flat entries and handlers of groups). */
function commandsIn(value: JsonObject | null, file: ConfigFile): Set<string> {
  const out = new Set<string>();
  const map = value === null ? null : file.map === "hooks" ? value["hooks"] : value;
  if (!isJsonObject(map ?? null)) return out;
  const add = (entry: JsonValue): void => {
    if (!isJsonObject(entry)) return;
    for (const key of ["command", "bash"]) if (typeof entry[key] === "string") out.add(entry[key] as string);
    if (Array.isArray(entry["hooks"])) entry["hooks"].forEach(add);
  };
  for (const list of Object.values(map as JsonObject)) if (Array.isArray(list)) list.forEach(add);
  return out;
}

/** Whether `installer`'s files (as planned, else as on disk) hold `command`. */
function carries(installer: AgentInstaller, command: string, ctx: InstallContext, states: ReadonlyMap<string, FileState>, read: ReadFile): boolean {
  return installer.files(ctx).some((file) => {
    const state = states.get(file.path);
    if (state !== undefined) return commandsIn(state.value, file).has(command);
    const text = read(file.path);
    const parsed = text.ok && text.value !== null ? readConfig(file, text.value.text) : null;
    return parsed !== null && parsed.ok && commandsIn(parsed.value, file).has(command);
  });
}

/** Notes for the agents that ran the owner's hooks from `installer`'s files and lose them with this uninstall. */
function lostBy(installer: AgentInstaller, request: PlanRequest, planned: readonly AgentInstaller[]): InstallNote[] {
  return request.registry
    .filter((dependent) => dependent.alsoRuns?.agent === installer.agent && dependent.alsoRuns.scope === request.context.scope && !planned.includes(dependent))
    .map((dependent) => ({
      agent: dependent.agent,
      code: "ran-from-other",
      message: `${dependent.displayName}, which runs ${installer.displayName}'s file too, no longer has these hooks; to keep them, install --agent ${dependent.agent}`,
    }));
}

export function planInstall(request: PlanRequest): Result<InstallPlan, ProtocolError & { readonly file?: string }> {
  const { manifest, context: ctx } = request;
  const states = new Map<string, FileState>();
  const notes: InstallNote[] = [];

  const load = (installer: AgentInstaller): ProtocolError | null => {
    for (const file of installer.files(ctx)) {
      const existing = states.get(file.path);
      if (existing !== undefined) {
        existing.agents.add(installer.agent);
        continue;
      }
      const read = request.read(file.path);
      if (!read.ok) return read.error;
      const parsed = readConfig(file, read.value?.text ?? null);
      if (!parsed.ok) return parsed.error;
      const heldOwned = JSON.stringify(stripOwned(file, parsed.value, ctx.owner)) !== JSON.stringify(parsed.value);
      states.set(file.path, { file, before: read.value?.text ?? null, mode: read.value?.mode ?? null, value: parsed.value, agents: new Set([installer.agent]), heldOwned });
    }
    return null;
  };

  // the chosen agents, then those that also run a chosen agent's files and hold the owner's entries
  const plans: { installer: AgentInstaller; mode: InstallMode }[] = request.agents.map((installer) => ({ installer, mode: request.mode }));
  for (const installer of request.registry) {
    const also = installer.alsoRuns;
    if (also === undefined || also.scope !== ctx.scope || plans.some((p) => p.installer === installer)) continue;
    if (!plans.some((p) => p.installer.agent === also.agent)) continue;
    const failed = load(installer);
    if (failed !== null) return { ok: false, error: failed };
    if (installer.files(ctx).some((file) => states.get(file.path)!.heldOwned)) plans.push({ installer, mode: "install" });
  }
  // an agent that also runs another's files is planned after it
  plans.sort((a, b) => Number(a.installer.alsoRuns !== undefined) - Number(b.installer.alsoRuns !== undefined));

  for (const { installer, mode } of plans) {
    const failed = load(installer);
    if (failed !== null) return { ok: false, error: failed };
    const files = installer.files(ctx);
    for (const file of files) {
      const state = states.get(file.path)!;
      state.value = stripOwned(file, state.value, ctx.owner);
    }
    if (mode === "uninstall") {
      if (files.some((file) => states.get(file.path)!.heldOwned)) notes.push(...lostBy(installer, request, plans.map((p) => p.installer)));
      continue;
    }
    const also = installer.alsoRuns;
    const other = also !== undefined && also.scope === ctx.scope ? request.registry.find((i) => i.agent === also.agent) : undefined;
    for (const hook of manifest.hooks) {
      if (other !== undefined) {
        const carried = carries(other, other.command(hook, ctx), ctx, states, request.read);
        if (carried) {
          notes.push({ agent: installer.agent, code: "runs-from-other", message: `${installer.displayName} runs ${hook.event} ${JSON.stringify(hook.command)} from ${other.displayName}'s ${other.files(ctx)[0]?.path ?? "file"}; not written again (it would run twice)` });
          continue;
        }
      }
      const current = new Map(files.map((file) => [file.path, states.get(file.path)!.value] as const));
      const rendered = installer.render(hook, ctx, current, (tool) => request.toolName(installer.agent, tool));
      notes.push(...rendered.notes);
      for (const file of files) {
        const placements = rendered.placements.filter((p) => p.file === file.path);
        const state = states.get(file.path)!;
        const appended = appendPlacements(file, state.value, placements);
        if ("error" in appended) return { ok: false, error: appended.error };
        state.value = appended.value;
      }
    }
  }

  const changes: FileChange[] = [];
  for (const state of states.values()) {
    const unchanged = state.before === null ? state.value === null : state.value !== null && sameValue(state.before, state.value);
    if (unchanged) continue;
    changes.push({
      path: state.file.path,
      agents: [...state.agents],
      before: state.before,
      after: state.value === null ? null : serialize(state.value, state.before),
      mode: state.mode,
    });
  }
  return { ok: true, value: { changes, notes: dedupeNotes(notes) } };
}

/** The file's text holds this value already (formatting aside): nothing to write. */
function sameValue(before: string, value: JsonObject): boolean {
  try {
    return JSON.stringify(JSON.parse(before)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

function dedupeNotes(notes: readonly InstallNote[]): InstallNote[] {
  const seen = new Set<string>();
  return notes.filter((note) => {
    const key = `${note.agent} ${note.code} ${note.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
