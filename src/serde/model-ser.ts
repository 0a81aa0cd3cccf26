/**
 * `serde_json::to_string` of the model's types, as `#[derive(Serialize)]`
 * writes them: fields in declaration order, an internally tagged enum's tag
 * first, `skip_serializing_if = "Option::is_none"` fields left out when
 * absent, every other field always written (`continue`, `interrupt`).
 * Typed values use the wire names, as the reader returns them.
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

export class ModelWriter {
  constructor(private readonly model: SerdeModel) {}

  write(rustName: string, value: unknown): string {
    const type = this.model[rustName];
    if (type === undefined) fail(`serde model has no type ${rustName}`);
    return this.writeType(type, value);
  }

  private writeType(type: SerdeType, value: unknown): string {
    switch (type.kind) {
      case "unit-enum": {
        if (!type.variants.some((v) => v.wireName === value)) {
          fail(`${type.rustName} must be one of ${type.variants.map((v) => JSON.stringify(v.wireName)).join(", ")}`);
        }
        return writeJsonString(value as string);
      }
      case "struct":
        return `{${this.writeFields(type.fields, asObject(value, type.rustName), type.rustName).join(",")}}`;
      case "internally-tagged-enum": {
        const object = asObject(value, type.rustName);
        const tag = object[type.tag];
        const variant = type.variants.find((v) => v.wireName === tag);
        if (variant === undefined) fail(`${type.rustName}.${type.tag} must name a variant, got ${JSON.stringify(tag)}`);
        const parts = [`${writeJsonString(type.tag)}:${writeJsonString(variant.wireName)}`];
        if (variant.fields !== null) parts.push(...this.writeFields(variant.fields, object, `${type.rustName}::${variant.rustName}`));
        return `{${parts.join(",")}}`;
      }
    }
  }

  private writeFields(fields: readonly SerdeField[], object: Record<string, unknown>, owner: string): string[] {
    const parts: string[] = [];
    for (const field of fields) {
      const value = Object.prototype.hasOwnProperty.call(object, field.wireName) ? object[field.wireName] : undefined;
      if (field.skipSerializingIfNone && (value === undefined || value === null)) continue;
      parts.push(`${writeJsonString(field.wireName)}:${this.writeField(field.type, value, `${owner}.${field.wireName}`)}`);
    }
    return parts;
  }

  private writeField(type: SerdeFieldType, value: unknown, where: string): string {
    switch (type.kind) {
      case "bool":
        if (typeof value !== "boolean") fail(`${where} must be a boolean`);
        return value ? "true" : "false";
      case "string":
        if (typeof value !== "string") fail(`${where} must be a string`);
        return writeJsonString(value);
      case "value":
        return writeSerdeValue(value);
      case "option":
        return value === undefined || value === null ? "null" : this.writeField(type.inner, value, where);
      case "named": {
        const named = this.model[type.rustName];
        if (named === undefined) fail(`serde model has no type ${type.rustName}`);
        return this.writeType(named, value);
      }
    }
  }
}
