/**
 * The serde model: how `#[derive(Serialize, Deserialize)]` treats each type of
 * the Rust family, as the schemas' `x-rust` annotations declare it.
 *
 * One place describes the Rust shape: `scripts/gen.ts` derives this model from
 * `schemas/rust/`, the serde-exact reader/writer in `src/serde/` interprets it
 * at run time, and the Rust emitter prints `generated/rust/` from it.
 */

/** The type of one field, as written in the Rust source. */
export type SerdeFieldType =
  | { readonly kind: "bool" }
  | { readonly kind: "string" }
  /** `serde_json::Value`: any JSON. */
  | { readonly kind: "value" }
  | { readonly kind: "option"; readonly inner: SerdeFieldType }
  /** Another type of the model, by its Rust name. */
  | { readonly kind: "named"; readonly rustName: string };

/** What a missing field becomes: `#[serde(default)]` or `#[serde(default = "path")]`. */
export type SerdeDefault =
  | { readonly kind: "default-trait" }
  | { readonly kind: "function"; readonly path: string; readonly value: boolean | string };

export interface SerdeField {
  /** The Rust identifier (`continue_`, `permission_decision`). */
  readonly rustName: string;
  /** The JSON key after `#[serde(rename = ...)]`. */
  readonly wireName: string;
  readonly type: SerdeFieldType;
  /** `null`: no `#[serde(default)]`; a missing non-Option field is an error. */
  readonly default: SerdeDefault | null;
  /** `#[serde(skip_serializing_if = "Option::is_none")]`. */
  readonly skipSerializingIfNone: boolean;
  readonly doc: string;
}

/** A plain `struct` with named fields. */
export interface SerdeStruct {
  readonly kind: "struct";
  readonly rustName: string;
  /** The schema title, which is also the TypeScript type name. */
  readonly schemaTitle: string;
  readonly fields: readonly SerdeField[];
  readonly doc: string;
}

/** An enum of unit variants, externally tagged (the default representation). */
export interface SerdeUnitEnum {
  readonly kind: "unit-enum";
  readonly rustName: string;
  readonly schemaTitle: string;
  /** `#[serde(rename_all = ...)]`, if any. */
  readonly renameAll: "lowercase" | null;
  readonly variants: readonly { readonly rustName: string; readonly wireName: string; readonly doc: string }[];
  readonly doc: string;
}

/** `#[serde(tag = "...")]`: an internally tagged enum. */
export interface SerdeTaggedEnum {
  readonly kind: "internally-tagged-enum";
  readonly rustName: string;
  readonly schemaTitle: string;
  readonly tag: string;
  readonly variants: readonly SerdeVariant[];
  readonly doc: string;
}

export interface SerdeVariant {
  readonly rustName: string;
  /** The tag value after `#[serde(rename = ...)]`. */
  readonly wireName: string;
  /** The schema title of the variant (its TypeScript type name). */
  readonly schemaTitle: string;
  /** `null` for a unit variant (`Notification`). */
  readonly fields: readonly SerdeField[] | null;
  readonly doc: string;
}

export type SerdeType = SerdeStruct | SerdeUnitEnum | SerdeTaggedEnum;

/** Every type of the Rust family, keyed by Rust name. */
export type SerdeModel = Readonly<Record<string, SerdeType>>;
