/**
 * `npm run build:site`: site/dist/index.html, one static file that works from
 * file:// with no server and no network. The page's script (site/src/page.ts)
 * is the package's own code (the registry's dialects, their merges, the
 * decision of `validate --agent`) bundled by esbuild; the cases to pick are
 * data beside it (site/src/cases.ts). The Content-Security-Policy allows
 * nothing but the page's own inline script and style, by hash.
 *
 *   npx tsx site/build.ts [OUT.html]
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { AGENTS } from "../src/agents.js";
import { DEFAULT_AGENT } from "../src/core/agents.js";
import { pageCases } from "./src/cases.js";

const HERE = fileURLToPath(new URL(".", import.meta.url));
export const SITE_OUT = join(HERE, "dist", "index.html");
const BUILTINS = join(HERE, "src", "builtins.ts");

/**
 * `node:<module>` as the page has it: every name Node's module exports, from
 * site/src/builtins.ts (the page's own where the merge calls it, else a
 * function that throws when called).
 */
const nodeBuiltins: Plugin = {
  name: "node-builtins",
  setup(builder) {
    builder.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path.slice("node:".length), namespace: "node-builtin" }));
    builder.onLoad({ filter: /.*/, namespace: "node-builtin" }, async (args) => {
      const real = (await import(`node:${args.path}`)) as Record<string, unknown>;
      const names = Object.keys(real).filter((name) => name !== "default" && /^[A-Za-z_$][\w$]*$/.test(name));
      const lines = [`import { pageBuiltin } from ${JSON.stringify(BUILTINS)};`, ...names.map((name) => `export const ${name} = pageBuiltin(${JSON.stringify(args.path)}, ${JSON.stringify(name)});`)];
      lines.push(`export default { ${names.join(", ")} };`);
      return { contents: lines.join("\n"), loader: "js", resolveDir: HERE };
    });
  },
};

/** What the dialects load only when asked (installers, linters, runners' parts) stays out of the page: an import() the CSP would refuse. */
const dynamicImportsStayOut: Plugin = {
  name: "dynamic-imports-stay-out",
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => (args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined));
  },
};

const STYLE = `
:root { color-scheme: light dark; --good: #1a7f37; --bad: #cf222e; --warn: #9a6700; font-family: system-ui, sans-serif; }
body { margin: 0 auto; max-width: 90rem; padding: 1rem 2rem; line-height: 1.4; }
textarea, input, select { font: 0.9rem ui-monospace, monospace; width: 100%; box-sizing: border-box; }
label { display: block; margin-top: 0.5rem; font-weight: 600; }
#verdicts { display: grid; grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr)); gap: 1rem; margin-top: 1rem; }
.verdict { border: 1px solid #8886; border-left: 0.4rem solid var(--good); border-radius: 0.3rem; padding: 0 0.8rem 0.5rem; }
.verdict.exit-1, .verdict.refused { border-left-color: var(--warn); }
.verdict.exit-3 { border-left-color: var(--bad); }
.good { color: var(--good); font-weight: 600; } .bad { color: var(--bad); font-weight: 600; }
.lets-through { background: #cf222e22; padding: 0.2rem 0.5rem; border-radius: 0.3rem; }
h4 { margin: 0.6rem 0 0.2rem; font-size: 0.85rem; }
pre { white-space: pre-wrap; word-break: break-word; background: #8882; padding: 0.3rem; margin: 0.2rem 0; font-size: 0.85rem; }
#capabilities > table { content-visibility: auto; contain-intrinsic-size: auto 40rem; }
table { border-collapse: collapse; font-size: 0.8rem; margin-bottom: 1.5rem; }
th, td { border: 1px solid #8886; padding: 0.15rem 0.35rem; text-align: left; vertical-align: top; }
.support-enforced { color: var(--good); } .support-ignored, .support-fails-open, .support-unsupported { color: var(--bad); } .support-degraded { color: var(--warn); }
.unverified { opacity: 0.7; font-style: italic; }
`;

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** `text` safe inside <script>: no `</script` closes it (in the bundle it can only be in a string, where `<\/` is the same text). */
function inert(text: string): string {
  return text.replace(/<\/(script)/gi, "<\\/$1");
}

export async function buildSite(out: string = SITE_OUT): Promise<{ readonly path: string; readonly bytes: number; readonly cases: number }> {
  const bundled = await build({
    entryPoints: [join(HERE, "src", "page.ts")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: process.env["SITE_DEBUG"] === undefined,
    legalComments: "none",
    logLevel: "warning",
    plugins: [nodeBuiltins, dynamicImportsStayOut],
    // a module that names the global Buffer gets the page's (site/src/builtins.ts)
    inject: [BUILTINS],
  });
  const script = inert(bundled.outputFiles[0]!.text);
  const cases = pageCases();
  // data, not script: a JSON <script> is never run, and < is escaped so no text closes it
  const data = JSON.stringify(cases).replace(/</g, "\\u003c");
  const reference = AGENTS.find((agent) => agent.name === DEFAULT_AGENT)!.dialect.displayName;
  const agents = AGENTS.map((agent) => `${agent.dialect.displayName} ${agent.dialect.version}`).join(", ");
  const csp = `default-src 'none'; script-src ${sha256(script)}; style-src ${sha256(STYLE)}; base-uri 'none'; form-action 'none'`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>What each agent does with a hook answer: claude-hook-protocol</title>
<style>${STYLE}</style>
</head>
<body>
<h1>What each agent does with a hook answer</h1>
<p>Paste or pick what a hook prints and the event it answers: each agent's verdict is <code>claude-hook-protocol validate --agent &lt;id&gt;</code>, computed here by the package's own readers and merges (${agents}), with no server and no network. Link a case with <code>#event=EVENT&amp;output=…</code>.</p>
<form id="case" autocomplete="off">
<label for="event">event (${reference}'s name)</label><select id="event"></select>
<label for="sample">pick a recorded or sample answer</label><select id="sample"></select>
<label for="output">the hook's stdout</label><textarea id="output" rows="6" spellcheck="false"></textarea>
<label for="exit">exit code</label><input id="exit" value="0" inputmode="numeric">
<label for="stderr">stderr</label><textarea id="stderr" rows="2" spellcheck="false"></textarea>
<label for="input">the event input (JSON, optional: <code>tool_name</code>, <code>tool_input</code>, …)</label><textarea id="input" rows="3" spellcheck="false"></textarea>
</form>
<h2>Per agent</h2>
<div id="verdicts"></div>
<h2>What each agent does with each answer</h2>
<p>Each claim's basis: the numbered links are the recorded vectors that show it (in <code>test/vectors/merge/</code> of the clone); <em>docs</em> and <em>binary</em> claims are unverified. The same data: <code>claude-hook-protocol capabilities --format json</code>.</p>
<div id="capabilities-here"></div>
<script type="application/json" id="cases">${data}</script>
<script>${script}</script>
</body>
</html>
`;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, html);
  return { path: out, bytes: Buffer.byteLength(html), cases: cases.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const built = await buildSite(process.argv[2] ?? SITE_OUT);
  console.error(`build:site: ${built.path} (${(built.bytes / 1024).toFixed(0)} KiB, ${built.cases} cases)`);
}
