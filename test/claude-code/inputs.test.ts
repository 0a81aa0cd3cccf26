/**
 * Event inputs are open: fields keep arriving in new Claude Code versions, so
 * a hook's input validator accepts unknown keys at every level, the
 * PermissionRequest's `permission_suggestions` entries included.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { validatePermissionRequestHookInput } from "../../generated/validators/claude-code.js";

/** The input Claude Code 2.1.332 really sent (new-perm-3-deny-allow-deny, hook 0). */
function recordedInput(): Record<string, any> {
  const o = JSON.parse(readFileSync("test/observer/claude-code/observed/new-perm-3-deny-allow-deny.json", "utf8"));
  const input = o.hooks[0].stdin_first;
  assert.equal(input.hook_event_name, "PermissionRequest");
  assert.ok(Array.isArray(input.permission_suggestions) && input.permission_suggestions.length > 0);
  return input;
}

test("permission_suggestions entries accept unknown keys, as every input does", () => {
  const input = recordedInput();
  const recorded: boolean = validatePermissionRequestHookInput(input);
  assert.ok(recorded, JSON.stringify(validatePermissionRequestHookInput.errors));
  input.permission_suggestions[0].futureField = { any: "thing" };
  input.permission_suggestions.push({ type: "addRules", rules: [{ toolName: "Bash", ruleContent: "ls", scope: "new" }], behavior: "allow", destination: "session", extra: 1 });
  const extended: boolean = validatePermissionRequestHookInput(input);
  assert.ok(extended, JSON.stringify(validatePermissionRequestHookInput.errors));
});

test("a suggestion still needs a known type and well-typed fields", () => {
  for (const bad of [{ directories: ["/w"] }, { type: "addMagic" }, { type: "addDirectories", directories: "/w" }, "addDirectories"]) {
    const input = recordedInput();
    input.permission_suggestions = [bad];
    assert.equal(validatePermissionRequestHookInput(input), false, JSON.stringify(bad));
  }
});
