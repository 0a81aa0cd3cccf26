/**
 * Number text as serde_json 1.0.149 writes it (zmij: ryu's shortest digits
 * and layout, with `+` on non-negative exponents), and the power-of-ten table
 * its non-`float_roundtrip` parser multiplies by.
 */

/** serde_json's `POW10`: exact doubles 1e0..1e308. */
export const POW10: readonly number[] = Array.from({ length: 309 }, (_, e) => Number(`1e${e}`));

/**
 * The text serde_json 1.0.149 prints for a finite f64: `1.0`, `-0.0`,
 * `1e+16`, `0.00001`, `1e-6`, `1.7976931348623157e+308`.
 */
export function formatF64(value: number): string {
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  // toExponential() with no argument gives the shortest round-trip digits,
  // the closest of them when several are as short, like ryu.
  const sci = value.toExponential();
  const negative = sci.startsWith("-");
  const body = negative ? sci.slice(1) : sci;
  const ePos = body.indexOf("e");
  const digits = body.slice(0, ePos).replace(".", "");
  const sciExponent = Number(body.slice(ePos + 1));
  const length = digits.length;
  const kk = sciExponent + 1;
  const k = kk - length;
  let text: string;
  if (k >= 0 && kk <= 16) {
    text = `${digits}${"0".repeat(k)}.0`;
  } else if (kk > 0 && kk <= 16) {
    text = `${digits.slice(0, kk)}.${digits.slice(kk)}`;
  } else if (kk > -5 && kk <= 0) {
    text = `0.${"0".repeat(-kk)}${digits}`;
  } else {
    const exponent = kk - 1;
    const mantissa = length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
    text = `${mantissa}e${exponent >= 0 ? "+" : ""}${exponent}`;
  }
  return negative ? `-${text}` : text;
}
