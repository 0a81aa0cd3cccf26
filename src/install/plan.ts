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
import { appendPlacements, eventMap, readConfig, stripOwned, valueOf } from "./config-json.js";
import type { AgentInstaller, ConfigFile, FileChange, InstallContext, InstallNote, InstallPlan, OwnedHandler, Placement } from "./types.js";
import { ownerOf } from "./marker.js";
import { withProjectDirVariable } from "./project-dir.js";

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
  text: string | null;
  readonly agents: Set<string>;
  /** The file held the owner's entries before this plan. */
  readonly heldOwned: boolean;
}

/** The group (or flat entry) of `file`'s value under `event` with this matcher and command. */
function holdsEntry(file: ConfigFile, value: JsonObject | null, event: string, matcher: JsonValue | undefined, command: string): boolean {
  const list = eventMap(file, value)?.[event];
  if (!Array.isArray(list)) return false;
  return list.some((entry) => {
    if (!isJsonObject(entry) || entry["matcher"] !== matcher) return false;
    const handlers = Array.isArray(entry["hooks"]) ? entry["hooks"] : [entry];
    return handlers.some((handler) => isJsonObject(handler) && (handler["command"] ?? handler["bash"]) === command);
  });
}

/**
 * Whether `installer`'s files (as planned, else as on disk) hold `hook` as that
 * installer writes it: the same event, matcher and command (a different
 * matcher or command there is another hook, and this agent needs its own).
 */
function carries(installer: AgentInstaller, hook: InstallManifest["hooks"][number], request: PlanRequest, values: ReadonlyMap<string, JsonObject | null>): boolean {
  const files = installer.files(request.context);
  const rendered = installer.render(forAgent(installer, hook, request), request.context, values, (tool) => request.toolName(installer.agent, tool));
  if (rendered.placements.length === 0) return false;
  return rendered.placements.every((placement) => {
    const file = files.find((f) => f.path === placement.file);
    const handlers = Array.isArray(placement.entry["hooks"]) ? placement.entry["hooks"] : [placement.entry];
    return file !== undefined && handlers.every((handler) => isJsonObject(handler) && holdsEntry(file, values.get(file.path) ?? null, placement.event, placement.entry["matcher"], String(handler["command"] ?? handler["bash"])));
  });
}

/** The manifest hook as `installer`'s agent runs it: the project directory by that agent's variable, not the manifest's (the reference agent's). */
function forAgent(installer: AgentInstaller, hook: InstallManifest["hooks"][number], request: PlanRequest): InstallManifest["hooks"][number] {
  const manifestVariable = request.registry.find((candidate) => candidate.manifestNames !== undefined)?.projectDirVariable;
  return manifestVariable === undefined ? hook : { ...hook, command: withProjectDirVariable(hook.command, manifestVariable, installer.projectDirVariable) };
}

/** The values of `installer`'s files as planned, else as on disk. */
function valuesOf(installer: AgentInstaller, request: PlanRequest, states: ReadonlyMap<string, FileState>): Map<string, JsonObject | null> {
  return new Map(installer.files(request.context).map((file) => {
    const state = states.get(file.path);
    if (state !== undefined) return [file.path, valueOf(file, state.text)] as const;
    const read = request.read(file.path);
    return [file.path, read.ok && read.value !== null ? valueOf(file, read.value.text) : null] as const;
  }));
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
  const intended = new Map<string, Placement[]>();

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
      const before = read.value?.text ?? null;
      const heldOwned = stripOwned(file, before, ctx.owner) !== before;
      states.set(file.path, { file, before, mode: read.value?.mode ?? null, text: before, agents: new Set([installer.agent]), heldOwned });
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
      state.text = stripOwned(file, state.text, ctx.owner);
    }
    if (mode === "uninstall") {
      if (files.some((file) => states.get(file.path)!.heldOwned)) notes.push(...lostBy(installer, request, plans.map((p) => p.installer)));
      continue;
    }
    const also = installer.alsoRuns;
    const other = also !== undefined && also.scope === ctx.scope ? request.registry.find((i) => i.agent === also.agent) : undefined;
    // read once per agent: a hook's placements do not change where the next one goes (where a hooks file replaces a settings file per event)
    const otherValues = other === undefined ? null : valuesOf(other, request, states);
    const current = new Map(files.map((file) => [file.path, valueOf(file, states.get(file.path)!.text)] as const));
    const pending = new Map<string, Placement[]>(files.map((file) => [file.path, []]));
    for (const hook of manifest.hooks) {
      if (other !== undefined && carries(other, hook, request, otherValues!)) {
        notes.push({ agent: installer.agent, code: "runs-from-other", message: `${installer.displayName} runs ${hook.event} ${JSON.stringify(hook.command)} from ${other.displayName}'s ${other.files(ctx)[0]?.path ?? "file"}; not written again (it would run twice)` });
        continue;
      }
      const rendered = installer.render(forAgent(installer, hook, request), ctx, current, (tool) => request.toolName(installer.agent, tool));
      notes.push(...rendered.notes);
      for (const placement of rendered.placements) pending.get(placement.file)?.push(placement);
    }
    for (const file of files) {
      const placements = pending.get(file.path)!;
      const state = states.get(file.path)!;
      const planned = intended.get(file.path) ?? [];
      planned.push(...placements);
      intended.set(file.path, planned);
      const appended = appendPlacements(file, state.text, placements);
      if ("error" in appended) return { ok: false, error: appended.error };
      state.text = appended.text;
    }
  }

  const changes: FileChange[] = [];
  for (const state of states.values()) {
    if (state.text === state.before) continue;
    const refused = readBack(state, intended.get(state.file.path) ?? [], request);
    if (refused !== null) return { ok: false, error: { code: "read-back-failed", path: "", message: `${state.file.path}: ${refused}; nothing was written`, file: state.file.path } };
    changes.push({ path: state.file.path, agents: [...state.agents], before: state.before, after: state.text, mode: state.mode, root: ctx.scope === "user" ? ctx.homeDir : ctx.projectDir });
  }
  return { ok: true, value: { changes, notes: dedupeNotes(notes) } };
}

/** A placement's handlers as the agent should read them. */
function handlersOf(placement: Placement): OwnedHandler[] {
  const entry = placement.entry;
  const matcher = typeof entry["matcher"] === "string" ? entry["matcher"] : null;
  const handlers = Array.isArray(entry["hooks"]) ? entry["hooks"] : [entry];
  return handlers.filter(isJsonObject).map((handler) => {
    const timeout = handler["timeout"] ?? handler["timeoutSec"];
    return { event: placement.event, matcher, command: String(handler["command"] ?? handler["bash"]), timeout: typeof timeout === "number" ? timeout : null };
  });
}

const key = (h: OwnedHandler): string => JSON.stringify([h.event, h.matcher, h.command, h.timeout]);

/**
 * The planned text read back before anything is written: the owner's
 * handlers in it must be exactly the ones planned (none after uninstall), and
 * each agent that reads the file must read it as planned (its `readBack`).
 */
function readBack(state: FileState, placements: readonly Placement[], request: PlanRequest): string | null {
  const wanted = placements.flatMap(handlersOf);
  if (state.text === null) return wanted.length === 0 ? null : "the plan removes a file it should write";
  const read = readConfig(state.file, state.text);
  if (!read.ok) return `the planned text does not read back (${read.error.message})`;
  const found: OwnedHandler[] = [];
  const map = eventMap(state.file, read.value);
  for (const [event, list] of Object.entries(map ?? {})) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (!isJsonObject(entry)) continue;
      for (const h of handlersOf({ file: state.file.path, event, entry })) if (ownerOf(h.command) === request.context.owner) found.push(h);
    }
  }
  const a = wanted.map(key).sort();
  const b = found.map(key).sort();
  if (a.length !== b.length || a.some((k, i) => k !== b[i])) return `the planned text holds other hooks of ${request.context.owner} than planned (${b.length} found, ${a.length} planned)`;
  for (const agent of state.agents) {
    const installer = request.registry.find((i) => i.agent === agent);
    const refused = installer?.readBack?.(state.text, state.file, wanted) ?? null;
    if (refused !== null) return `${installer!.displayName} would not read it as planned: ${refused}`;
  }
  return null;
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
