/**
 * Which recorded vectors could back a claim of src/<agent>/capabilities.ts
 * that cites none yet (after recording new runs, or for a new agent): for
 * each unverified claim, the one-hook vectors of its event whose hook
 * answered as the kit writes that answer (scripts/lib/capability-vectors.ts)
 * and whose recorded effects settle it, with the support they show (a level
 * other than the claim's is a contradiction test/capabilities.test.ts
 * fails on), and whether the re-merge agrees, as that test requires. Then
 * the figure: claims shown by recordings / all, per agent. Prints
 * suggestions; writes nothing. `npx tsx scripts/suggest-capability-vectors.ts [AGENT]`
 */
import { readFileSync } from "node:fs";
import { allCapabilities } from "../src/agent-capabilities.js";
import { shownSupport } from "../src/core/capability-evidence.js";
import { merge } from "../src/merge.js";
import { claimedAs, evidenceOf } from "./lib/capability-vectors.js";

const only = process.argv[2];
for (const caps of allCapabilities().filter((c) => only === undefined || c.agent === only)) {
  let total = 0;
  let recorded = 0;
  for (const answers of Object.values(caps.events)) {
    for (const claim of Object.values(answers)) {
      total++;
      if (claim !== undefined && claim.basis === "recorded") recorded++;
    }
  }
  for (const shown of evidenceOf(caps)) {
    const claim = caps.events[shown.event]![shown.kind]!;
    if (claim.basis === "recorded") continue;
    const vector = JSON.parse(readFileSync(shown.path, "utf8")) as { request: { hooks: { stdout: string }[] } };
    const merged = merge(vector.request as never, caps.agent);
    const again = merged.ok ? shownSupport(shown.kind, vector.request.hooks[0]!.stdout, merged.value.effects) : null;
    const level = `${shown.shows.support}${shown.shows.as === undefined ? "" : ` as ${shown.shows.as}`}`;
    const contradicts = JSON.stringify(shown.shows) !== JSON.stringify(claimedAs(claim)) ? " (contradicts the claim)" : "";
    const agrees = JSON.stringify(again) === JSON.stringify(shown.shows) ? "" : "; the re-merge disagrees";
    process.stdout.write(`${caps.agent} ${shown.event} ${shown.kind}: ${claim.basis} ${claim.support}; ${shown.path} shows ${level}${contradicts}${agrees}${shown.claudeCodeForm ? " (said the Claude Code way)" : ""}\n`);
  }
  process.stdout.write(`${caps.agent}: ${recorded}/${total} claims shown by recordings\n`);
}
