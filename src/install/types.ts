/**
 * The agent-neutral side of `install`: what an agent's installer tells the
 * planner (where its entries live, how one manifest hook looks there), and
 * what the planner hands back (each file's text before and after). Names no
 * agent; each agent's installer is its `Agent`'s (src/agents.ts).
 */
import type { InstallHook } from "../../generated/types.js";
import type { JsonObject } from "../json/value.js";

export type InstallScope = "project" | "user";

export interface InstallContext {
  readonly scope: InstallScope;
  /** The repository whose project-level files are written. */
  readonly projectDir: string;
  /** `$HOME`: user-level files live below it. */
  readonly homeDir: string;
  /** The environment (an agent's `*_HOME` variable moves its user directory). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Who owns the entries (`CLAUDE_HOOK_PROTOCOL_OWNER`). */
  readonly owner: string;
}

/** One file an agent reads hooks from, and where in it the event map sits. */
export interface ConfigFile {
  readonly path: string;
  /** `"hooks"`: under a `hooks` key (settings files); `"root"`: the file is the event map (a bare hooks file). */
  readonly map: "hooks" | "root";
  /** The content of a new file before entries are added (a hooks file may carry a `version`). */
  readonly skeleton: JsonObject;
}

/** One entry to append to an event's list in a file. */
export interface Placement {
  readonly file: string;
  readonly event: string;
  readonly entry: JsonObject;
}

/** Something the user should know about what was (or was not) written. */
export interface InstallNote {
  readonly agent: string;
  readonly code: string;
  readonly message: string;
}

export interface RenderedHook {
  readonly placements: readonly Placement[];
  readonly notes: readonly InstallNote[];
}

/** Another agent's installer whose entries this agent also runs (an agent that also runs a repository's `.claude/settings.json`). */
export interface AlsoRuns {
  readonly agent: string;
  readonly scope: InstallScope;
}

export interface AgentInstaller {
  readonly agent: string;
  readonly displayName: string;
  /** Every file the agent's entries may live in at this scope; the owner's entries are removed from all of them. */
  files(ctx: InstallContext): readonly ConfigFile[];
  /**
   * One manifest hook in the agent's form. `current` holds each file's value
   * after the owner's old entries were removed (null: absent), for agents
   * whose target file depends on what is there (a hooks file that replaces
   * the settings file's hooks per event). `toolName` gives the agent's name for a
   * Claude Code tool (src/install/tool-names.ts).
   */
  render(hook: InstallHook, ctx: InstallContext, current: ReadonlyMap<string, JsonObject | null>, toolName: (tool: string) => string): RenderedHook;
  /** The command as written for this agent (marker included): how another agent's planner finds it. */
  command(hook: InstallHook, ctx: InstallContext): string;
  readonly alsoRuns?: AlsoRuns;
}

/** One file's planned change; `before`/`after` null = absent. */
export interface FileChange {
  readonly path: string;
  readonly agents: readonly string[];
  readonly before: string | null;
  readonly after: string | null;
  /** The file mode to keep (null: a new file). */
  readonly mode: number | null;
}

export interface InstallPlan {
  readonly changes: readonly FileChange[];
  readonly notes: readonly InstallNote[];
}
