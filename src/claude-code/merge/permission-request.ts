/** PermissionRequest: the first hook to complete with a decision wins; a later deny does not override (perm-04, perm-05). */
import { isJsonObject } from "../jsc-json.js";
import { PERMISSION_DENIED_BY_HOOK } from "../texts.js";
import { hsoOf, nonEmpty, type Strategy } from "./accumulator.js";

export const mergePermissionRequest: Strategy<"permission-request"> = (acc) => {
  for (const r of acc.runs) {
    const decision = hsoOf(acc.json(r))?.["decision"];
    if (!isJsonObject(decision)) continue;
    if (decision["behavior"] === "allow") {
      acc.decision = "allow";
      const update = decision["updatedInput"];
      acc.updatedInput = isJsonObject(update) ? update : null;
      acc.toolInput = acc.updatedInput ?? acc.context.toolInput;
    } else if (decision["behavior"] === "deny") {
      acc.decision = "deny";
      acc.blocked = true;
      acc.toolInput = null;
      const message = nonEmpty(decision["message"]) ?? PERMISSION_DENIED_BY_HOOK;
      acc.reasons.push(message);
      acc.notices.push(message);
      // interrupt:true aborts the turn: the model gets no tool result (new-perm-deny-interrupt)
      if (decision["interrupt"] === true) acc.stopped = true;
      else acc.toolResult = message;
    }
    return;
  }
};
