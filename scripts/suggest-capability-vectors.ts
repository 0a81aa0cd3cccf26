/**
 * Which recorded vectors could back a claim of src/<agent>/capabilities.ts
 * that cites none yet (after recording new runs, or for a new agent): for
 * each `documented` claim, the one-hook vectors of its event whose hook
 * answered as the kit writes that answer (the dialect's `writeIntent`; free
 * texts and rewritten inputs compared by shape, a reason beside a non-deny
 * answer ignored), with the support their recorded effects show (and
 * whether the re-merge agrees, as test/capabilities.test.ts requires). Prints
 * suggestions; writes nothing. `npx tsx scripts/suggest-capability-vectors.ts [AGENT]`
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { allCapabilities } from "../src/agent-capabilities.js";
import type { AnswerKind } from "../src/core/capabilities.js";
import { shownSupport } from "../src/core/capability-evidence.js";
import type { HookIntent } from "../src/core/intent.js";
import { dialectOf } from "../src/dialects.js";
import { merge } from "../src/merge.js";

const INTENTS: Record<AnswerKind, HookIntent> = {
  deny: { decision: "deny", reason: "R" },
  ask: { decision: "ask", reason: "R" },
  allow: { decision: "allow" },
  rewrite: { decision: "allow", updatedInput: { command: "x" } },
  context: { context: "C" },
  block: { block: true, reason: "R" },
  stop: { stop: { reason: "R" } },
  message: { userMessage: "M" },
};
const TEXTS = new Set(["reason", "permissionDecisionReason", "additionalContext", "systemMessage", "stopReason", "message"]);
const INPUTS = new Set(["updatedInput", "tool_input", "modifiedArgs"]);
const OPTIONAL_REASONS = new Set(["reason", "permissionDecisionReason"]);

/** The answer's shape: texts and rewritten inputs as placeholders; a reason dropped where the answer does not need one. */
function shape(value: unknown, kind: AnswerKind, key = ""): unknown {
  if (TEXTS.has(key) && typeof value === "string") return value.trim() === "" ? value : "*";
  if (INPUTS.has(key)) return "{*}";
  if (Array.isArray(value)) return value.map((item) => shape(item, kind));
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value).filter((k) => !(OPTIONAL_REASONS.has(k) && kind !== "deny" && kind !== "ask" && kind !== "block")).sort();
  return Object.fromEntries(keys.map((k) => [k, shape((value as Record<string, unknown>)[k], kind, k)]));
}

function shapeOf(stdout: string, kind: AnswerKind): string | null {
  if (stdout === "") return "{}";
  try {
    return JSON.stringify(JSON.parse(stdout)) === stdout ? JSON.stringify(shape(JSON.parse(stdout), kind)) : null;
  } catch {
    return null;
  }
}

interface Vector {
  readonly path: string;
  readonly request: { readonly event: string; readonly hooks: readonly { readonly exit: number; readonly stdout: string; readonly async?: boolean }[] };
  readonly expected?: { readonly effects?: Record<string, unknown> };
}

const only = process.argv[2];
for (const caps of allCapabilities().filter((c) => only === undefined || c.agent === only)) {
  const root = `test/vectors/merge/${caps.agent}`;
  const vectors: Vector[] = readdirSync(root)
    .filter((dir) => !dir.includes("."))
    .flatMap((dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith(".json")).sort().map((f) => ({ path: `${root}/${dir}/${f}`, ...(JSON.parse(readFileSync(join(root, dir, f), "utf8")) as Omit<Vector, "path">) })));
  for (const [event, answers] of Object.entries(caps.events)) {
    for (const [kind, claim] of Object.entries(answers) as [AnswerKind, (typeof answers)[AnswerKind]][]) {
      if (claim === undefined || claim.vectors.length > 0) continue;
      const written = dialectOf(caps.agent)!.writeIntent?.(event, INTENTS[kind]);
      if (written === undefined || !written.ok) continue;
      const want = shapeOf(written.answer.stdout, kind);
      const shown = vectors
        .filter((v) => v.request.event === event && v.request.hooks.length === 1 && v.expected?.effects !== undefined)
        .filter((v) => v.request.hooks[0]!.exit === written.answer.exit && v.request.hooks[0]!.async !== true && shapeOf(v.request.hooks[0]!.stdout, kind) === want)
        .map((v) => {
          const recorded = shownSupport(kind, v.request.hooks[0]!.stdout, v.expected!.effects!);
          const merged = merge(v.request, caps.agent);
          const again = merged.ok ? shownSupport(kind, v.request.hooks[0]!.stdout, merged.value.effects) : null;
          // a recording may lack the effect the claim is about: then only the re-merge says it, and that is not evidence
          return { path: v.path, shows: recorded, agrees: JSON.stringify(again) === JSON.stringify(recorded) };
        });
      for (const s of shown) {
        const level = `${s.shows.support}${s.shows.as === undefined ? "" : ` as ${s.shows.as}`}`;
        process.stdout.write(`${caps.agent} ${event} ${kind}: documented ${claim.support}; ${s.path} shows ${level}${s.agrees ? "" : " as recorded, not re-merged (a partial recording?)"}\n`);
      }
    }
  }
}
