/**
 * test/observer/claude-code-tools/tools.json (the `tools` of a recorded Claude Code
 * 2.1.332 request) -> schemas/claude-code/tools/<tool>.schema.json, one draft-07
 * schema per built-in tool, titled `<Tool>ToolInput`.
 *
 * The conversion: `$schema` draft 2020-12 -> draft-07 (the keywords the tools use mean
 * the same in both), `$id`/`title`/`description` added, and the keywords our
 * validators cannot carry without a runtime helper (schemas/README.md) left out:
 * each one dropped is named in the schema's description. A property Claude Code
 * declares without a description gets one saying so. Nothing else changes.
 *
 * Run: npx tsx test/observer/claude-code-tools/write-schemas.ts [--check]
 */
import { readFileSync, writeFileSync, readdirSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const root = fileURLToPath(new URL("../../..", import.meta.url));
const outDir = join(root, "schemas/claude-code/tools");
const recording = JSON.parse(readFileSync(join(root, "test/observer/claude-code-tools/tools.json"), "utf8")) as { tools: { name: string; input_schema: JsonObject; defer_loading?: boolean }[] };

const STRIPPED = new Set(["minLength", "maxLength", "format", "uniqueItems"]);
const kebab = (name: string): string => name.replace(/(?<!^)(?=[A-Z])/g, "-").toLowerCase();
const isObject = (value: Json | undefined): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** A copy of `schema` without the stripped keywords; `dropped` collects `<path> <keyword> <value>`. */
function convert(schema: Json, at: string, dropped: string[], inProperties = false): Json {
  if (Array.isArray(schema)) return schema.map((item, index) => convert(item, `${at}/${index}`, dropped));
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (inProperties) {
      out[key] = convert(value, `${at}/${key}`, dropped);
      continue;
    }
    if (STRIPPED.has(key)) {
      dropped.push(`\`${at || "/"}\` ${key} ${JSON.stringify(value)}`);
      continue;
    }
    if (key === "enum" || key === "const" || key === "default") out[key] = value;
    else out[key] = convert(value, key === "properties" ? at : `${at}/${key}`, dropped, key === "properties");
  }
  if (isObject(out["properties"])) {
    for (const [key, property] of Object.entries(out["properties"])) {
      if (isObject(property) && typeof property["description"] !== "string") {
        out["properties"][key] = { description: "(Claude Code declares no description for this property.)", ...property };
      }
    }
  }
  return out;
}

const files = new Map<string, string>();
for (const tool of recording.tools) {
  if (tool.defer_loading) continue; // the DeferredToolPlaceholder, not a tool
  const name = kebab(tool.name);
  const dropped: string[] = [];
  const { $schema: _draft, ...body } = tool.input_schema;
  const converted = convert(body, "", dropped) as JsonObject;
  const description = `The input of Claude Code 2.1.332's built-in \`${tool.name}\` tool, as it declares it to the model (the \`input_schema\` of the request's \`tools\`, recorded in test/observer/claude-code-tools/).` +
    (dropped.length ? ` Left out here (schemas/README.md; not checked): ${dropped.join("; ")}.` : "");
  const schema = {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: `https://claude-hook-protocol.dev/schemas/claude-code/tools/${name}.schema.json`,
    title: `${tool.name}ToolInput`,
    description,
    ...converted,
  };
  files.set(`${name}.schema.json`, `${JSON.stringify(schema, null, 2)}\n`);
}

const check = process.argv.includes("--check");
let drift = 0;
for (const [file, content] of files) {
  const path = join(outDir, file);
  const old = existsSync(path) ? readFileSync(path, "utf8") : null;
  if (old === content) continue;
  drift++;
  if (check) console.error(`write-schemas --check: schemas/claude-code/tools/${file} is out of date`);
  else writeFileSync(path, content);
}
for (const file of readdirSync(outDir)) {
  if (!files.has(file)) { drift++; console.error(`write-schemas: schemas/claude-code/tools/${file} is not in the recording`); }
}
console.error(`write-schemas: ${files.size} tools${check ? (drift ? `, ${drift} out of date` : ", up to date") : ""}`);
process.exit(check && drift ? 1 : 0);
