/**
 * Hostile suite, class "language kits" (issue 16: the promise holds in every language): the Python, Go and Rust
 * kits' fail-closed hook (PreToolUse on Bash, denying `rm -rf`) attacked from inside its handler (panics, in
 * threads and goroutines too; exits; signals; stdout writes; overruns in a blocking call and a busy loop; answers
 * with values the agent would refuse) and through its stdin (NUL, invalid UTF-8, lone surrogates, a BOM, duplicate
 * keys, deep nesting, 64 MiB). Each hook runs as an agent runs it (stdin in; exit code, stdout, stderr read after it
 * ends), and what Claude Code reads is asserted with its merge (src/merge.ts): a deny for a call the hook handles,
 * whatever ended it; nothing for a call it does not handle; stdout is empty or one JSON object. One test per attempt.
 * The hooks are built on first use (not when the file is loaded: test/hostile-doc.test.ts counts the tests).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { merge } from "../../src/merge.js";
import { builtKit } from "../lib/built-kit.js";
import { LOOKALIKE_SPELLINGS, RM_SPELLINGS } from "../lib/rm-spellings.js";
import { cargoTarget, goEnv, goModule, root, run, rustCrate } from "../lib/toolchains.js";

const BASE = { session_id: "s", transcript_path: "/home/u/.claude/projects/p/s.jsonl", cwd: "/w", permission_mode: "default", hook_event_name: "PreToolUse", tool_use_id: "t1" };
const bash = (command: string, extra: object = {}): string => JSON.stringify({ ...BASE, tool_name: "Bash", tool_input: { command }, ...extra });
const RM = bash("rm -rf /");
const LS = bash("ls");
const READ = JSON.stringify({ ...BASE, tool_name: "Read", tool_input: { file_path: "/x" } });
const DIR = mkdtempSync(join(tmpdir(), "hostile-language-kits-"));
process.on("exit", () => rmSync(DIR, { recursive: true, force: true }));

type Language = "python" | "go" | "rust";

/** The hook of each language: MODE picks the handler's attack; the default handler denies `rm -rf` naming the command. */
const SOURCES: Record<Language, string> = {
  python: `import json, os, signal, subprocess, sys, threading, time
captured = sys.stdout
from claude_hook_protocol.kit import hook, run
mode = os.environ.get("MODE", "")
def handler(call, answer):
    command = call["tool_input"]["command"]
    if mode == "posix-exit":
        import posix
        posix._exit(0)
    if mode == "close-std": os.close(1); os.close(2)
    if mode == "closerange": os.closerange(3, 4096)
    if mode == "raise-sigquit": signal.raise_signal(signal.SIGQUIT)
    if mode == "raise-sigusr1": signal.raise_signal(signal.SIGUSR1)
    if mode == "raise-sigalrm": signal.raise_signal(signal.SIGALRM)
    if mode == "shell-kills-hook": subprocess.run(["sh", "-c", "kill -TERM $PPID"]); time.sleep(0.5)
    if mode == "shell-sigquit": subprocess.run(["sh", "-c", "kill -QUIT $PPID"]); time.sleep(0.5)
    if mode == "alarm-off": signal.alarm(0); time.sleep(3)
    if mode == "sigalrm-ignored": signal.signal(signal.SIGALRM, signal.SIG_IGN); time.sleep(3)
    if mode == "sigalrm-replaced": signal.signal(signal.SIGALRM, lambda *a: None); time.sleep(3)
    if mode == "setitimer-off": signal.setitimer(signal.ITIMER_REAL, 0); time.sleep(3)
    if mode == "json-replaced": json.dumps = lambda *a, **k: "{}"
    if mode == "json-raises":
        def refused(*a, **k): raise RuntimeError("no json")
        json.dumps = refused
    if mode == "fork-answers":
        if os.fork() == 0: return answer.allow("from the fork")
        os.wait()
    if mode == "child-stdout": os.system("echo hello; for fd in 3 4 5 6 7 8 9; do echo hello >&$fd; done 2>/dev/null")
    if mode == "captured-stdout": captured.write("hello"); captured.flush()
    if mode == "raise": raise RuntimeError("boom")
    if mode == "system-exit": sys.exit(0)
    if mode == "keyboard-interrupt": raise KeyboardInterrupt()
    if mode == "os-exit": os._exit(0)
    if mode == "os-exit-swallowed":
        try:
            os._exit(0)
        except BaseException:
            return None
    if mode == "os-abort": os.abort()
    if mode == "kill-self": os.kill(os.getpid(), signal.SIGTERM)
    if mode == "raise-signal": signal.raise_signal(signal.SIGTERM)
    if mode == "sighup": signal.raise_signal(signal.SIGHUP)
    if mode == "thread-raise":
        t = threading.Thread(target=lambda: 1 / 0)
        t.start()
        t.join()
    if mode == "thread-exit":
        t = threading.Thread(target=lambda: sys.exit(0))
        t.start()
        t.join()
    if mode == "print": print("hello")
    if mode == "stdout-write": sys.stdout.write("hello"); sys.stdout.flush()
    if mode == "dunder-stdout": sys.__stdout__.write("hello"); sys.__stdout__.flush()
    if mode == "fd-write": os.write(1, b"hello")
    if mode == "sleep": time.sleep(60)
    if mode == "busy":
        while True: pass
    if mode == "blank-deny": return answer.deny("   ")
    if mode == "empty-deny": return answer.deny("")
    if mode == "number-deny": return answer.deny(42)
    if mode == "error-deny": return answer.deny(Exception("x"))
    if mode == "nan-rewrite": return answer.rewrite({"command": float("nan")})
    if mode == "list-rewrite": return answer.rewrite(["ls"])
    if mode == "cycle-rewrite":
        cycle = {}
        cycle["self"] = cycle
        return answer.rewrite(cycle)
    if mode == "forged": return {"permissionDecision": "allow"}
    if mode == "wrong-answer": return answer.block("no")
    if "rm -rf" in command: return answer.deny("blocked: " + command)
    return None
run(hook("PreToolUse", handler, tools="Bash" if mode == "tools-string" else ["Bash"], fail_closed=True, timeout=float(os.environ.get("BUDGET", "1"))))
`,
  go: `package main

import (
\t"encoding/json"
\t"fmt"
\t"log"
\t"math"
\t"os"
\t"os/exec"
\t"runtime"
\t"strconv"
\t"strings"
\t"syscall"
\t"time"

\tprotocol "claude-hook-protocol/generated/go"
)

func deep(n int) int { return deep(n+1) + 1 }

// taken before Run, as a package's variables and init functions take them
var captured = os.Stdout

func init() {
\tif os.Getenv("MODE") == "log-init" {
\t\tlog.SetOutput(os.Stdout)
\t}
}

func main() {
\tmode := os.Getenv("MODE")
\tbudget, err := strconv.Atoi(os.Getenv("BUDGET"))
\tif err != nil {
\t\tbudget = 1
\t}
\tprotocol.Run(protocol.OnPreToolUse(func(call *protocol.PreToolUseHookInput, answer protocol.PreToolUseAnswers) *protocol.Reply {
\t\tvar input struct {
\t\t\tCommand string \`json:"command"\`
\t\t}
\t\tjson.Unmarshal(call.ToolInput, &input)
\t\tcommand := input.Command
\t\tswitch mode {
\t\tcase "panic":
\t\t\tpanic("boom")
\t\tcase "panic-nil":
\t\t\tpanic(nil)
\t\tcase "panic-error":
\t\t\tpanic(fmt.Errorf("boom"))
\t\tcase "nil-map":
\t\t\tvar m map[string]int
\t\t\tm["x"] = 1
\t\tcase "index":
\t\t\treturn []*protocol.Reply{}[len(command)]
\t\tcase "goroutine-panic":
\t\t\tdone := make(chan bool)
\t\t\tgo func() { panic("in a goroutine") }()
\t\t\t<-done
\t\tcase "goexit":
\t\t\truntime.Goexit()
\t\tcase "stack-overflow":
\t\t\tdeep(0)
\t\tcase "kill-self":
\t\t\tsyscall.Kill(os.Getpid(), syscall.SIGTERM)
\t\t\ttime.Sleep(5 * time.Second)
\t\tcase "sighup":
\t\t\tsyscall.Kill(os.Getpid(), syscall.SIGHUP)
\t\t\ttime.Sleep(5 * time.Second)
\t\tcase "sigint":
\t\t\tsyscall.Kill(os.Getpid(), syscall.SIGINT)
\t\t\ttime.Sleep(5 * time.Second)
\t\tcase "print":
\t\t\tfmt.Println("hello")
\t\tcase "stdout-write":
\t\t\tos.Stdout.WriteString("hello")
\t\tcase "fprint":
\t\t\tfmt.Fprint(os.Stdout, "hello")
\t\tcase "sleep":
\t\t\ttime.Sleep(60 * time.Second)
\t\tcase "syscall-write":
\t\t\tsyscall.Write(1, []byte("hello"))
\t\tcase "captured-stdout":
\t\t\tcaptured.WriteString("hello")
\t\tcase "log-init":
\t\t\tlog.Print("hello")
\t\tcase "child-stdout":
\t\t\tchild := exec.Command("sh", "-c", "echo hello; for fd in 3 4 5 6 7 8 9; do echo hello >&$fd; done 2>/dev/null")
\t\t\tchild.Stdout = captured
\t\t\tchild.Run()
\t\tcase "close-std":
\t\t\tsyscall.Close(1)
\t\t\tsyscall.Close(2)
\t\tcase "sigquit":
\t\t\tsyscall.Kill(os.Getpid(), syscall.SIGQUIT)
\t\t\ttime.Sleep(300 * time.Millisecond)
\t\tcase "busy":
\t\t\tfor {
\t\t\t}
\t\tcase "select":
\t\t\tselect {}
\t\tcase "blank-deny":
\t\t\treturn answer.Deny("   ")
\t\tcase "empty-deny":
\t\t\treturn answer.Deny("")
\t\tcase "nan-rewrite":
\t\t\treturn answer.Rewrite(map[string]any{"command": math.NaN()}, "")
\t\tcase "inf-rewrite":
\t\t\treturn answer.Rewrite(map[string]any{"command": math.Inf(1)}, "")
\t\tcase "list-rewrite":
\t\t\treturn answer.Rewrite([]string{"ls"}, "")
\t\tcase "chan-rewrite":
\t\t\treturn answer.Rewrite(map[string]any{"c": make(chan int)}, "")
\t\tcase "nil-rewrite":
\t\t\treturn answer.Rewrite(nil, "")
\t\tcase "forged":
\t\t\treturn &protocol.Reply{}
\t\t}
\t\tif strings.Contains(command, "rm -rf") {
\t\t\treturn answer.Deny("blocked: " + command)
\t\t}
\t\treturn nil
\t}, protocol.HookOptions{Tools: []string{"Bash"}, FailClosed: true, Timeout: time.Duration(budget) * time.Second}))
}
`,
  rust: `use claude_hook_protocol_types::kit::{self, HookOptions};
use serde_json::json;
use std::io::Write;
use std::time::Duration;

extern "C" {
    fn write(fd: i32, bytes: *const u8, count: usize) -> isize;
    fn close(fd: i32) -> i32;
}

fn deep(n: u64) -> u64 {
    let frame = [n; 64];
    std::hint::black_box(&frame);
    deep(n + 1) + frame[0]
}

fn main() {
    let mode = std::env::var("MODE").unwrap_or_default();
    let budget: u64 = std::env::var("BUDGET").ok().and_then(|b| b.parse().ok()).unwrap_or(1);
    kit::run(kit::on_pre_tool_use(
        move |call, answer| {
            let command = call.tool_input.get("command").and_then(|c| c.as_str()).unwrap_or("").to_string();
            match mode.as_str() {
                "panic" => panic!("boom"),
                "panic-any" => std::panic::panic_any(42),
                "unwrap" => {
                    let none: Option<u8> = None;
                    none.unwrap();
                }
                "index" => {
                    let empty: Vec<u8> = Vec::new();
                    let _ = empty[command.len()];
                }
                "thread-panic" => {
                    let _ = std::thread::spawn(|| panic!("in a thread")).join();
                }
                "exit" => std::process::exit(0),
                "exit-1" => std::process::exit(1),
                "abort" => std::process::abort(),
                "kill-self" => {
                    let _ = std::process::Command::new("kill").arg("-TERM").arg(std::process::id().to_string()).status();
                    std::thread::sleep(Duration::from_secs(5));
                }
                "sighup" => {
                    let _ = std::process::Command::new("kill").arg("-HUP").arg(std::process::id().to_string()).status();
                    std::thread::sleep(Duration::from_secs(5));
                }
                "stack-overflow" => {
                    deep(0);
                }
                "print" => println!("hello"),
                "print-unflushed" => print!("hello"),
                "stdout-write" => {
                    let _ = std::io::stdout().write_all(b"hello");
                    let _ = std::io::stdout().flush();
                }
                "sleep" => std::thread::sleep(Duration::from_secs(60)),
                "raw-write" => unsafe {
                    write(1, b"hello".as_ptr(), 5);
                },
                "close-std" => unsafe {
                    close(1);
                    close(2);
                },
                "child-stdout" => {
                    let _ = std::process::Command::new("sh").arg("-c").arg("echo hello; for fd in 3 4 5 6 7 8 9; do echo hello >&$fd; done 2>/dev/null").status();
                }
                "sigquit" | "sigalrm" | "sigusr1" => {
                    let _ = std::process::Command::new("kill").arg(format!("-{}", &mode[3..].to_uppercase())).arg(std::process::id().to_string()).status();
                    std::thread::sleep(Duration::from_secs(5));
                }
                "busy" => loop {
                    std::hint::spin_loop();
                },
                "blank-deny" => return Some(answer.deny("   ")),
                "empty-deny" => return Some(answer.deny("")),
                "list-rewrite" => return Some(answer.rewrite(json!(["ls"]), "")),
                "string-rewrite" => return Some(answer.rewrite(json!("ls"), "")),
                "null-rewrite" => return Some(answer.rewrite(serde_json::Value::Null, "")),
                _ => {}
            }
            command.contains("rm -rf").then(|| answer.deny(&format!("blocked: {}", command)))
        },
        HookOptions { tools: Some(vec!["Bash".into()]), fail_closed: true, timeout: Some(Duration::from_secs(budget)) },
    ))
}
`,
};

const built = new Map<Language, string[]>();
/** The command running the language's hook, built on first use. */
function hookCommand(language: Language): string[] {
  const known = built.get(language);
  if (known !== undefined) return known;
  let command: string[];
  if (language === "python") {
    const script = join(DIR, "hook.py");
    writeFileSync(script, SOURCES.python);
    command = ["python3", script];
  } else if (language === "go") {
    const dir = join(DIR, "go");
    goModule(dir, { "main.go": SOURCES.go });
    const binary = join(dir, "hook.bin");
    const build = run("go", ["build", "-o", binary, "."], { cwd: dir, env: goEnv });
    assert.equal(build.status, 0, build.stderr);
    command = [binary];
  } else {
    const dir = join(DIR, "rust");
    rustCrate(dir, "hostile-kit-hook", { "main.rs": SOURCES.rust });
    const build = run("cargo", ["build", "--release", "--quiet"], { cwd: dir, env: { CARGO_TARGET_DIR: cargoTarget } });
    assert.equal(build.status, 0, build.stderr);
    command = [join(cargoTarget, "release", "hostile-kit-hook")];
  }
  built.set(language, command);
  return command;
}

interface Ran {
  readonly exit: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
}

function runHook(language: Language, mode: string, stdin: string | Buffer, budget: number | string = 1): Ran {
  const [command, ...args] = hookCommand(language);
  const env = { MODE: mode, BUDGET: String(budget), PYTHONPATH: join(root, "generated/python"), PYTHONDONTWRITEBYTECODE: "1", CLAUDE_HOOK_PROTOCOL_AGENT: "" };
  const ran = spawnSync(command!, args, { input: stdin, env: { ...process.env, ...env }, encoding: "utf8", timeout: 120_000, maxBuffer: 256 * 1024 * 1024 });
  return { exit: ran.status, signal: ran.signal, stdout: ran.stdout, stderr: ran.stderr };
}

/** Claude Code's reading of the hook's answer to the Bash call `command`, by its merge. */
function claudeReads(ran: Ran, command: string): { decision: string | null | undefined; blocked: boolean } {
  assert.equal(ran.signal, null, `ended by ${ran.signal}: ${ran.stderr.slice(0, 400)}`);
  if (ran.stdout !== "") assert.doesNotThrow(() => JSON.parse(ran.stdout), `stdout is one JSON object: ${ran.stdout.slice(0, 400)}`);
  const merged = merge({ event: "PreToolUse", tool_name: "Bash", tool_input: { command }, hooks: [{ command: "kit", exit: ran.exit ?? 1, stdout: ran.stdout, stderr: ran.stderr }] });
  assert.ok(merged.ok, JSON.stringify(merged));
  return { decision: merged.value.effects.decision, blocked: merged.value.effects.blocked === true };
}

function assertDenied(ran: Ran, command = "ls"): void {
  const read = claudeReads(ran, command);
  assert.ok(read.blocked || read.decision === "deny", `Claude Code does not read a deny: exit ${ran.exit} stdout ${ran.stdout.slice(0, 300)} stderr ${ran.stderr.slice(0, 300)}`);
}

function assertNoAnswer(ran: Ran): void {
  assert.deepEqual({ exit: ran.exit, stdout: ran.stdout }, { exit: 0, stdout: "" }, ran.stderr.slice(0, 400));
}

/** Handler attacks each language makes, on `ls` (the handler would say nothing): each must read as a deny. */
const HANDLER_ATTACKS: Record<Language, readonly string[]> = {
  python: ["raise", "system-exit", "keyboard-interrupt", "os-exit", "os-exit-swallowed", "os-abort", "kill-self", "raise-signal", "sighup", "sleep", "busy", "blank-deny", "number-deny", "error-deny", "nan-rewrite", "list-rewrite", "cycle-rewrite", "forged", "wrong-answer",
    "posix-exit", "raise-sigquit", "raise-sigusr1", "raise-sigalrm", "shell-kills-hook", "shell-sigquit", "alarm-off", "sigalrm-ignored", "sigalrm-replaced", "setitimer-off", "tools-string"],
  go: ["panic", "panic-nil", "panic-error", "nil-map", "index", "goroutine-panic", "goexit", "stack-overflow", "kill-self", "sighup", "sigint", "sleep", "busy", "select", "blank-deny", "nan-rewrite", "inf-rewrite", "list-rewrite", "chan-rewrite", "nil-rewrite", "forged", "sigquit"],
  rust: ["panic", "panic-any", "unwrap", "index", "exit", "exit-1", "abort", "kill-self", "sighup", "stack-overflow", "sleep", "busy", "blank-deny", "list-rewrite", "string-rewrite", "null-rewrite", "sigquit", "sigalrm", "sigusr1"],
};

/** Writes to stdout from the handler, on rm -rf: the answer is still the handler's deny, stdout one JSON object. */
const STDOUT_ATTACKS: Record<Language, readonly string[]> = {
  python: ["print", "stdout-write", "dunder-stdout", "fd-write", "close-std", "json-replaced", "json-raises", "fork-answers", "child-stdout", "captured-stdout"],
  go: ["print", "stdout-write", "fprint", "syscall-write", "captured-stdout", "log-init", "child-stdout", "close-std"],
  rust: ["print", "print-unflushed", "stdout-write", "raw-write", "close-std", "child-stdout"],
};

/** Budgets the definition cannot have (the TypeScript kit's `timeoutMs` rules, in each language's unit): each is an invalid definition, which denies every call the hook takes. */
const INVALID_BUDGETS: Record<Language, readonly string[]> = { python: ["inf", "nan", "0", "-1", "1e10"], go: ["-1"], rust: ["0"] };

/** The handler closes the descriptor the kit keeps stdout on (every descriptor above 2), then denies rm -rf: the answer cannot be written, and the exit code says it (2, a block). */
const ANSWER_LOST: Record<Language, readonly string[]> = { python: ["closerange"], go: [], rust: [] };

/** What the handler is allowed to do and still get its own answer: exceptions in threads, the empty reason (the agent's default text) */
const HARMLESS: Record<Language, readonly string[]> = { python: ["thread-raise", "thread-exit", "empty-deny"], go: ["empty-deny"], rust: ["thread-panic", "empty-deny"] };

const deepNest = (depth: number): string => JSON.stringify({ ...BASE, tool_name: "Bash", tool_input: { command: "rm -rf /" } }).replace('"tool_input":', `"x":${"[".repeat(depth)}${"]".repeat(depth)},"tool_input":`);

/** Stdin attacks: [name, stdin, the command Claude Code's merge is told, denied (else: no answer)]. */
const STDIN_ATTACKS: readonly (readonly [string, () => string | Buffer, string, boolean])[] = [
  ["a raw NUL byte before the object", () => Buffer.concat([Buffer.from([0]), Buffer.from(RM)]), "rm -rf /", true],
  ["a raw NUL byte inside the command string", () => Buffer.from(RM.replace("rm -rf /", "rm -rf /\u0000x")), "rm -rf /", true],
  ["an escaped NUL in the command", () => bash("rm -rf /\u0000"), "rm -rf /", true],
  ["invalid UTF-8 in the command", () => Buffer.concat([Buffer.from(RM.slice(0, RM.indexOf("rm -rf /") + 8)), Buffer.from([0xff, 0xfe]), Buffer.from(RM.slice(RM.indexOf("rm -rf /") + 8))]), "rm -rf /", true],
  ["a lone surrogate escape in the command", () => RM.replace("rm -rf /", "rm -rf /\\ud800"), "rm -rf /", true],
  ["a byte-order mark", () => `\ufeff${RM}`, "rm -rf /", true],
  ["tool_input given twice, the second with rm -rf (JSON.parse keeps the last)", () => RM.replace('"tool_input":{"command":"rm -rf /"}', '"tool_input":{"command":"ls"},"tool_input":{"command":"rm -rf /"}'), "rm -rf /", true],
  ["nesting 100,000 deep beside the call", () => deepNest(100_000), "rm -rf /", true],
  ["an empty stdin", () => "", "ls", true],
  ["null", () => "null", "ls", true],
  ["an array", () => `[${RM}]`, "ls", true],
  ["two objects", () => `${RM}${LS}`, "rm -rf /", true],
  ["a 64 MiB description beside rm -rf", () => bash("rm -rf /", { x: "a".repeat(64 * 1024 * 1024) }), "rm -rf /", true],
  ["a 64 MiB Read call (not the hook's)", () => JSON.stringify({ ...BASE, tool_name: "Read", tool_input: { file_path: "/x", pad: "a".repeat(64 * 1024 * 1024) } }), "ls", false],
  ["a tool_input that is a string", () => JSON.stringify({ ...BASE, tool_name: "Bash", tool_input: "rm -rf /" }), "rm -rf /", true],
  ["a command that is not a string", () => JSON.stringify({ ...BASE, tool_name: "Bash", tool_input: { command: ["rm", "-rf", "/"] } }), "rm -rf /", true],
];

for (const language of ["python", "go", "rust"] as const) {
  for (const mode of HANDLER_ATTACKS[language]) {
    test(`${language} kit: the handler's ${mode} on a Bash call reads as a deny`, { timeout: 900_000 }, () => {
      assertDenied(runHook(language, mode, LS));
    });
  }
  for (const mode of STDOUT_ATTACKS[language]) {
    test(`${language} kit: the handler's ${mode} to stdout leaves its deny whole (stdout one JSON object)`, { timeout: 900_000 }, () => {
      const ran = runHook(language, mode, RM);
      assertDenied(ran, "rm -rf /");
      assert.match(ran.stdout, /"permissionDecisionReason":"blocked: rm -rf \/"/);
      assert.doesNotMatch(ran.stdout, /hello/);
    });
  }
  for (const mode of ANSWER_LOST[language]) {
    test(`${language} kit: the handler's ${mode} on rm -rf still reads as a deny`, { timeout: 900_000 }, () => {
      const ran = runHook(language, mode, RM);
      assertDenied(ran, "rm -rf /");
      assert.equal(ran.exit, 2, ran.stderr);
    });
  }
  for (const mode of HARMLESS[language]) {
    test(`${language} kit: the handler's ${mode} on rm -rf still gets its own deny`, { timeout: 900_000 }, () => {
      const ran = runHook(language, mode, RM);
      assertDenied(ran, "rm -rf /");
      assert.equal(ran.exit, 0, ran.stderr);
    });
  }
  for (const budget of INVALID_BUDGETS[language]) {
    test(`${language} kit: a fail-closed hook whose budget is ${budget} (an invalid definition) denies`, { timeout: 900_000 }, () => {
      const ran = runHook(language, "", LS, budget);
      assertDenied(ran);
      assert.match(ran.stdout, /definition is invalid/);
    });
  }
  test(`${language} kit: an attack in the handler of a call the hook does not handle (Read) gives no answer`, { timeout: 900_000 }, () => {
    assertNoAnswer(runHook(language, language === "python" ? "raise" : "panic", READ));
  });
  for (const [name, stdin, command, denied] of STDIN_ATTACKS) {
    test(`${language} kit: stdin with ${name}: ${denied ? "denied" : "no answer"}`, { timeout: 900_000 }, () => {
      const ran = runHook(language, "", stdin(), 20);
      if (denied) assertDenied(ran, command);
      else assertNoAnswer(ran);
    });
  }
}

// --- the deny example's ports judge as the TypeScript example (issue 24: the shell's own quoting) ---

/** Commands made of a command word (rm spelt as bash reads it, look-alikes, plain words), flags (some quoted) and a context. */
const CORPUS: readonly string[] = (() => {
  const words = ["rm", "RM", "rm.exe", "ls", "rmdir", ...RM_SPELLINGS, ...LOOKALIKE_SPELLINGS.map(([word]) => word)];
  const flags = ["-rf", "-r", "-f", "$'-rf'", "-$'r'f", "$'\\x2d'rf", "$'-\\x72\\x66'", "$'--recursive' --force", "-r $'-f'", "$'-r\\0' -f", "$\"-rf\"", "-- $'-rf'"];
  const contexts = ["W /", "cd x; W /", "echo $(W /)", "bash -c \"W /\"", "bash -c 'W /'", "x=$'\\n' W /"];
  return words.flatMap((word) => flags.flatMap((flag) => contexts.map((context) => context.replace("W", () => `${word} ${flag}`))));
})();

const shellCalls = (): string[] => CORPUS.map((command) => bash(command));
const verdictOf = (stdout: string): string => (/"permissionDecision":"deny"/.test(stdout) ? (/failed closed/.test(stdout) ? "failed" : "deny") : stdout === "" ? "none" : `other: ${stdout.slice(0, 100)}`);

/** The TypeScript example's verdicts, its hook defined by the example file itself and answered in this process (no process per command). */
async function typescriptVerdicts(stdins: readonly string[]): Promise<string[]> {
  const source = readFileSync(join(root, "examples/hooks/kit-deny-rm-rf.mjs"), "utf8");
  const importLine = 'import { defineHook, runHook } from "claude-hook-protocol/hooks";';
  assert.ok(source.includes(importLine), "the example imports the kit as it did");
  const module = join(DIR, "ts-deny-rm-rf.mjs");
  writeFileSync(module, source.replace("#!/usr/bin/env node", "").replace(importLine, `import { defineHook } from ${JSON.stringify(builtKit())};\nconst runHook = (hook) => void (globalThis.__denyRmRf = hook);`));
  await import(module);
  const hook = (globalThis as unknown as { __denyRmRf: { handle(stdin: string): Promise<{ stdout: string }> } }).__denyRmRf;
  const verdicts: string[] = [];
  for (const stdin of stdins) verdicts.push(verdictOf((await hook.handle(stdin)).stdout));
  return verdicts;
}

/** The Python example's hook, as it defines it, on each stdin in one process (kit.handle). */
function pythonVerdicts(stdins: readonly string[]): string[] {
  const driver = `
import json, runpy, sys
import claude_hook_protocol.kit as kit
hooks = []
kit.run = hooks.append
runpy.run_path(sys.argv[1])
print(json.dumps([kit.handle(hooks[0], stdin)[1] for stdin in json.load(sys.stdin)]))
`;
  const ran = run("python3", ["-c", driver, join(root, "examples/hooks/python/deny_rm_rf.py")], { env: { PYTHONPATH: join(root, "generated/python"), PYTHONDONTWRITEBYTECODE: "1" }, input: JSON.stringify(stdins) });
  assert.equal(ran.status, 0, ran.stderr);
  return (JSON.parse(ran.stdout) as string[]).map(verdictOf);
}

/** A compiled example, one process per stdin. */
function binaryVerdicts(binary: string, stdins: readonly string[]): string[] {
  return stdins.map((stdin) => {
    const ran = spawnSync(binary, [], { input: stdin, encoding: "utf8", env: { ...process.env, CLAUDE_HOOK_PROTOCOL_AGENT: "" } });
    assert.equal(ran.status, 0, ran.stderr);
    return verdictOf(ran.stdout);
  });
}

const PORTS: Record<Language, (stdins: readonly string[]) => string[]> = {
  python: pythonVerdicts,
  go: (stdins) => {
    const binary = join(DIR, "go-deny-rm-rf");
    const build = run("go", ["build", "-o", binary, "./deny-rm-rf"], { cwd: join(root, "examples/hooks/go"), env: goEnv });
    assert.equal(build.status, 0, build.stderr);
    return binaryVerdicts(binary, stdins);
  },
  rust: (stdins) => {
    const build = run("cargo", ["build", "--release", "--quiet", "--bin", "deny-rm-rf"], { cwd: join(root, "examples/hooks/rust"), env: { CARGO_TARGET_DIR: cargoTarget } });
    assert.equal(build.status, 0, build.stderr);
    return binaryVerdicts(join(cargoTarget, "release", "deny-rm-rf"), stdins);
  },
};

for (const language of ["python", "go", "rust"] as const) {
  test(`${language} deny example: the TypeScript example's verdict on each of ${CORPUS.length} commands spelt with the shell's own quoting`, { timeout: 900_000 }, async () => {
    const stdins = shellCalls();
    const expected = await typescriptVerdicts(stdins);
    const denied = expected.filter((verdict) => verdict === "deny").length;
    const passed = expected.filter((verdict) => verdict === "none").length;
    assert.ok(denied > 500 && passed > 500 && denied + passed === CORPUS.length, `the TypeScript example denies ${denied}, lets ${passed} through, of ${CORPUS.length}`);
    const got = PORTS[language](stdins);
    const differ = CORPUS.map((command, i) => [command, expected[i], got[i]] as const).filter(([, want, have]) => want !== have);
    assert.deepEqual(differ.slice(0, 20), [], `${differ.length} of ${CORPUS.length} verdicts differ`);
  });
}
