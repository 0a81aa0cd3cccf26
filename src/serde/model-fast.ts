/**
 * The common case of reading a model type, straight from the text: objects
 * with plain keys, tags first, no error. It only has to accept what the
 * serde port (`model-de.ts`) accepts and return the same value: on any
 * failure, or anything it does not handle (array forms, escaped keys or
 * tags, the tag not first), it gives up and the caller reads the text again
 * with the serde port, whose errors are serde's. So it never words an error.
 *
 * What it accepts, the port accepts alike: the same grammar steps of
 * `JsonDeserializer` (whitespace, idents, strings), the same recursion
 * counter at the same nesting, `Value`s built as the port's visitor builds
 * them, the port's own readers for the values of keys it ignores
 * (`IgnoredAny` in a struct, `Content` in a tagged body, as the buffered
 * path reads them), the same defaults, and
 * duplicate, missing and unknown fields, variants and tags refused.
 */
import { plainNames } from "./de.js";
import { JsonDeserializer } from "./json-deserializer.js";
import { missingFieldValue, RAW_VALUE_TOKEN, typedObject, type TypedObject } from "./model-de.js";
import type { SerdeField, SerdeFieldType, SerdeModel, SerdeType } from "./model.js";
import { SerdeFloat, SerdeInteger, type SerdeValue } from "./value.js";

/** Reads one value, or throws (anything): the caller then reads the text with the serde port. */
export type FastRead = (de: JsonDeserializer) => unknown;

/** Thrown when the text is not the common case; caught with every other failure. */
class NotCommonCase {}
const NOT_COMMON = new NotCommonCase();

const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

function giveUp(): never {
  throw NOT_COMMON;
}

/** After an object's `{` and possibly some entries: the next key's opening quote consumed, or false at `}`. */
function nextKey(de: JsonDeserializer, first: boolean): boolean {
  let c = de.parseWhitespace();
  if (c === CLOSE_BRACE) {
    de.eat();
    return false;
  }
  if (!first) {
    if (c !== COMMA) giveUp();
    de.eat();
    c = de.parseWhitespace();
  }
  if (c !== QUOTE) giveUp();
  de.eat();
  return true;
}

export class FastModelReader {
  private readonly readers = new Map<string, FastRead | null>();

  constructor(
    private readonly model: SerdeModel,
    /** serde_json's `raw_value` feature: a map led by its token is left to the port. */
    private readonly rawValue: boolean,
  ) {}

  /** `serde_json::Value`, as the port's value visitor builds it. */
  readonly readValue: FastRead = (de) => {
    const c = de.parseWhitespace();
    switch (c) {
      case QUOTE:
        de.eat();
        return de.parseStr();
      case OPEN_BRACE: {
        if (!de.descend()) giveUp();
        de.eat();
        // BTreeMap::insert: the last duplicate wins; order is applied on write.
        const object = new Map<string, SerdeValue>();
        for (let first = true; nextKey(de, first); first = false) {
          const key = de.parseStr();
          if (first && this.rawValue && key === RAW_VALUE_TOKEN) giveUp();
          de.parseObjectColon();
          object.set(key, this.readValue(de) as SerdeValue);
        }
        de.ascend();
        return object;
      }
      case OPEN_BRACKET: {
        if (!de.descend()) giveUp();
        de.eat();
        const items: SerdeValue[] = [];
        if (de.parseWhitespace() === CLOSE_BRACKET) {
          de.eat();
        } else {
          for (;;) {
            items.push(this.readValue(de) as SerdeValue);
            const next = de.parseWhitespace();
            de.eat();
            if (next === CLOSE_BRACKET) break;
            if (next !== COMMA) giveUp();
          }
        }
        de.ascend();
        return items;
      }
      case 0x6e:
        de.eat();
        de.parseIdent("ull");
        return null;
      case 0x74:
        de.eat();
        de.parseIdent("rue");
        return true;
      case 0x66:
        de.eat();
        de.parseIdent("alse");
        return false;
      case 0x2d: case 0x30: case 0x31: case 0x32: case 0x33: case 0x34:
      case 0x35: case 0x36: case 0x37: case 0x38: case 0x39: {
        const n = de.parseNumberValue();
        if (n.kind !== "f64") return new SerdeInteger(n.value);
        return Number.isFinite(n.value) ? new SerdeFloat(n.value) : null;
      }
      default:
        return giveUp();
    }
  };

  /** The type's reader, or undefined when its names cannot be matched in place. */
  readerFor(rustName: string): FastRead | undefined {
    let reader = this.readers.get(rustName);
    if (reader === undefined) {
      const type = this.model[rustName];
      reader = type === undefined ? null : this.build(type);
      this.readers.set(rustName, reader);
    }
    return reader ?? undefined;
  }

  private build(type: SerdeType): FastRead | null {
    switch (type.kind) {
      case "unit-enum": {
        const names = plainNames(type.variants.map((v) => v.wireName));
        if (names === undefined) return null;
        return (de) => {
          if (de.parseWhitespace() !== QUOTE) giveUp();
          de.eat();
          const i = de.matchName(names);
          return i < 0 ? giveUp() : names[i];
        };
      }
      case "struct": {
        const body = this.fieldsReader(type.fields, undefined);
        if (body === null) return null;
        return (de) => {
          if (de.parseWhitespace() !== OPEN_BRACE || !de.descend()) giveUp();
          de.eat();
          const out = body(de, true);
          de.ascend();
          return out;
        };
      }
      case "internally-tagged-enum": {
        const tagNames = plainNames([type.tag]);
        const variantNames = plainNames(type.variants.map((v) => v.wireName));
        if (tagNames === undefined || variantNames === undefined) return null;
        const bodies = type.variants.map((v) => this.fieldsReader(v.fields ?? [], { tag: type.tag, wireName: v.wireName }));
        if (bodies.includes(null)) return null;
        return (de) => {
          if (de.parseWhitespace() !== OPEN_BRACE || !de.descend()) giveUp();
          de.eat();
          if (!nextKey(de, true) || de.matchName(tagNames) !== 0) giveUp();
          de.parseObjectColon();
          if (de.parseWhitespace() !== QUOTE) giveUp();
          de.eat();
          const v = de.matchName(variantNames);
          if (v < 0) giveUp();
          const out = (bodies[v] as NonNullable<(typeof bodies)[number]>)(de, false);
          de.ascend();
          return out;
        };
      }
    }
  }

  /**
   * The entries of a struct, or of a tagged variant's body after its tag,
   * through the closing `}`. In a tagged body a second tag is a duplicate
   * and an unknown key's value is read as `Content` (as the buffered path
   * reads the whole body); in a struct it is skipped as `IgnoredAny`.
   */
  private fieldsReader(
    fields: readonly SerdeField[],
    variant: { readonly tag: string; readonly wireName: string } | undefined,
  ): ((de: JsonDeserializer, first: boolean) => TypedObject) | null {
    const fieldNames = fields.map((f) => f.wireName);
    // The tag is tried first, as the port does.
    const names = plainNames(variant === undefined ? fieldNames : [variant.tag, ...fieldNames]);
    // Fields seen are bits of one number.
    if (names === undefined || fields.length > 30) return null;
    const offset = variant === undefined ? 0 : 1;
    const byName = new Map(fieldNames.map((name, i) => [name, i]));
    const readers = fields.map((f) => this.fieldReader(f.type));
    const count = fields.length;
    return (de, first) => {
      const values: unknown[] = new Array(count);
      let seen = 0;
      for (let entry = first; nextKey(de, entry); entry = false) {
        const k = de.matchName(names);
        let field: number;
        if (k >= 0) {
          field = k - offset;
        } else {
          // An escaped or unknown key: decoded, then looked up as the port does.
          const key = de.parseStr();
          field = variant !== undefined && key === variant.tag ? -1 : byName.get(key) ?? count;
        }
        // A second tag: serde's duplicate field.
        if (field < 0) giveUp();
        de.parseObjectColon();
        if (field === count) {
          if (variant === undefined) de.deserializeIgnoredAny();
          else de.deserializeContent();
          continue;
        }
        const bit = 1 << field;
        if ((seen & bit) !== 0) giveUp();
        seen |= bit;
        values[field] = (readers[field] as FastRead)(de);
      }
      for (let i = 0; i < count; i++) {
        if ((seen & (1 << i)) === 0) values[i] = missingFieldValue(fields[i] as SerdeField);
      }
      return typedObject(fields, variant, values);
    };
  }

  private fieldReader(type: SerdeFieldType): FastRead {
    switch (type.kind) {
      case "bool":
        return (de) => {
          const c = de.parseWhitespace();
          de.eat();
          if (c === 0x74) {
            de.parseIdent("rue");
            return true;
          }
          if (c === 0x66) {
            de.parseIdent("alse");
            return false;
          }
          return giveUp();
        };
      case "string":
        return (de) => {
          if (de.parseWhitespace() !== QUOTE) giveUp();
          de.eat();
          return de.parseStr();
        };
      case "value":
        return this.readValue;
      case "option": {
        const inner = this.fieldReader(type.inner);
        // serde_json's `deserialize_option`: `null` is None, anything else the inner type.
        return (de) => {
          if (de.parseWhitespace() !== 0x6e) return inner(de);
          de.eat();
          de.parseIdent("ull");
          return undefined;
        };
      }
      case "named": {
        let named: FastRead | undefined;
        return (de) => (named ??= this.readerFor(type.rustName) ?? giveUp())(de);
      }
    }
  }
}

/** `serde_json::from_str` in the common case: the value, or undefined when the serde port must read the text. */
export function readCommonCase(read: FastRead, text: string): { readonly ok: true; readonly value: unknown } | undefined {
  const de = JsonDeserializer.fromText(text);
  try {
    const value = read(de);
    de.end();
    return { ok: true, value };
  } catch {
    return undefined;
  }
}
