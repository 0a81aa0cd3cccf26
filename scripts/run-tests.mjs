#!/usr/bin/env node
// Runs every test/**/*.test.ts under node's test runner with tsx.
// Node 20's --test neither expands globs nor finds .ts files by itself, and with
// no file arguments it runs zero tests and exits 0; so collect them here and
// refuse to run none.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const only = process.argv.slice(2);

function collect(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...collect(path));
    else if (name.endsWith(".test.ts")) out.push(relative(root, path));
  }
  return out;
}

let files = collect(join(root, "test"));
if (only.length > 0) files = files.filter((f) => only.some((o) => f.includes(o)));
if (files.length === 0) {
  console.error("run-tests: no test files found under test/ (refusing to run zero tests)");
  process.exit(1);
}
const result = spawnSync(process.execPath, ["--import", "tsx", "--test", ...files], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
