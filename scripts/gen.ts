/**
 * Generates `generated/` from `schemas/` (`npm run gen`), or checks it
 * (`npm run gen:check`: writes nothing, exits 1 naming each stale, missing
 * or extra file and the command that fixes it).
 *
 * Reads every `schemas/**\/*.schema.json` in sorted path order, derives the
 * serde model once, and runs each generator below; a generator is a function
 * of that context returning `{path, content}[]`, so adding an output is one
 * module and one line here. Outputs are deterministic (sorted inputs, pinned
 * tool versions, no timestamps or absolute paths).
 *
 * Options: `--check`; `--root <dir>` to work on another checkout (tests run
 * `--check` against a temporary copy).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generateAgents } from "./gen-agents.js";
import { schemaAgentFiles } from "./gen-schema-agents.js";
import { packageExportFiles } from "./gen-package-exports.js";
import { generateGo } from "./gen-go.js";
import { generateKitAgents } from "./gen-kit-agents.js";
import { generateKitAnswers } from "./gen-kit-answers.js";
import { generateKitLoaders } from "./gen-kit-loaders.js";
import { generateKitCrossReadings } from "./gen-kit-cross-readings.js";
import { generatePython } from "./gen-python.js";
import { generateRust } from "./gen-rust.js";
import { generateRustKit } from "./gen-rust-kit.js";
import { generateNames } from "./gen-names.js";
import { generateOutputShape } from "./gen-output-shape.js";
import { generateSerdeModel } from "./gen-serde-model.js";
import { generateSettingsSchemas } from "./gen-settings-schemas.js";
import { generateTypes } from "./gen-types.js";
import { generateValidators } from "./gen-validators.js";
import type { GeneratedFile, GenerateContext, Generator } from "./lib/generated-file.js";
import { loadSchemas } from "./lib/schemas.js";
import { packageMeta } from "./lib/package-meta.js";
import { buildSerdeModel } from "./lib/serde-model.js";
import { bindingsModel } from "./lib/type-model.js";

/** Every output of `generated/`, by the module that makes it. */
export const generators: readonly { readonly name: string; readonly generate: Generator }[] = [
  { name: "agents", generate: generateAgents },
  { name: "types", generate: generateTypes },
  { name: "validators", generate: generateValidators },
  { name: "serde-model", generate: generateSerdeModel },
  { name: "names", generate: generateNames },
  { name: "output-shape", generate: generateOutputShape },
  {
    name: "rust",
    generate: async (context) => {
      const model = bindingsModel(context.schemas);
      return [...generateRust(context.serdeModel, model, packageMeta(context), ["event_inputs", "kit", "kit_answers"]), ...(await generateRustKit(context, model))];
    },
  },
  { name: "python", generate: generatePython },
  { name: "go", generate: generateGo },
  { name: "kit-agents", generate: generateKitAgents },
  { name: "kit-answers", generate: generateKitAnswers },
  { name: "settings-schemas", generate: generateSettingsSchemas },
  { name: "kit-loaders", generate: generateKitLoaders },
  { name: "kit-cross-readings", generate: generateKitCrossReadings },
];

export const GENERATED_DIR = "generated";

export function createContext(root: string): GenerateContext {
  const schemaDir = join(root, "schemas");
  const schemas = loadSchemas(schemaDir);
  return { schemaDir, schemas, serdeModel: buildSerdeModel(schemas) };
}

/** Every generated file, sorted by path; fails on two generators claiming one path. */
export async function generateAll(context: GenerateContext): Promise<GeneratedFile[]> {
  const byPath = new Map<string, { file: GeneratedFile; generator: string }>();
  for (const { name, generate } of generators) {
    for (const file of await generate(context)) {
      if (!file.path.startsWith(`${GENERATED_DIR}/`)) throw new Error(`gen: generator ${name} writes ${file.path}, outside ${GENERATED_DIR}/`);
      const clash = byPath.get(file.path);
      if (clash !== undefined) throw new Error(`gen: ${file.path} is produced by both ${clash.generator} and ${name}`);
      byPath.set(file.path, { file, generator: name });
    }
  }
  return [...byPath.values()].map((entry) => entry.file).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function listFiles(root: string, dir: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  const out: string[] = [];
  for (const name of readdirSync(full).sort()) {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) out.push(...listFiles(root, path));
    else out.push(path);
  }
  return out;
}

export interface Drift {
  readonly path: string;
  readonly problem: "stale" | "missing" | "extra";
}

/** How `generated/` under `root` differs from `files`. */
export function findDrift(root: string, files: readonly GeneratedFile[]): Drift[] {
  const drift: Drift[] = [];
  const expected = new Set(files.map((file) => file.path));
  for (const file of files) {
    const full = join(root, file.path);
    if (!existsSync(full)) drift.push({ path: file.path, problem: "missing" });
    else if (readFileSync(full, "utf8") !== file.content) drift.push({ path: file.path, problem: "stale" });
  }
  for (const path of listFiles(root, GENERATED_DIR)) if (!expected.has(path)) drift.push({ path, problem: "extra" });
  return drift;
}

async function main(argv: readonly string[]): Promise<number> {
  const check = argv.includes("--check");
  const rootAt = argv.indexOf("--root");
  const root = rootAt === -1 ? fileURLToPath(new URL("..", import.meta.url)) : resolve(argv[rootAt + 1] ?? ".");
  const started = performance.now();
  const where = (path: string): string => relative(process.cwd(), join(root, path)) || path;
  // the schemas that list every agent take the registry's list first (every generator reads them), and
  // package.json its agents' subpaths
  const registryFiles = [...schemaAgentFiles(root).map((file) => ({ file, what: "agent enum is" })), ...packageExportFiles(root).map((file) => ({ file, what: "agent subpaths (\"exports\") are" }))];
  const schemaDrift = registryFiles.filter(({ file }) => readFileSync(join(root, file.path), "utf8") !== file.content);
  for (const { file, what } of schemaDrift) {
    if (check) console.error(`gen --check: ${where(file.path)}'s ${what} not the registry's (src/agents.ts); run \`npm run gen\``);
    else {
      writeFileSync(join(root, file.path), file.content);
      console.error(`gen: wrote ${where(file.path)} (the registry's agents)`);
    }
  }
  const files = await generateAll(createContext(root));
  const drift = findDrift(root, files);
  if (check) {
    for (const { path, problem } of drift) {
      const fix = problem === "extra" ? "delete it, or add the generator that makes it to scripts/gen.ts" : "run `npm run gen`";
      console.error(`gen --check: ${where(path)} is ${problem === "extra" ? "not produced by any generator" : problem}; ${fix}`);
    }
    if (drift.length > 0 || schemaDrift.length > 0) return 1;
    console.error(`gen --check: ${files.length} files up to date (${Math.round(performance.now() - started)} ms)`);
    return 0;
  }
  for (const file of files) {
    const full = join(root, file.path);
    if (existsSync(full) && readFileSync(full, "utf8") === file.content) continue;
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, file.content);
    console.error(`gen: wrote ${where(file.path)}`);
  }
  // Extra files are reported, not deleted: generated/ is shared with work in progress.
  for (const { path, problem } of drift) {
    if (problem === "extra") console.error(`gen: ${where(path)} is not produced by any generator; delete it or add its generator`);
  }
  console.error(`gen: ${files.length} files (${Math.round(performance.now() - started)} ms)`);
  return 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`gen: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(2);
    },
  );
}
