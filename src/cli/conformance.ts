/** `conformance serde|merge`: the line protocols any implementation can be tested by. */
import type { CliIo } from "./main.js";

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  switch (args[0]) {
    case "serde":
      return (await import("../conformance/serde.js")).serveSerdeConformance(io.stdin, io.stdout);
    case "merge":
      return (await import("../conformance/merge.js")).serveMergeConformance(io.stdin, io.stdout);
    default:
      io.stderr.write("usage: claude-hook-protocol conformance <serde|merge> < requests.jsonl\n");
      return 2;
  }
}
