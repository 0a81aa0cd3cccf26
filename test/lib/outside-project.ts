/**
 * A project outside the clone, made as docs/authoring.md ("In your own project") tells a
 * hook author: the package as `npm pack` makes it, installed into a fresh directory under the
 * system's temp dir, with TypeScript, @types/node and tsx as dev dependencies, and the page's
 * tsconfig.json, hook and hook test written from the page itself (its `<!-- outside: PATH -->`
 * blocks), so the page and what is tested cannot drift apart.
 *
 * The toolchain is packed from the clone's own node_modules (the versions package-lock.json
 * pins) and installed with `--offline`: the same packages a registry would give, without a
 * network. Used by test/package-outside.test.ts and bench/ts-hook-cold-start.ts.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { builtKit, ROOT } from "./built-kit.js";

/** The files docs/authoring.md gives for a project of one's own: path -> content. */
export function documentedFiles(): Map<string, string> {
  const doc = readFileSync(join(ROOT, "docs/authoring.md"), "utf8");
  const files = new Map<string, string>();
  for (const match of doc.matchAll(/<!-- outside: (\S+) -->\n```\w*\n([\s\S]*?)\n```\n/g)) files.set(match[1]!, `${match[2]!}\n`);
  return files;
}

export interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function run(command: string, args: readonly string[], cwd: string, input?: string): Ran {
  const r = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    timeout: 240_000,
    ...(input === undefined ? {} : { input }),
    env: { ...process.env, NO_COLOR: "1", npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" },
  });
  return { status: r.status, stdout: r.stdout ?? "", stderr: `${r.stderr ?? ""}${r.error === undefined ? "" : String(r.error)}` };
}

function ok(command: string, args: readonly string[], cwd: string): string {
  const r = run(command, args, cwd);
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} (in ${cwd}) exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** The dev dependencies the page installs, and the platform packages they load, as installed in the clone. */
function toolchainDirs(): string[] {
  const modules = join(ROOT, "node_modules");
  const platform = (scope: string) => (existsSync(join(modules, scope)) ? readdirSync(join(modules, scope)).map((name) => join(modules, scope, name)) : []);
  return [
    join(modules, "typescript"), ...platform("@typescript"),
    join(modules, "@types/node"), join(modules, "undici-types"),
    join(modules, "tsx"), join(modules, "esbuild"), ...platform("@esbuild"),
  ].map((dir) => realpathSync(dir));
}

export interface OutsideProject {
  /** The temp dir holding the tarballs and the project. */
  readonly dir: string;
  /** The project: package.json, node_modules, tsconfig.json, hooks/. */
  readonly project: string;
}

/** A fresh project outside the clone, the package and the toolchain installed, the page's files written (not compiled). */
export function makeOutsideProject(): OutsideProject {
  builtKit(); // `npm pack` ships dist/ as it is; build it when a source is newer
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "outside-project-")));
  if (dir.startsWith(realpathSync(ROOT) + sep)) throw new Error(`${dir} is inside the clone`);
  const packed = JSON.parse(ok("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], ROOT)) as { filename: string }[];
  const tarball = join(dir, packed[0]!.filename);
  const tools = join(dir, "tools");
  mkdirSync(tools);
  const toolTarballs = toolchainDirs().map((pkg) => join(tools, (JSON.parse(ok("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", tools, pkg], tools)) as { filename: string }[])[0]!.filename));
  const project = join(dir, "my-hooks");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "my-hooks", version: "1.0.0", private: true, type: "module" }, null, 2)}\n`);
  ok("npm", ["install", "--offline", "--no-package-lock", tarball], project);
  ok("npm", ["install", "--offline", "--no-package-lock", "-D", ...toolTarballs], project);
  for (const [path, content] of documentedFiles()) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), content);
  }
  return { dir, project };
}

/** A Claude Code PreToolUse input of `tool` (base fields as Claude Code 2.1.332 sends them). */
export function preToolUse(tool: string, toolInput: Record<string, unknown>): string {
  return JSON.stringify({ session_id: "5b605db8-ccd8-4225-87b8-8fa8243ebbc5", transcript_path: "/home/u/.claude/projects/p/5b605db8.jsonl", cwd: "/home/u/p", permission_mode: "default", hook_event_name: "PreToolUse", tool_name: tool, tool_input: toolInput, tool_use_id: "toolu_1" });
}
