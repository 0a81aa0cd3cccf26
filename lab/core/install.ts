/**
 * Agents are installed from npm into a cache outside the repository, one prefix per agent and
 * version (~/.cache/claude-hook-protocol-lab/<agent>@<version>, or $CLAUDE_HOOK_PROTOCOL_LAB_CACHE):
 * never into the project, never as one of its dependencies.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export const cacheRoot = (): string => process.env["CLAUDE_HOOK_PROTOCOL_LAB_CACHE"] ?? join(homedir(), ".cache", "claude-hook-protocol-lab");

export type Installed = { kind: "ok"; prefix: string } | { kind: "error"; message: string };

/** `npm install --prefix <cache>/<key> <spec>` unless `marker` (relative to the prefix) exists already. */
export function npmInstall(key: string, specs: readonly string[], marker: string, log: (line: string) => void): Installed {
  const prefix = join(cacheRoot(), key);
  if (existsSync(join(prefix, marker))) return { kind: "ok", prefix };
  mkdirSync(prefix, { recursive: true });
  log(`lab: installing ${specs.join(" ")} into ${prefix}`);
  // cwd: the prefix, so that a spec such as droid@0.215.0 is never read as a folder of that name
  const r = spawnSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-fund", "--no-audit", ...specs], { cwd: prefix, stdio: ["ignore", "inherit", "inherit"] });
  if (r.error !== undefined || r.status !== 0) return { kind: "error", message: `lab: npm install ${specs.join(" ")} failed (${r.error?.message ?? `exit ${String(r.status)}`}); the network namespace is entered only after installing, so npm needs the registry here` };
  if (!existsSync(join(prefix, marker))) return { kind: "error", message: `lab: npm installed ${specs.join(" ")} but ${marker} is not in ${prefix}` };
  return { kind: "ok", prefix };
}

export type VersionFound = { kind: "ok"; version: string } | { kind: "error"; message: string };

/** The version an installed agent prints: `pattern`'s first group in the output of `command args` (60 s at most: Kimi Code's bundled JS took over 10 s to print it under a load average of 19). */
export function versionFromCommand(command: string, args: readonly string[], env: Record<string, string>, pattern: RegExp): VersionFound {
  const r = spawnSync(command, args, { encoding: "utf8", env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", ...env }, timeout: 60_000 });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  const v = pattern.exec(r.stdout ?? "")?.[1];
  if (v !== undefined) return { kind: "ok", version: v };
  return { kind: "error", message: `lab: no version in the output of ${command} ${args.join(" ")}${r.error !== undefined ? ` (${r.error.message})` : ""}: ${JSON.stringify(output.slice(0, 300))}` };
}
