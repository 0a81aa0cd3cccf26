/** A unified diff of one file's planned change (`--dry-run`), three lines of context. */

/** Line edit script by longest common subsequence (settings files are small; past a size the whole file is one hunk). */
function editScript(a: readonly string[], b: readonly string[]): { op: " " | "-" | "+"; line: string }[] {
  const n = a.length;
  const m = b.length;
  if (n * m > 4_000_000) return [...a.map((line) => ({ op: "-" as const, line })), ...b.map((line) => ({ op: "+" as const, line }))];
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: { op: " " | "-" | "+"; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) out.push({ op: " ", line: a[i++]! }), j++;
    else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ op: "-", line: a[i++]! });
    else out.push({ op: "+", line: b[j++]! });
  }
  while (i < n) out.push({ op: "-", line: a[i++]! });
  while (j < m) out.push({ op: "+", line: b[j++]! });
  return out;
}

const linesOf = (text: string | null): string[] => (text === null || text === "" ? [] : text.replace(/\n$/, "").split("\n"));

export function unifiedDiff(path: string, before: string | null, after: string | null, context = 3): string {
  const script = editScript(linesOf(before), linesOf(after));
  const header = `--- ${before === null ? "/dev/null" : path}\n+++ ${after === null ? "/dev/null" : path}\n`;
  let out = "";
  let k = 0;
  while (k < script.length) {
    if (script[k]!.op === " ") {
      k++;
      continue;
    }
    // a hunk: from `context` lines before this change to `context` lines after the last change within reach
    const start = Math.max(0, k - context);
    let end = k;
    for (let scan = k; scan < script.length; scan++) {
      if (script[scan]!.op !== " ") end = scan;
      else if (scan - end > 2 * context) break;
    }
    const stop = Math.min(script.length, end + context + 1);
    let oldStart = 1;
    let newStart = 1;
    for (let s = 0; s < start; s++) {
      if (script[s]!.op !== "+") oldStart++;
      if (script[s]!.op !== "-") newStart++;
    }
    const hunk = script.slice(start, stop);
    const oldCount = hunk.filter((e) => e.op !== "+").length;
    const newCount = hunk.filter((e) => e.op !== "-").length;
    out += `@@ -${oldCount === 0 ? oldStart - 1 : oldStart},${oldCount} +${newCount === 0 ? newStart - 1 : newStart},${newCount} @@\n`;
    for (const e of hunk) out += `${e.op}${e.line}\n`;
    k = stop;
  }
  return out === "" ? "" : header + out;
}
