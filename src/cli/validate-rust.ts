/**
 * `validate --dialect rust`: reads the output with the serde-exact reader of
 * the Rust family (src/serde/). Kept in its own module so the Claude Code
 * path never loads the serde machinery.
 */
import type { ValidationReport } from "./validate.js";

export type RustValidation = { readonly ok: true; readonly report: ValidationReport } | { readonly ok: false; readonly message: string };

export async function validateRust(_text: string, _event: string): Promise<RustValidation> {
  return { ok: false, message: "the Rust dialect reader (src/serde/) has no output entry point in this build yet" };
}
