// install/uninstall against the files they edit (issue 24, item 1): what is not install's stays
// byte for byte (numbers JSON.parse cannot keep, key order, comments, CRLF, a BOM), uninstall
// after install gives the original bytes (`{}`, no file, comments), writes are all or nothing
// under injected faults (short writes, ENOSPC, EIO, EROFS, a failed rename), a read-only
// directory as a real unprivileged user, concurrent installs of different owners, mode, owner
// and group, symbolic links. Before the fixes these failed: values were re-serialised, a short
// write went unnoticed, a failed write left its temporary file, concurrent installs lost entries,
// root-owned files, a dangling link replaced, `{}` deleted.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { applyPlan, installFromRequest, planFromRequest, type InstallRequest } from "../../src/install/install.js";
import { NODE_FS, type FileSystem } from "../../src/install/apply.js";
import { loadInstallers } from "../../src/agents.js";

const INSTALLERS = await loadInstallers();

const ROOT = resolve(import.meta.dirname, "../..");
const CLI = join(ROOT, "src/cli.ts");
const MANIFEST = JSON.stringify({ hooks: [{ event: "PreToolUse", tools: ["Bash"], command: "node /opt/deny.mjs", timeout: 30 }, { event: "Stop", command: "node /opt/stop.mjs" }] });
const AGENT_FILES: Record<string, string> = {
  "claude-code": ".claude/settings.json",
  codex: ".codex/hooks.json",
  "gemini-cli": ".gemini/settings.json",
  droid: ".factory/settings.json",
  "qwen-code": ".qwen/settings.json",
};

function dirs(base = tmpdir()): { project: string; home: string } {
  const root = mkdtempSync(join(base, "chp-hostile-install-"));
  chmodSync(root, 0o755);
  const project = join(root, "project");
  const home = join(root, "home");
  mkdirSync(project);
  mkdirSync(home);
  return { project, home };
}
const request = (d: { project: string; home: string }, over: Partial<InstallRequest> = {}): InstallRequest => ({ manifestText: MANIFEST, mode: "install", agents: ["all"], scope: "project", projectDir: d.project, homeDir: d.home, env: {}, installers: INSTALLERS, ...over });
function run(req: InstallRequest, io?: FileSystem) {
  const plan = installFromRequest(req, io);
  assert.ok(plan.ok, plan.ok ? "" : plan.error.message);
  return plan.value;
}
const put = (path: string, text: string | Buffer): void => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = lstatSync(p);
      if (st.isSymbolicLink()) out[p.slice(dir.length)] = `-> ${readlinkSync(p)}`;
      else if (st.isDirectory()) {
        out[p.slice(dir.length) + "/"] = "";
        walk(p);
      } else out[p.slice(dir.length)] = st.isFile() ? readFileSync(p, "latin1") : "(not a regular file)";
    }
  };
  walk(dir);
  return out;
}

// each text as an agent accepts it; `agents`: the agents whose file it is put in
const ROUND_TRIPS: Record<string, { text: string; agents: readonly string[] }> = {
  "an empty object": { text: "{}", agents: Object.keys(AGENT_FILES) },
  "an empty object and a newline": { text: "{}\n", agents: Object.keys(AGENT_FILES) },
  "an empty object over two lines": { text: "{\n}\n", agents: Object.keys(AGENT_FILES) },
  "an empty object with spaces": { text: "{ }", agents: Object.keys(AGENT_FILES) },
  "an empty hooks object": { text: '{\n  "hooks": {}\n}\n', agents: Object.keys(AGENT_FILES) },
  "an empty hooks object, one line": { text: '{"hooks":{}}', agents: Object.keys(AGENT_FILES) },
  "an empty event list": { text: '{\n  "hooks": {\n    "PreToolUse": []\n  }\n}\n', agents: ["claude-code", "codex", "droid", "qwen-code"] },
  "a big integer, 1e400, -0, 1.10 and a key order JSON.parse does not keep": {
    text: '{\n  "env": {"N": 123456789012345678901234567890, "inf": 1e400, "z": -0, "f": 1.10, "e": 1E+2},\n  "2": "b", "1": "a",\n  "hooks": {\n    "Stop": [ { "hooks": [ { "type": "command", "command": "mine" } ] } ]\n  }\n}\n',
    agents: ["claude-code", "gemini-cli", "droid", "qwen-code"],
  },
  "CRLF line ends": { text: '{\r\n  "hooks": {\r\n    "PreToolUse": [\r\n      {\r\n        "matcher": "Edit",\r\n        "hooks": [{"type": "command", "command": "fmt"}]\r\n      }\r\n    ]\r\n  }\r\n}\r\n', agents: Object.keys(AGENT_FILES) },
  "odd whitespace and escapes": { text: '\t{ "a" :[1 ,2] ,"s":"\\u00e9\\/" ,\n\n "hooks" : { } }  \n\n', agents: ["claude-code", "gemini-cli", "droid", "qwen-code"] },
  "non-ASCII text": { text: '{"name": "héllo wörld ✓ 🎉", "hooks": {}}\n', agents: ["claude-code", "gemini-cli", "droid", "qwen-code"] },
  "a byte order mark (Qwen Code reads past it)": { text: '\uFEFF{\n  "hooks": {}\n}\n', agents: ["qwen-code"] },
  "comments where the agent reads them": { text: '// my settings\n{\n  /* theme */ "theme": "dark", // trailing\n  "hooks": {\n    // none yet\n  }\n}\n', agents: ["gemini-cli", "qwen-code"] },
  "duplicate keys (the last counts)": { text: '{"hooks": {"Stop": 5}, "hooks": {}}', agents: ["claude-code", "gemini-cli", "droid", "qwen-code"] },
  "another owner's entries first": {
    text: '{\n  "hooks": {\n    "PreToolUse": [\n      {\n        "matcher": "Bash",\n        "hooks": [\n          {\n            "type": "command",\n            "command": "CLAUDE_HOOK_PROTOCOL_AGENT=claude-code CLAUDE_HOOK_PROTOCOL_OWNER=other x"\n          }\n        ]\n      }\n    ]\n  }\n}\n',
    agents: ["claude-code", "codex", "qwen-code"],
  },
};

describe("what install does not own stays byte for byte, and uninstall gives the original back", () => {
  for (const [name, { text, agents }] of Object.entries(ROUND_TRIPS)) {
    test(name, () => {
      const d = dirs();
      for (const agent of agents) put(join(d.project, AGENT_FILES[agent]!), text);
      const before = snapshot(d.project);
      run(request(d, { agents: [...agents] }));
      for (const agent of agents) {
        const after = readFileSync(join(d.project, AGENT_FILES[agent]!), "utf8");
        assert.notEqual(after, text, `${agent}: written`);
        // every byte of the original is still there, in order (only insertions)
        let at = 0;
        for (const ch of text) {
          const found = after.indexOf(ch, at);
          assert.ok(found !== -1, `${agent}: kept ${JSON.stringify(ch)}`);
          at = found + ch.length;
        }
      }
      run(request(d, { agents: [...agents] }));
      const again = planFromRequest(request(d, { agents: [...agents] }));
      assert.ok(again.ok);
      assert.deepEqual(again.value.changes, [], "a second install changes nothing");
      run(request(d, { agents: [...agents], mode: "uninstall" }));
      assert.deepEqual(snapshot(d.project), before);
    });
  }

  test("no file before: none after, and the directories install made are gone", () => {
    const d = dirs();
    run(request(d, { agents: ["all"] }));
    assert.ok(existsSync(join(d.project, ".claude")));
    run(request(d, { agents: ["all"], mode: "uninstall" }));
    assert.deepEqual(readdirSync(d.project), []);
  });

  test("user level: no file before, none after; CODEX_HOME and COPILOT_HOME directories made by install go, the home stays", () => {
    const d = dirs();
    const env = { CODEX_HOME: join(d.home, "deep/codex"), COPILOT_HOME: join(d.home, "cp") };
    run(request(d, { scope: "user", env }));
    run(request(d, { scope: "user", env, mode: "uninstall" }));
    assert.deepEqual(readdirSync(d.home), []);
    assert.ok(existsSync(d.home));
  });

  test("a directory that holds something else stays", () => {
    const d = dirs();
    put(join(d.project, ".claude/agents/x.txt"), "mine");
    run(request(d, { agents: ["claude-code"] }));
    run(request(d, { agents: ["claude-code"], mode: "uninstall" }));
    assert.deepEqual(snapshot(d.project), { "/.claude/": "", "/.claude/agents/": "", "/.claude/agents/x.txt": "mine" });
  });

  test("a file that is not UTF-8 is not rewritten (it would not come back byte for byte)", () => {
    const d = dirs();
    put(join(d.project, ".claude/settings.json"), Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]));
    const plan = planFromRequest(request(d, { agents: ["claude-code"] }));
    assert.ok(!plan.ok && /not UTF-8/.test(plan.error.message));
  });

  test("comments in a file the agent reads as strict JSON: refused, not rewritten", () => {
    const d = dirs();
    put(join(d.project, ".claude/settings.json"), "// mine\n{}");
    const plan = planFromRequest(request(d, { agents: ["claude-code"] }));
    assert.ok(!plan.ok && plan.error.code === "config-unreadable");
  });

  test("a byte order mark in Gemini CLI's settings (its reader refuses the file): not written", () => {
    const d = dirs();
    put(join(d.project, ".gemini/settings.json"), '\uFEFF{}');
    const plan = planFromRequest(request(d, { agents: ["gemini-cli"] }));
    assert.ok(!plan.ok && plan.error.code === "read-back-failed", plan.ok ? "" : plan.error.message);
  });

  test("a file the agent already refuses (Codex: an unknown top-level key) is not written: the hooks would never run", () => {
    const d = dirs();
    put(join(d.project, ".codex/hooks.json"), '{"version": 1}');
    const plan = planFromRequest(request(d, { agents: ["codex"] }));
    assert.ok(!plan.ok && plan.error.code === "read-back-failed" && /unknown field `version`/.test(plan.error.message), plan.ok ? "" : plan.error.message);
  });
});

/** node:fs with one call replaced. */
const failing = (over: Partial<FileSystem>): FileSystem => ({ ...NODE_FS, ...over });
const errno = (code: string): Error => Object.assign(new Error(code), { code });

describe("a write is complete or nothing happens (faults injected)", () => {
  const FAULTS: Record<string, (seen: { writes: number; renames: number }) => Partial<FileSystem>> = {
    "a short write (fewer bytes than asked, then none)": () => ({ writeSync: (fd, buffer, offset, length) => (length > 10 ? fs.writeSync(fd, buffer, offset, 10) : 0) }),
    "a write that reports 0 bytes": () => ({ writeSync: () => 0 }),
    "ENOSPC on the second file's write": (seen) => ({ writeSync: (fd, b, o, l) => { if (++seen.writes === 2) throw errno("ENOSPC"); return fs.writeSync(fd, b, o, l); } }),
    "EDQUOT on a write": () => ({ writeSync: () => { throw errno("EDQUOT"); } }),
    "EIO on fsync": () => ({ fsyncSync: () => { throw errno("EIO"); } }),
    "EROFS on open": () => ({ openSync: () => { throw errno("EROFS"); } }),
    "EACCES on mkdir": () => ({ mkdirSync: () => { throw errno("EACCES"); } }),
    "EPERM on chmod": () => ({ fchmodSync: () => { throw errno("EPERM"); } }),
    "the third rename fails (the first two are put back)": (seen) => ({ renameSync: (a, b) => { if (++seen.renames === 3) throw errno("EXDEV"); fs.renameSync(a, b); } }),
  };
  for (const [name, fault] of Object.entries(FAULTS)) {
    test(name, () => {
      const d = dirs();
      put(join(d.project, ".claude/settings.json"), '{"model": "x"}\n');
      put(join(d.project, ".gemini/settings.json"), "{}\n");
      put(join(d.project, ".qwen/settings.json"), '{\n  "a": 1\n}\n');
      const before = snapshot(d.project);
      const plan = installFromRequest(request(d, { agents: ["claude-code", "gemini-cli", "qwen-code", "codex"] }), failing(fault({ writes: 0, renames: 0 })));
      assert.ok(!plan.ok, "the failure is reported");
      assert.equal(plan.error.code, "write-failed");
      assert.match(plan.error.message, /nothing was changed/);
      assert.deepEqual(snapshot(d.project), before, "every file as it was, no temporary file, no directory made");
    });
  }

  test("the CLI exits 1 naming the cause", () => {
    // below /tmp itself: the test runner's TMPDIR is closed to other users
    const d = dirs("/tmp");
    const manifest = join(d.home, "m.json");
    writeFileSync(manifest, MANIFEST);
    put(join(d.project, ".claude/settings.json"), "{}\n");
    chmodSync(join(d.project, ".claude"), 0o555);
    // as an unprivileged user, so the directory is really read-only
    chownSync(d.project, 65534, 65534);
    chownSync(join(d.project, ".claude"), 65534, 65534);
    chmodSync(dirname(d.home), 0o755);
    chmodSync(d.home, 0o755);
    chmodSync(manifest, 0o644);
    const r = spawnSync(process.execPath, ["--import", "tsx", CLI, "install", manifest, "--agent", "claude-code", "--project", d.project], { cwd: ROOT, encoding: "utf8", uid: 65534, gid: 65534, env: { PATH: process.env["PATH"], HOME: d.home } });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /settings\.json: cannot write in .*\.claude \(EACCES\); nothing was changed/, r.stderr);
    assert.equal(readFileSync(join(d.project, ".claude/settings.json"), "utf8"), "{}\n");
    assert.deepEqual(readdirSync(join(d.project, ".claude")), ["settings.json"]);
  });
});

describe("mode, owner, group and links", () => {
  test("a file of another user keeps its owner, group and mode when root installs", () => {
    const d = dirs();
    const path = join(d.project, ".claude/settings.json");
    put(path, "{}\n");
    chownSync(path, 1234, 5678);
    chmodSync(path, 0o640);
    run(request(d, { agents: ["claude-code"] }));
    const st = statSync(path);
    assert.deepEqual([st.uid, st.gid, st.mode & 0o7777], [1234, 5678, 0o640]);
    run(request(d, { agents: ["claude-code"], mode: "uninstall" }));
    const back = statSync(path);
    assert.deepEqual([back.uid, back.gid, back.mode & 0o7777, readFileSync(path, "utf8")], [1234, 5678, 0o640, "{}\n"]);
  });

  test("a new file and directory in a user's home belong to that user when root installs", () => {
    const d = dirs();
    chownSync(d.home, 1234, 5678);
    run(request(d, { agents: ["gemini-cli"], scope: "user" }));
    for (const p of [join(d.home, ".gemini"), join(d.home, ".gemini/settings.json")]) assert.deepEqual([statSync(p).uid, statSync(p).gid], [1234, 5678], p);
  });

  test("an odd mode (setgid, 0604) is kept", () => {
    const d = dirs();
    const path = join(d.project, ".qwen/settings.json");
    put(path, "{}");
    chmodSync(path, 0o2604);
    run(request(d, { agents: ["qwen-code"] }));
    assert.equal(statSync(path).mode & 0o7777, 0o2604);
  });

  test("a link to a file: the file is written, the link stays; uninstall gives the file back", () => {
    const d = dirs();
    const real = join(d.home, "dotfiles/settings.json");
    put(real, '{\n  "model": "x"\n}\n');
    mkdirSync(join(d.project, ".claude"));
    symlinkSync("../../home/dotfiles/settings.json", join(d.project, ".claude/settings.json"));
    run(request(d, { agents: ["claude-code"] }));
    assert.ok(lstatSync(join(d.project, ".claude/settings.json")).isSymbolicLink());
    assert.match(readFileSync(real, "utf8"), /deny\.mjs/);
    assert.deepEqual(readdirSync(join(d.home, "dotfiles")), ["settings.json"], "no temporary file left");
    run(request(d, { agents: ["claude-code"], mode: "uninstall" }));
    assert.equal(readFileSync(real, "utf8"), '{\n  "model": "x"\n}\n');
    assert.ok(lstatSync(join(d.project, ".claude/settings.json")).isSymbolicLink());
  });

  test("a link to a link to a file: written through both", () => {
    const d = dirs();
    const real = join(d.home, "real.json");
    put(real, "{}\n");
    symlinkSync(real, join(d.home, "middle.json"));
    mkdirSync(join(d.project, ".gemini"));
    symlinkSync(join(d.home, "middle.json"), join(d.project, ".gemini/settings.json"));
    run(request(d, { agents: ["gemini-cli"] }));
    assert.ok(lstatSync(join(d.home, "middle.json")).isSymbolicLink());
    assert.match(readFileSync(real, "utf8"), /BeforeTool/);
  });

  for (const [name, make] of Object.entries({
    "a dangling link": (link: string, home: string) => symlinkSync(join(home, "missing.json"), link),
    "a link loop": (link: string) => symlinkSync(link, link),
    "a link to a directory": (link: string, home: string) => symlinkSync(home, link),
  })) {
    test(`${name} is refused, never replaced`, () => {
      const d = dirs();
      mkdirSync(join(d.project, ".claude"));
      const link = join(d.project, ".claude/settings.json");
      make(link, d.home);
      const before = snapshot(d.project);
      const plan = installFromRequest(request(d, { agents: ["claude-code"] }));
      assert.ok(!plan.ok, "refused");
      assert.deepEqual(snapshot(d.project), before);
    });
  }

  for (const [name, make] of Object.entries({
    "a FIFO with no writer (the open would block forever)": (path: string) => spawnSync("mkfifo", [path]),
    "a link to /dev/zero": (path: string) => symlinkSync("/dev/zero", path),
    "a hard link (a rename would cut it)": (path: string, home: string) => {
      writeFileSync(join(home, "twin.json"), "{}\n");
      fs.linkSync(join(home, "twin.json"), path);
    },
  })) {
    test(`${name}: refused at once, nothing written`, () => {
      const d = dirs();
      mkdirSync(join(d.project, ".claude"));
      const path = join(d.project, ".claude/settings.json");
      make(path, d.home);
      const before = snapshot(d.project);
      const manifest = join(d.home, "m.json");
      writeFileSync(manifest, MANIFEST);
      const r = spawnSync(process.execPath, ["--import", "tsx", CLI, "install", manifest, "--agent", "claude-code", "--project", d.project], { cwd: ROOT, encoding: "utf8", timeout: 30_000, env: { ...process.env, HOME: d.home } });
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stderr, /settings\.json: (not a regular file|has 2 hard links)/);
      assert.deepEqual(snapshot(d.project), before);
    });
  }

  test("a directory where the settings file should be is refused", () => {
    const d = dirs();
    mkdirSync(join(d.project, ".claude/settings.json"), { recursive: true });
    assert.equal(installFromRequest(request(d, { agents: ["claude-code"] })).ok, false);
  });

  test("the applied plan checks the file did not change since it was planned", () => {
    const d = dirs();
    const path = join(d.project, ".claude/settings.json");
    put(path, "{}\n");
    const plan = planFromRequest(request(d, { agents: ["claude-code"] }));
    assert.ok(plan.ok);
    writeFileSync(path, '{"model": "changed meanwhile"}\n');
    assert.notEqual(applyPlan(plan.value), null);
    assert.equal(readFileSync(path, "utf8"), '{"model": "changed meanwhile"}\n');
  });
});

describe("size", () => {
  test("40,000 entries, half of them the owner's (a file an old install grew): install and uninstall are linear", () => {
    const d = dirs();
    const n = 20_000;
    const owned = Array.from({ length: n }, (_, i) => ({ matcher: "Bash", hooks: [{ type: "command", command: `CLAUDE_HOOK_PROTOCOL_AGENT=claude-code CLAUDE_HOOK_PROTOCOL_OWNER=claude-hook-protocol x${i}` }] }));
    const mine = Array.from({ length: n }, (_, i) => ({ matcher: "Bash", hooks: [{ type: "command", command: `mine ${i}` }] }));
    put(join(d.project, ".claude/settings.json"), JSON.stringify({ hooks: { PreToolUse: [...mine, ...owned] } }, null, 2) + "\n");
    const started = Date.now();
    run(request(d, { agents: ["claude-code"] }));
    run(request(d, { agents: ["claude-code"], mode: "uninstall" }));
    // a first version of the text edits (one re-read per entry removed) took minutes at 1,000 entries
    assert.ok(Date.now() - started < 60_000, `${Date.now() - started} ms`);
    assert.deepEqual(JSON.parse(readFileSync(join(d.project, ".claude/settings.json"), "utf8")).hooks.PreToolUse, mine);
  });
});

describe("concurrent installs of different owners lose nothing", () => {
  for (const count of [4, 8]) {
    test(`${count} processes at once on the same files`, async () => {
      const d = dirs();
      put(join(d.project, ".claude/settings.json"), '{\n  "model": "x"\n}\n');
      const manifests = Array.from({ length: count }, (_, i) => {
        const path = join(d.home, `m${i}.json`);
        writeFileSync(path, JSON.stringify({ owner: `owner${i}`, hooks: [{ event: "PreToolUse", tools: ["Bash"], command: `node /opt/h${i}.mjs` }] }));
        return path;
      });
      const codes = await Promise.all(manifests.map((m) => new Promise<number | null>((done) => {
        const child = spawn(process.execPath, ["--import", "tsx", CLI, "install", m, "--agent", "claude-code", "--agent", "gemini-cli", "--agent", "copilot-cli", "--project", d.project], { cwd: ROOT, stdio: "ignore", env: { ...process.env, HOME: d.home } });
        child.on("exit", (code) => done(code));
      })));
      assert.deepEqual(codes, manifests.map(() => 0));
      const claude = JSON.parse(readFileSync(join(d.project, ".claude/settings.json"), "utf8"));
      const gemini = JSON.parse(readFileSync(join(d.project, ".gemini/settings.json"), "utf8"));
      assert.equal(claude.model, "x");
      for (let i = 0; i < count; i++) {
        assert.equal(claude.hooks.PreToolUse.filter((g: { hooks: { command: string }[] }) => g.hooks[0]!.command.includes(`owner${i} `)).length, 1, `owner${i} in Claude Code's file`);
        assert.equal(gemini.hooks.BeforeTool.filter((g: { hooks: { command: string }[] }) => g.hooks[0]!.command.includes(`owner${i} `)).length, 1, `owner${i} in Gemini CLI's file`);
      }
      assert.deepEqual(readdirSync(join(d.project, ".claude")), ["settings.json"], "no temporary file");
      assert.deepEqual(readdirSync(d.project).sort(), [".claude", ".gemini"], "no lock left");
    });
  }

  test("4 uninstalls at once leave the original", async () => {
    const d = dirs();
    const original = '{\n  "model": "x"\n}\n';
    put(join(d.project, ".claude/settings.json"), original);
    const manifests = Array.from({ length: 4 }, (_, i) => {
      const path = join(d.home, `m${i}.json`);
      writeFileSync(path, JSON.stringify({ owner: `owner${i}`, hooks: [{ event: "Stop", command: `node /opt/h${i}.mjs` }] }));
      return path;
    });
    for (const m of manifests) {
      const r = spawnSync(process.execPath, ["--import", "tsx", CLI, "install", m, "--agent", "claude-code", "--project", d.project], { cwd: ROOT, env: { ...process.env, HOME: d.home } });
      assert.equal(r.status, 0);
    }
    await Promise.all(manifests.map((m) => new Promise<void>((done) => {
      spawn(process.execPath, ["--import", "tsx", CLI, "uninstall", m, "--agent", "claude-code", "--project", d.project], { cwd: ROOT, stdio: "ignore", env: { ...process.env, HOME: d.home } }).on("exit", () => done());
    })));
    assert.equal(readFileSync(join(d.project, ".claude/settings.json"), "utf8"), original);
  });
});
