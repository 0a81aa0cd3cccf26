#!/usr/bin/env node
// Records the kit's rm -rf example under the real agents, installed by `install`:
// for each case, a fresh project directory gets `claude-hook-protocol install` of
// test/observer/e2e-manifest.json for the case's agents, then ../shared/tools/agent-e2e.mjs
// runs the agent on `rm -rf {{WORK}}/x` and `ls`. Kept per case in
// test/observer/<agent>/e2e/<case>/: the installed files (the repository path written as
// {{REPO}}, the project as {{PROJECT}}; for a user-level case the files below HOME) and calls.json (agent-e2e's answer for each call).
// An agent no observer drives (Kimi Code CLI: `lab: true`) runs in the lab instead (npm run record): the
// installed config.toml's [[hooks]] tables go into the lab's configuration as they are, and the scripted
// model calls Bash with each command in turn.
// Not run in CI (it needs the agents); test/install-e2e.test.ts replays what it kept.
//
//   node scripts/record-e2e.mjs [CASE ...]      (default: every case)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const E2E = process.env.AGENT_E2E || '/work/shared/tools/agent-e2e.mjs';
export const CASES = [
  { id: 'claude-code', run: 'claude-code', install: ['claude-code'] },
  { id: 'codex', run: 'codex', install: ['codex'] },
  { id: 'gemini-cli', run: 'gemini-cli', install: ['gemini-cli'] },
  { id: 'copilot-cli-own', run: 'copilot-cli', install: ['copilot-cli'] },
  { id: 'copilot-cli-claude-settings', run: 'copilot-cli', install: ['claude-code'] },
  { id: 'copilot-cli-both', run: 'copilot-cli', install: ['claude-code', 'copilot-cli'] },
  { id: 'droid', run: 'droid', install: ['droid'] },
  { id: 'qwen-code', run: 'qwen-code', install: ['qwen-code'] },
  // user level: install --user writes below HOME, which the observer copies into the agent's HOME
  { id: 'claude-code-user', run: 'claude-code', install: ['claude-code'], user: true },
  { id: 'codex-user', run: 'codex', install: ['codex'], user: true },
  { id: 'gemini-cli-user', run: 'gemini-cli', install: ['gemini-cli'], user: true },
  { id: 'copilot-cli-user', run: 'copilot-cli', install: ['copilot-cli'], user: true },
  { id: 'droid-user', run: 'droid', install: ['droid'], user: true },
  { id: 'qwen-code-user', run: 'qwen-code', install: ['qwen-code'], user: true },
  // Kimi Code CLI reads hooks only from $KIMI_CODE_HOME/config.toml: user level only
  { id: 'kimi-code-user', run: 'kimi-code', install: ['kimi-code'], user: true, lab: true },
];


/** The commands run by the real agent in the lab, with the installed configuration: agent-e2e's call records. */
function labCalls(c, home, commands) {
  const config = fs.readFileSync(path.join(home, '.kimi-code', 'config.toml'), 'utf8');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chp-e2e-lab-'));
  const scenario = {
    name: `${c.id}-e2e`,
    description: 'the kit example installed by install: each command as a Bash call',
    event: 'PreToolUse',
    hooks: [],
    config_extra: config,
    model_turns: [...commands.map((command, i) => ({ tool_call: { name: 'Bash', id: `call_${i + 1}`, arguments: { command: `${command}; echo original >> {{MARKER}}`, description: 'e2e call' } } })), { text: 'done' }],
  };
  fs.mkdirSync(path.join(dir, 'scenarios'));
  fs.writeFileSync(path.join(dir, 'scenarios', `${scenario.name}.json`), JSON.stringify(scenario, null, 2));
  const run = spawnSync(process.execPath, [path.join(REPO, 'node_modules/tsx/dist/cli.mjs'), path.join(REPO, 'lab/record.ts'), '--agent', c.run, '--scenarios', path.join(dir, 'scenarios'), '--out', path.join(dir, 'observed')], { encoding: 'utf8', timeout: 600_000 });
  if (run.status !== 0) throw new Error(`lab: ${run.stderr.slice(-2000)}`);
  const recording = JSON.parse(fs.readFileSync(path.join(dir, 'observed', `${scenario.name}.json`), 'utf8'));
  fs.rmSync(dir, { recursive: true, force: true });
  const markers = recording.tool?.marker_lines ?? [];
  return commands.map((command, i) => {
    const result = recording.tool_results.find((r) => r.tool_call_id === `call_${i + 1}`)?.content ?? null;
    const denied = result !== null && result.includes('<system>ERROR: Tool execution failed.</system>\n');
    const text = result === null ? null : result.replace(/^Wall time: [0-9.<>n]+ seconds\n/, '');
    return { command, tool_ran: !denied, tool_result: text, reason: denied ? text.split('\n').slice(1).join('\n') : null, marker_lines: denied ? [] : markers.slice(0, 1) };
  });
}

const wanted = process.argv.slice(2);
const { runShellCalls } = CASES.some((c) => !c.lab && (wanted.length === 0 || wanted.includes(c.id))) ? await import(E2E) : { runShellCalls: null };
const manifestTemplate = fs.readFileSync(path.join(REPO, 'test/observer/e2e-manifest.json'), 'utf8');

function filesBelow(dir) {
  const out = [];
  const walk = d => { for (const n of fs.readdirSync(d).sort()) { const p = path.join(d, n); fs.statSync(p).isDirectory() ? walk(p) : out.push(p); } };
  walk(dir);
  return out;
}

for (const c of CASES.filter(c => wanted.length === 0 || wanted.includes(c.id))) {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'chp-e2e-project-'));
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'chp-e2e-home-'));
  const manifest = path.join(home, 'manifest.json');
  fs.writeFileSync(manifest, manifestTemplate.replaceAll('{{REPO}}', REPO));
  const args = [path.join(REPO, 'dist/src/cli.js'), 'install', manifest, ...c.install.flatMap(a => ['--agent', a]), '--project', project, ...(c.user ? ['--user'] : [])];
  const inst = spawnSync(process.execPath, args, { env: { ...process.env, HOME: home }, encoding: 'utf8' });
  if (inst.status !== 0) { console.error(`${c.id}: install failed: ${inst.stderr}`); continue; }
  fs.rmSync(manifest);
  const installedRoot = c.user ? home : project;
  const out = path.join(REPO, 'test/observer', c.run, 'e2e', c.id);
  fs.rmSync(out, { recursive: true, force: true });
  for (const f of filesBelow(installedRoot)) {
    const dest = path.join(out, 'installed', path.relative(installedRoot, f));
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, fs.readFileSync(f, 'utf8').replaceAll(REPO, '{{REPO}}').replaceAll(project, '{{PROJECT}}'));
  }
  let calls;
  try {
    const started = Date.now();
    if (c.lab) calls = labCalls(c, home, ['rm -rf {{WORK}}/x', 'ls']);
    else {
      calls = await runShellCalls({ agent: c.run, commands: ['rm -rf {{WORK}}/x', 'ls'], ...(c.user ? { homeDir: home } : { projectDir: project }), timeoutS: 600 });
      calls = calls.map(({ outcome, ...rest }) => rest);
    }
    console.error(`${c.id}: ${Math.round((Date.now() - started) / 1000)} s`);
  } catch (e) {
    calls = { not_measured: true, error: String(e.message) };
  }
  const record = { agent: c.run, installed_for: c.install, scope: c.user ? 'user' : 'project', install_stderr: inst.stderr.replaceAll(REPO, '{{REPO}}').replaceAll(project, '{{PROJECT}}').replaceAll(home, '{{HOME}}'), recorded: new Date().toISOString().slice(0, 10), calls };
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'calls.json'), JSON.stringify(record, null, 2).replaceAll(REPO, '{{REPO}}').replaceAll(project, '{{PROJECT}}') + '\n');
  console.log(`${c.id}: ${JSON.stringify(Array.isArray(calls) ? calls.map(x => ({ ran: x.tool_ran, reason: x.reason })) : calls)}`);
  fs.rmSync(project, { recursive: true, force: true });
  fs.rmSync(home, { recursive: true, force: true });
}
