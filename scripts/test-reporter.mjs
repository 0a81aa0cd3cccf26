// The test runner's reporter for `npm test`: one line per test file as it
// finishes (with a [done/total] count), each failure in full, the output a
// failing file printed, and node's own closing lines (`# tests N`, `# pass N`,
// `# fail N`, ...) unchanged, which CI reads. Passing tests print nothing else.
import { inspect } from "node:util";
import { relative } from "node:path";

const total = Number(process.env.RUN_TESTS_FILE_COUNT ?? "0");
const color = process.env.NO_COLOR === undefined && process.stdout.isTTY === true;
const paint = (code, text) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
const OUTPUT_LINES = 40; // of a failing file's own stdout/stderr, the last ones

function errorText(error) {
  // node wraps the test's error (ERR_TEST_FAILURE); the assertion is its cause
  const shown = error?.code === "ERR_TEST_FAILURE" && error.cause !== undefined ? error.cause : error;
  return inspect(shown, { depth: 4, colors: color }).split("\n");
}

// With files running in parallel, node emits a file's own test:complete when its
// process ends, but its tests' results in file order, possibly later. So a file's
// line is printed once it is complete and its results are in: when the next
// file's results begin, when it completes while its results are the ones being
// reported, or at the closing summary.
export default async function* reporter(source) {
  const files = new Map(); // file -> { pass, fail, failures, output, names, complete, seconds }
  let done = 0;
  let current = null; // the file whose results are being reported
  const entry = (file) => {
    let found = files.get(file);
    if (found === undefined) {
      found = { pass: 0, fail: 0, failures: [], output: [], names: [], complete: false, seconds: 0 };
      files.set(file, found);
    }
    return found;
  };
  const line = (file) => {
    const counts = files.get(file);
    files.delete(file);
    done++;
    const failed = counts.fail > 0 || counts.failures.length > 0;
    const progress = total > 0 ? `[${done}/${total}] ` : "";
    const mark = failed ? paint(31, "✖") : paint(32, "✔");
    const name = relative(process.cwd(), file);
    let text = `${mark} ${progress}${name}: ${counts.pass} passed${counts.fail > 0 ? `, ${paint(31, `${counts.fail} failed`)}` : ""} (${counts.seconds.toFixed(1)} s)\n`;
    if (!failed) return text;
    for (const failure of counts.failures) text += `  ${paint(31, "✖")} ${failure.name}\n${failure.lines.map((l) => `      ${l}`).join("\n")}\n`;
    if (counts.output.length > 0) {
      text += `  output of ${name} (last ${Math.min(OUTPUT_LINES, counts.output.length)} lines):\n`;
      text += counts.output.slice(-OUTPUT_LINES).map((l) => `    ${l}`).join("\n") + "\n";
    }
    return text;
  };
  let closing = false;
  for await (const event of source) {
    const data = event.data ?? {};
    const file = data.file;
    switch (event.type) {
      case "test:start":
        if (file !== undefined && data.name !== file) entry(file).names[data.nesting] = data.name;
        break;
      case "test:pass":
      case "test:fail": {
        if (file === undefined) break;
        if (current !== file) {
          if (current !== null && files.get(current)?.complete === true) yield line(current);
          current = file;
        }
        const counts = entry(file);
        if (data.name === file) {
          // the file itself failed (it did not load, or exited early)
          if (event.type === "test:fail") counts.failures.push({ name: "(the file)", lines: errorText(data.details?.error) });
        } else if (event.type === "test:pass") counts.pass++;
        else {
          counts.fail++;
          counts.failures.push({ name: [...counts.names.slice(0, data.nesting), data.name].join(" > "), lines: errorText(data.details?.error) });
        }
        break;
      }
      case "test:stdout":
      case "test:stderr":
        if (file !== undefined) entry(file).output.push(...String(data.message).replace(/\n$/, "").split("\n"));
        break;
      case "test:complete":
        if (file !== undefined && data.name === file && data.nesting === 0) {
          const counts = entry(file);
          counts.complete = true;
          counts.seconds = (data.details?.duration_ms ?? 0) / 1000;
          if (current === file) {
            current = null;
            yield line(file);
          }
        }
        break;
      case "test:diagnostic":
        // node's closing summary (tests, suites, pass, fail, cancelled, skipped, todo, duration_ms), in its own format
        if (file === undefined && data.nesting === 0) {
          if (!closing) {
            closing = true;
            for (const remaining of [...files.keys()]) yield line(remaining);
          }
          yield `# ${data.message}\n`;
        }
        break;
      default:
        break;
    }
  }
}
