/**
 * JSON with comments, as an agent that reads its settings through
 * strip-json-comments accepts it: `//` and block comments outside strings.
 */

/** Comments blanked out with spaces (newlines kept), so positions stay right: the standard parsers then read the text. */
export function blankComments(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (ch === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") (out += " "), i++;
      i--;
    } else if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop - 1;
    } else out += ch;
  }
  return out;
}
