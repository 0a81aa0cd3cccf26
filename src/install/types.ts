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
  /** The agent reads `//` and block comments in it (strip-json-comments): they are kept, and a file with them is edited. */
  readonly comments?: boolean;
  /** `"toml-tables"`: a TOML file whose hooks are `[[hooks]]` tables, one per hook with its `event` (./config-toml.ts); `map` and `skeleton` are then unused. Default: JSON. */
  readonly format?: "json" | "toml-tables";
}

/** The events and tools a manifest may name (the reference agent's, Claude Code's). */
export interface ManifestNames {
  readonly events: readonly string[];
  readonly tools: readonly string[];
}

/** A handler install writes, as the agent should read it back. */
export interface OwnedHandler {
  readonly event: string;
  readonly matcher: string | null;
  readonly command: string;
  /** In the agent's unit as written; null: none. */
  readonly timeout: number | null;
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
  /** Where its entries go, for \`install --help\`'s table of agents and files: lines of text, the project's file first (--user: the same below $HOME unless a line says otherwise). */
  readonly filesSummary: readonly string[];
  /**
   * The environment variable that holds the project directory in the agent's hook processes (as
   * recorded): a manifest's `$CLAUDE_PROJECT_DIR` becomes it in this agent's commands (project-dir.ts).
   */
  readonly projectDirVariable: string;
  /** Every file the agent's entries may live in at this scope; the owner's entries are removed from all of them. */
  files(ctx: InstallContext): readonly ConfigFile[];
  /**
   * One manifest hook in the agent's form. `current` holds each file's value
   * after the owner's old entries were removed (null: absent or unreadable), for agents
   * whose target file depends on what is there (a hooks file that replaces
   * the settings file's hooks per event). `toolName` gives the agent's name for a
   * Claude Code tool (src/install/tool-names.ts).
   */
  render(hook: InstallHook, ctx: InstallContext, current: ReadonlyMap<string, JsonObject | null>, toolName: (tool: string) => string): RenderedHook;
  /** The command as written for this agent (marker included): how another agent's planner finds it. */
  command(hook: InstallHook, ctx: InstallContext): string;
  /**
   * What in `hook` this agent would refuse or misread once converted to its
   * units (a timeout that is not whole seconds where the agent reads only those, one past
   * Node's timer): the manifest key and why. Checked for every hook before
   * anything is planned.
   */
  check?(hook: InstallHook): { readonly key: keyof InstallHook; readonly message: string } | null;
  /**
   * The file's planned text read with the agent's own reading rules (its
   * runner's or lint's): why the agent would refuse or misread it, else null.
   * `owned`: the handlers install wrote there, as the agent should read them.
   */
  readBack?(text: string, file: ConfigFile, owned: readonly OwnedHandler[]): string | null;
  readonly alsoRuns?: AlsoRuns;
  /** The reference agent only: the names a manifest is written in. */
  readonly manifestNames?: ManifestNames;
}

/** One file's planned change; `before`/`after` null = absent. */
export interface FileChange {
  readonly path: string;
  readonly agents: readonly string[];
  readonly before: string | null;
  readonly after: string | null;
  /** The file mode to keep (null: a new file). */
  readonly mode: number | null;
  /** The project or home directory: directories below it that install makes for the file go again with it when empty; it never does. */
  readonly root: string;
}

export interface InstallPlan {
  readonly changes: readonly FileChange[];
  readonly notes: readonly InstallNote[];
}
