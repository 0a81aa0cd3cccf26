/**
 * `claude-hook-protocol/validators`: every family's standalone validator
 * (generated from schemas/). `claude-hook-protocol/validators/<family>`
 * loads one family only. Only re-exports.
 */
export * from "../../generated/validators/index.js";
export { SCHEMA_PATHS } from "../../generated/names.js";
