/**
 * The docs keep up with the registry (src/agents.ts, generated/agents.ts): the pages a user reads
 * first name every agent (schemas/README.md too: a directory per agent), each table with a row per agent has every agent's row, docs/lint.md's
 * rule-ID prefixes are every agent's, and no doc counts the agents ("five agents", "the other four
 * agents") differently from the registry. Not docs/spec/ (copied reference documents), CHANGELOG.md
 * (each entry is true of its release) or test/ (recording notes and copied fixtures, each dated).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { AGENT_SUMMARIES } from "../generated/agents.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MUST_NAME_EVERY_AGENT = ["README.md", "docs/install.md", "docs/lint.md", "docs/cli.md", "docs/capabilities.md", "docs/authoring.md", "schemas/README.md"];
const SKIP_DIRS = new Set(["node_modules", "dist", ".git", "target", "test"]);
const SKIP_FILES = new Set(["CHANGELOG.md"]);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** How docs may name an agent: its display name, its id, and the display name's last words when they spell the id ("Copilot CLI" of "GitHub Copilot CLI", "droid" of "Factory droid"). */
function namesOf(agent: (typeof AGENT_SUMMARIES)[number]): string[] {
  const words = agent.displayName.split(" ");
  const short = words.map((_, i) => words.slice(i).join(" ")).find((tail) => tail.toLowerCase().replace(/ /g, "-") === agent.name);
  return [...new Set([agent.displayName, agent.name, ...(short ? [short] : [])])];
}
const AGENTS = AGENT_SUMMARIES.map((agent) => ({ id: agent.name, names: namesOf(agent), prefix: agent.lintRulePrefix }));
const nameAt = (names: string[]) => new RegExp(`(?<![\\w-])(?:${names.map(escape).join("|")})(?![\\w-])`);

/** The agents of the registry `text` never names. */
function agentsNotNamed(text: string): string[] {
  return AGENTS.filter((agent) => !nameAt(agent.names).test(text)).map((agent) => agent.id);
}

/** Markdown tables whose first column names at least two agents, each with the agents its first column lacks. */
function agentTablesMissingRows(text: string): { line: number; missing: string[] }[] {
  const lines = text.split("\n");
  const found: { line: number; missing: string[] }[] = [];
  const isRow = (i: number) => lines[i]?.startsWith("|") ?? false;
  for (let i = 0; i < lines.length; i++) {
    if (!isRow(i) || isRow(i - 1)) continue;
    const firstCells: string[] = [];
    for (let j = i; isRow(j); j++) firstCells.push(lines[j]?.split("|")[1]?.trim() ?? "");
    const rowOf = (agent: (typeof AGENTS)[number]) => firstCells.some((cell) => new RegExp(`^${nameAt(agent.names).source}`).test(cell.replace(/\*\*|`/g, "")));
    const present = AGENTS.filter(rowOf);
    if (present.length >= 2 && present.length < AGENTS.length) found.push({ line: i + 1, missing: AGENTS.filter((agent) => !present.includes(agent)).map((agent) => agent.id) });
  }
  return found;
}

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const NUMBER = `(${NUMBER_WORDS.join("|")}|\\d+)`;
// "six agents", "all six real agents", "the six agents'", "a six-agent matrix", "five other agents", "the other five agents".
const COUNTED_AGENTS = new RegExp(`\\b(other\\s+)?${NUMBER}(?:\\s+(other\\s+)?(?:real\\s+|supported\\s+|coding\\s+)?agents|-agent)\\b`, "gi");

/** Each place `text` counts the agents otherwise than the registry: line and phrase. */
function wrongAgentCounts(text: string): { line: number; phrase: string }[] {
  const wrong: { line: number; phrase: string }[] = [];
  for (const match of text.matchAll(COUNTED_AGENTS)) {
    const number = match[2] ?? "";
    const said = /^\d+$/.test(number) ? Number(number) : NUMBER_WORDS.indexOf(number.toLowerCase());
    const expected = match[1] || match[3] ? AGENTS.length - 1 : AGENTS.length;
    if (said < 2 && match[0].endsWith("-agent")) continue; // "a one-agent run" counts no registry
    if (said !== expected) wrong.push({ line: text.slice(0, match.index).split("\n").length, phrase: match[0].replace(/\s+/g, " ") });
  }
  return wrong;
}

function markdownFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(ROOT, path);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name) && rel !== join("docs", "spec")) markdownFiles(path, out);
    } else if (name.endsWith(".md") && !SKIP_FILES.has(rel)) out.push(rel);
  }
  return out;
}

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

test("the registry has agents, each with a name docs can use", () => {
  assert.ok(AGENTS.length >= 2);
  for (const agent of AGENTS) assert.ok(agent.names.length >= 2, `${agent.id}: ${agent.names.join(", ")}`);
});

for (const file of MUST_NAME_EVERY_AGENT) {
  test(`${file} names every agent of the registry`, () => {
    assert.deepEqual(agentsNotNamed(read(file)), [], `${file} never names these agents (by display name or id)`);
  });
  test(`${file}: every table with a row per agent has every agent's row`, () => {
    assert.deepEqual(agentTablesMissingRows(read(file)), [], `${file}: tables (first line given) without a row for these agents`);
  });
}

test("docs/lint.md gives every agent's rule-ID prefix", () => {
  const doc = read("docs/lint.md");
  const legend = /`<AGENT>-CFG-NNN`:([^)]*)\)/.exec(doc);
  assert.ok(legend, "docs/lint.md has the `<AGENT>-CFG-NNN`: ... legend");
  const text = (legend[1] ?? "").replace(/\s+/g, " ");
  for (const agent of AGENTS) assert.match(text, new RegExp(`\\b${agent.prefix} ${nameAt(agent.names).source}`), `${agent.prefix} (${agent.id}) in the legend`);
  for (const prefix of text.matchAll(/\b([A-Z]{2})\b/g)) assert.ok(AGENTS.some((agent) => agent.prefix === prefix[1]), `${prefix[1]} is no agent's prefix`);
});

test(`no doc counts the agents otherwise than the registry (${AGENTS.length})`, () => {
  const files = markdownFiles(ROOT);
  assert.ok(files.includes("README.md") && files.includes(join("docs", "authoring.md")) && !files.some((f) => f.startsWith(join("docs", "spec"))), files.join(", "));
  const wrong = files.flatMap((file) => wrongAgentCounts(read(file)).map(({ line, phrase }) => `${file}:${line}: "${phrase}"`));
  assert.deepEqual(wrong, [], `say "every agent" (or the registry's count, ${AGENTS.length})`);
});

test("the checks catch a stale count, a missing agent and a table without an agent's row", () => {
  const count = AGENTS.length;
  const wrongWord = NUMBER_WORDS[count - 1];
  assert.deepEqual(wrongAgentCounts(`Works with\n${wrongWord} agents.`).map((w) => w.line), [2]);
  assert.equal(wrongAgentCounts(`a ${wrongWord}-agent matrix; a one-agent run`).length, 1);
  assert.equal(wrongAgentCounts(`all ${count + 1} real agents; the other ${NUMBER_WORDS[count]} agents' payloads; ${count} other agents`).length, 3);
  assert.deepEqual(wrongAgentCounts(`${NUMBER_WORDS[count]} agents, the other ${NUMBER_WORDS[count - 1]} agents, ${count - 1} other agents`), []);
  const last = AGENTS[AGENTS.length - 1];
  assert.ok(last);
  const withoutLast = AGENTS.slice(0, -1).map((agent) => agent.names[0]).join(", ");
  assert.deepEqual(agentsNotNamed(withoutLast), [last.id]);
  const table = ["| agent | file |", "|---|---|", ...AGENTS.slice(0, -1).map((agent) => `| ${agent.names[agent.names.length - 1]} | x |`)].join("\n");
  assert.deepEqual(agentTablesMissingRows(`text\n\n${table}\n`), [{ line: 3, missing: [last.id] }]);
  assert.deepEqual(agentTablesMissingRows(`${table}\n| **${last.names[0]} 1.0** | y |`), []);
  assert.deepEqual(agentTablesMissingRows(`${table}\n| \`${last.id}/\` | y |`), [], "a directory's row in backticks (schemas/README.md) counts");
});
