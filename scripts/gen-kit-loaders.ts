/**
 * The registry (src/agents.ts) -> generated/kit/loaders.ts: for each agent, the
 * modules of its folder the hook author's kit loads on first use (`Agent.kit`:
 * its answer writer, and a rewrite check where it has one), as lazy `import()`s.
 * The kit (src/hooks/) reads this table and names no agent; the compiler checks
 * every export named here exists with the kit's type, so a wrong `Agent.kit`
 * fails the build rather than a hook at run time. `scripts/bundle-kit.mjs`
 * leaves these imports lazy.
 */
import { AGENTS } from "../src/agents.js";
import type { FolderExport } from "../src/agent.js";
import { jsLiteral, tsBanner, type GeneratedFile } from "./lib/generated-file.js";

/** The specifier of `src/<agent>/<module>` from generated/kit/. */
function specifier(agent: string, target: FolderExport): string {
  if (!/^\.\/[a-z0-9][a-z0-9./-]*\.js$/.test(target.module) || target.module.includes("..")) throw new Error(`gen-kit-loaders: src/${agent}/agent.ts names module ${JSON.stringify(target.module)}, not a module of its folder (./<name>.js)`);
  if (!/^[A-Za-z_$][\w$]*$/.test(target.export)) throw new Error(`gen-kit-loaders: src/${agent}/agent.ts names export ${JSON.stringify(target.export)}`);
  return `../../src/${agent}/${target.module.slice(2)}`;
}

function loader(agent: string, target: FolderExport): string {
  return `async () => (await import(${jsLiteral(specifier(agent, target))})).${target.export}`;
}

export function generateKitLoaders(): GeneratedFile[] {
  const writers = AGENTS.map((agent) => `  ${jsLiteral(agent.name)}: ${loader(agent.name, agent.kit.answerWriter)},`);
  const checks = AGENTS.flatMap((agent) => (agent.kit.toolInputCheck === undefined ? [] : [`  ${jsLiteral(agent.name)}: ${loader(agent.name, agent.kit.toolInputCheck)},`]));
  const ts = `${tsBanner("scripts/gen-kit-loaders.ts", "src/agents.ts (the registry): each agent's Agent.kit")}
import type { HookIntent, WriteResult } from "../../src/core/intent.js";
import type { JsonValue } from "../../src/json/value.js";

/** An agent's answer writer: the intent as the answer to \`event\` (the agent's own event name). */
export type KitAnswerWriter = (event: string, intent: HookIntent) => WriteResult;
/** An agent's check of a tool-input rewrite: the text the agent gives the model instead when it refuses it. */
export type KitToolInputCheck = (toolName: string, input: JsonValue) => { readonly ok: true } | { readonly ok: false; readonly toolResult: string };

/** Per agent, in registry order: its answer writer, imported on first use. */
export const KIT_ANSWER_WRITERS: Readonly<Record<string, () => Promise<KitAnswerWriter>>> = Object.freeze({
${writers.join("\n")}
});

/** Per agent that refuses a rewrite its tool's schema does not take: that check, imported on first use. */
export const KIT_TOOL_INPUT_CHECKS: Readonly<Record<string, () => Promise<KitToolInputCheck>>> = Object.freeze({
${checks.join("\n")}
});
`;
  return [{ path: "generated/kit/loaders.ts", content: ts }];
}
