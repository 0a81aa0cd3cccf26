/**
 * `claude-hook-protocol conformance types --language L`: the types line
 * protocol, answered by one language's generated code.
 *
 * One request per line, `{"type": T, "json": "<JSON text>"}` with T a schema
 * title (`ClaudeCodeHookInput`, `PreToolUseHookInput`, `RunRecord`, ...); one
 * answer per line, flushed: `{"ok":true,"value":<read into the language's
 * types and written back>}` or `{"ok":false,"error":"..."}`.
 *
 * `typescript` answers here, through the generated validators. `rust`,
 * `python` and `go` run the generated bindings of a repository checkout
 * (`generated/<language>/`, `rust/types-harness/`), building the program
 * first when it is missing or older than its sources. The Rust family
 * (`schemas/rust/`, exomonad's serde types) is the `serde` protocol's, not
 * this one's, the settings file (`schemas/claude-code/settings/`) is an agent's
 * configuration, not a message, the tool inputs (`schemas/claude-code/tools/`)
 * travel as open `tool_input` objects, a hook test is an authoring tool's
 * fixture and an install manifest a command's input: their titles are
 * refused here in every language.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import * as allValidators from "../../generated/validators/index.js";
import * as settingsValidators from "../../generated/validators/claude-code-settings.js";
import * as toolValidators from "../../generated/validators/claude-code-tools.js";
import * as hookTestValidators from "../../generated/validators/hook-test.js";
import * as installValidators from "../../generated/validators/install.js";
import * as rustFamilyValidators from "../../generated/validators/rust.js";
import type { Validator } from "../../generated/validators/validator.js";
import { stringifyOr, toNullPrototype } from "../json/value.js";
import { lineText, protocolLines } from "./lines.js";

export const TYPE_LANGUAGES = ["typescript", "rust", "python", "go"] as const;
export type TypeLanguage = (typeof TYPE_LANGUAGES)[number];

export function isTypeLanguage(name: string): name is TypeLanguage {
  return (TYPE_LANGUAGES as readonly string[]).includes(name);
}

const excluded = new Set([...Object.keys(rustFamilyValidators), ...Object.keys(settingsValidators), ...Object.keys(toolValidators), ...Object.keys(hookTestValidators), ...Object.keys(installValidators)]);
const validators = new Map<string, Validator<unknown>>(
  Object.entries(allValidators)
    .filter(([name, value]) => name.startsWith("validate") && !excluded.has(name) && typeof value === "function")
    .map(([name, value]) => [name.slice("validate".length), value as Validator<unknown>]),
);

/** The titles the TypeScript side answers for (every schema title but the Rust family's, the settings file's and the tools'). */
export function typeTitles(): string[] {
  return [...validators.keys()].sort();
}

/** One answer line (no newline) for one request line, through the generated validators. */
export function answerTypesRequest(line: string): string {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch (e) {
    return refusal(`bad request: ${e instanceof Error ? e.message : String(e)}`);
  }
  const { type, json } = (typeof request === "object" && request !== null ? request : {}) as { type?: unknown; json?: unknown };
  if (typeof type !== "string" || typeof json !== "string") return refusal('bad request: want {"type": string, "json": string}');
  const validate = validators.get(type);
  if (validate === undefined) return refusal(`unknown type ${type}`);
  let value: unknown;
  try {
    value = toNullPrototype(JSON.parse(json));
  } catch (e) {
    return refusal(`not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!validate(value)) {
    const first = validate.errors?.[0];
    return refusal(first === undefined ? "invalid" : `${first.instancePath || "(root)"}: ${first.message ?? "invalid"}`);
  }
  return `{"ok":true,"value":${stringifyOr(value, "null")}}`;
}

function refusal(message: string): string {
  return JSON.stringify({ ok: false, error: message });
}

function writeLine(output: Writable, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (output.write(`${text}\n`)) resolve();
    else output.once("drain", () => resolve());
  });
}

async function serveTypeScript(input: Readable, output: Writable): Promise<number> {
  for await (const read of protocolLines(input)) {
    if (!read.ok) {
      await writeLine(output, JSON.stringify({ ok: false, error: read.message }));
      continue;
    }
    const line = lineText(read.bytes);
    if (line.trim() === "") continue;
    await writeLine(output, answerTypesRequest(line));
  }
  return 0;
}

/** How to run one language's program, from the repository root. */
export interface LanguageProgram {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
}

/** Newest modification time of the files under `dir` (skipping build output). */
function newest(dir: string): number {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    if (name === "target" || name === "__pycache__" || name.startsWith(".")) continue;
    const path = join(dir, name);
    const stat = statSync(path);
    latest = Math.max(latest, stat.isDirectory() ? newest(path) : stat.mtimeMs);
  }
  return latest;
}

function stale(binary: string, sources: readonly string[]): boolean {
  if (!existsSync(binary)) return true;
  const built = statSync(binary).mtimeMs;
  return sources.some((dir) => existsSync(dir) && newest(dir) > built);
}

function build(command: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  if (result.error !== undefined) throw new Error(`${command} ${args.join(" ")}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}`);
}

/**
 * The program answering for `language` in the checkout at `root`, built
 * first if needed (cargo offline against Debian's crates; `go build`).
 * Throws naming what is missing.
 */
export function prepareLanguage(language: Exclude<TypeLanguage, "typescript">, root: string): LanguageProgram {
  switch (language) {
    case "rust": {
      const crate = join(root, "rust/types-harness");
      if (!existsSync(crate)) throw new Error(`no ${crate}: --language rust needs a repository checkout`);
      const binary = join(crate, "target/release/types-harness");
      if (stale(binary, [join(crate, "src"), join(root, "generated/rust")])) build("cargo", ["build", "--release", "--offline", "--quiet"], crate);
      return { command: binary, args: [] };
    }
    case "python": {
      const dir = join(root, "generated/python");
      if (!existsSync(join(dir, "claude_hook_protocol"))) throw new Error(`no ${dir}: --language python needs a repository checkout`);
      // An installed copy (pip install ./generated/python) wins when PYTHONPATH points at it.
      return {
        command: process.env["PYTHON"] ?? "python3",
        args: ["-m", "claude_hook_protocol.conformance"],
        env: { PYTHONPATH: process.env["PYTHONPATH"] ?? dir, PYTHONDONTWRITEBYTECODE: "1" },
      };
    }
    case "go": {
      const module = join(root, "generated/go");
      if (!existsSync(join(module, "go.mod"))) throw new Error(`no ${module}: --language go needs a repository checkout`);
      // Outside generated/ (whose every file is the generator's).
      const outDir = join(tmpdir(), `claude-hook-protocol-go-${createHash("sha256").update(root).digest("hex").slice(0, 12)}`);
      mkdirSync(outDir, { recursive: true });
      const binary = join(outDir, "types-conformance");
      if (stale(binary, [module])) build("go", ["build", "-o", binary, "./cmd/types-conformance"], module, { GOTOOLCHAIN: "local" });
      return { command: binary, args: [] };
    }
  }
}

/** Serve the types protocol for `language` until `input` ends. */
export async function serveTypesConformance(input: Readable, output: Writable, errors: Writable, language: TypeLanguage, root: string): Promise<number> {
  if (language === "typescript") return serveTypeScript(input, output);
  let program: LanguageProgram;
  try {
    program = prepareLanguage(language, root);
  } catch (e) {
    errors.write(`conformance types: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const child = spawn(program.command, [...program.args], { cwd: root, env: { ...process.env, ...program.env }, stdio: ["pipe", "pipe", "pipe"] });
  input.pipe(child.stdin);
  child.stdout.pipe(output, { end: false });
  child.stderr.pipe(errors, { end: false });
  return new Promise((resolve) => {
    child.on("error", (e) => {
      errors.write(`conformance types: ${program.command}: ${e.message}\n`);
      resolve(2);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}
