#!/usr/bin/env node
// Extends a COPY of the claude-code-observer (its run-scenario.mjs) so the scripted
// Messages API also saves the `tools` array of the first main-loop request to the file
// named by $CC_OBSERVER_SAVE_TOOLS. Usage: node patch-observer.mjs /tmp/obs/run-scenario.mjs
// The observer is not part of this repository; this script is the whole extension.
import { readFileSync, writeFileSync } from "node:fs";

const file = process.argv[2];
if (!file) { console.error("usage: patch-observer.mjs <observer copy>/run-scenario.mjs"); process.exit(2); }
const source = readFileSync(file, "utf8");
const anchor = "const isMain = Array.isArray(j?.tools) && j.tools.length > 0;";
if (!source.includes(anchor)) { console.error(`patch-observer: anchor not found in ${file}`); process.exit(1); }
if (source.includes("CC_OBSERVER_SAVE_TOOLS")) { console.error("patch-observer: already patched"); process.exit(0); }
const save = `
        if (isMain && process.env.CC_OBSERVER_SAVE_TOOLS && !fs.existsSync(process.env.CC_OBSERVER_SAVE_TOOLS))
          fs.writeFileSync(process.env.CC_OBSERVER_SAVE_TOOLS, JSON.stringify({ model: j.model, tools: j.tools }, null, 2) + '\\n');`;
writeFileSync(file, source.replace(anchor, anchor + save));
console.error(`patch-observer: ${file} now saves the request's tools to $CC_OBSERVER_SAVE_TOOLS`);
