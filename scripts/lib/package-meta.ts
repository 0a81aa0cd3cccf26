/**
 * What every language's package states about itself, read once from the
 * npm package: the version (one version everywhere; test/packaging.test.ts
 * checks the packages agree), the licence name and text (each package ships
 * the LICENSE file), the description.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { GenerateContext } from "./generated-file.js";

/**
 * A file of the checkout being generated (`rel` from its root), else of the
 * checkout these scripts are in: `gen --check --root <copy>` runs on a copy
 * holding only schemas/ and generated/.
 */
export function checkoutFile(context: GenerateContext, rel: string): string {
  const own = join(dirname(context.schemaDir), rel);
  return readFileSync(existsSync(own) ? own : join(fileURLToPath(new URL("../..", import.meta.url)), rel), "utf8");
}

export interface PackageMeta {
  readonly version: string;
  readonly license: string;
  readonly licenseText: string;
}

export function packageMeta(context: GenerateContext): PackageMeta {
  const pkg = JSON.parse(checkoutFile(context, "package.json")) as { version: string; license: string };
  return { version: pkg.version, license: pkg.license, licenseText: checkoutFile(context, "LICENSE") };
}
