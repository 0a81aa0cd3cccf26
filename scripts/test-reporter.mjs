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

export default async function* reporter(source) {
  const files = new Map(); // file -> { pass, fail, failures: [], output: [] }
  let done = 0;
  const entry = (file) => {
    let found = files.get(file);
    if (found === undefined) {
      found = { pass: 0, fail: 0, failures: [], output: [], names: [] };
      files.set(file, found);
    }
    return found;
  };
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
        const counts = entry(file);
        if (data.name === file) {
          // the file itself failed (it did not load, or exited early)
          if (event.type === "test:fail") counts.failures.push({ name: "(the file)", lines: errorText(data.details?.error) });
          break;
        }
        if (event.type === "test:pass") counts.pass++;
        else {
          counts.fail++;
          const path = [...counts.names.slice(0, data.nesting), data.name].join(" > ");
          counts.failures.push({ name: path, lines: errorText(data.details?.error) });
        }
        break;
      }
      case "test:stdout":
      case "test:stderr":
        if (file !== undefined) entry(file).output.push(...String(data.message).replace(/\n$/, "").split("\n"));
        break;
      case "test:complete":
        if (file !== undefined && data.name === file && data.nesting === 0) {
          done++;
          const counts = entry(file);
          const failed = counts.fail > 0 || counts.failures.length > 0;
          const seconds = ((data.details?.duration_ms ?? 0) / 1000).toFixed(1);
          const progress = total > 0 ? `[${done}/${total}] ` : "";
          const mark = failed ? paint(31, "✖") : paint(32, "✔");
          let text = `${mark} ${progress}${relative(process.cwd(), file)}: ${counts.pass} passed${counts.fail > 0 ? `, ${paint(31, `${counts.fail} failed`)}` : ""} (${seconds} s)\n`;
          if (failed) {
            for (const failure of counts.failures) text += `  ${paint(31, "✖")} ${failure.name}\n${failure.lines.map((l) => `      ${l}`).join("\n")}\n`;
            if (counts.output.length > 0) {
              text += `  output of ${relative(process.cwd(), file)} (last ${Math.min(OUTPUT_LINES, counts.output.length)} lines):\n`;
              text += counts.output.slice(-OUTPUT_LINES).map((l) => `    ${l}`).join("\n") + "\n";
            }
          }
          files.delete(file);
          yield text;
        }
        break;
      case "test:diagnostic":
        // node's closing summary (tests, suites, pass, fail, cancelled, skipped, todo, duration_ms), in its own format
        if (file === undefined && data.nesting === 0) yield `# ${data.message}\n`;
        break;
      default:
        break;
    }
  }
}
