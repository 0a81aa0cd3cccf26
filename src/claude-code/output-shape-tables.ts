/**
 * The types of the output-shape field tables: `scripts/gen-output-shape.ts`
 * derives the tables from schemas/claude-code/ into
 * `generated/claude-code-output-shape.ts`, and `output-shape.ts` compiles
 * them into its check. Declared here once, for all three.
 */

/** A field's type as the output check tests it; `union` names an entry of `CLAUDE_CODE_OUTPUT_UNIONS`. */
export type ClaudeCodeOutputFieldType =
  | { readonly kind: "boolean" | "string" | "number" | "record" | "array" | "string-array" | "unknown" }
  | { readonly kind: "enum"; readonly values: readonly string[] }
  | { readonly kind: "union"; readonly union: string };

export interface ClaudeCodeOutputField {
  readonly name: string;
  readonly type: ClaudeCodeOutputFieldType;
  readonly required: boolean;
}

export interface ClaudeCodeOutputUnion {
  readonly tag: string;
  /** In `oneOf` order; fields without the tag. */
  readonly variants: readonly { readonly tag: string; readonly fields: readonly ClaudeCodeOutputField[] }[];
}

export interface ClaudeCodeOutputShapeTables {
  /** The root object's fields (ClaudeCodeHookOutput), in the schema's property order. */
  readonly fields: readonly ClaudeCodeOutputField[];
  /** Every discriminated union a field refers to, by schema title. */
  readonly unions: { readonly [title: string]: ClaudeCodeOutputUnion };
}
