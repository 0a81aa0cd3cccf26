#!/usr/bin/env node
// SessionStart: tell Claude the branch and the uncommitted changes (`git status --short --branch`).
// Outside a git repository it says nothing.
import { execFileSync } from "node:child_process";
import { defineHook, runHook } from "claude-hook-protocol/hooks";

await runHook(defineHook({
  event: "SessionStart",
  timeoutMs: 5000,
  run: (input, answer) => {
    let status;
    try {
      status = execFileSync("git", ["status", "--short", "--branch"], { cwd: input.cwd, encoding: "utf8", timeout: 4000, stdio: ["ignore", "pipe", "ignore"] });
    } catch {
      return undefined; // not a repository, or no git
    }
    return answer.addContext(`git status at session start:\n${status.trim()}`);
  },
}));
