/**
 * How `doctor` finds an installed agent and reads its version, and how its
 * recordings are made again: each dialect fills one (its `probe`); the
 * probing itself is src/cli/doctor.ts. Nothing here names an agent.
 */

/** Where installers commonly put commands, beside PATH (`~` for the home directory): looked in for every agent's commands. */
export const COMMON_BIN_DIRS: readonly string[] = ["~/.local/bin", "/usr/local/bin", "/opt/homebrew/bin", "~/.npm-global/bin"];

/** One recording set of a dialect, as it is re-recorded. */
export interface RecordingSet {
  /** The scenarios, relative to the repository (`test/observer/<agent>/scenarios`). */
  readonly scenarios: string;
  /** The recorded runs beside them (`.../observed`). */
  readonly observed: string;
  /** The command that records them again with the installed agent (`<bin>` is its path). */
  readonly rerecord: string;
}

/**
 * Another version of the agent its recordings were made with again, beside
 * the dialect's own (`Dialect.version`). The package's rules hold on it as
 * far as those recordings show; a rule that differs is keyed by this version
 * where the rule lives (the agent's event table, texts or runner).
 */
export interface RecordedVersion {
  readonly version: string;
  /** Its recordings: the dialect's scenarios (or new ones) run again with it. */
  readonly recordings: readonly RecordingSet[];
}

export interface AgentProbe {
  /** The command names looked up on PATH (`claude`). */
  readonly commands: readonly string[];
  /**
   * The agent's own install locations, `~` for the home directory (`~/.claude/local/claude`); every
   * command is also looked for in the directories where installers commonly put commands
   * (`COMMON_BIN_DIRS`).
   */
  readonly knownLocations: readonly string[];
  /** The arguments that print the version (`--version`). */
  readonly versionArgs: readonly string[];
  /** The version in that output: the first capture group (`/^(\d+\.\d+\.\d+) \(Claude Code\)/m`). */
  readonly versionPattern: RegExp;
  /** The recordings every claim of the dialect rests on, and how to make them again. */
  readonly recordings: readonly RecordingSet[];
  /** The other versions recorded (oldest first); `doctor` reports one of them as a match and names its rules. */
  readonly alsoRecorded?: readonly RecordedVersion[];
  /** The script that turns the recordings into the merge vectors. */
  readonly extractVectors: string;
}

/** A recording set made again with another version into `observed`: the same scenarios and command, checked against the new directory. */
export function recordedAgain(set: RecordingSet, observed: string): RecordingSet {
  return { scenarios: set.scenarios, observed, rerecord: set.rerecord.replaceAll(set.observed, observed) };
}
