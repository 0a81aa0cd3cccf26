/**
 * The merge's order rules as properties over every completion order
 * (docs/merge-rules.md states them, from recorded Claude Code runs):
 *
 * - PreToolUse: the decision does not depend on the order (deny > defer >
 *   ask > allow); a deny anywhere denies, and then no input is rewritten;
 *   the last rewrite to finish wins; the first ask to finish gives the
 *   reason; the last blocker to finish gives the deny text.
 * - PermissionRequest: the first hook to finish with a decision decides.
 *
 * Hooks go through `mergeRequest` (the `conformance merge` path: classifier, then merge).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { mergeRequest } from "../src/claude-code/merge-request.js";
import type { MergeRequestHook } from "../src/core/merge-request.js";

const RUNS = 400;
const TOOL_INPUT = { command: "ls -la" };
const HOOK_NAME = "PreToolUse:Bash";

type PreKind = "allow" | "allow-rewrite" | "deny" | "ask" | "defer" | "none" | "rewrite-only" | "exit2" | "error" | "text" | "context";

interface PreHook {
  readonly kind: PreKind;
  readonly id: number;
}

function hso(fields: Record<string, unknown>): string {
  return JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", ...fields } });
}

function rewriteOf(h: PreHook): { command: string } | null {
  return h.kind === "allow-rewrite" || h.kind === "rewrite-only" ? { command: `rewritten by h${h.id}` } : null;
}

/** The hook's process result as the conformance protocol gives it. */
function preHook(h: PreHook): MergeRequestHook {
  const command = `h${h.id}`;
  const ok = (stdout: string): MergeRequestHook => ({ command, exit: 0, stdout, stderr: "" });
  switch (h.kind) {
    case "allow": return ok(hso({ permissionDecision: "allow", permissionDecisionReason: `h${h.id} allows` }));
    case "allow-rewrite": return ok(hso({ permissionDecision: "allow", updatedInput: rewriteOf(h) }));
    case "deny": return ok(hso({ permissionDecision: "deny", permissionDecisionReason: `h${h.id} denies` }));
    case "ask": return ok(hso({ permissionDecision: "ask", permissionDecisionReason: `h${h.id} asks` }));
    case "defer": return ok(hso({ permissionDecision: "defer" }));
    case "none": return ok("{}");
    case "rewrite-only": return ok(hso({ updatedInput: rewriteOf(h) }));
    case "exit2": return { command, exit: 2, stdout: "", stderr: `h${h.id} exit 2` };
    case "error": return { command, exit: 1, stdout: "", stderr: `h${h.id} failed` };
    case "text": return ok(`h${h.id} says hello`);
    case "context": return ok(hso({ additionalContext: `context of h${h.id}` }));
  }
}

const DECISION_OF: Partial<Record<PreKind, "allow" | "deny" | "ask" | "defer">> = {
  allow: "allow", "allow-rewrite": "allow", deny: "deny", exit2: "deny", ask: "ask", defer: "defer",
};
const RANK = { allow: 1, ask: 2, defer: 3, deny: 4 } as const;

/** deny > defer > ask > allow over the hooks, whatever their order. */
function strongest(hooks: readonly PreHook[]): "allow" | "deny" | "ask" | "defer" | null {
  let best: "allow" | "deny" | "ask" | "defer" | null = null;
  for (const h of hooks) {
    const d = DECISION_OF[h.kind];
    if (d !== undefined && (best === null || RANK[d] > RANK[best])) best = d;
  }
  return best;
}

const preKind = fc.constantFrom<PreKind>("allow", "allow-rewrite", "deny", "ask", "defer", "none", "rewrite-only", "exit2", "error", "text", "context");

/** 1 to 7 hooks (ids = configuration order) and two completion orders of them. */
function hooksAndOrders(kind: fc.Arbitrary<PreKind>) {
  return fc
    .array(kind, { minLength: 1, maxLength: 7 })
    .map((kinds) => kinds.map((k, id): PreHook => ({ kind: k, id })))
    .chain((hooks) => fc.tuple(fc.constant(hooks), fc.shuffledSubarray(hooks, { minLength: hooks.length }), fc.shuffledSubarray(hooks, { minLength: hooks.length })));
}

function mergePre(order: readonly PreHook[]) {
  return mergeRequest({ event: "PreToolUse", tool_name: "Bash", tool_input: { ...TOOL_INPUT }, hooks: order.map(preHook) });
}

test("PreToolUse: the decision is the strongest one, in every completion order", () => {
  fc.assert(
    fc.property(hooksAndOrders(preKind), ([hooks, orderA, orderB]) => {
      const a = mergePre(orderA);
      const b = mergePre(orderB);
      assert.equal(a.effects.decision, strongest(hooks));
      assert.equal(b.effects.decision, a.effects.decision);
      assert.equal(b.effects.blocked, a.effects.blocked);
      assert.equal(b.decision, a.decision);
    }),
    { numRuns: RUNS },
  );
});

test("PreToolUse: a deny anywhere denies, and no updated input stands beside it", () => {
  fc.assert(
    fc.property(hooksAndOrders(preKind), fc.constantFrom<PreKind>("deny", "exit2"), fc.nat(), ([hooks, order], denier, at) => {
      const withDeny = [...order];
      withDeny.splice(at % (withDeny.length + 1), 0, { kind: denier, id: hooks.length });
      const merged = mergePre(withDeny);
      assert.equal(merged.effects.decision, "deny");
      assert.equal(merged.decision, "deny");
      assert.equal(merged.effects.blocked, true);
      assert.equal(merged.blocked, true);
      assert.equal(merged.updated_input, null);
      assert.equal(merged.effects.tool_input, null);
    }),
    { numRuns: RUNS },
  );
});

test("PreToolUse: the last blocker to finish gives the text the model gets", () => {
  fc.assert(
    fc.property(hooksAndOrders(preKind), ([, order]) => {
      const blockers = order.filter((h) => h.kind === "deny" || h.kind === "exit2");
      fc.pre(blockers.length > 0);
      const last = blockers[blockers.length - 1]!;
      const text = last.kind === "deny" ? `h${last.id} denies` : `[h${last.id}]: h${last.id} exit 2`;
      assert.equal(mergePre(order).effects.tool_result, `${HOOK_NAME} hook error: ${text}`);
    }),
    { numRuns: RUNS },
  );
});

test("PreToolUse: among allows, the last rewrite to finish is the input the tool runs with", () => {
  const allowish = fc.constantFrom<PreKind>("allow", "allow-rewrite", "none", "rewrite-only", "error", "text", "context");
  fc.assert(
    fc.property(hooksAndOrders(allowish), ([, order]) => {
      const rewrites = order.map(rewriteOf).filter((r) => r !== null);
      const expected = rewrites.length > 0 ? rewrites[rewrites.length - 1]! : TOOL_INPUT;
      const merged = mergePre(order);
      assert.deepEqual({ ...merged.effects.tool_input }, expected);
      assert.deepEqual(merged.updated_input === null ? null : { ...merged.updated_input }, rewrites.length > 0 ? expected : null);
    }),
    { numRuns: RUNS },
  );
});

test("PreToolUse: when ask is strongest, the first ask to finish gives the reason", () => {
  const noBlock = fc.constantFrom<PreKind>("allow", "allow-rewrite", "ask", "none", "rewrite-only", "error", "text", "context");
  fc.assert(
    fc.property(hooksAndOrders(noBlock), ([, order]) => {
      const asks = order.filter((h) => h.kind === "ask");
      fc.pre(asks.length > 0);
      const merged = mergePre(order);
      assert.equal(merged.effects.decision, "ask");
      assert.equal(merged.effects.tool_result, `h${asks[0]!.id} asks`);
    }),
    { numRuns: RUNS },
  );
});

// ---- PermissionRequest

type PermKind = "allow" | "allow-rewrite" | "deny" | "none" | "exit2" | "error" | "text";

function permHook(kind: PermKind, id: number): MergeRequestHook {
  const command = `p${id}`;
  const decision = (d: Record<string, unknown>): MergeRequestHook => ({
    command, exit: 0, stderr: "",
    stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: d } }),
  });
  switch (kind) {
    case "allow": return decision({ behavior: "allow" });
    case "allow-rewrite": return decision({ behavior: "allow", updatedInput: { command: `rewritten by p${id}` } });
    case "deny": return decision({ behavior: "deny", message: `p${id} says no` });
    case "none": return { command, exit: 0, stdout: "{}", stderr: "" };
    // exit 2 is not honoured on PermissionRequest
    case "exit2": return { command, exit: 2, stdout: "", stderr: `p${id} exit 2` };
    case "error": return { command, exit: 1, stdout: "", stderr: `p${id} failed` };
    case "text": return { command, exit: 0, stdout: "plain text", stderr: "" };
  }
}

test("PermissionRequest: the first hook to finish with a decision decides, in every order", () => {
  const kind = fc.constantFrom<PermKind>("allow", "allow-rewrite", "deny", "none", "exit2", "error", "text");
  fc.assert(
    fc.property(
      fc.array(kind, { minLength: 1, maxLength: 7 }).chain((kinds) => fc.shuffledSubarray(kinds.map((k, id) => ({ k, id })), { minLength: kinds.length })),
      (order) => {
        const merged = mergeRequest({ event: "PermissionRequest", tool_name: "Bash", tool_input: { ...TOOL_INPUT }, hooks: order.map(({ k, id }) => permHook(k, id)) });
        const first = order.find(({ k }) => k === "allow" || k === "allow-rewrite" || k === "deny");
        if (first === undefined) {
          assert.equal(merged.effects.decision, null);
          return;
        }
        if (first.k === "deny") {
          assert.equal(merged.effects.decision, "deny");
          assert.equal(merged.effects.tool_result, `p${first.id} says no`);
          assert.equal(merged.effects.tool_input, null);
        } else {
          assert.equal(merged.effects.decision, "allow");
          const expected = first.k === "allow-rewrite" ? { command: `rewritten by p${first.id}` } : TOOL_INPUT;
          assert.deepEqual({ ...merged.effects.tool_input }, expected);
        }
      },
    ),
    { numRuns: RUNS },
  );
});
