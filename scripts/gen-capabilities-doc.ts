/**
 * docs/capabilities.md from src/<agent>/capabilities.ts (the CLI's
 * `capabilities --format markdown`). `--check` writes nothing and exits 1
 * when the page is stale; test/capabilities.test.ts checks it too.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { allCapabilities } from "../src/agent-capabilities.js";
import { renderMarkdown } from "../src/cli/capabilities.js";

export const CAPABILITIES_DOC = "docs/capabilities.md";

export function capabilitiesDoc(): string {
  return renderMarkdown(allCapabilities());
}

if (process.argv[1]?.endsWith("gen-capabilities-doc.ts") === true) {
  const content = capabilitiesDoc();
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(CAPABILITIES_DOC, "utf8");
    } catch {
      // missing: stale
    }
    if (current !== content) {
      process.stderr.write(`${CAPABILITIES_DOC} is stale: run npx tsx scripts/gen-capabilities-doc.ts\n`);
      process.exit(1);
    }
  } else {
    writeFileSync(CAPABILITIES_DOC, content);
    process.stdout.write(`wrote ${CAPABILITIES_DOC}\n`);
  }
}
