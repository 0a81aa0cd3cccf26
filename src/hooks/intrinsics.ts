/**
 * The JavaScript built-ins the kit writes its answer with, as they were when
 * the kit was imported (before the hook's own code ran), so that a handler
 * that replaces one (`JSON.stringify = ...`, `Object.prototype.then = ...`,
 * `Array.prototype.map = ...`) cannot forge, empty or hang the answer. The
 * hook process (./process.ts) calls {@link restoreBuiltins} when the
 * handler's synchronous part returns and again before it writes: what changed
 * is put back and the call fails, naming it (a hook that changes built-ins is
 * not one whose answer the kit can vouch for).
 *
 * Cheap by design: one list of property descriptors, taken once at import and
 * compared by identity; additions are looked for only on the prototypes whose
 * new keys the kit's own objects would read (a `then`, a `toJSON`, an
 * `updatedInput` on Object.prototype).
 */

// captured first: the checks below must not run code the hook replaced
const { apply, defineProperty, deleteProperty, getOwnPropertyDescriptor, getPrototypeOf, ownKeys, setPrototypeOf } = Reflect;
const toText = String;
const is = Object.is;

/** Each watched object: its name in messages, the object, and the keys watched (null: all own keys, and additions). */
type Watched = readonly [label: string, target: object, names: readonly PropertyKey[] | null];

const TYPED_ARRAY_PROTOTYPE = getPrototypeOf(Uint8Array.prototype) as object;
const WATCHED: readonly Watched[] = [
  [
    "globalThis",
    globalThis,
    ["globalThis", "JSON", "Object", "Array", "String", "Number", "Boolean", "Symbol", "Promise", "Reflect", "Proxy", "Function", "Error", "TypeError", "Map", "Set", "WeakMap", "RegExp", "Math", "Buffer", "Atomics", "SharedArrayBuffer", "Int32Array", "Uint8Array", "process", "queueMicrotask", "setTimeout", "clearTimeout", "setInterval"],
  ],
  ["JSON", JSON, null],
  ["Object", Object, null],
  ["Object.prototype", Object.prototype, null],
  ["Function.prototype", Function.prototype, null],
  ["Array", Array, null],
  ["Array.prototype", Array.prototype, null],
  ["String", String, null],
  ["String.prototype", String.prototype, null],
  ["Number", Number, null],
  ["Symbol", Symbol, null],
  ["Promise", Promise, null],
  ["Promise.prototype", Promise.prototype, null],
  ["Reflect", Reflect, null],
  ["Math", Math, null],
  ["Map.prototype", Map.prototype, null],
  ["Set.prototype", Set.prototype, null],
  ["WeakMap.prototype", WeakMap.prototype, null],
  ["RegExp.prototype", RegExp.prototype, null],
  ["Error.prototype", Error.prototype, null],
  ["Buffer", Buffer, null],
  ["Uint8Array.prototype", Uint8Array.prototype, null],
  ["TypedArray.prototype", TYPED_ARRAY_PROTOTYPE, null],
  ["Atomics", Atomics, null],
];

interface Snapshot {
  readonly label: string;
  readonly target: object;
  readonly prototype: object | null;
  readonly keys: readonly PropertyKey[];
  readonly descriptors: readonly PropertyDescriptor[];
  /** The values read through accessors (`globalThis.process`, `globalThis.Buffer`: a setter keeps the new value behind the same getter). */
  readonly values: readonly unknown[] | null;
  /** The keys, as a lookup (null prototype: nothing the hook adds to Object.prototype is found here). */
  readonly known: Record<PropertyKey, true> | null;
}

function snapshot([label, target, names]: Watched): Snapshot {
  const keys = names ?? ownKeys(target);
  const descriptors: PropertyDescriptor[] = [];
  const known: Record<PropertyKey, true> | null = names === null ? (Object.create(null) as Record<PropertyKey, true>) : null;
  const values: unknown[] | null = names === null ? null : [];
  for (let i = 0; i < keys.length; i++) {
    descriptors[i] = getOwnPropertyDescriptor(target, keys[i]!) ?? { value: undefined, writable: true, enumerable: false, configurable: true };
    if (known !== null) known[keys[i] as string] = true;
    if (values !== null) values[i] = (target as Record<PropertyKey, unknown>)[keys[i]!];
  }
  return { label, target, prototype: getPrototypeOf(target), keys, descriptors, values, known };
}

const SNAPSHOTS: readonly Snapshot[] = WATCHED.map(snapshot);

function same(now: PropertyDescriptor | undefined, then: PropertyDescriptor): boolean {
  return now !== undefined && is(now.value, then.value) && now.get === then.get && now.set === then.set && now.writable === then.writable && now.configurable === then.configurable;
}

export interface BuiltinsCheck {
  /** What the hook changed since the kit was imported (`JSON.stringify`, `Object.prototype.then`), put back. */
  readonly changed: readonly string[];
  /** What could not be put back (made non-configurable): the kit cannot write an answer it vouches for. */
  readonly stuck: readonly string[];
}

/**
 * Puts back every watched built-in the hook replaced, removed or added since
 * the kit was imported, and says which. Runs only code captured at import
 * (indexed loops, no iterators or methods the hook could have replaced).
 */
export function restoreBuiltins(): BuiltinsCheck {
  const changed: string[] = [];
  const stuck: string[] = [];
  const note = (list: string[], label: string, key: PropertyKey | null): void => {
    list[list.length] = key === null ? `${label} (its prototype)` : `${label}.${toText(key)}`;
  };
  for (let s = 0; s < SNAPSHOTS.length; s++) {
    const { label, target, prototype, keys, descriptors, values, known } = SNAPSHOTS[s]!;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const descriptor = descriptors[i]!;
      if (!same(getOwnPropertyDescriptor(target, key), descriptor)) {
        note(changed, label, key);
        if (!defineProperty(target, key, descriptor)) note(stuck, label, key);
      }
      if (values !== null && descriptor.set !== undefined && !is((target as Record<PropertyKey, unknown>)[key], values[i])) {
        note(changed, label, key);
        apply(descriptor.set, target, [values[i]]);
      }
    }
    if (known !== null) {
      const now = ownKeys(target);
      for (let i = 0; i < now.length; i++) {
        const key = now[i]!;
        if (known[key as string] === true) continue;
        note(changed, label, key);
        if (!deleteProperty(target, key)) note(stuck, label, key);
      }
    }
    if (getPrototypeOf(target) !== prototype) {
      note(changed, label, null);
      let put = false;
      try {
        put = setPrototypeOf(target, prototype);
      } catch {
        // an immutable prototype (Object.prototype's): never changed
      }
      if (!put) note(stuck, label, null);
    }
  }
  return { changed, stuck };
}

/** `fn.apply(self, args)` with the `Reflect.apply` of import time. */
export function callOriginal<R>(fn: (...args: never[]) => R, self: unknown, args: readonly unknown[]): R {
  return apply(fn as (...args: unknown[]) => R, self, args as unknown[]);
}
