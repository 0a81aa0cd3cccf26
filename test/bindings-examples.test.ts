/**
 * docs/bindings.md's usage examples (examples/bindings/<language>/), compiled
 * or type-checked and run: each reads the same PreToolUse input and must print
 * the same deny answer, which the schemas accept. Also what each package
 * promises: the Python package installs offline with pip and its narrowing
 * holds under pyright --strict (an un-narrowed access is an error); the Go
 * module is gofmt- and vet-clean.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validateClaudeCodeHookOutput } from "../generated/validators/claude-code.js";
import { repoRoot } from "./bindings-samples.js";

const input = JSON.stringify({
  session_id: "s",
  transcript_path: "/t.jsonl",
  cwd: "/",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "ls" },
  tool_use_id: "toolu_1",
});
// The answer docs/bindings.md's examples give, written out by hand.
const expected = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no shell here" } };

function run(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): SpawnSyncReturns<string> {
  return spawnSync(command, [...args], { cwd: options.cwd ?? repoRoot, env: { ...process.env, ...options.env }, input: options.input ?? "", encoding: "utf8" });
}

function assertAnswer(result: SpawnSyncReturns<string>, language: string): void {
  assert.equal(result.status, 0, `${language}: ${result.stderr}`);
  const answer = JSON.parse(result.stdout) as unknown;
  assert.deepEqual(answer, expected, language);
  assert.ok(validateClaudeCodeHookOutput(answer), language);
}

const has = (command: string, args: string[]): boolean => spawnSync(command, args).status === 0;
const pyright = join(repoRoot, "node_modules/.bin/pyright");

test("python: the package installs offline with pip, the example passes pyright --strict and runs", { skip: !has("python3", ["-m", "pip", "--version"]) && "python3 -m pip missing" }, () => {
  const dir = mkdtempSync(join(tmpdir(), "bindings-python-"));
  try {
    const site = join(dir, "site");
    // No index, no build isolation needed: the build backend is in the tree.
    const install = run("python3", ["-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--target", site, "./generated/python"], {
      env: { PIP_DISABLE_PIP_VERSION_CHECK: "1", PIP_ROOT_USER_ACTION: "ignore", PYTHONDONTWRITEBYTECODE: "1" },
    });
    assert.equal(install.status, 0, install.stderr);
    assert.ok(existsSync(join(site, "claude_hook_protocol/py.typed")));
    assertAnswer(run("python3", ["examples/bindings/python/example.py"], { env: { PYTHONPATH: site, PYTHONDONTWRITEBYTECODE: "1" }, input }), "python");

    copyFileSync(join(repoRoot, "examples/bindings/python/example.py"), join(dir, "example.py"));
    writeFileSync(
      join(dir, "unnarrowed.py"),
      'from claude_hook_protocol import parse_claude_code_hook_input\n\nhook_input = parse_claude_code_hook_input("{}")\nprint(hook_input["tool_name"])\n',
    );
    const config = (file: string): string => {
      const path = join(dir, `pyright-${file}.json`);
      writeFileSync(path, JSON.stringify({ include: [file], extraPaths: [site], typeCheckingMode: "strict", pythonVersion: "3.11" }));
      return path;
    };
    const clean = run(pyright, ["-p", config("example.py")]);
    assert.equal(clean.status, 0, clean.stdout);
    assert.match(clean.stdout, /0 errors/);
    // The tag is what narrows: without the check, tool_name is no key of most variants.
    const unnarrowed = run(pyright, ["-p", config("unnarrowed.py")]);
    assert.notEqual(unnarrowed.status, 0);
    assert.match(unnarrowed.stdout, /"tool_name" is not a defined key in "\w+HookInput"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("go: the module is gofmt- and vet-clean, the example builds and runs", { skip: !has("go", ["version"]) && "go not on PATH" }, () => {
  const env = { GOTOOLCHAIN: "local", GOFLAGS: "-mod=mod" };
  const gofmt = run("gofmt", ["-l", "."], { cwd: join(repoRoot, "generated/go") });
  assert.equal(gofmt.status, 0, gofmt.stderr);
  assert.equal(gofmt.stdout, "", `not gofmt-clean: ${gofmt.stdout}`);
  for (const dir of ["generated/go", "examples/bindings/go"]) {
    const vet = run("go", ["vet", "./..."], { cwd: join(repoRoot, dir), env });
    assert.equal(vet.status, 0, `${dir}: ${vet.stderr}`);
  }
  assertAnswer(run("go", ["run", "."], { cwd: join(repoRoot, "examples/bindings/go"), env, input }), "go");
});

const debianCrates = ["serde-1.0.152", "serde_derive-1.0.152", "serde_json-1.0.87"];
const rustMissing = !has("cargo", ["--version"])
  ? "cargo not on PATH"
  : debianCrates.some((crate) => !existsSync(`/usr/share/cargo/registry/${crate}`))
    ? "Debian serde crates not installed (.ci/rust-harness.sh installs them)"
    : false;

test("rust: the example builds against the generated crate and runs", { skip: rustMissing }, () => {
  const crate = join(repoRoot, "rust/types-harness");
  const build = run("cargo", ["build", "--release", "--offline", "--quiet", "--example", "usage"], { cwd: crate });
  assert.equal(build.status, 0, build.stderr);
  assertAnswer(run(join(crate, "target/release/examples/usage"), [], { input }), "rust");
});

test("typescript: the example type-checks against the package and runs", () => {
  const dir = mkdtempSync(join(tmpdir(), "bindings-ts-"));
  try {
    const config = join(dir, "tsconfig.json");
    writeFileSync(
      config,
      JSON.stringify({
        extends: join(repoRoot, "tsconfig.json"),
        compilerOptions: { noEmit: true, typeRoots: [join(repoRoot, "node_modules/@types")], paths: { "claude-hook-protocol": [join(repoRoot, "src/index.ts")] } },
        include: [join(repoRoot, "examples/bindings/typescript/example.ts")],
      }),
    );
    const tsc = run(process.execPath, [join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", config]);
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The package resolves to its own dist/ (built by `npm ci`'s prepare, or `npm run build`).
  if (!existsSync(join(repoRoot, "dist/src/index.js"))) return;
  assertAnswer(run(process.execPath, ["--import", "tsx", "examples/bindings/typescript/example.ts"], { input }), "typescript");
});
