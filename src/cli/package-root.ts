/** The package's root directory (holding schemas/ and examples/), from src/ or from dist/src/. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let found: string | undefined;

/** Found once per process: `run` asks for it for each bundled example path. */
export function packageRoot(): string {
  return (found ??= findPackageRoot());
}

function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if (JSON.parse(readFileSync(manifest, "utf8")).name === "claude-hook-protocol") return dir;
      } catch {
        // not ours; keep looking up
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}
