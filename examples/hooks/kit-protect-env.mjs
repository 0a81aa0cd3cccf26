#!/usr/bin/env node
// PreToolUse (Read, Edit, Write): keep Claude out of .env files (.env, .env.local, ...;
// .env.example stays readable). Fails closed: a crash denies the call.
import { defineHook, runHook } from "claude-hook-protocol/hooks";

const SECRET_ENV_FILE = /(^|\/)\.env(\.(?!example$)[^/]+)?$/;

await runHook(defineHook({
  event: "PreToolUse",
  tools: ["Read", "Edit", "Write"],
  failClosed: true,
  timeoutMs: 5000,
  run: (input, answer) =>
    SECRET_ENV_FILE.test(input.tool_input.file_path)
      ? answer.deny(`${input.tool_input.file_path} holds secrets; ${input.tool_name} on .env files is blocked (use .env.example)`)
      : undefined,
}));
