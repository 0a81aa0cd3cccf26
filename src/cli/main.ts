/**
 * Subcommand dispatch. Each command module exports `run(args, io): Promise<exit code>`
 * and is imported only when used, so `validate` does not pay for the runner.
 */
import { shown } from "./args.js";
import type { CliIo, Command } from "./io.js";

export type { CliIo, Command } from "./io.js";

const commands: Record<string, { readonly summary: string; readonly load: () => Promise<Command> }> = {
  validate: { summary: "check a hook's output as Claude Code (or the Rust types) would read it", load: async () => (await import("./validate.js")).run },
  run: { summary: "run the configured hooks (or one command) on an event, print the records and the merged result", load: async () => (await import("./run.js")).run },
  merge: { summary: "process results or run records on stdin -> the merged result", load: async () => (await import("./merge.js")).run },
  schema: { summary: "print a JSON Schema (schema TYPE; without TYPE: list them)", load: async () => (await import("./schema.js")).run },
  events: { summary: "each event: matcher, can it block, its output fields", load: async () => (await import("./events.js")).run },
  capabilities: { summary: "what each agent does with each answer, per event, with the vectors that show it", load: async () => (await import("./capabilities.js")).run },
  conformance: { summary: "line protocols for other implementations (serde|merge)", load: async () => (await import("./conformance.js")).run },
  doctor: { summary: "which agents are installed here, at which versions, against the recorded ones (exit 1 on a difference)", load: async () => (await import("./doctor.js")).run },
  install: { summary: "write a manifest's hooks into each agent's configuration (--agent NAME|all)", load: async () => (await import("./install.js")).runMode("install") },
  uninstall: { summary: "take a manifest owner's hooks out of each agent's configuration", load: async () => (await import("./install.js")).runMode("uninstall") },
  lint: { summary: "check every agent's hook configuration in a project (or given files): stable rule IDs", load: async () => (await import("./lint.js")).run },
  test: { summary: "run hook tests (*.hooktest.json): the effects the agent applies to your hooks' answers", load: async () => (await import("./test.js")).run }, // #11 kit
};

export const USAGE = `usage: claude-hook-protocol <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`)
  .join("\n")}

Run \`claude-hook-protocol <command> --help\` for a command's options and examples.

Examples:
  claude-hook-protocol run --event PreToolUse --input examples/events/pre-tool-use.json --settings examples/settings.json
  echo '{"decision":"block"}' | claude-hook-protocol validate --event Stop
  claude-hook-protocol events PreToolUse
`;

export async function main(args: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(USAGE);
    return 0;
  }
  if (name === "--version") {
    const { readFileSync } = await import("node:fs");
    const { packageRoot } = await import("./package-root.js");
    io.stdout.write(`${JSON.parse(readFileSync(`${packageRoot()}/package.json`, "utf8")).version}\n`);
    return 0;
  }
  // own names only: `__proto__` or `constructor` is an unknown command, not Object.prototype's
  const command = name === undefined || !Object.hasOwn(commands, name) ? undefined : commands[name];
  if (command === undefined) {
    io.stderr.write(name === undefined ? USAGE : `claude-hook-protocol: unknown command ${shown(name)}\n\n${USAGE}`);
    return 2;
  }
  return (await command.load())(rest, io);
}
