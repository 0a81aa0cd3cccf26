/** `conformance serde|merge`: the line protocols any implementation can be tested by. */
import type { CliIo } from "./main.js";

export const HELP = `usage: claude-hook-protocol conformance <serde|merge> < requests.jsonl

Line protocols for testing another implementation against this one: one JSON
request per line on stdin, one JSON answer per line on stdout; a malformed
request gets an error line and the next request is read.

  serde   read/write values of the Rust family exactly as serde_json 1.0.149
  merge   {"event", "tool_name"?, "tool_input"?, "hooks": [{"command","exit","stdout","stderr","timed_out"?,"source"?}]}
          (hooks in completion order) -> the merged result with "effects"

Examples:
  echo '{"event":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"hooks":[{"command":"a","exit":2,"stdout":"","stderr":"no"}]}' \\
    | claude-hook-protocol conformance merge
`;

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  switch (args[0]) {
    case "serde":
      return (await import("../conformance/serde.js")).serveSerdeConformance(io.stdin, io.stdout);
    case "merge":
      return (await import("../conformance/merge.js")).serveMergeConformance(io.stdin, io.stdout);
    case "--help":
    case "-h":
      io.stdout.write(HELP);
      return 0;
    default:
      io.stderr.write(HELP);
      return 2;
  }
}
