/**
 * Scenarios are data: JSON files (one scenario or an array of them) checked against the common
 * schema (lab/schemas/scenario.schema.json) joined with the agent's own
 * (lab/schemas/<agent>.scenario.schema.json). A scenario that does not fit is an error naming
 * the file and the property, never a run with a misspelt field silently ignored.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const LAB_DIR = fileURLToPath(new URL("..", import.meta.url));
export const REPO_DIR = resolve(LAB_DIR, "..");

/** A scenario as the agent modules read it: the common fields typed, the rest by name. */
export interface Scenario {
  name: string;
  description?: string;
  event?: string;
  hooks: Record<string, unknown>[];
  [field: string]: unknown;
}

export interface LoadedScenario {
  scenario: Scenario;
  /** The file it came from, relative to the repository when inside it. */
  file: string;
  /** The committed recording beside it (`../observed/<name>.json`), when there is one. */
  recording: string | null;
}

export interface ScenarioError { file: string; message: string }

type Json = Record<string, unknown>;
const readJson = (file: string): Json => JSON.parse(readFileSync(file, "utf8")) as Json;

/** The common schema and the agent's, joined: their properties, nothing else allowed. */
export function joinedSchema(agent: string): Json {
  const common = readJson(join(LAB_DIR, "schemas", "scenario.schema.json"));
  const own = readJson(join(LAB_DIR, "schemas", `${agent}.scenario.schema.json`));
  const commonDefs = common["definitions"] as Record<string, Json>;
  const ownDefs = { ...(own["definitions"] as Record<string, Json> | undefined) };
  const ownHook = ownDefs["hook"];
  delete ownDefs["hook"];
  const hook = commonDefs["hook"]!;
  const definitions: Record<string, Json> = {
    ...commonDefs,
    ...ownDefs,
    hook: { ...hook, properties: { ...(hook["properties"] as Json), ...((ownHook?.["properties"] as Json | undefined) ?? {}) }, additionalProperties: false },
  };
  // the agent's file refers to common definitions as scenario.schema.json#/definitions/X
  const text = JSON.stringify({
    $schema: common["$schema"],
    $id: own["$id"],
    title: own["title"],
    description: own["description"],
    definitions,
    type: "object",
    required: common["required"],
    properties: { ...(common["properties"] as Json), ...(own["properties"] as Json) },
    additionalProperties: false,
  }).replace(/"scenario\.schema\.json#\/definitions\//g, `"#/definitions/`);
  return JSON.parse(text) as Json;
}

const validators = new Map<string, ValidateFunction>();
function validatorFor(agent: string): ValidateFunction {
  let v = validators.get(agent);
  if (v === undefined) {
    v = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true }).compile(joinedSchema(agent));
    validators.set(agent, v);
  }
  return v;
}

const describe = (e: ErrorObject): string => {
  const where = e.instancePath === "" ? "the scenario" : e.instancePath;
  if (e.keyword === "additionalProperties") return `${where}: unknown property "${String((e.params as { additionalProperty: string }).additionalProperty)}"`;
  return `${where}: ${e.message ?? e.keyword}`;
};

/** The problems of one scenario value against the agent's schema (empty when it fits). */
export function validateScenario(agent: string, value: unknown): string[] {
  const v = validatorFor(agent);
  if (v(value)) return [];
  return (v.errors ?? []).map(describe);
}

/** Scenario files of a file or directory tree, sorted. */
function jsonFilesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return path.endsWith(".json") ? [path] : [];
  return readdirSync(path).sort().flatMap((n) => jsonFilesUnder(join(path, n)));
}

/** `*` any characters but `/`, `**` any characters, `?` one character, `{a,b}` either. */
export function globToRegExp(glob: string): RegExp {
  let re = "";
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "{") { braces++; re += "(?:"; }
    else if (c === "}" && braces > 0) { braces--; re += ")"; }
    else if (c === "," && braces > 0) re += "|";
    else if (c === "*" && glob[i + 1] === "*") { re += ".*"; i++; if (glob[i + 1] === "/") i++; }
    else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}${")".repeat(braces)}$`);
}

/**
 * Reads and checks scenario files. `files` are absolute paths. Every scenario that does not
 * parse or does not fit the schema is an error; the others are returned.
 */
export function loadScenarios(agent: string, files: readonly string[]): { scenarios: LoadedScenario[]; errors: ScenarioError[] } {
  const scenarios: LoadedScenario[] = [];
  const errors: ScenarioError[] = [];
  const seen = new Map<string, string>();
  for (const abs of files) {
    const file = abs.startsWith(REPO_DIR + "/") ? relative(REPO_DIR, abs) : abs;
    let parsed: unknown;
    try { parsed = JSON.parse(readFileSync(abs, "utf8")) as unknown; } catch (e) {
      errors.push({ file, message: `not JSON (${e instanceof Error ? e.message : String(e)})` });
      continue;
    }
    const list = Array.isArray(parsed) ? parsed : [parsed];
    list.forEach((value, i) => {
      const at = Array.isArray(parsed) ? `${file}[${i}]` : file;
      const problems = validateScenario(agent, value);
      if (problems.length > 0) { errors.push({ file: at, message: problems.join("; ") }); return; }
      const scenario = value as Scenario;
      const other = seen.get(scenario.name);
      if (other !== undefined) { errors.push({ file: at, message: `the name "${scenario.name}" is also the name of a scenario in ${other}` }); return; }
      seen.set(scenario.name, at);
      const stored = join(abs, "..", "..", "observed", `${scenario.name}.json`);
      scenarios.push({ scenario, file: at, recording: !Array.isArray(parsed) && abs.endsWith(`/scenarios/${scenario.name}.json`) && existsSync(stored) ? stored : null });
    });
  }
  return { scenarios, errors };
}

/**
 * The files a `--scenarios` GLOB names: matched against paths relative to the agent's
 * committed folder (`test/observer/<agent>/`) and against scenario names among `committed`;
 * failing those, files on disk: under the agent's folder (its other sets, `runner/scenarios/*`),
 * then as a path (absolute, or relative to the working directory).
 */
export function selectScenarioFiles(glob: string, committedRoot: string, committed: readonly string[]): string[] {
  const re = globToRegExp(glob);
  const fromCommitted = committed.filter((f) => re.test(relative(committedRoot, f)) || re.test(f.slice(f.lastIndexOf("/") + 1).replace(/\.json$/, "")));
  if (fromCommitted.length > 0) return fromCommitted;
  const onDisk = (abs: string): string[] => {
    const firstWild = abs.search(/[*?{]/);
    const base = firstWild < 0 ? abs : abs.slice(0, abs.lastIndexOf("/", firstWild));
    const absRe = globToRegExp(abs);
    return jsonFilesUnder(base).filter((f) => firstWild < 0 || absRe.test(f) || absRe.test(f.replace(/\.json$/, "")));
  };
  // another committed set of the agent (`runner/scenarios/*`), then files from the working directory
  const underRoot = isAbsolute(glob) ? [] : onDisk(resolve(committedRoot, glob));
  return underRoot.length > 0 ? underRoot : onDisk(resolve(glob));
}

export { jsonFilesUnder };
