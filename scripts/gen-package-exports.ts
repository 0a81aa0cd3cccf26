/**
 * The registry (src/agents.ts) -> the per-agent subpaths of package.json's `exports`:
 * `claude-hook-protocol/<agent>` is `dist/src/entry/<agent>.{d.ts,js}` for every agent,
 * its module written by hand in `src/entry/<agent>.ts` (what it exports is the agent's).
 * The edit is made in place, as text: every other entry and the rest of the file are kept
 * byte for byte, and each agent's entry keeps its place (a new agent's goes after the one
 * before it in the registry), so the subpaths' order (the API report's) moves only by a new agent.
 * `npm run gen:check` names a package.json whose agent subpaths drifted from the registry.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AGENTS } from "../src/agents.js";
import type { GeneratedFile } from "./lib/generated-file.js";

export const PACKAGE_JSON = "package.json";

/** The `exports` entry of one agent, as package.json spells it (four spaces in, no trailing comma). */
function agentEntry(agent: string): string {
  return [
    `    ${JSON.stringify(`./${agent}`)}: {`,
    `      "types": ${JSON.stringify(`./dist/src/entry/${agent}.d.ts`)},`,
    `      "default": ${JSON.stringify(`./dist/src/entry/${agent}.js`)}`,
    "    }",
  ].join("\n");
}

/** `text` (package.json) with an `exports` entry per registry agent, each the registry's; or an error. */
export function withRegistryExports(text: string): string {
  const open = '\n  "exports": {\n';
  const start = text.indexOf(open);
  const end = start === -1 ? -1 : text.indexOf("\n  }", start + open.length);
  if (end === -1) throw new Error(`gen-package-exports: ${PACKAGE_JSON} has no "exports" object at the top`);
  const body = text.slice(start + open.length, end);
  // one entry per line that starts at the object's depth; an entry runs to the next
  const entries: { key: string; text: string }[] = [];
  for (const line of body.split("\n")) {
    const key = /^ {4}("(?:[^"\\]|\\.)*"):/.exec(line);
    if (key !== null) entries.push({ key: JSON.parse(key[1]!) as string, text: line });
    else if (entries.length > 0) entries[entries.length - 1]!.text += `\n${line}`;
    else throw new Error(`gen-package-exports: ${PACKAGE_JSON}'s "exports" starts with ${JSON.stringify(line)}, not an entry`);
  }
  const agentKeys = new Set(AGENTS.map((agent) => `./${agent.name}`));
  const kept = entries.map((entry) => ({ key: entry.key, text: agentKeys.has(entry.key) ? agentEntry(entry.key.slice(2)) : entry.text.replace(/,$/, "") }));
  // a missing agent's entry goes after the agent's before it in the registry (the first after ".")
  AGENTS.forEach((agent, index) => {
    const key = `./${agent.name}`;
    if (kept.some((entry) => entry.key === key)) return;
    const before = index === 0 ? "." : `./${AGENTS[index - 1]!.name}`;
    kept.splice(kept.findIndex((entry) => entry.key === before) + 1, 0, { key, text: agentEntry(agent.name) });
  });
  const out = text.slice(0, start + open.length) + kept.map((entry) => entry.text).join(",\n") + text.slice(end);
  JSON.parse(out);
  return out;
}

/** package.json under `root` as the registry makes it; none where `root` has no package.json (`gen --check --root` on a copy of schemas/ and generated/). */
export function packageExportFiles(root: string): GeneratedFile[] {
  const full = join(root, PACKAGE_JSON);
  if (!existsSync(full)) return [];
  for (const agent of AGENTS) {
    if (!existsSync(join(root, "src/entry", `${agent.name}.ts`))) throw new Error(`gen-package-exports: src/entry/${agent.name}.ts is missing (the module behind claude-hook-protocol/${agent.name})`);
  }
  return [{ path: PACKAGE_JSON, content: withRegistryExports(readFileSync(full, "utf8")) }];
}
