/**
 * The published package: `npm pack --dry-run --json` ships exactly what users
 * need, and a consumer project with the tarball installed offline resolves
 * the types (moduleResolution nodenext and bundler), imports a schema with
 * an import attribute, and runs.
 *
 * What ships, and why:
 * - `dist/src/**` and `dist/generated/**`: compiled JS with `.d.ts` (the
 *   library, the CLI, the generated types and standalone validators);
 * - `schemas/**`: the canonical JSON Schemas and their README, importable as
 *   `claude-hook-protocol/schemas/...`;
 * - `test/vectors/**`: the language-neutral vectors other implementations test against;
 * - `examples/**`: what the README's first command runs;
 * - README.md, LICENSE, CHANGELOG.md, package.json.
 * `.d.ts.map` files only if the sources they point at ship too.
 * Not shipped: TypeScript sources, tests, scripts, benchmarks, the Rust
 * harness, CI files, and the Python/Go/C#/Rust bindings under `generated/`
 * (no JavaScript user loads them; other languages take them from the
 * repository, next to the vectors that prove them).
 */
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { builtKit } from "./lib/built-kit.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  name: string;
  bin: Record<string, string>;
  exports: Record<string, string | null | Record<string, string>>;
};

function run(command: string, args: readonly string[], cwd: string, timeoutMs = 120_000): string {
  const r = spawnSync(command, args, { cwd, encoding: "utf8", timeout: timeoutMs, env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" } });
  assert.equal(r.status, 0, `${command} ${args.join(" ")} (in ${cwd}) exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

interface PackEntry {
  readonly path: string;
  readonly size: number;
}
interface Pack {
  readonly files: readonly PackEntry[];
  readonly size: number;
  readonly unpackedSize: number;
  readonly filename: string;
}

let packed: Pack;
let paths: Set<string>;

describe("the published package", { concurrency: 1 }, () => {
  before(() => {
    // What `npm pack` (and `prepare` on install from git) would build: built only when stale, since other
    // test files run hooks from dist/ at the same time and a rebuild rewrites it file by file under them.
    builtKit();
    const json = run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], ROOT);
    packed = (JSON.parse(json) as Pack[])[0]!;
    paths = new Set(packed.files.map((f) => f.path));
  });

  test("ships the compiled library, its types, the CLI and the package entry points", () => {
    for (const required of ["package.json", "README.md", "LICENSE", "CHANGELOG.md"]) assert.ok(paths.has(required), `${required} missing`);
    for (const target of Object.values(pkg.bin)) assert.ok(paths.has(target.replace(/^\.\//, "")), `bin ${target} missing`);
    for (const [key, target] of Object.entries(pkg.exports)) {
      if (key.includes("*") || target === null) continue;
      const targets = typeof target === "string" ? [target] : Object.values(target);
      for (const t of targets) assert.ok(paths.has(t.replace(/^\.\//, "")), `exports["${key}"] -> ${t} is not in the package`);
    }
    for (const name of ["types", "validators/index", "validators/claude-code", "serde-model", "names"]) {
      assert.ok(paths.has(`dist/generated/${name}.js`), `dist/generated/${name}.js missing`);
      assert.ok(paths.has(`dist/generated/${name}.d.ts`), `dist/generated/${name}.d.ts missing`);
    }
    // every compiled module has its declaration
    for (const path of paths) {
      if (path.startsWith("dist/") && path.endsWith(".js")) assert.ok(paths.has(path.replace(/\.js$/, ".d.ts")), `${path} without .d.ts`);
    }
  });

  test("ships every schema, vector and example from the repository", () => {
    for (const dir of ["schemas", "test/vectors", "examples"]) {
      const missing = filesUnder(dir).filter((f) => !paths.has(f));
      assert.deepEqual(missing, [], `${dir}: not shipped`);
    }
  });

  test("ships nothing else: no sources, tests, scripts, benchmarks, harness, CI or other-language bindings", () => {
    const allowed = (p: string): boolean =>
      ["package.json", "README.md", "LICENSE", "CHANGELOG.md"].includes(p) ||
      /^dist\/(src|generated)\/.+\.(js|d\.ts)$/.test(p) ||
      /^schemas\/.+\.schema\.json$/.test(p) ||
      /^generated\/settings\/[\w-]+\/[\w-]+\.schema\.json$/.test(p) || // the editors' settings schemas (docs/settings-schemas.md)
      p === "schemas/README.md" || // the schema conventions: naming, $id, title, open vs closed
      p.startsWith("test/vectors/") ||
      p.startsWith("examples/");
    // a declaration map is only worth shipping with the sources it points at
    const danglingMap = (p: string): boolean => {
      if (!/^dist\/.+\.d\.ts\.map$/.test(p)) return true;
      const map = JSON.parse(readFileSync(join(ROOT, p), "utf8")) as { sources: string[] };
      return map.sources.some((source) => !paths.has(join(p, "..", source)));
    };
    const extra = [...paths].filter((p) => !allowed(p) && danglingMap(p)).sort();
    assert.equal(extra.length, 0, `${extra.length} files that users do not need, e.g.\n${extra.slice(0, 12).join("\n")}`);
    assert.deepEqual([...paths].filter((p) => /\.test\.|node_modules|^scripts\/|^bench\/|^rust\/|^\.ci\//.test(p)), []);
  });

  test("size", (t) => {
    t.diagnostic(`${pkg.name}: ${packed.files.length} files, tarball ${(packed.size / 1024).toFixed(0)} KiB, installed ${(packed.unpackedSize / 1024).toFixed(0)} KiB`);
    assert.ok(packed.unpackedSize > 0);
  });

  test("a consumer project installs the tarball offline; types resolve under nodenext and bundler; schemas import", { timeout: 240_000 }, (t) => {
    const dir = mkdtempSync(join(tmpdir(), "package-consumer-"));
    try {
      const tarball = run("npm", ["pack", "--ignore-scripts", "--pack-destination", dir, "--json"], ROOT);
      const file = join(dir, (JSON.parse(tarball) as Pack[])[0]!.filename);
      const project = join(dir, "consumer");
      mkdirSync(project);
      writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }));
      run("npm", ["install", "--offline", "--no-package-lock", file], project);
      assert.ok(existsSync(join(project, "node_modules", pkg.name, "package.json")));

      const source = [
        `import { merge, readRust, writeRust, type RustHookOutput } from "${pkg.name}";`,
        `import { readHookStdout } from "${pkg.name}/claude-code";`,
        `import { SerdeInteger } from "${pkg.name}/serde";`,
        `import { compileMatcher } from "${pkg.name}/runner";`,
        `import { answerSerdeRequest } from "${pkg.name}/conformance";`,
        `import { validateMergedResult } from "${pkg.name}/validators";`,
        `import { validateRustHookOutput } from "${pkg.name}/validators/rust";`,
        `import schema from "${pkg.name}/schemas/claude-code/hook-output.schema.json" with { type: "json" };`,
        `const read = readRust("HookOutput", '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}');`,
        "if (!read.ok) throw new Error(read.error.message);",
        "const value: RustHookOutput = read.value;",
        "const title: string = schema.title;",
        `const merged = merge({ event: "Stop", hooks: [{ command: "a", exit: 0, stdout: "{}", stderr: "" }] });`,
        "const subpaths = [readHookStdout(\"{}\", \"Stop\").error === null, new SerdeInteger(1n).value === 1n, compileMatcher(\"Bash\").kind,",
        "  answerSerdeRequest(\"\") === undefined, merged.ok && validateMergedResult(merged.value), validateRustHookOutput({ continue: true })];",
        "const written = writeRust(\"HookOutput\", value);",
        "console.log(JSON.stringify([written.ok ? written.value : written.error.message, title, subpaths]));",
        "",
      ].join("\n");
      writeFileSync(join(project, "consumer.ts"), source);
      const typeRoots = [join(ROOT, "node_modules/@types")];
      for (const [name, options] of [
        ["nodenext", { module: "nodenext", moduleResolution: "nodenext" }],
        ["bundler", { module: "esnext", moduleResolution: "bundler" }],
      ] as const) {
        const tsconfig = `tsconfig.${name}.json`;
        writeFileSync(join(project, tsconfig), JSON.stringify({
          compilerOptions: { ...options, target: "es2022", strict: true, resolveJsonModule: true, noEmit: true, skipLibCheck: false, typeRoots, types: ["node"] },
          files: ["consumer.ts"],
        }));
        run(process.execPath, [TSC, "-p", tsconfig], project);
      }
      // and it runs: the same file with the types stripped, through the installed package
      const js = source.replace(", type RustHookOutput", "").replace("const value: RustHookOutput =", "const value =").replace("const title: string =", "const title =");
      writeFileSync(join(project, "consumer.mjs"), js);
      const out = run(process.execPath, ["consumer.mjs"], project);
      assert.deepEqual(JSON.parse(out), [
        '{"continue":true,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}',
        "ClaudeCodeHookOutput",
        [true, true, "names", true, true, true],
      ]);
      const bin = run(join(project, "node_modules/.bin", Object.keys(pkg.bin)[0]!), ["--version"], project);
      t.diagnostic(`installed bin: ${relative(project, join(project, "node_modules/.bin"))}/${Object.keys(pkg.bin)[0]} --version -> ${bin.trim()}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
