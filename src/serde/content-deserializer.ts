/**
 * serde's private `ContentDeserializer`: reads a buffered `Content` (the body
 * of an internally tagged enum). Its errors carry no position: only an
 * enclosing serde_json method that calls `fix_position` adds one.
 */
import {
  NONE,
  visit,
  unexpectedContent,
  unitVisitor,
  type Content,
  type Deserializer,
  type EnumAccess,
  type MapAccess,
  type Maybe,
  type Seed,
  type SeqAccess,
  type VariantAccess,
  type Visitor,
} from "./de.js";
import { elementsIn, invalidLength, invalidType, invalidValue } from "./messages.js";

export class ContentDeserializer implements Deserializer {
  constructor(private readonly content: Content) {}

  private invalidType(expecting: string): never {
    throw invalidType(unexpectedContent(this.content), expecting);
  }

  deserializeAny<T>(visitor: Visitor<T>): T {
    const c = this.content;
    switch (c.t) {
      case "bool": return visit.bool(visitor, c.v);
      case "u64": return visit.u64(visitor, c.v);
      case "i64": return visit.i64(visitor, c.v);
      case "f64": return visit.f64(visitor, c.v);
      case "str": return visit.str(visitor, c.v);
      case "unit": return visit.unit(visitor);
      case "seq": return visitContentSeq(c.v, visitor);
      case "map": return visitContentMap(c.v, visitor);
    }
  }

  deserializeBool<T>(visitor: Visitor<T>): T {
    if (this.content.t === "bool") return visit.bool(visitor, this.content.v);
    return this.invalidType(visitor.expecting);
  }

  deserializeStr<T>(visitor: Visitor<T>): T {
    if (this.content.t === "str") return visit.str(visitor, this.content.v);
    return this.invalidType(visitor.expecting);
  }

  deserializeIdentifier<T>(visitor: Visitor<T>): T {
    if (this.content.t === "str") return visit.str(visitor, this.content.v);
    if (this.content.t === "u64") return visit.u64(visitor, this.content.v);
    return this.invalidType(visitor.expecting);
  }

  deserializeOption<T>(visitor: Visitor<T>): T {
    if (this.content.t === "unit") return visit.unit(visitor);
    return visit.some(visitor, this);
  }

  deserializeUnit<T>(visitor: Visitor<T>): T {
    const c = this.content;
    if (c.t === "unit" || (c.t === "map" && c.v.length === 0)) return visit.unit(visitor);
    return this.invalidType(visitor.expecting);
  }

  deserializeStruct<T>(visitor: Visitor<T>): T {
    const c = this.content;
    if (c.t === "seq") return visitContentSeq(c.v, visitor);
    if (c.t === "map") return visitContentMap(c.v, visitor);
    return this.invalidType(visitor.expecting);
  }

  deserializeEnum<T>(visitor: Visitor<T>): T {
    const c = this.content;
    let variant: Content;
    let value: Content | undefined;
    if (c.t === "map") {
      const only = c.v[0];
      if (only === undefined || c.v.length > 1) throw invalidValue({ kind: "map" }, "map with a single key");
      [variant, value] = only;
    } else if (c.t === "str") {
      variant = c;
    } else {
      throw invalidType(unexpectedContent(c), "string or map");
    }
    if (!visitor.visitEnum) throw invalidType({ kind: "map" }, visitor.expecting);
    return visitor.visitEnum(new ContentEnumAccess(variant, value));
  }

  deserializeIgnoredAny(): void {}

  deserializeContent(): Content {
    return this.content;
  }
}

class ContentEnumAccess implements EnumAccess, VariantAccess {
  constructor(
    private readonly variantContent: Content,
    private readonly value: Content | undefined,
  ) {}

  variant<V>(seed: Seed<V>): [V, VariantAccess] {
    return [seed(new ContentDeserializer(this.variantContent)), this];
  }

  unitVariant(): void {
    if (this.value !== undefined) new ContentDeserializer(this.value).deserializeUnit(unitVisitor);
  }
}

/** serde's `SeqDeserializer` over contents, with its `end()` length check. */
class ContentSeqAccess implements SeqAccess {
  /** Items taken so far: serde's `count` (the iterator never skips, so it is also the position). */
  private index = 0;
  constructor(private readonly items: readonly Content[]) {}

  nextElement<T>(seed: Seed<T>): Maybe<T> {
    const item = this.items[this.index];
    if (item === undefined) return NONE;
    this.index++;
    return seed(new ContentDeserializer(item));
  }

  end(): void {
    if (this.index < this.items.length) throw invalidLength(this.items.length, elementsIn(this.index, "sequence"));
  }
}

/** serde's `MapDeserializer` over content pairs, with its `end()` length check. */
class ContentMapAccess implements MapAccess {
  /** Entries taken so far: serde's `count`, and the position. */
  private index = 0;
  private pending: Content | undefined;
  constructor(private readonly entries: readonly [Content, Content][]) {}

  nextKey<K>(seed: Seed<K>): Maybe<K> {
    const entry = this.entries[this.index];
    if (entry === undefined) return NONE;
    this.index++;
    this.pending = entry[1];
    return seed(new ContentDeserializer(entry[0]));
  }

  nextValue<V>(seed: Seed<V>): V {
    const value = this.pending;
    this.pending = undefined;
    // serde panics on next_value before next_key; the visitors here never do that.
    return seed(new ContentDeserializer(value ?? { t: "unit" }));
  }

  end(): void {
    if (this.index < this.entries.length) throw invalidLength(this.entries.length, elementsIn(this.index, "map"));
  }
}

function visitContentSeq<T>(items: readonly Content[], visitor: Visitor<T>): T {
  const seq = new ContentSeqAccess(items);
  const value = visit.seq(visitor, seq);
  seq.end();
  return value;
}

function visitContentMap<T>(entries: readonly [Content, Content][], visitor: Visitor<T>): T {
  const map = new ContentMapAccess(entries);
  const value = visit.map(visitor, map);
  map.end();
  return value;
}
