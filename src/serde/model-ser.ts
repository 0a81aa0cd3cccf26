/**
 * `serde_json::to_string` of the model's types, as `#[derive(Serialize)]`
 * writes them: fields in declaration order, an internally tagged enum's tag
 * first, `skip_serializing_if = "Option::is_none"` fields left out when
 * absent, every other field always written (`continue`, `interrupt`).
 * Typed values use the wire names, as the reader returns them.
 *
 * Each type's writer is built once: keys and tags are quoted ahead of time.
 */
import type { SerdeField, SerdeFieldType, SerdeModel, SerdeType } from "./model.js";
import { writeJsonString, writeSerdeValue } from "./value.js";

function fail(message: string): never {
  throw new TypeError(`writeRust: ${message}`);
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(`${what} must be an object`);
  return value as Record<string, unknown>;
}

type WriteValue = (value: unknown) => string;

/** The fields of a struct or struct variant, each `"key":value`, after `separator` then commas. */
type WriteFields = (object: Record<string, unknown>, separator: string) => string;

export class ModelWriter {
  private readonly writers = new Map<string, WriteValue>();

  constructor(private readonly model: SerdeModel) {}

  write(rustName: string, value: unknown): string {
    return this.writerFor(rustName)(value);
  }

  private writerFor(rustName: string): WriteValue {
    let writer = this.writers.get(rustName);
    if (writer === undefined) {
      const type = this.model[rustName];
      if (type === undefined) fail(`serde model has no type ${rustName}`);
      writer = this.buildType(type);
      this.writers.set(rustName, writer);
    }
    return writer;
  }

  private buildType(type: SerdeType): WriteValue {
    switch (type.kind) {
      case "unit-enum": {
        const quoted = new Map(type.variants.map((v) => [v.wireName, writeJsonString(v.wireName)]));
        return (value) => {
          const text = typeof value === "string" ? quoted.get(value) : undefined;
          if (text === undefined) {
            fail(`${type.rustName} must be one of ${type.variants.map((v) => JSON.stringify(v.wireName)).join(", ")}`);
          }
          return text;
        };
      }
      case "struct": {
        const fields = this.buildFields(type.fields, type.rustName);
        return (value) => `{${fields(asObject(value, type.rustName), "")}}`;
      }
      case "internally-tagged-enum": {
        const tagKey = `${writeJsonString(type.tag)}:`;
        const variants = new Map<string, { prefix: string; fields: WriteFields | undefined }>();
        for (const variant of type.variants) {
          if (variants.has(variant.wireName)) continue; // the first variant of a name, as a search would find
          variants.set(variant.wireName, {
            prefix: `{${tagKey}${writeJsonString(variant.wireName)}`,
            fields: variant.fields === null ? undefined : this.buildFields(variant.fields, `${type.rustName}::${variant.rustName}`),
          });
        }
        return (value) => {
          const object = asObject(value, type.rustName);
          const tag = object[type.tag];
          const variant = typeof tag === "string" ? variants.get(tag) : undefined;
          if (variant === undefined) fail(`${type.rustName}.${type.tag} must name a variant, got ${JSON.stringify(tag)}`);
          return variant.fields === undefined ? `${variant.prefix}}` : `${variant.prefix}${variant.fields(object, ",")}}`;
        };
      }
    }
  }

  private buildFields(fields: readonly SerdeField[], owner: string): WriteFields {
    const plans = fields.map((field) => ({
      wireName: field.wireName,
      key: `${writeJsonString(field.wireName)}:`,
      skipIfNone: field.skipSerializingIfNone,
      write: this.buildField(field.type, `${owner}.${field.wireName}`),
    }));
    return (object, separator) => {
      let out = "";
      let sep = separator;
      for (const plan of plans) {
        const value = Object.hasOwn(object, plan.wireName) ? object[plan.wireName] : undefined;
        if (plan.skipIfNone && (value === undefined || value === null)) continue;
        out += sep + plan.key + plan.write(value);
        sep = ",";
      }
      return out;
    };
  }

  private buildField(type: SerdeFieldType, where: string): WriteValue {
    switch (type.kind) {
      case "bool":
        return (value) => {
          if (typeof value !== "boolean") fail(`${where} must be a boolean`);
          return value ? "true" : "false";
        };
      case "string":
        return (value) => {
          if (typeof value !== "string") fail(`${where} must be a string`);
          return writeJsonString(value);
        };
      case "value":
        return writeSerdeValue;
      case "option": {
        const inner = this.buildField(type.inner, where);
        return (value) => (value === undefined || value === null ? "null" : inner(value));
      }
      case "named":
        // Resolved on first use: types may refer to each other, and a missing one fails only when written.
        return (value) => this.writerFor(type.rustName)(value);
    }
  }
}
