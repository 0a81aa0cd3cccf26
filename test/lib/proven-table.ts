/**
 * The README's "what is proven" table, one row per registry agent, made from the repository's data:
 * the versions its recordings were made with (the dialect's version and `probe.alsoRecorded`), its
 * merge vectors re-merged now (test/vectors/merge/<agent>/: reproduced of the runnable ones, and how
 * many are skipped, each with its reason in the file), and its capability claims shown by recorded
 * vectors. test/readme.test.ts holds the README's block to it; print it with
 * `node --import tsx test/lib/proven-table.ts`.
 */
import { fileURLToPath } from "node:url";
import { AGENTS } from "../../src/agents.js";
import { capabilitiesOf } from "../../src/agent-capabilities.js";
import { merge } from "../../src/merge.js";
import { loadMergeVectors, type RecordedVector } from "./merge-vectors.js";

export interface ProvenRow {
  readonly agent: string;
  readonly versions: readonly string[];
  readonly vectors: number;
  readonly runnable: number;
  readonly reproduced: number;
  readonly claims: number;
  readonly shown: number;
}

/** Every key a vector's recording determines is what the merge gives now. */
function reproduces(vector: RecordedVector, agent: string): boolean {
  const merged = merge(vector.request as Parameters<typeof merge>[0], agent);
  if (!merged.ok) return false;
  const effects = merged.value.effects as unknown as Record<string, unknown>;
  return Object.entries(vector.expected.effects).every(([key, want]) => JSON.stringify(effects[key]) === JSON.stringify(want));
}

export function provenRows(): ProvenRow[] {
  return AGENTS.map((agent) => {
    const vectors = loadMergeVectors<RecordedVector>(agent.name).map((loaded) => loaded.vector);
    const runnable = vectors.filter((vector) => vector.skip_reason === undefined);
    const claims = Object.values(capabilitiesOf(agent.name)?.events ?? {}).flatMap((answers) => Object.values(answers));
    return {
      agent: agent.name,
      versions: [agent.dialect.version, ...(agent.dialect.probe?.alsoRecorded ?? []).map((again) => again.version)],
      vectors: vectors.length,
      runnable: runnable.length,
      reproduced: runnable.filter((vector) => reproduces(vector, agent.name)).length,
      claims: claims.length,
      shown: claims.filter((claim) => claim.basis === "recorded").length,
    };
  });
}

export function provenTable(rows: readonly ProvenRow[] = provenRows()): string {
  const name = new Map<string, string>(AGENTS.map((agent) => [agent.name, agent.dialect.displayName]));
  const lines = [
    "| agent | versions recorded | merge vectors reproduced (`conformance merge --agent`) | capability claims shown by a recording |",
    "|---|---|---|---|",
    ...rows.map((row) => `| ${name.get(row.agent)!} | ${row.versions.join(", ")} | ${row.reproduced} of ${row.runnable}${row.vectors > row.runnable ? `; ${row.vectors - row.runnable} more cannot replay as one merge (each says why)` : ""} | ${row.shown} of ${row.claims} |`),
  ];
  const [claims, shown] = rows.reduce(([c, s], row) => [c + row.claims, s + row.shown], [0, 0]);
  lines.push(`| **all** | | **${rows.reduce((n, row) => n + row.reproduced, 0)} of ${rows.reduce((n, row) => n + row.runnable, 0)}** | **${shown} of ${claims}** |`);
  return `${lines.join("\n")}\n`;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) process.stdout.write(provenTable());
