/** `conformance serde|merge|types`: the line protocols any implementation can be tested by. */
import { AGENT_NAMES, isAgentName } from "../core/agents.js";
import { commandArgs, single, shown } from "./args.js";
import type { CliIo } from "./io.js";

export const HELP = `usage: claude-hook-protocol conformance serde < requests.jsonl
       claude-hook-protocol conformance merge [--agent ${AGENT_NAMES.join("|")}] < requests.jsonl
       claude-hook-protocol conformance types --language typescript|rust|python|go < requests.jsonl

Line protocols for testing another implementation against this one: one JSON
request per line on stdin, one JSON answer per line on stdout; a malformed
request gets an error line and the next request is read.

  serde   read/write values of the Rust family exactly as serde_json 1.0.149
  merge   {"event", "tool_name"?, "tool_input"?, "hooks": [{"command","exit","stdout","stderr","timed_out"?,"source"?}]}
          (hooks in completion order; "config_index", "timeout", "async" per hook where
          the agent needs them) -> the merged result with "effects", as --agent
          (default claude-code) merges them
  types   {"type": T, "json": "<JSON text>"} with T a schema title -> {"ok":true,"value":...}
          (read into that language's generated types and written back) or
          {"ok":false,"error":"..."}; rust/python/go run the bindings of a
          repository checkout, building them first if needed

Examples:
  echo '{"event":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"hooks":[{"command":"a","exit":2,"stdout":"","stderr":"no"}]}' \\
    | claude-hook-protocol conformance merge
`;

const SERVE_SPEC = { help: { value: false } } as const;
const MERGE_SPEC = { agent: { value: true }, help: { value: false } } as const;
const TYPES_SPEC = { language: { value: true }, help: { value: false } } as const;
const NO_POSITIONALS = { count: 0, message: "takes no arguments (requests come on stdin)" };

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  switch (args[0]) {
    case "serde": {
      const parsed = commandArgs("conformance serde", args.slice(1), SERVE_SPEC, HELP, io, NO_POSITIONALS);
      if (typeof parsed === "number") return parsed;
      return (await import("../conformance/serde.js")).serveSerdeConformance(io.stdin, io.stdout);
    }
    case "merge": {
      const parsed = commandArgs("conformance merge", args.slice(1), MERGE_SPEC, HELP, io, NO_POSITIONALS);
      if (typeof parsed === "number") return parsed;
      const agent = single(parsed, "agent") ?? "claude-code";
      const { dialectOf } = await import("../dialects.js");
      const dialect = isAgentName(agent) ? dialectOf(agent) : undefined;
      if (dialect === undefined) {
        io.stderr.write(`conformance merge: no dialect for agent ${shown(agent)} (one of ${AGENT_NAMES.join(", ")})\n`);
        return 2;
      }
      return (await import("../conformance/merge.js")).serveMergeConformance(io.stdin, io.stdout, dialect);
    }
    case "types": {
      const parsed = commandArgs("conformance types", args.slice(1), TYPES_SPEC, HELP, io, NO_POSITIONALS);
      if (typeof parsed === "number") return parsed;
      const language = single(parsed, "language") ?? "typescript";
      const { isTypeLanguage, serveTypesConformance, TYPE_LANGUAGES } = await import("../conformance/types.js");
      if (!isTypeLanguage(language)) {
        io.stderr.write(`conformance types: no language ${shown(language)} (one of ${TYPE_LANGUAGES.join(", ")})\n`);
        return 2;
      }
      const { packageRoot } = await import("./package-root.js");
      return serveTypesConformance(io.stdin, io.stdout, io.stderr, language, packageRoot());
    }
    case "--help":
    case "-h":
      io.stdout.write(HELP);
      return 0;
    default:
      io.stderr.write(args[0] === undefined ? HELP : `conformance: unknown protocol ${shown(args[0])} (serde, merge or types)\n\n${HELP}`);
      return 2;
  }
}
