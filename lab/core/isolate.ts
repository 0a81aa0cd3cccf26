/**
 * Offline runs: the whole record command (model server and agent) re-executes itself in a
 * network namespace of its own where only loopback exists, so an agent can reach the scripted
 * model server on 127.0.0.1 and nothing else, whatever it tries.
 */
import { spawnSync } from "node:child_process";

const IN_NAMESPACE = "CLAUDE_HOOK_PROTOCOL_LAB_NETNS";

export type Isolation = { kind: "namespace" } | { kind: "host-network" } | { kind: "error"; message: string };

/**
 * In the namespace: bring loopback up and return. Outside it: run this same process again under
 * `unshare -n` (root) or `unshare -rn` (a user namespace) and exit with its status.
 * `allowHostNetwork` skips the namespace (the agent is then still pointed only at 127.0.0.1).
 */
export function isolate(allowHostNetwork: boolean): Isolation {
  if (process.env[IN_NAMESPACE] === "1") {
    const up = spawnSync("ip", ["link", "set", "lo", "up"], { stdio: "inherit" });
    if (up.error !== undefined || up.status !== 0) return { kind: "error", message: "lab: could not bring loopback up inside the network namespace (is iproute2's ip installed?)" };
    return { kind: "namespace" };
  }
  if (allowHostNetwork) return { kind: "host-network" };
  const root = process.getuid?.() === 0;
  const argv = [root ? "-n" : "-rn", process.execPath, ...process.execArgv, ...process.argv.slice(1)];
  const r = spawnSync("unshare", argv, { stdio: "inherit", env: { ...process.env, [IN_NAMESPACE]: "1" } });
  if (r.error !== undefined) return { kind: "error", message: `lab: unshare failed (${r.error.message}); --host-network runs without a namespace` };
  process.exit(r.status ?? 1);
}
