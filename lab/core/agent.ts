/**
 * What the lab needs from an agent's module (lab/agents/<agent>.ts): how to install and find it,
 * which committed scenarios are its own, and how one scenario runs (its config, its model
 * server's API, its launch) and becomes a recording whose `outcome` is what --check compares.
 */
import type { Scenario } from "./scenario.js";

export interface LabContext {
  /** The agent's executable. */
  bin: string;
  /** The version installed (as the agent prints it). */
  version: string;
  /** The agent's cache prefix (baselines and helpers may be kept there). */
  prefix: string;
  /** Progress lines (stderr). */
  log(line: string): void;
}

/** A recording: any JSON object with the agent's `outcome` (normalised). */
export interface Recording { name: string; outcome: unknown; [field: string]: unknown }

/** What serves one version of an agent: the npm spec to install and its executable, relative to the cache prefix. */
export interface AgentPackage { spec: string; bin: string }

export interface LabAgent {
  name: string;
  /** The npm package and the version the committed recordings were made with. */
  npmPackage: string;
  recordedVersion: string;
  /** More packages to install beside it (a Node the agent needs, say), given the prefix. */
  extraPackages?: readonly string[];
  /** More `npm install` flags (`--omit=optional`: the agent as it was recorded, without its native extras). */
  npmFlags?: readonly string[];
  /** The executable, relative to the cache prefix. */
  bin: string;
  /**
   * Where a version is published when it is not `npmPackage@version` with its executable at `bin`
   * (a release only in another package, its executable elsewhere inside it): the npm spec to install
   * instead and the executable relative to the prefix; undefined for the usual package.
   */
  packageFor?(version: string): AgentPackage | undefined;
  /** The committed scenario folders `--check` re-records, relative to test/observer/. */
  checkDirs: readonly string[];
  /** The version the installed executable reports, or an error text. */
  versionOf(bin: string, prefix: string): { kind: "ok"; version: string } | { kind: "error"; message: string };
  /** Once before the scenarios (a baseline run, say). */
  prepare?(ctx: LabContext): Promise<void>;
  run(scenario: Scenario, ctx: LabContext): Promise<Recording>;
  /** The outcome from a recording's other fields (what `run` puts in `outcome`). */
  outcomeOf(recording: Record<string, unknown>): unknown;
}
