// TypeScript twin of kit-format-after-edit.mjs (type-checked by test/kit-examples.test.ts).
// PostToolUse (Edit, Write): run the formatter on the file Claude just changed
// ($KIT_FORMATTER, default `npx --no-install prettier --write`). If it fails, Claude is told why.
import { spawnSync } from "node:child_process";
import { defineHook, runHook } from "claude-hook-protocol/hooks";

const formatter = process.env.KIT_FORMATTER ?? "npx --no-install prettier --write";

await runHook(defineHook({
  event: "PostToolUse",
  tools: ["Edit", "Write"],
  timeoutMs: 30000,
  run: (input, answer) => {
    const file = input.tool_input.file_path;
    // a name that starts with "-" would be read as an option of the formatter: ./-name is the same file
    const path = file.startsWith("-") ? `./${file}` : file;
    const run = spawnSync("sh", ["-c", `${formatter} "$1"`, "sh", path], { cwd: input.cwd, encoding: "utf8", timeout: 25000 });
    if (run.status === 0) return undefined;
    const why = (run.stderr || run.stdout || `exit ${run.status}`).trim().split("\n").slice(-5).join("\n");
    return answer.block(`The formatter failed on ${file}:\n${why}`);
  },
}));
