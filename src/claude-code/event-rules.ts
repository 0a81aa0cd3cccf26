/**
 * Kept for the package's entry point (src/index.ts re-exports `hookNameOf`
 * from here); every rule about an event is a field of its row in events.ts.
 */
export { hookNameOf, type Exit2Rule } from "./events.js";
