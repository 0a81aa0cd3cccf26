/**
 * What every language's package states about itself, read once from the
 * npm package: the version (one version everywhere; test/packaging.test.ts
 * checks the packages agree), the licence name and text (each package ships
 * the LICENSE file), the description.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { GenerateContext } from "./generated-file.js";

export interface PackageMeta {
  readonly version: string;
  readonly license: string;
  readonly licenseText: string;
}

export function packageMeta(context: GenerateContext): PackageMeta {
  const root = dirname(context.schemaDir);
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string; license: string };
  return { version: pkg.version, license: pkg.license, licenseText: readFileSync(join(root, "LICENSE"), "utf8") };
}
