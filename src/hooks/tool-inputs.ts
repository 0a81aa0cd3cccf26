/**
 * The built-in tools' inputs by tool name, as Claude Code 2.1.332 declares them
 * (schemas/claude-code/tools/). Open to declaration merging, for MCP tools or
 * tools of a later version:
 *
 * ```ts
 * declare module "claude-hook-protocol/hooks" {
 *   interface ToolInputs { mcp__github__create_issue: { title: string; body?: string } }
 * }
 * ```
 *
 * A tool not in the map gets an open object (`ToolInputOf`).
 */
import type {
  AgentToolInput,
  BashToolInput,
  CronCreateToolInput,
  CronDeleteToolInput,
  CronListToolInput,
  EditToolInput,
  EnterWorktreeToolInput,
  ExitWorktreeToolInput,
  ListAgentsToolInput,
  MonitorToolInput,
  NotebookEditToolInput,
  ReadToolInput,
  ReportFindingsToolInput,
  ScheduleWakeupToolInput,
  SendMessageToolInput,
  SkillToolInput,
  TaskStopToolInput,
  WebFetchToolInput,
  WebSearchToolInput,
  WorkflowToolInput,
  WriteToolInput,
} from "../../generated/types.js";

export interface ToolInputs {
  Agent: AgentToolInput;
  Bash: BashToolInput;
  CronCreate: CronCreateToolInput;
  CronDelete: CronDeleteToolInput;
  CronList: CronListToolInput;
  Edit: EditToolInput;
  EnterWorktree: EnterWorktreeToolInput;
  ExitWorktree: ExitWorktreeToolInput;
  ListAgents: ListAgentsToolInput;
  Monitor: MonitorToolInput;
  NotebookEdit: NotebookEditToolInput;
  Read: ReadToolInput;
  ReportFindings: ReportFindingsToolInput;
  ScheduleWakeup: ScheduleWakeupToolInput;
  SendMessage: SendMessageToolInput;
  Skill: SkillToolInput;
  TaskStop: TaskStopToolInput;
  WebFetch: WebFetchToolInput;
  WebSearch: WebSearchToolInput;
  Workflow: WorkflowToolInput;
  Write: WriteToolInput;
}

/** The input type of tool `T`: its entry in {@link ToolInputs}, else any JSON object (unknown and `mcp__*` tools). */
export type ToolInputOf<T extends string> = T extends keyof ToolInputs ? ToolInputs[T] : { [key: string]: unknown };
