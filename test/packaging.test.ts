/**
 * The Python, Go and Rust packages as their users install them: docs/bindings.md's
 * "Install" blocks followed literally (`<checkout>` replaced by this
 * repository), in fresh directories outside the repository, then the
 * documented examples built, type-checked and run from there. Also the one
 * version and the one LICENSE every package carries. And the npm tarball as
 * a user installs it: every subpath of package.json's exports imported from
 * a fresh project, the CLI run from it (test/package-publish.test.ts checks
 * the tarball's file list and its types).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { SpawnSyncReturns } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cargoTarget, goEnv, goMissing, has, root as repoRoot, run as runIn, rustMissing } from "./lib/toolchains.js";

const read = (path: string): string => readFileSync(join(repoRoot, path), "utf8");
const pkgVersion = (JSON.parse(read("package.json")) as { version: string }).version;
const bindingsDoc = read("docs/bindings.md");

/** The body of the fenced block whose info string is exactly `info`, with `<checkout>` made this repository. */
function docBlock(info: string): string {
  const match = new RegExp("```" + info.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "\\n([\\s\\S]*?)```").exec(bindingsDoc);
  assert.ok(match, `docs/bindings.md has no \`\`\`${info} block`);
  return match[1]!.replaceAll("<checkout>", repoRoot);
}

const run = (command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}, input = ""): SpawnSyncReturns<string> => runIn(command, args, { cwd, env, input });
function ok(result: SpawnSyncReturns<string>, what: string): string {
  assert.equal(result.status, 0, `${what} exited ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const denyInput = JSON.stringify({
  session_id: "s",
  transcript_path: "/t.jsonl",
  cwd: "/",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "ls" },
  tool_use_id: "toolu_1",
});
const denyAnswer = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no shell here" } };

test("one version everywhere: the npm package's, in the wheel, the crate and the Go module; one LICENSE in each", () => {
  const found: Record<string, string | undefined> = {
    "generated/python/pyproject.toml": /^version = "([^"]+)"/m.exec(read("generated/python/pyproject.toml"))?.[1],
    "generated/python/_build_backend.py": /^VERSION = "([^"]+)"/m.exec(read("generated/python/_build_backend.py"))?.[1],
    "generated/python/claude_hook_protocol/__init__.py": /^__version__ = "([^"]+)"/m.exec(read("generated/python/claude_hook_protocol/__init__.py"))?.[1],
    "generated/rust/Cargo.toml": /^version = "([^"]+)"/m.exec(read("generated/rust/Cargo.toml"))?.[1],
    "generated/go/doc.go": /^const Version = "([^"]+)"/m.exec(read("generated/go/doc.go"))?.[1],
    "examples/bindings/go/go.mod": /require claude-hook-protocol\/generated\/go v(\S+)/.exec(read("examples/bindings/go/go.mod"))?.[1],
    "docs/bindings.md (go.mod block)": /require claude-hook-protocol\/generated\/go v(\S+)/.exec(docBlock("go.mod"))?.[1],
  };
  for (const [where, version] of Object.entries(found)) assert.equal(version, pkgVersion, `${where} says ${version}, package.json ${pkgVersion}`);
  const license = read("LICENSE");
  for (const dir of ["generated/python", "generated/rust", "generated/go"]) assert.equal(read(`${dir}/LICENSE`), license, `${dir}/LICENSE`);
});

const pyright = join(repoRoot, "node_modules/.bin/pyright");
const venvMissing = !has("python3", ["-c", "import ensurepip, venv"]) ? "python3 -m venv unavailable (apt-get install python3-venv)" : false;

test("python: pip installs the package into a venv offline; pyright --strict accepts the documented example from outside; -e installs it editable", { skip: venvMissing, timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "packaging-python-"));
  const env = { PIP_DISABLE_PIP_VERSION_CHECK: "1", PIP_NO_INPUT: "1", PYTHONDONTWRITEBYTECODE: "1", PYTHONPATH: "" };
  try {
    for (const line of docBlock("sh").trim().split("\n")) ok(run("sh", ["-c", line], dir, env), line);
    const python = join(dir, ".venv/bin/python");
    const installed = ok(run(python, ["-c", "import claude_hook_protocol as p, os; print(p.__version__); print(os.path.dirname(p.__file__))"], dir, env), "import").split("\n");
    assert.equal(installed[0], pkgVersion);
    assert.ok(installed[1]!.startsWith(join(dir, ".venv")), `imported from ${installed[1]}, not the venv`);
    for (const file of ["py.typed", "__init__.py"]) assert.ok(existsSync(join(installed[1]!, file)), file);
    // Every module imports, and every lazy name of the root resolves (`import *` loads each).
    const everything = "import importlib, pkgutil, claude_hook_protocol as p\nfor m in pkgutil.iter_modules(p.__path__): importlib.import_module('claude_hook_protocol.' + m.name)\nfrom claude_hook_protocol import *\nprint(len(p.__all__))";
    assert.ok(Number(ok(run(python, ["-c", everything], dir, env), "import every module")) > 500);
    const distInfo = ok(run(python, ["-c", "from importlib.metadata import metadata as m; d = m('claude-hook-protocol'); print(d['Version'], d['License'], d['Requires-Python'])"], dir, env), "metadata");
    assert.equal(distInfo.trim(), `${pkgVersion} MIT >=3.11`);

    // The documented example, checked as a user's file: no extraPaths, the venv's interpreter.
    copyFileSync(join(repoRoot, "examples/bindings/python/example.py"), join(dir, "example.py"));
    writeFileSync(join(dir, "pyrightconfig.json"), JSON.stringify({ include: ["example.py"], typeCheckingMode: "strict", pythonVersion: "3.11" }));
    const checked = run(pyright, ["--pythonpath", python], dir);
    assert.equal(checked.status, 0, checked.stdout);
    assert.match(checked.stdout, /0 errors/);
    assert.deepEqual(JSON.parse(ok(run(python, ["example.py"], dir, env, denyInput), "example.py")), denyAnswer);
    // mypy too where it is installed (Debian's python3-mypy; .ci/run installs it).
    if (has("mypy", ["--version"])) assert.match(ok(run("mypy", ["--strict", "--python-executable", python, "example.py"], dir, env), "mypy --strict"), /Success: no issues found/);

    // Editable: the second venv imports the checkout's files.
    const editable = join(dir, "editable");
    mkdirSync(editable);
    ok(run("python3", ["-m", "venv", ".venv"], editable, env), "venv");
    ok(run(join(editable, ".venv/bin/pip"), ["install", "--quiet", "--no-index", "-e", join(repoRoot, "generated/python")], editable, env), "pip install -e");
    const where = ok(run(join(editable, ".venv/bin/python"), ["-c", "import claude_hook_protocol as p; print(p.__file__)"], editable, env), "editable import");
    assert.equal(where.trim(), join(repoRoot, "generated/python/claude_hook_protocol/__init__.py"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("go: the example builds and runs as an outside module with the documented require and replace", { skip: goMissing, timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "packaging-go-"));
  try {
    writeFileSync(join(dir, "go.mod"), `module example.com/hook\n\ngo 1.19\n\n${docBlock("go.mod")}`);
    copyFileSync(join(repoRoot, "examples/bindings/go/main.go"), join(dir, "main.go"));
    ok(run("go", ["vet", "./..."], dir, goEnv), "go vet");
    ok(run("go", ["build", "-o", "hook", "."], dir, goEnv), "go build");
    assert.deepEqual(JSON.parse(ok(run(join(dir, "hook"), [], dir, {}, denyInput), "hook")), denyAnswer);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("rust: the example builds and runs as an outside crate with the documented path dependency and .cargo/config.toml", { skip: rustMissing, timeout: 900_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "packaging-rust-"));
  try {
    writeFileSync(join(dir, "Cargo.toml"), `[package]\nname = "hook"\nversion = "0.1.0"\nedition = "2021"\n\n${docBlock("toml Cargo.toml")}`);
    mkdirSync(join(dir, ".cargo"));
    writeFileSync(join(dir, ".cargo/config.toml"), docBlock("toml .cargo/config.toml"));
    mkdirSync(join(dir, "src"));
    copyFileSync(join(repoRoot, "examples/bindings/rust/main.rs"), join(dir, "src/main.rs"));
    // The dependencies' build is cached between runs (only the target directory is shared).
    const target = cargoTarget;
    ok(run("cargo", ["build", "--release", "--quiet"], dir, { CARGO_TARGET_DIR: target }), "cargo build");
    assert.deepEqual(JSON.parse(ok(run(join(target, "release/hook"), [], dir, {}, denyInput), "hook")), denyAnswer);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});


test("npm: the packed tarball in a fresh project: every exported subpath imports, the CLI runs", { timeout: 600_000 }, () => {
  if (!existsSync(join(repoRoot, "dist/src/index.js"))) ok(run(process.execPath, [join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], repoRoot), "build");
  const dir = mkdtempSync(join(tmpdir(), "packaging-npm-"));
  const env = { npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
  try {
    // Packed from a copy of what package.json's `files` names (npm pack fails in a checkout whose
    // node_modules is a symlink, as in a git worktree), with the ignore file that applies.
    const pkgFiles = (JSON.parse(read("package.json")) as { files: string[] }).files;
    const tree = join(dir, "tree");
    for (const path of [...pkgFiles, "package.json", ".gitignore"]) cpSync(join(repoRoot, path), join(tree, path), { recursive: true });
    const packed = JSON.parse(ok(run("npm", ["pack", "--ignore-scripts", "--pack-destination", dir, "--json"], tree, env), "npm pack")) as { filename: string }[];
    const project = join(dir, "project");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "project", version: "1.0.0", private: true, type: "module" }));
    ok(run("npm", ["install", "--offline", "--no-package-lock", join(dir, packed[0]!.filename)], project, env), "npm install");
    const pkg = JSON.parse(read("package.json")) as { name: string; bin: Record<string, string>; exports: Record<string, unknown> };
    // Each subpath, a wildcard one by an instance of it.
    const instances: Record<string, string> = { "./validators/*": "./validators/claude-code", "./schemas/*": "./schemas/claude-code/hook-output.schema.json" };
    const subpaths = Object.entries(pkg.exports).filter(([, target]) => target !== null).map(([path]) => instances[path] ?? path);
    const lines = subpaths.map((path, i) => (path.endsWith(".json") ? `import m${i} from "${pkg.name}${path.slice(1)}" with { type: "json" };` : `import * as m${i} from "${pkg.name}${path === "." ? "" : path.slice(1)}";`));
    lines.push(`console.log(JSON.stringify([${subpaths.map((_, i) => `Object.keys(m${i}).length`).join(", ")}]));`);
    writeFileSync(join(project, "every-subpath.mjs"), `${lines.join("\n")}\n`);
    const counts = JSON.parse(ok(run(process.execPath, ["every-subpath.mjs"], project), "import every subpath")) as number[];
    assert.equal(counts.length, subpaths.length);
    counts.forEach((count, i) => assert.ok(count > 0, `${subpaths[i]} exports nothing`));
    const bin = join(project, "node_modules/.bin", Object.keys(pkg.bin)[0]!);
    assert.equal(ok(run(bin, ["--version"], project), "--version").trim(), pkgVersion);
    const verdict = run(bin, ["validate", "--event", "PreToolUse", "--input", join(project, "node_modules", pkg.name, "examples/events/pre-tool-use.json"), join(project, "node_modules", pkg.name, "examples/outputs/deny-with-reason.json")], project);
    assert.equal(verdict.status, 0, verdict.stderr);
    assert.match(verdict.stdout, /^accepted: .*deny-with-reason\.json is json output Claude Code [\d.]+ accepts for PreToolUse$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
