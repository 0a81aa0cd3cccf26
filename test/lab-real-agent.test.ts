/**
 * The lab against the real Claude Code, when the lab's cache holds it
 * (~/.cache/claude-hook-protocol-lab/claude-code@2.1.332, put there by `npm run record`):
 * two committed scenarios recorded again offline must give the committed outcomes. Skipped
 * when the agent is not installed: nothing in the suite installs it.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { claudeCode } from "../lab/agents/claude-code.js";
import { cacheRoot } from "../lab/core/install.js";
import { REPO_DIR } from "../lab/core/scenario.js";

const bin = join(cacheRoot(), `${claudeCode.name}@${claudeCode.recordedVersion}`, claudeCode.bin);

test("npm run record -- --agent claude-code --check on two committed scenarios: recorded again the same", { skip: existsSync(bin) ? false : `Claude Code ${claudeCode.recordedVersion} is not in the lab's cache (${bin})` }, () => {
  const r = spawnSync(process.execPath, [join(REPO_DIR, "node_modules/tsx/dist/cli.mjs"), join(REPO_DIR, "lab/record.ts"), "--agent", "claude-code", "--check", "--scenarios", "{fid-pre-reason-code-deny,pre-02-deny-then-allow}"], { encoding: "utf8", timeout: 240_000 });
  assert.equal(r.stdout.trim().split("\n").at(-1), "recorded again: 2/2 same", r.stdout + r.stderr);
  assert.equal(r.status, 0);
});
