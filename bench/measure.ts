/**
 * Same-process timing: a subject and its baseline run in alternating rounds
 * (so CPU frequency changes, GC and the other engineers' jobs hit both
 * alike), and each figure is the median over rounds of the per-round
 * ratio. No figure is an absolute time compared with a constant.
 */

/** Keeps results alive so the JIT cannot drop the work. */
export let sink: unknown = null;

export interface Timed {
  /** Median nanoseconds per call. */
  readonly nsPerOp: number;
}

export interface Comparison {
  readonly subject: Timed;
  readonly baseline: Timed;
  /** Median over rounds of subject time / baseline time. */
  readonly ratio: number;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nanoseconds for `iterations` calls of `fn`. */
function timeLoop(fn: () => unknown, iterations: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink = fn();
  return Number(process.hrtime.bigint() - start);
}

/** Iterations that take about `targetMs` (after a warm-up of the same length). */
function calibrate(fn: () => unknown, targetMs: number): number {
  let n = 1;
  for (;;) {
    const ns = timeLoop(fn, n);
    if (ns >= targetMs * 1e6 || n >= 1 << 26) return Math.max(1, Math.round((n * targetMs * 1e6) / Math.max(ns, 1)));
    n *= 2;
  }
}

export interface CompareOptions {
  readonly rounds?: number;
  /** Milliseconds per batch of each side. */
  readonly batchMs?: number;
}

/** Synchronous subject vs synchronous baseline. */
export function compareSync(subject: () => unknown, baseline: () => unknown, options: CompareOptions = {}): Comparison {
  // many short alternating batches: the machine is shared, and load comes and goes
  const rounds = options.rounds ?? 41;
  const batchMs = options.batchMs ?? 10;
  const nSubject = calibrate(subject, batchMs);
  const nBaseline = calibrate(baseline, batchMs);
  const s: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // alternate which side goes first, so neither always runs on a warmer cache
    const first = r % 2 === 0;
    const bs = first ? timeLoop(baseline, nBaseline) / nBaseline : 0;
    const ss = timeLoop(subject, nSubject) / nSubject;
    const bs2 = first ? bs : timeLoop(baseline, nBaseline) / nBaseline;
    s.push(ss);
    b.push(bs2);
    ratios.push(ss / bs2);
  }
  return { subject: { nsPerOp: median(s) }, baseline: { nsPerOp: median(b) }, ratio: median(ratios) };
}

/** Median nanoseconds per call of one function alone (for a rate target such as merges per second). */
export function timeSync(fn: () => unknown, options: CompareOptions = {}): Timed {
  const rounds = options.rounds ?? 15;
  const n = calibrate(fn, options.batchMs ?? 30);
  const xs: number[] = [];
  for (let r = 0; r < rounds; r++) xs.push(timeLoop(fn, n) / n);
  return { nsPerOp: median(xs) };
}

/** Asynchronous subject vs baseline, one call at a time, alternating call by call. */
export async function compareAsync(
  subject: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
  options: { readonly warmup?: number; readonly samples?: number } = {},
): Promise<Comparison> {
  const warmup = options.warmup ?? 5;
  const samples = options.samples ?? 40;
  for (let i = 0; i < warmup; i++) {
    await baseline();
    await subject();
  }
  const s: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < samples; i++) {
    const order = i % 2 === 0 ? ([baseline, subject] as const) : ([subject, baseline] as const);
    const times: number[] = [];
    for (const fn of order) {
      const start = process.hrtime.bigint();
      sink = await fn();
      times.push(Number(process.hrtime.bigint() - start));
    }
    const bt = i % 2 === 0 ? times[0]! : times[1]!;
    const st = i % 2 === 0 ? times[1]! : times[0]!;
    s.push(st);
    b.push(bt);
    ratios.push(st / bt);
  }
  return { subject: { nsPerOp: median(s) }, baseline: { nsPerOp: median(b) }, ratio: median(ratios) };
}
