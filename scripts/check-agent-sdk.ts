/**
 * The Agent SDK's hook types against ours, offline (issue 18).
 *
 *   npx tsx scripts/check-agent-sdk.ts snapshot <sdk dir | .tgz>            # the hook types of a release, as JSON on stdout
 *   npx tsx scripts/check-agent-sdk.ts diff <newer sdk dir | .tgz | snapshot.json> [--against <snapshot.json>]
 *   npx tsx scripts/check-agent-sdk.ts compat [<sdk dir | .tgz | snapshot.json>]
 *
 * `diff` names what a newer release changed in the hook types, against the
 * release the dialect was checked with (test/fixtures/agent-sdk/, the default
 * `--against`): types added and removed, and per changed type the properties
 * added, removed or retyped. Exit 0: no change, 1: changes, 2: usage.
 *
 * `compat` checks both directions on every event with tsc: each SDK type is
 * assignable to ours and has no key ours lacks (an SDK-valid output passes our
 * validators), and each of ours is assignable to the SDK's (an output our
 * types allow is one the SDK's types allow). Default: the recorded snapshot.
 * Exit 0: all hold, 1: some fail (listed), 2: usage.
 *
 * The SDK is never a dependency: give it a directory (an unpacked
 * `npm pack @anthropic-ai/claude-agent-sdk@<v>`, its `package/` or the folder
 * holding `sdk.d.ts`) or the tarball itself.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const RECORDED_SNAPSHOT = join(ROOT, "test/fixtures/agent-sdk/hook-types.json");

/** The hook types: every event's input and hookSpecificOutput, the outputs, the events, the permission updates. */
const ROOTS = /HookInput$|HookSpecificOutput$|HookJSONOutput$|^HookEvent$|^HOOK_EVENTS$|^PermissionUpdate$|^HookPermissionDecision$/;

export interface Snapshot {
  readonly sdk_version: string;
  readonly claude_code_version: string | null;
  /** name -> the declaration, comments removed, whitespace collapsed */
  readonly types: Readonly<Record<string, string>>;
}

/** The top-level declarations of a .d.ts, by name (comments removed, whitespace collapsed). */
export function declarationsOf(dts: string): Map<string, string> {
  const text = dts.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const out = new Map<string, string>();
  const starts = [...text.matchAll(/^(?:export )?(?:declare )?(?:type|interface|const|class|function|enum) ([A-Za-z_$][\w$]*)/gm)];
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    const end = i + 1 < starts.length ? starts[i + 1]!.index : text.length;
    let body = text.slice(start.index, end);
    // a trailing export list or import belongs to no declaration
    body = body.split(/^(?:export \{|import )/m)[0]!;
    const name = start[1]!;
    if (!out.has(name)) out.set(name, body.replace(/\s+/g, " ").trim());
  }
  return out;
}

/** The hook types and every declaration they refer to (so the snapshot compiles on its own). */
export function snapshotOf(dts: string, sdkVersion: string, claudeCodeVersion: string | null): Snapshot {
  const all = declarationsOf(dts);
  const keep = new Set([...all.keys()].filter((name) => ROOTS.test(name)));
  const queue = [...keep];
  while (queue.length > 0) {
    const body = all.get(queue.pop()!)!;
    // identifiers in type positions only: a property's name (`options?:`) is not a reference
    for (const word of body.replace(/[A-Za-z_$][\w$]*\??:/g, " ").match(/[A-Za-z_$][\w$]*/g) ?? []) {
      if (all.has(word) && !keep.has(word)) {
        keep.add(word);
        queue.push(word);
      }
    }
  }
  const types: Record<string, string> = {};
  for (const name of [...keep].sort()) types[name] = all.get(name)!;
  return { sdk_version: sdkVersion, claude_code_version: claudeCodeVersion, types };
}

/** A release given as a directory, a tarball or a snapshot file. */
export function loadRelease(path: string): Snapshot {
  if (path.endsWith(".json")) return JSON.parse(readFileSync(path, "utf8")) as Snapshot;
  let dir = path;
  let unpacked: string | null = null;
  if (!statSync(path).isDirectory()) {
    unpacked = mkdtempSync(join(tmpdir(), "agent-sdk-"));
    execFileSync("tar", ["xzf", path, "-C", unpacked]);
    dir = unpacked;
  }
  try {
    for (const candidate of [dir, join(dir, "package")]) {
      if (!existsSync(join(candidate, "sdk.d.ts"))) continue;
      const pkg = existsSync(join(candidate, "package.json")) ? (JSON.parse(readFileSync(join(candidate, "package.json"), "utf8")) as { version?: string; claudeCodeVersion?: string }) : {};
      return snapshotOf(readFileSync(join(candidate, "sdk.d.ts"), "utf8"), pkg.version ?? "unknown", pkg.claudeCodeVersion ?? null);
    }
    throw new Error(`no sdk.d.ts in ${path} (or its package/)`);
  } finally {
    if (unpacked !== null) rmSync(unpacked, { recursive: true, force: true });
  }
}

/** `name?: type` members of a declaration, by name (nested literals flattened with their own names). */
function membersOf(body: string): Map<string, string> {
  const members = new Map<string, string>();
  for (const m of body.matchAll(/(?<=^|[{;,(] ?)(readonly )?([A-Za-z_$][\w$]*)(\??): ([^;{}]+(?:\{[^{}]*\}[^;{}]*)*);/g)) {
    const key = m[2]!;
    const value = `${m[3]}: ${m[4]!.trim()}`;
    members.set(members.has(key) ? `${key}#${members.size}` : key, value);
  }
  return members;
}

export interface TypeChange {
  readonly name: string;
  readonly kind: "added" | "removed" | "changed";
  /** changed: `+prop?: type`, `-prop: type`, `~prop: old -> new`; empty when only the form changed */
  readonly details: readonly string[];
}

/** What `newer` changed in the hook types against `recorded`. */
export function diffSnapshots(recorded: Snapshot, newer: Snapshot): TypeChange[] {
  const changes: TypeChange[] = [];
  const names = [...new Set([...Object.keys(recorded.types), ...Object.keys(newer.types)])].sort();
  for (const name of names) {
    const before = recorded.types[name];
    const after = newer.types[name];
    if (before === after) continue;
    if (before === undefined) {
      // a declaration that is new to the closure is only news when it is a hook type itself
      if (ROOTS.test(name)) changes.push({ name, kind: "added", details: [] });
      continue;
    }
    if (after === undefined) {
      changes.push({ name, kind: "removed", details: [] });
      continue;
    }
    const a = membersOf(before);
    const b = membersOf(after);
    const details: string[] = [];
    for (const [key, value] of b) if (!a.has(key)) details.push(`+${key}${value.startsWith("?") ? value : ` ${value}`}`.replace(/ :/, ":"));
    for (const [key, value] of a) if (!b.has(key)) details.push(`-${key}${value.startsWith("?") ? value : ` ${value}`}`.replace(/ :/, ":"));
    for (const [key, value] of a) if (b.has(key) && b.get(key) !== value) details.push(`~${key}: ${value.replace(/^\??: /, "")} -> ${b.get(key)!.replace(/^\??: /, "")}`);
    changes.push({ name, kind: "changed", details });
  }
  return changes;
}

/** The pairs `compat` checks: the SDK's name and ours. */
export function comparedPairs(snapshot: Snapshot, ours: string): { sdk: string; ours: string; output: boolean }[] {
  const pairs: { sdk: string; ours: string; output: boolean }[] = [];
  const oursHas = (name: string): boolean => new RegExp(`^export (?:type|interface) ${name}\\b`, "m").test(ours);
  for (const name of Object.keys(snapshot.types)) {
    // every event's input; BaseHookInput is a part of them (it lacks hook_event_name, which each event adds), not an input
    if (/HookInput$/.test(name) && name !== "BaseHookInput" && name !== "HookInput" && oursHas(name)) pairs.push({ sdk: name, ours: name, output: false });
    if (/HookSpecificOutput$/.test(name) && oursHas(name)) pairs.push({ sdk: name, ours: name, output: true });
  }
  const extra: [string, string, boolean][] = [
    ["SyncHookJSONOutput", "ClaudeCodeHookOutput", true],
    ["AsyncHookJSONOutput", "ClaudeCodeAsyncHookOutput", true],
    ["HookEvent", "HookEvent", false],
    ["HookInput", "ClaudeCodeHookInput", false],
    ["PermissionUpdate", "PermissionSuggestion", false],
    ["PermissionUpdate", "ClaudeCodePermissionUpdate", true],
  ];
  for (const [sdk, mine, output] of extra) if (snapshot.types[sdk] !== undefined && oursHas(mine)) pairs.push({ sdk, ours: mine, output });
  return pairs;
}

export interface CompatResult {
  readonly pairs: number;
  readonly sdkToOurs: { readonly held: number; readonly failed: readonly string[] };
  readonly oursToSdk: { readonly held: number; readonly failed: readonly string[] };
  /** SDK hook types with no counterpart of ours */
  readonly unmatched: readonly string[];
}

/** Both directions of every pair, type-checked with the repository's tsc. */
export function checkCompat(snapshot: Snapshot): CompatResult {
  const oursPath = join(ROOT, "generated/types.ts");
  const ours = readFileSync(oursPath, "utf8");
  const pairs = comparedPairs(snapshot, ours);
  const dir = mkdtempSync(join(tmpdir(), "agent-sdk-compat-"));
  try {
    writeFileSync(join(dir, "sdk.d.ts"), `${Object.values(snapshot.types).map((body) => (/^export /.test(body) ? body : `export ${body}`).replace(/^export (?!declare )/, "export declare ")).join("\n")}\nexport {};\n`);
    const lines: string[] = [
      `import type * as SDK from "./sdk.js";`,
      `import type * as Ours from ${JSON.stringify(oursPath)};`,
      "type Is<A, B> = [A] extends [B] ? true : false;",
      "type KeysOf<T> = T extends unknown ? keyof T : never;",
      "type NoExtraKeys<A, B> = [Exclude<KeysOf<A>, KeysOf<B> | number | symbol>] extends [never] ? true : false;",
    ];
    const lineOf = new Map<number, string>();
    for (const pair of pairs) {
      const label = `${pair.sdk} -> ${pair.ours}`;
      lineOf.set(lines.length + 1, `sdk->ours ${label}`);
      lines.push(`export const a${lines.length}: Is<SDK.${pair.sdk}, Ours.${pair.ours}> = true;`);
      if (pair.output) {
        lineOf.set(lines.length + 1, `sdk->ours ${label} (a key ours does not declare)`);
        lines.push(`export const k${lines.length}: NoExtraKeys<SDK.${pair.sdk}, Ours.${pair.ours}> = true;`);
      }
      lineOf.set(lines.length + 1, `ours->sdk ${pair.ours} -> ${pair.sdk}`);
      lines.push(`export const b${lines.length}: Is<Ours.${pair.ours}, SDK.${pair.sdk}> = true;`);
    }
    writeFileSync(join(dir, "check.ts"), `${lines.join("\n")}\n`);
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, exactOptionalPropertyTypes: true, noEmit: true, skipLibCheck: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", allowImportingTsExtensions: true }, files: ["check.ts"] }));
    const tsc = join(ROOT, "node_modules/.bin/tsc");
    const run = spawnSync(tsc, ["-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
    const failedLines = new Set<number>();
    for (const m of `${run.stdout}${run.stderr}`.matchAll(/check\.ts\((\d+),\d+\): error/g)) failedLines.add(Number(m[1]));
    const foreign = `${run.stdout}${run.stderr}`.split("\n").filter((line) => /error TS/.test(line) && !/check\.ts\(/.test(line));
    if (foreign.length > 0) throw new Error(`tsc: ${foreign.slice(0, 3).join("; ")}`);
    const sdkToOurs = { held: 0, failed: [] as string[] };
    const oursToSdk = { held: 0, failed: [] as string[] };
    for (const [line, label] of lineOf) {
      const side = label.startsWith("sdk->ours") ? sdkToOurs : oursToSdk;
      if (failedLines.has(line)) side.failed.push(label);
      else side.held++;
    }
    const matched = new Set(pairs.map((pair) => pair.sdk));
    const unmatched = Object.keys(snapshot.types).filter((name) => /HookInput$|HookSpecificOutput$/.test(name) && !matched.has(name) && name !== "HookInput" && name !== "BaseHookInput");
    return { pairs: pairs.length, sdkToOurs, oursToSdk, unmatched };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(argv: readonly string[]): number {
  const [command, target] = argv;
  const against = argv.includes("--against") ? argv[argv.indexOf("--against") + 1] : RECORDED_SNAPSHOT;
  if (command === "snapshot" && target !== undefined) {
    process.stdout.write(`${JSON.stringify(loadRelease(target), null, 2)}\n`);
    return 0;
  }
  if (command === "diff" && target !== undefined && against !== undefined) {
    const recorded = loadRelease(against);
    const newer = loadRelease(target);
    const changes = diffSnapshots(recorded, newer);
    process.stdout.write(`Agent SDK ${newer.sdk_version} (Claude Code ${newer.claude_code_version ?? "?"}) against ${recorded.sdk_version} (Claude Code ${recorded.claude_code_version ?? "?"}): ${changes.length === 0 ? "no change in the hook types" : `${changes.length} hook type(s) changed`}\n`);
    for (const change of changes) {
      process.stdout.write(`  ${change.kind} ${change.name}\n`);
      for (const detail of change.details) process.stdout.write(`    ${detail}\n`);
    }
    return changes.length === 0 ? 0 : 1;
  }
  if (command === "compat") {
    const snapshot = loadRelease(target ?? RECORDED_SNAPSHOT);
    const result = checkCompat(snapshot);
    process.stdout.write(`Agent SDK ${snapshot.sdk_version}: ${result.pairs} type pairs\n`);
    process.stdout.write(`  SDK -> ours: ${result.sdkToOurs.held} held, ${result.sdkToOurs.failed.length} failed\n`);
    for (const failed of result.sdkToOurs.failed) process.stdout.write(`    ${failed}\n`);
    process.stdout.write(`  ours -> SDK: ${result.oursToSdk.held} held, ${result.oursToSdk.failed.length} failed\n`);
    for (const failed of result.oursToSdk.failed) process.stdout.write(`    ${failed}\n`);
    if (result.unmatched.length > 0) process.stdout.write(`  SDK hook types without a counterpart: ${result.unmatched.join(", ")}\n`);
    return result.sdkToOurs.failed.length + result.oursToSdk.failed.length === 0 ? 0 : 1;
  }
  process.stderr.write("usage: check-agent-sdk.ts snapshot <sdk> | diff <newer> [--against <snapshot.json>] | compat [<sdk>]\n");
  return 2;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
