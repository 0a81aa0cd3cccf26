/** `schema [TYPE]`: print one of the package's JSON Schemas, by title or file name; without TYPE, list them. */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { commandArgs, shown } from "./args.js";
import type { CliIo } from "./io.js";
import { packageRoot } from "./package-root.js";

export const HELP = `usage: claude-hook-protocol schema [TYPE]

Prints the draft-07 JSON Schema of TYPE: its title (the TypeScript name, e.g.
RunRecord, PreToolUseHookInput, RustHookOutput) or its file name without
.schema.json (run-record). Without TYPE, lists every schema.

Examples:
  claude-hook-protocol schema
  claude-hook-protocol schema RunRecord > run-record.schema.json
  claude-hook-protocol schema merged-result | jq .properties.effects
`;

interface SchemaFile {
  readonly path: string;
  readonly title: string;
  readonly name: string;
}

function listSchemas(root: string): SchemaFile[] {
  const out: SchemaFile[] = [];
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".json")) {
        let title = "";
        try {
          const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
          if (typeof parsed === "object" && parsed !== null && typeof (parsed as Record<string, unknown>)["title"] === "string") {
            title = (parsed as Record<string, string>)["title"]!;
          }
        } catch {
          continue;
        }
        out.push({ path, title, name: relative(join(root, "schemas"), path).replace(/\.schema\.json$|\.json$/, "") });
      }
    }
  };
  walk(join(root, "schemas"));
  return out;
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const args = commandArgs("schema", argv, { help: { value: false } }, HELP, io, { count: 1, message: "one TYPE at most" });
  if (typeof args === "number") return args;
  const root = packageRoot();
  const schemas = listSchemas(root);
  const wanted = args.positionals[0];
  if (wanted === undefined) {
    for (const s of schemas) io.stdout.write(`${(s.title || "(untitled)").padEnd(44)} ${s.name}\n`);
    return 0;
  }
  const found =
    schemas.find((s) => s.title === wanted) ??
    schemas.find((s) => s.name === wanted || s.name.split("/").at(-1) === wanted) ??
    schemas.find((s) => s.title.toLowerCase() === wanted.toLowerCase());
  if (found === undefined) {
    const near = schemas.filter((s) => s.title.toLowerCase().includes(wanted.toLowerCase()) || s.name.includes(wanted)).map((s) => s.title || s.name);
    io.stderr.write(`schema: no schema ${shown(wanted)}${near.length > 0 ? `; close: ${near.slice(0, 8).join(", ")}` : ""}; \`claude-hook-protocol schema\` lists them\n`);
    return 2;
  }
  io.stdout.write(readFileSync(found.path, "utf8").replace(/\n?$/, "\n"));
  return 0;
}
