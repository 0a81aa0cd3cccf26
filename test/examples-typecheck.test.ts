/**
 * The shipped examples type-check as the docs say: every Python example (examples/hooks/python/,
 * examples/bindings/python/) under `pyright --strict` and `mypy --strict`, the TypeScript twins
 * under `tsc` (examples/hooks/kit-tsconfig.json, against the built package). A hook on several
 * tools narrows `tool_input` by the tool's name (protect_env.py: `match call["tool_name"]` and
 * the kit's `tool_input(call, "Read")`), and the checkers prove the narrowing is real: the same
 * hook reading a field its tool does not have is refused by both. The Go and Rust protect-env
 * examples narrow the same way (`ToolInputOf`'s type switch, `tool_call`'s enum): each builds as
 * shipped, and the same file reading Bash's `command` from a Read call does not compile.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtKit } from "./lib/built-kit.js";
import { cargoTarget, goEnv, goMissing, goModule, has, pythonMissing, root, run, rustCrate, rustMissing } from "./lib/toolchains.js";

const PYTHON_EXAMPLES = ["examples/hooks/python", "examples/bindings/python"].flatMap((dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith(".py")).map((f) => join(root, dir, f)));
const PACKAGE = join(root, "generated/python");
const mypyMissing = pythonMissing || (!has("mypy", ["--version"]) && "mypy not on PATH (apt-get install mypy)");
const dir = mkdtempSync(join(tmpdir(), "examples-typecheck-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** protect_env.py reading Bash's field from a Read call: a narrowing that is real refuses it. */
const wrongProtectEnv = (): string => {
  const source = readFileSync(join(root, "examples/hooks/python/protect_env.py"), "utf8");
  const wrong = source.replace('return tool_input(call, "Read")["file_path"]', 'return tool_input(call, "Read")["command"]');
  assert.notEqual(wrong, source);
  return wrong;
};

test("the Python examples, protect_env.py's several tools among them, pass pyright --strict; a field the tool lacks does not", { skip: pythonMissing }, () => {
  assert.ok(PYTHON_EXAMPLES.some((f) => f.endsWith("protect_env.py")) && PYTHON_EXAMPLES.length >= 4, PYTHON_EXAMPLES.join(", "));
  const check = (files: readonly string[], name: string) => {
    const config = join(dir, `pyright-${name}.json`);
    writeFileSync(config, JSON.stringify({ include: files, extraPaths: [PACKAGE], typeCheckingMode: "strict", pythonVersion: "3.11" }));
    return run(join(root, "node_modules/.bin/pyright"), ["-p", config], { cwd: dir });
  };
  const clean = check(PYTHON_EXAMPLES, "examples");
  assert.equal(clean.status, 0, clean.stdout);
  assert.match(clean.stdout, /0 errors, 0 warnings/);
  writeFileSync(join(dir, "wrong_protect_env.py"), wrongProtectEnv());
  const wrong = check([join(dir, "wrong_protect_env.py")], "wrong");
  assert.notEqual(wrong.status, 0);
  assert.match(wrong.stdout, /"command" is not a defined key in "ReadToolInput"/);
});

test("the Python examples pass mypy --strict; a field the tool lacks does not", { skip: mypyMissing }, () => {
  // the package as an installed one is read: its types are used, its own source is not the hook's to pass
  const env = { MYPYPATH: PACKAGE };
  const mypy = ["--strict", "--follow-imports=silent", "--no-incremental", "--python-version", "3.11"];
  const clean = run("mypy", [...mypy, ...PYTHON_EXAMPLES], { cwd: dir, env });
  assert.equal(clean.status, 0, clean.stdout + clean.stderr);
  assert.match(clean.stdout, new RegExp(`Success: no issues found in ${PYTHON_EXAMPLES.length} source files`));
  writeFileSync(join(dir, "wrong_protect_env.py"), wrongProtectEnv());
  const wrong = run("mypy", [...mypy, join(dir, "wrong_protect_env.py")], { cwd: dir, env });
  assert.notEqual(wrong.status, 0);
  assert.match(wrong.stdout, /TypedDict "ReadToolInput" has no key "command"/);
});

test("the TypeScript twins pass tsc against the built package (examples/hooks/kit-tsconfig.json)", () => {
  builtKit();
  const r = run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", join(root, "examples/hooks/kit-tsconfig.json")]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test("docs/languages.md shows the several-tools Python hook as the file that is checked", () => {
  const page = readFileSync(join(root, "docs/languages.md"), "utf8");
  assert.ok(page.includes(readFileSync(join(root, "examples/hooks/python/protect_env.py"), "utf8")), "docs/languages.md does not show examples/hooks/python/protect_env.py as it is");
});

/** The shipped example with `from` replaced by `to`: the same hook reading a field its narrowed tool lacks. */
function wrongExample(path: string, from: string, to: string): string {
  const source = readFileSync(join(root, path), "utf8");
  const wrong = source.replace(from, to);
  assert.notEqual(wrong, source, `${path} has ${from}`);
  return wrong;
}

test("Go: protect-env narrows tool_input by the tool's name: it builds as shipped, and reading Command from a Read call does not compile", { skip: goMissing, timeout: 600_000 }, () => {
  const path = "examples/hooks/go/protect-env/main.go";
  const shipped = join(dir, "go-shipped");
  goModule(shipped, { "main.go": readFileSync(join(root, path), "utf8") });
  const ok = run("go", ["build", "-o", join(dir, "protect-env.bin"), "."], { cwd: shipped, env: goEnv });
  assert.equal(ok.status, 0, ok.stderr);
  const wrong = join(dir, "go-wrong");
  goModule(wrong, { "main.go": wrongExample(path, "case *protocol.ReadToolInput:\n\t\treturn in.FilePath, true", "case *protocol.ReadToolInput:\n\t\treturn in.Command, true") });
  const refused = run("go", ["build", "-o", join(dir, "wrong.bin"), "."], { cwd: wrong, env: goEnv });
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /in\.Command undefined \(type \*(protocol\.|[\w.]*)ReadToolInput has no field or method Command\)/);
});

test("Rust: protect-env narrows tool_input by the tool's name: it builds as shipped, and reading command from a Read call does not compile", { skip: rustMissing, timeout: 1_800_000 }, () => {
  const path = "examples/hooks/rust/src/bin/protect-env.rs";
  const check = (name: string, source: string) => {
    const crate = join(dir, name);
    rustCrate(crate, name, { "main.rs": source });
    return run("cargo", ["build", "--quiet"], { cwd: crate, env: { CARGO_TARGET_DIR: cargoTarget } });
  };
  const ok = check("narrow_shipped", readFileSync(join(root, path), "utf8"));
  assert.equal(ok.status, 0, ok.stderr);
  const refused = check("narrow_wrong", wrongExample(path, "ToolCall::Read(read) => Some(read.file_path)", "ToolCall::Read(read) => Some(read.command)"));
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /error\[E0609\]: no field `command` on type `\w*ReadToolInput`/);
});
