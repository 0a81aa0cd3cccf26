/** PermissionDenied: retry:true from any hook allows one more try; additionalContext has no visible effect (new-permdenied-*). */
import { RETRY_REMINDER } from "../texts.js";
import { hsoOf, type Strategy } from "./accumulator.js";

export const mergePermissionDenied: Strategy<"permission-denied"> = (acc) => {
  if (acc.runs.some((r) => hsoOf(acc.json(r))?.["retry"] === true)) acc.modelMessages.push(RETRY_REMINDER);
};
