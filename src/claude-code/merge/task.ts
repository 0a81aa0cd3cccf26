/**
 * TaskCreated (the TaskCreate tool) and TaskCompleted (TaskUpdate to
 * `completed`), recorded headless with the task tools on
 * (CLAUDE_CODE_ENABLE_TODO_TOOLS=1, fid-taskcreated-*, fid-taskcompleted-*).
 * A block, exit 2 or `decision:"block"`, whether or not stdout carries JSON,
 * replaces the tool's result with `<Event> hook feedback:\n<text>` (exit 2:
 * `[<cmd>]: <stderr>`), one per blocking hook joined by newlines: the created
 * task is rolled back, the completed one stays open. Nothing reaches the model
 * otherwise; `continue:false` and `systemMessage` show no effect on this path.
 */
import { taskFeedbackText } from "../texts.js";
import { blockReason, type Strategy } from "./accumulator.js";

export const mergeTask: Strategy<"task"> = (acc) => {
  const texts: string[] = [];
  for (const r of acc.runs) {
    const json = acc.json(r);
    const text = r.blocking_error ?? (json?.["decision"] === "block" ? blockReason(json) : null);
    if (text === null) continue;
    acc.reasons.push(text);
    texts.push(taskFeedbackText(acc.event, text));
  }
  acc.blocked = texts.length > 0;
  if (acc.blocked) acc.toolResult = texts.join("\n");
};
