/**
 * `conformance serde`: the serde oracle's line protocol. The expected answer
 * stream below was recorded from the oracle for the same input stream.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { serveSerdeConformance } from "../src/conformance/serde.js";

const [REQUESTS, ORACLE_ANSWERS] = readFileSync(new URL("./vectors/serde/protocol-session.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l) as string) as [string, string];

async function serve(input: string, chunkSize: number): Promise<string> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on("data", (d: Buffer) => chunks.push(d));
  const done = serveSerdeConformance(stdin, stdout);
  const bytes = Buffer.from(input, "utf8");
  for (let i = 0; i < bytes.length; i += chunkSize) stdin.write(bytes.subarray(i, i + chunkSize));
  stdin.end();
  assert.equal(await done, 0);
  return Buffer.concat(chunks).toString("utf8");
}

test("answers the oracle's session byte for byte: blank lines, CRLF, bad requests, last line without newline", async () => {
  assert.equal(await serve(REQUESTS, 1 << 16), ORACLE_ANSWERS);
});

test("request lines split across input chunks are reassembled", async () => {
  assert.equal(await serve(REQUESTS, 7), ORACLE_ANSWERS);
});

test("a line that is not UTF-8 ends the session with exit code 1, as the oracle's lines() does", async () => {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on("data", (d: Buffer) => chunks.push(d));
  const done = serveSerdeConformance(stdin, stdout);
  stdin.end(Buffer.from('{"type":"Value","json":"1"}\n{"type":"Value","json":"\xff"}\n{"type":"Value","json":"2"}\n', "latin1"));
  assert.equal(await done, 1);
  assert.equal(Buffer.concat(chunks).toString("utf8"), '{"ok":true,"canonical":"1"}\n');
});

test("the CLI answers each line as soon as it is read (flushed per line)", async () => {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", "conformance", "serde"], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
  const lines: string[] = [];
  let buffered = "";
  let waiter: (() => void) | undefined;
  child.stdout.on("data", (d: Buffer) => {
    buffered += d.toString("utf8");
    const parts = buffered.split("\n");
    buffered = parts.pop() ?? "";
    lines.push(...parts);
    waiter?.();
  });
  const nextLine = (count: number) =>
    new Promise<void>((resolve) => {
      waiter = () => lines.length >= count && resolve();
      waiter();
    });
  child.stdin.write('{"type":"Value","json":"[1e16, -0]"}\n');
  await nextLine(1);
  assert.equal(lines[0], '{"ok":true,"canonical":"[1e+16,-0.0]"}');
  child.stdin.write('{"type":"HookSpecificOutput","json":"{\\"hookEventName\\":\\"Nope\\"}"}\n');
  await nextLine(2);
  assert.match(lines[1] ?? "", /^\{"ok":false,"error":"unknown variant `Nope`, expected one of .* at line 1 column 23"\}$/);
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.equal(code, 0);
});
