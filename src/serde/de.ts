/**
 * A small port of serde's data model (`Visitor`, `Deserializer`,
 * `SeqAccess`, `MapAccess`, `EnumAccess`), with the defaults serde's traits
 * give. The two deserializers (`JsonDeserializer` for text,
 * `ContentDeserializer` for buffered content) and the model-driven visitors
 * are written against it, so the control flow, and with it the order and
 * position of errors, is serde's.
 */
import { prependPath, SerdeFailure } from "./errors.js";
import { invalidType, type Unexpected } from "./messages.js";

/** `Option::None` of `next_element` / `next_key`. */
export const NONE: unique symbol = Symbol("none");
export type Maybe<T> = T | typeof NONE;

/** A `DeserializeSeed`: what to read next, given a deserializer. */
export type Seed<T> = (deserializer: Deserializer) => T;

export interface SeqAccess {
  nextElement<T>(seed: Seed<T>): Maybe<T>;
}

export interface MapAccess {
  nextKey<K>(seed: Seed<K>): Maybe<K>;
  nextValue<V>(seed: Seed<V>): V;
}

export interface VariantAccess {
  unitVariant(): void;
}

export interface EnumAccess {
  variant<V>(seed: Seed<V>): [V, VariantAccess];
}

/** serde's `Visitor`; a missing method behaves as serde's default (an `invalid_type` error). */
export interface Visitor<T> {
  readonly expecting: string;
  readonly visitBool?: ((value: boolean) => T) | undefined;
  readonly visitU64?: ((value: bigint) => T) | undefined;
  readonly visitI64?: ((value: bigint) => T) | undefined;
  readonly visitF64?: ((value: number) => T) | undefined;
  readonly visitStr?: ((value: string) => T) | undefined;
  readonly visitUnit?: (() => T) | undefined;
  readonly visitNone?: (() => T) | undefined;
  readonly visitSome?: ((deserializer: Deserializer) => T) | undefined;
  readonly visitSeq?: ((seq: SeqAccess) => T) | undefined;
  readonly visitMap?: ((map: MapAccess) => T) | undefined;
  readonly visitEnum?: ((data: EnumAccess) => T) | undefined;
  /**
   * An identifier visitor's known names: a text reader may match a string
   * against them without building it, and call `visitFieldIndex` with the
   * index of the name it equals (`visitStr` otherwise). Same result either
   * way. None may contain `"`, `\\` or a control character (`plainNames`).
   */
  readonly fieldNames?: readonly string[] | undefined;
  readonly visitFieldIndex?: ((index: number) => T) | undefined;
}

const NOT_PLAIN = /["\\\u0000-\u001f]/;

/** `names` for `Visitor.fieldNames`, or undefined when one of them could not be matched in place. */
export function plainNames(names: readonly string[]): readonly string[] | undefined {
  return names.some((name) => NOT_PLAIN.test(name)) ? undefined : names;
}

/**
 * The visitor with every member present (`undefined` where absent): all
 * visitors then share one object shape, so the readers' loads of their
 * members stay monomorphic.
 */
export function visitorOf<T>(v: Visitor<T>): Visitor<T> {
  return {
    expecting: v.expecting,
    visitBool: v.visitBool,
    visitU64: v.visitU64,
    visitI64: v.visitI64,
    visitF64: v.visitF64,
    visitStr: v.visitStr,
    visitUnit: v.visitUnit,
    visitNone: v.visitNone,
    visitSome: v.visitSome,
    visitSeq: v.visitSeq,
    visitMap: v.visitMap,
    visitEnum: v.visitEnum,
    fieldNames: v.fieldNames,
    visitFieldIndex: v.visitFieldIndex,
  };
}

/** The `Deserializer` methods these types need. */
export interface Deserializer {
  deserializeAny<T>(visitor: Visitor<T>): T;
  deserializeBool<T>(visitor: Visitor<T>): T;
  deserializeStr<T>(visitor: Visitor<T>): T;
  deserializeIdentifier<T>(visitor: Visitor<T>): T;
  deserializeOption<T>(visitor: Visitor<T>): T;
  deserializeUnit<T>(visitor: Visitor<T>): T;
  deserializeStruct<T>(visitor: Visitor<T>): T;
  deserializeEnum<T>(visitor: Visitor<T>): T;
  deserializeIgnoredAny(): void;
  /** serde's private `__deserialize_content`: buffer the value. */
  deserializeContent(): Content;
}

/** serde's private `Content`: a fully parsed, buffered value. */
export type Content =
  | { readonly t: "bool"; readonly v: boolean }
  | { readonly t: "u64"; readonly v: bigint }
  | { readonly t: "i64"; readonly v: bigint }
  | { readonly t: "f64"; readonly v: number }
  | { readonly t: "str"; readonly v: string }
  | { readonly t: "unit" }
  | { readonly t: "seq"; readonly v: Content[] }
  | { readonly t: "map"; readonly v: [Content, Content][] };

export function unexpectedContent(content: Content): Unexpected {
  switch (content.t) {
    case "bool": return { kind: "bool", value: content.v };
    case "u64": return { kind: "unsigned", value: content.v };
    case "i64": return { kind: "signed", value: content.v };
    case "f64": return { kind: "float", value: content.v };
    case "str": return { kind: "str", value: content.v };
    case "unit": return { kind: "unit" };
    case "seq": return { kind: "seq" };
    case "map": return { kind: "map" };
  }
}

// Dispatch with serde's default `Visitor` methods.
export const visit = {
  bool<T>(v: Visitor<T>, value: boolean): T {
    if (v.visitBool) return v.visitBool(value);
    throw invalidType({ kind: "bool", value }, v.expecting);
  },
  u64<T>(v: Visitor<T>, value: bigint): T {
    if (v.visitU64) return v.visitU64(value);
    throw invalidType({ kind: "unsigned", value }, v.expecting);
  },
  i64<T>(v: Visitor<T>, value: bigint): T {
    if (v.visitI64) return v.visitI64(value);
    throw invalidType({ kind: "signed", value }, v.expecting);
  },
  f64<T>(v: Visitor<T>, value: number): T {
    if (v.visitF64) return v.visitF64(value);
    throw invalidType({ kind: "float", value }, v.expecting);
  },
  str<T>(v: Visitor<T>, value: string): T {
    if (v.visitStr) return v.visitStr(value);
    throw invalidType({ kind: "str", value }, v.expecting);
  },
  unit<T>(v: Visitor<T>): T {
    if (v.visitUnit) return v.visitUnit();
    throw invalidType({ kind: "unit" }, v.expecting);
  },
  none<T>(v: Visitor<T>): T {
    if (v.visitNone) return v.visitNone();
    throw invalidType({ kind: "option" }, v.expecting);
  },
  some<T>(v: Visitor<T>, d: Deserializer): T {
    if (v.visitSome) return v.visitSome(d);
    throw invalidType({ kind: "option" }, v.expecting);
  },
  seq<T>(v: Visitor<T>, seq: SeqAccess): T {
    if (v.visitSeq) return v.visitSeq(seq);
    throw invalidType({ kind: "seq" }, v.expecting);
  },
  map<T>(v: Visitor<T>, map: MapAccess): T {
    if (v.visitMap) return v.visitMap(map);
    throw invalidType({ kind: "map" }, v.expecting);
  },
};

/** Every element of a sequence, read with `seed`; a failure gets the element's index in its path. */
export function seqElements<T>(seq: SeqAccess, seed: Seed<T>): T[] {
  const items: T[] = [];
  for (;;) {
    let item: Maybe<T>;
    try {
      item = seq.nextElement(seed);
    } catch (e) {
      prependPath(e, items.length);
      throw e;
    }
    if (item === NONE) return items;
    items.push(item);
  }
}

/** serde's `ContentVisitor`: buffers whatever comes. */
export const contentVisitor: Visitor<Content> = visitorOf<Content>({
  expecting: "any value",
  visitBool: (v) => ({ t: "bool", v }),
  visitU64: (v) => ({ t: "u64", v }),
  visitI64: (v) => ({ t: "i64", v }),
  visitF64: (v) => ({ t: "f64", v }),
  visitStr: (v) => ({ t: "str", v }),
  visitUnit: () => ({ t: "unit" }),
  visitSeq: (seq) => ({ t: "seq", v: seqElements(seq, contentSeed) }),
  visitMap(map) {
    const entries: [Content, Content][] = [];
    for (;;) {
      const key = map.nextKey(contentSeed);
      if (key === NONE) return { t: "map", v: entries };
      pushContentEntry(map, key, entries);
    }
  },
});

/** Reads the value of `key` as `Content` onto `entries`; a failure gets the key (or the entry's index) in its path. */
export function pushContentEntry(map: MapAccess, key: Content, entries: [Content, Content][]): void {
  let value: Content;
  try {
    value = map.nextValue(contentSeed);
  } catch (e) {
    prependPath(e, key.t === "str" ? key.v : entries.length);
    throw e;
  }
  entries.push([key, value]);
}

export const contentSeed: Seed<Content> = (d) => d.deserializeContent();

/** The visitor of `()`: what a unit variant's value must be. */
export const unitVisitor: Visitor<void> = visitorOf<void>({ expecting: "unit", visitUnit: () => undefined });

/** `IgnoredAny` as a seed. */
export const ignoredSeed: Seed<void> = (d) => d.deserializeIgnoredAny();

/** Runs `body`; returns the serde failure it raised, if any (other exceptions propagate). */
export function attempt(body: () => void): SerdeFailure | undefined {
  try {
    body();
    return undefined;
  } catch (e) {
    if (e instanceof SerdeFailure) return e;
    throw e;
  }
}
