/**
 * What the tests of the Python, Go and Rust packages share: whether each
 * toolchain is here (a missing one skips its tests, naming how to install it),
 * a process runner, outside Go modules and Rust crates that depend on the
 * generated packages as docs/bindings.md says, and the recorded hook inputs.
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../bindings-samples.js";
import { AGENT_NAMES } from "../../generated/agents.js";

/** The repository root, without the trailing slash. */
export const root = repoRoot.replace(/\/$/, "");

export const has = (command: string, args: readonly string[]): boolean => spawnSync(command, [...args]).status === 0;

export function run(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): SpawnSyncReturns<string> {
  return spawnSync(command, [...args], { cwd: options.cwd ?? root, env: { ...process.env, ...options.env }, input: options.input ?? "", encoding: "utf8", timeout: 1_800_000 });
}

export const pythonMissing: string | false = !has("python3", ["--version"]) && "python3 missing";
export const goMissing: string | false = !has("go", ["version"]) && "go not on PATH (apt-get install golang-go)";
const debianCrates = ["serde-1.0.152", "serde_derive-1.0.152", "serde_json-1.0.87"];
export const rustMissing: string | false = !has("cargo", ["--version"])
  ? "cargo not on PATH"
  : debianCrates.some((crate) => !existsSync(`/usr/share/cargo/registry/${crate}`))
    ? "Debian serde crates not installed (.ci/rust-harness.sh installs them)"
    : false;

/** Go offline, with the toolchain installed (no download of another). */
export const goEnv = { GOTOOLCHAIN: "local", GOFLAGS: "-mod=mod", GOPROXY: "off", GOWORK: "off" };

/** A Go module in `dir` requiring the generated package by a replace, with `files` (path -> source). */
export function goModule(dir: string, files: Readonly<Record<string, string>>): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "go.mod"), `module example.com/outside\n\ngo 1.19\n\nrequire claude-hook-protocol/generated/go v0.2.0\n\nreplace claude-hook-protocol/generated/go => ${root}/generated/go\n`);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
}

/** One target directory for every Rust build of the tests: the serde crates compile once. */
export const cargoTarget = join(tmpdir(), "claude-hook-protocol-packaging-target");

/** The offline source replacement of docs/bindings.md (Debian's packaged crates). */
const cargoConfig = '[source.crates-io]\nreplace-with = "debian"\n\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n\n[net]\noffline = true\n';

/** A crate `name` in `dir` with a path dependency on the generated crate; `files` (path -> source) below `src/`. */
export function rustCrate(dir: string, name: string, files: Readonly<Record<string, string>>): void {
  mkdirSync(join(dir, ".cargo"), { recursive: true });
  writeFileSync(join(dir, ".cargo/config.toml"), cargoConfig);
  writeFileSync(join(dir, "Cargo.toml"), `[package]\nname = "${name}"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nclaude-hook-protocol-types = { path = "${root}/generated/rust" }\nserde_json = "1"\n`);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(dir, "src", path, ".."), { recursive: true });
    writeFileSync(join(dir, "src", path), source);
  }
}

/** Every recorded hook input under test/observer/`below` (`hooks[].stdin_first`, `stdin_more`), with the hook's `event`. */
export function recordedHookInputs(below = ""): { event: unknown; input: Record<string, unknown> }[] {
  const out: { event: unknown; input: Record<string, unknown> }[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".json")) {
        let file: { hooks?: unknown };
        try {
          file = JSON.parse(readFileSync(path, "utf8")) as typeof file;
        } catch {
          continue;
        }
        if (!Array.isArray(file.hooks)) continue;
        for (const hook of file.hooks as Record<string, unknown>[]) {
          for (const input of [hook["stdin_first"], ...(Array.isArray(hook["stdin_more"]) ? hook["stdin_more"] : [])]) {
            if (input !== null && typeof input === "object" && !Array.isArray(input)) out.push({ event: hook["event"], input: input as Record<string, unknown> });
          }
        }
      }
    }
  };
  if (below !== "") walk(join(root, "test/observer", below));
  // every agent's recordings (claude-code-tools/ is Claude Code's); an agent recorded before it has a dialect (kimi-code/) is not read as another's
  else for (const name of readdirSync(join(root, "test/observer")).sort()) {
    const path = join(root, "test/observer", name);
    if (statSync(path).isDirectory() && AGENT_NAMES.some((agent) => name === agent || name.startsWith(`${agent}-`))) walk(path);
  }
  return out;
}
