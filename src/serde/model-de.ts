/**
 * What `#[derive(Deserialize)]` (serde_derive 1.0.228) generates for each
 * shape of the serde model, as visitors over `de.ts`: plain structs
 * (`visit_map` with duplicate / missing fields, `visit_seq` for the array
 * form), internally tagged enums (`TaggedContentVisitor`, then the variant
 * from the buffered content), externally tagged unit enums, `Option`,
 * `bool`, `String` and `serde_json::Value`.
 *
 * Typed results use the JSON (wire) names: a struct is an object with one
 * key per present field (`None` leaves the key out), a tagged variant
 * carries its tag first, a unit enum is its wire string, a `Value` is a
 * `SerdeValue`.
 */
import { ContentDeserializer } from "./content-deserializer.js";
import { prependPath, SerdeFailure } from "./errors.js";
import { fromStrOrFailure } from "./from-str.js";
import { contentVisitor, ignoredSeed, NONE, plainNames, pushContentEntry, seqElements, visitorOf, type Content, type MapAccess, type Maybe, type Seed, type Visitor } from "./de.js";
import {
  duplicateField,
  invalidLength,
  invalidValue,
  missingField,
  unknownVariant,
} from "./messages.js";
import type { SerdeField, SerdeFieldType, SerdeModel, SerdeType, SerdeVariant } from "./model.js";
import { SerdeFloat, SerdeInteger, type SerdeValue } from "./value.js";

export type TypedObject = Record<string, unknown>;

const BOOL_VISITOR: Visitor<boolean> = visitorOf<boolean>({ expecting: "a boolean", visitBool: (v) => v });
const STRING_VISITOR: Visitor<string> = visitorOf<string>({ expecting: "a string", visitStr: (v) => v });

export const stringSeed: Seed<string> = (d) => d.deserializeStr(STRING_VISITOR);

/** The first key that makes serde_json's `raw_value` feature read a `Value` from a string's text. */
export const RAW_VALUE_TOKEN = "$serde_json::private::RawValue";
const RAW_VALUE_VISITOR: Visitor<string> = visitorOf<string>({ expecting: "raw value", visitStr: (v) => v });
const rawValueSeed: Seed<string> = (d) => d.deserializeStr(RAW_VALUE_VISITOR);

/** `serde_json::Value`'s visitor (no `arbitrary_precision`; `raw_value` as asked). */
export function valueSeedFor(rawValue: boolean): Seed<SerdeValue> {
  const visitor: Visitor<SerdeValue> = visitorOf<SerdeValue>({
    expecting: "any valid JSON value",
    visitBool: (v) => v,
    visitI64: (v) => new SerdeInteger(v),
    visitU64: (v) => new SerdeInteger(v),
    visitF64: (v) => (Number.isFinite(v) ? new SerdeFloat(v) : null),
    visitStr: (v) => v,
    visitNone: () => null,
    visitSome: (d) => seed(d),
    visitUnit: () => null,
    visitSeq: (seq) => seqElements(seq, seed),
    visitMap(map) {
      // BTreeMap::insert: the last duplicate wins; order is applied on write.
      const object = new Map<string, SerdeValue>();
      let key = map.nextKey(stringSeed);
      if (key === NONE) return object;
      if (rawValue && key === RAW_VALUE_TOKEN) {
        // `from_str(raw).map_err(de::Error::custom)`; the rest of the map is left unread.
        let text: string;
        try {
          text = map.nextValue(rawValueSeed);
        } catch (e) {
          prependPath(e, key);
          throw e;
        }
        const inner = fromStrOrFailure(seed, text);
        if (inner.ok) return inner.value;
        const located = inner.failure.hasPosition;
        throw new SerdeFailure("custom", inner.failure.message, located ? inner.failure.line : 0, located ? inner.failure.column : 0);
      }
      do {
        try {
          object.set(key, map.nextValue(seed));
        } catch (e) {
          prependPath(e, key);
          throw e;
        }
        key = map.nextKey(stringSeed);
      } while (key !== NONE);
      return object;
    },
  });
  const seed: Seed<SerdeValue> = (d) => d.deserializeAny(visitor);
  return seed;
}

/** `serde_json::Value` with default features. */
export const valueSeed: Seed<SerdeValue> = valueSeedFor(false);

const TAG: unique symbol = Symbol("tag");

/** The field identifier of a key the struct does not know. */
const UNKNOWN_KEY = -1;

/** A field not seen (yet) in the map. */
const ABSENT: unique symbol = Symbol("absent");

/**
 * Typed values are ordinary objects, struct, variant and unit variant alike:
 * their keys are only the model's wire names, never keys of the input.
 */
function newTypedObject(): TypedObject {
  return {};
}

/** A missing key: `#[serde(default)]`, `Option` (None), or "missing field". */
export function missingFieldValue(field: SerdeField): unknown {
  const dflt = field.default;
  if (dflt !== null) {
    if (dflt.kind === "function") return dflt.value;
    switch (field.type.kind) {
      case "bool": return false;
      case "string": return "";
      case "value": return null;
      default: return undefined;
    }
  }
  if (field.type.kind === "option") return undefined;
  throw missingField(field.wireName);
}

/** A struct's (or struct variant's) value: the tag first, then the present fields in declaration order. */
export function typedObject(fields: readonly SerdeField[], variant: { readonly tag: string; readonly wireName: string } | undefined, values: readonly unknown[]): TypedObject {
  const out = newTypedObject();
  if (variant !== undefined) out[variant.tag] = variant.wireName;
  for (let i = 0; i < fields.length; i++) {
    const value = values[i];
    if (value !== undefined) out[(fields[i] as SerdeField).wireName] = value;
  }
  return out;
}

/** In the array form of a tagged enum the body's elements follow the tag: element i is at index i + 1. */
function shiftPastTag(e: unknown): void {
  if (e instanceof SerdeFailure && typeof e.path[0] === "number") e.path[0] += 1;
}

/** The generated `__Field` visitor of an enum's variants. */
function variantIdVisitor(wireNames: readonly string[]): Visitor<number> {
  const index = new Map(wireNames.map((name, i) => [name, i]));
  return visitorOf({
    expecting: "variant identifier",
    fieldNames: plainNames(wireNames),
    visitFieldIndex: (i) => i,
    visitStr(value) {
      const i = index.get(value);
      if (i === undefined) throw unknownVariant(value, wireNames);
      return i;
    },
    visitU64(value) {
      if (value < BigInt(wireNames.length)) return Number(value);
      throw invalidValue({ kind: "unsigned", value }, `variant index 0 <= i < ${wireNames.length}`);
    },
  });
}

/** The model interpreted as serde_derive would have generated it; readers are built once per type. */
export class ModelReader {
  private readonly seeds = new Map<string, Seed<unknown>>();
  /** `serde_json::Value` as this build reads it. */
  readonly valueSeed: Seed<SerdeValue>;

  constructor(
    private readonly model: SerdeModel,
    rawValue: boolean,
  ) {
    this.valueSeed = rawValue ? valueSeedFor(true) : valueSeed;
  }

  seedFor(rustName: string): Seed<unknown> {
    let seed = this.seeds.get(rustName);
    if (seed === undefined) {
      const type = this.model[rustName];
      if (type === undefined) throw new TypeError(`serde model has no type ${rustName}`);
      // Recursive types need no placeholder: a named field resolves its seed on first use (`fieldSeed`).
      seed = this.buildSeed(type);
      this.seeds.set(rustName, seed);
    }
    return seed;
  }

  private buildSeed(type: SerdeType): Seed<unknown> {
    switch (type.kind) {
      case "struct": {
        const visitor = this.structVisitor(type.fields, `struct ${type.rustName}`);
        return (d) => d.deserializeStruct(visitor);
      }
      case "unit-enum": {
        const wireNames = type.variants.map((v) => v.wireName);
        const idVisitor = variantIdVisitor(wireNames);
        const visitor: Visitor<string> = visitorOf<string>({
          expecting: `enum ${type.rustName}`,
          visitEnum(data) {
            const [i, access] = data.variant((d) => d.deserializeIdentifier(idVisitor));
            access.unitVariant();
            return wireNames[i] as string;
          },
        });
        return (d) => d.deserializeEnum(visitor);
      }
      case "internally-tagged-enum":
        return this.taggedEnumSeed(type.rustName, type.tag, type.variants);
    }
  }

  private taggedEnumSeed(rustName: string, tag: string, variants: readonly SerdeVariant[]): Seed<unknown> {
    const idVisitor = variantIdVisitor(variants.map((v) => v.wireName));
    const idSeed: Seed<number> = (d) => d.deserializeIdentifier(idVisitor);
    const tagOrContentVisitor: Visitor<Content | typeof TAG> = visitorOf<Content | typeof TAG>({
      ...contentVisitor,
      expecting: `a type tag \`${tag}\` or any other value`,
      visitStr: (v) => (v === tag ? TAG : { t: "str", v }),
    });
    const tagOrContentSeed: Seed<Content | typeof TAG> = (d) => d.deserializeAny(tagOrContentVisitor);
    const taggedContentVisitor: Visitor<{ tag: number; content: Content }> = visitorOf<{ tag: number; content: Content }>({
      expecting: `internally tagged enum ${rustName}`,
      visitSeq(seq) {
        let found: Maybe<number>;
        try {
          found = seq.nextElement(idSeed);
        } catch (e) {
          prependPath(e, 0);
          throw e;
        }
        if (found === NONE) throw missingField(tag);
        try {
          return { tag: found, content: (contentVisitor.visitSeq as NonNullable<typeof contentVisitor.visitSeq>)(seq) };
        } catch (e) {
          shiftPastTag(e);
          throw e;
        }
      },
      visitMap(map) {
        let found: number | undefined;
        const entries: [Content, Content][] = [];
        for (;;) {
          const key = map.nextKey(tagOrContentSeed);
          if (key === NONE) break;
          if (key === TAG) {
            if (found !== undefined) throw duplicateField(tag);
            try {
              found = map.nextValue(idSeed);
            } catch (e) {
              prependPath(e, tag);
              throw e;
            }
          } else {
            pushContentEntry(map, key, entries);
          }
        }
        if (found === undefined) throw missingField(tag);
        return { tag: found, content: { t: "map", v: entries } };
      },
    });
    /** Each variant read from its buffered body. */
    const arms = variants.map((variant): ((content: Content) => TypedObject) => {
      if (variant.fields === null) {
        const taggedUnitVisitor: Visitor<void> = visitorOf<void>({
          expecting: `unit variant ${rustName}::${variant.rustName}`,
          visitSeq: () => undefined,
          visitMap(map) {
            while (map.nextKey(ignoredSeed) !== NONE) map.nextValue(ignoredSeed);
          },
        });
        return (content) => {
          new ContentDeserializer(content).deserializeAny(taggedUnitVisitor);
          return typedObject([], { tag, wireName: variant.wireName }, []);
        };
      }
      const visitor = this.structVisitor(variant.fields, `struct variant ${rustName}::${variant.rustName}`, { tag, wireName: variant.wireName });
      return (content) => new ContentDeserializer(content).deserializeAny(visitor);
    });
    return (d) => {
      const tagged = d.deserializeAny(taggedContentVisitor);
      try {
        return (arms[tagged.tag] as (typeof arms)[number])(tagged.content);
      } catch (e) {
        if (tagged.content.t === "seq") shiftPastTag(e);
        throw e;
      }
    };
  }

  private fieldSeed(type: SerdeFieldType): Seed<unknown> {
    switch (type.kind) {
      case "bool": return (d) => d.deserializeBool(BOOL_VISITOR);
      case "string": return stringSeed;
      case "value": return this.valueSeed;
      case "named": {
        let named: Seed<unknown> | undefined;
        return (d) => (named ??= this.seedFor(type.rustName))(d);
      }
      case "option": {
        const inner = this.fieldSeed(type.inner);
        const visitor: Visitor<unknown> = visitorOf<unknown>({
          expecting: "option",
          visitNone: () => undefined,
          visitUnit: () => undefined,
          visitSome: (d) => inner(d),
        });
        return (d) => d.deserializeOption(visitor);
      }
    }
  }

  /** The generated `__Visitor` of a struct or struct variant (whose value gets its tag first). */
  private structVisitor(
    fields: readonly SerdeField[],
    expecting: string,
    variant?: { readonly tag: string; readonly wireName: string },
  ): Visitor<TypedObject> {
    const seeds = fields.map((f) => this.fieldSeed(f.type));
    const wireNames = fields.map((f) => f.wireName);
    const index = new Map(wireNames.map((name, i) => [name, i]));
    const fieldIdVisitor: Visitor<number> = visitorOf<number>({
      expecting: "field identifier",
      fieldNames: plainNames(wireNames),
      visitFieldIndex: (i) => i,
      visitStr: (v) => index.get(v) ?? UNKNOWN_KEY,
      visitU64: (v) => (v < BigInt(fields.length) ? Number(v) : UNKNOWN_KEY),
    });
    const fieldIdSeed: Seed<number> = (d) => d.deserializeIdentifier(fieldIdVisitor);
    const seqExpecting = `${expecting} with ${fields.length} element${fields.length === 1 ? "" : "s"}`;
    const build = (values: unknown[]): TypedObject => typedObject(fields, variant, values);
    const readMap = (map: MapAccess): TypedObject => {
      const values: unknown[] = new Array(fields.length).fill(ABSENT);
      for (;;) {
        const key = map.nextKey(fieldIdSeed);
        if (key === NONE) break;
        if (key === UNKNOWN_KEY) {
          map.nextValue(ignoredSeed);
          continue;
        }
        const field = fields[key] as SerdeField;
        if (values[key] !== ABSENT) throw duplicateField(field.wireName);
        try {
          values[key] = map.nextValue(seeds[key] as Seed<unknown>);
        } catch (e) {
          prependPath(e, field.wireName);
          throw e;
        }
      }
      for (let i = 0; i < fields.length; i++) {
        if (values[i] === ABSENT) values[i] = missingFieldValue(fields[i] as SerdeField);
      }
      return build(values);
    };
    return visitorOf<TypedObject>({
      expecting,
      visitSeq: (seq) => {
        const values: unknown[] = [];
        for (let i = 0; i < fields.length; i++) {
          const field = fields[i] as SerdeField;
          let item: Maybe<unknown>;
          try {
            item = seq.nextElement(seeds[i] as Seed<unknown>);
          } catch (e) {
            prependPath(e, i);
            throw e;
          }
          if (item !== NONE) values.push(item);
          else if (field.default !== null) values.push(missingFieldValue(field));
          else throw invalidLength(i, seqExpecting);
        }
        return build(values);
      },
      visitMap: readMap,
    });
  }
}
