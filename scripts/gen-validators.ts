/**
 * schemas/**\/*.schema.json -> generated/validators/<family>.ts: Ajv 8 standalone
 * validators, one `validate<Title>` per schema, precompiled (no schema is
 * compiled at run time) and free of runtime dependencies.
 *
 * Ajv runs strict (unknown keywords are errors; our annotation keywords
 * `tsType` and `x-rust` are registered), with `allErrors` and
 * `discriminator` (one precise error for a bad tag instead of one per
 * branch). No `useDefaults`: the shipped validators never mutate their input.
 *
 * Ajv's standalone ESM output still `require()`s runtime helpers for some
 * keywords (minLength -> ucs2length, formats, deep-equal consts; ajv#2209).
 * The schemas avoid those keywords, and generation fails if any `require(`
 * remains, so the module imports nothing.
 */
import { Ajv } from "ajv";
import standaloneNs from "ajv/dist/standalone/index.js";
import { cloneJson } from "./lib/schemas.js";
import { tsBanner, type GeneratedFile, type GenerateContext } from "./lib/generated-file.js";

// ajv is CommonJS: seen from ESM, its `exports.default` sits one level down.
type StandaloneCode = (ajv: Ajv, refs: Record<string, string>) => string;
const standaloneCode = (standaloneNs as unknown as { default: StandaloneCode }).default;

/** The Ajv instance the validators are compiled with. */
function createAjv(options: { readonly source: boolean }): Ajv {
  const ajv = new Ajv({
    strict: true,
    allErrors: true,
    discriminator: true,
    allowUnionTypes: true,
    inlineRefs: false,
    code: { source: options.source, esm: true, optimize: true, lines: true },
  });
  // Annotations: read by json-schema-to-typescript and the serde-model generator, no validation code.
  ajv.addKeyword({ keyword: "tsType", schemaType: "string" });
  ajv.addKeyword({ keyword: "x-rust", schemaType: "object" });
  return ajv;
}

/**
 * Directories that are a family of their own although they sit inside one:
 * what another part of the package loads alone (the runner checks settings
 * without loading Claude Code's 70 output and input validators).
 */
const OWN_FAMILIES: Readonly<Record<string, string>> = {
  "claude-code/settings/": "claude-code-settings",
  "claude-code/tools/": "claude-code-tools",
  "hook-test.schema.json": "hook-test",
};

/** The family a schema belongs to: its first directory under schemas/ (`claude-code`, `rust`, `codex`, ...), `records` for the top-level files. */
export function schemaFamily(path: string): string {
  for (const [dir, family] of Object.entries(OWN_FAMILIES)) if (path.startsWith(dir)) return family;
  const slash = path.indexOf("/");
  return slash === -1 ? "records" : path.slice(0, slash);
}

/**
 * The wrapper that makes Ajv's validators never throw, as source: exported by validator.ts, and
 * written into each family module too, so that importing one family loads one module.
 */
const NEVER_THROWS_SOURCE = `/**
 * Ajv's validator as one that never throws: a value it cannot read (a getter
 * or a Proxy trap that throws, a revoked Proxy) is invalid, with one error
 * (keyword \`readable\`) saying what the read threw.
 */
function neverThrows<T>(raw: { (data: unknown): boolean; errors?: ValidationError[] | null }): Validator<T> {
  const validate = ((data: unknown): boolean => {
    try {
      const valid = raw(data);
      validate.errors = raw.errors ?? null;
      return valid;
    } catch (e) {
      let text = "it throws";
      try {
        if (e instanceof Error) text = String(e.message);
      } catch {
        // a Proxy posing as an Error
      }
      validate.errors = [{ instancePath: "", schemaPath: "#", keyword: "readable", params: {}, message: \`the value cannot be read: \${text}\` }];
      return false;
    }
  }) as Validator<T>;
  validate.errors = null;
  return validate;
}
`;

const VALIDATOR_TYPES = `/** One validation failure, as Ajv reports it (\`instancePath\` is a JSON Pointer into the value). */
export interface ValidationError {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message?: string;
}

/** A precompiled validator: a type guard; after a \`false\` answer, \`errors\` lists every failure. Never throws. */
export interface Validator<T> {
  (data: unknown): data is T;
  errors?: ValidationError[] | null;
}

${NEVER_THROWS_SOURCE.replace("function neverThrows", "export function neverThrows")}`;

/**
 * One module per schema family (`generated/validators/<family>.ts`), so that
 * importing Codex's validators does not load Claude Code's; each module holds
 * the code of the schemas it references from other families. `index.ts`
 * re-exports them all.
 */
export function generateValidators(context: GenerateContext): GeneratedFile[] {
  const families = [...new Set(context.schemas.map((schema) => schemaFamily(schema.path)))].sort();
  const files: GeneratedFile[] = [
    { path: "generated/validators/validator.ts", content: `${tsBanner("scripts/gen-validators.ts", "schemas/")}${VALIDATOR_TYPES}` },
  ];
  for (const family of families) {
    const members = context.schemas.filter((schema) => schemaFamily(schema.path) === family);
    const ajv = createAjv({ source: true });
    for (const schema of context.schemas) ajv.addSchema(cloneJson(schema.schema) as object);
    const exportsByName: Record<string, string> = {};
    for (const schema of members) exportsByName[`validate${schema.title}_raw`] = schema.id;
    const code = standaloneCode(ajv, exportsByName);
    const requireAt = code.indexOf("require(");
    if (requireAt !== -1) {
      const snippet = code.slice(requireAt, code.indexOf(")", requireAt) + 1);
      throw new Error(`gen-validators: Ajv's output needs a runtime helper (${snippet}); remove the keyword that pulls it in (minLength/maxLength, format, object-valued const/enum, uniqueItems)`);
    }
    const body = code
      .replace(/^"use strict";\s*/, "")
      .replace(/export const (validate\w+_raw) =/g, "const $1 =")
      // Ajv gathers a referenced schema's errors with `vErrors.concat(...)`, which copies every
      // error so far on each call: quadratic in the errors of a hostile document (20,000 bad
      // handlers: seconds). Append in place instead (a copy first, so the callee's array stays its own).
      .replace(
        /vErrors = vErrors === null \? (validate\w+)\.errors : vErrors\.concat\(\1\.errors\);/g,
        "if (vErrors === null) vErrors = $1.errors.slice(); else for (const e of $1.errors) vErrors.push(e);",
      );
    if (body.includes(".concat(")) throw new Error("gen-validators: Ajv's output gathers errors in a form this generator does not rewrite (.concat)");
    const content = `${tsBanner("scripts/gen-validators.ts", "schemas/")}// @ts-nocheck -- Ajv standalone output; the typed exports are at the end.
import type {
${members.map((schema) => `  ${schema.title},`).join("\n")}
} from "../types.js";
import type { ValidationError, Validator } from "./validator.js";

${NEVER_THROWS_SOURCE}
${body.trim()}

${members
  .map((schema) => `/** Validates a {@link ${schema.title}} (schemas/${schema.path}). */\nexport const validate${schema.title}: Validator<${schema.title}> = neverThrows(validate${schema.title}_raw);`)
  .join("\n")}
${family === "claude-code-tools" ? defaultsExports(members) : ""}`;
    files.push({ path: `generated/validators/${family}.ts`, content });
  }
  files.push({
    path: "generated/validators/index.ts",
    content: `${tsBanner("scripts/gen-validators.ts", "schemas/")}// Every family's validators; import generated/validators/<family>.js to load one family only.
export type { Validator, ValidationError } from "./validator.js";
${families.map((family) => `export * from "./${family}.js";`).join("\n")}
`,
  });
  return files;
}

/**
 * The top-level `default`s of each tool input schema that has some, as a
 * constant beside its validator (`defaultsEditToolInput`): the validators never
 * insert them, and the merge parses a rewrite as Claude Code's zod does
 * (src/claude-code/tool-input-check.ts). Tool inputs only: no other reader needs them.
 */
function defaultsExports(members: readonly { title: string; path: string; schema: unknown }[]): string {
  const out: string[] = [];
  for (const member of members) {
    const properties = (member.schema as { properties?: Record<string, { default?: unknown }> }).properties ?? {};
    const defaults = Object.entries(properties).filter(([, property]) => property.default !== undefined);
    if (defaults.length === 0) continue;
    const body = defaults.map(([key, property]) => `${JSON.stringify(key)}: ${JSON.stringify(property.default)}`).join(", ");
    out.push(`/** The top-level defaults of {@link ${member.title}} (schemas/${member.path}). */\nexport const defaults${member.title}: Readonly<Record<string, unknown>> = Object.freeze({ ${body} });`);
  }
  return out.length === 0 ? "" : `${out.join("\n")}\n`;
}
