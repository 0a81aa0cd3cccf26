// The command word spelt with the shell's own quoting (issue 24): ANSI-C `$'...'`, locale `$"..."`, and look-alikes
// that bash reads as something else. test/hostile/kit-examples.test.ts checks each with bash and the TypeScript
// example; test/hostile/language-kits.test.ts holds the Python, Go and Rust ports to the TypeScript example's verdicts.

/** Spellings of rm, as bash reads them (kit-examples.test.ts asks bash itself): followed by -rf, each must be denied. */
export const RM_SPELLINGS: readonly string[] = [
  "$'rm'", "r$'m'", "$'r'm", "$'r''m'", "$''rm", "$'\\x72m'", "$'\\x72\\x6d'", "$'\\x52M'", "$'\\162m'", "$'\\162\\155'", "$'\\562m'",
  "$'\\u0072m'", "$'\\u72m'", "$'\\U00000072m'", "$'\\x{72}m'", "$'\\x{172}m'", "$'\\x{00072}m'", '$"rm"', 'r$"m"', '$"r"$\'m\'',
  "$'r\\0x'm", "$'rm\\x00tail'", "$'rm\\u0000'", "$'\\x72'm", "/bin/$'rm'", "$'/bin/rm'", "$'\\x2f'bin/rm",
];

/**
 * Words bash reads as something other than rm, and the example's verdict on each followed by -rf: the example reads
 * `$'...'` wherever it appears (even where bash does not: inside single quotes, after a backslash) and drops
 * backslashes, so some are denied though nothing would delete (a wrong deny costs a retry; a miss, the files).
 */
export const LOOKALIKE_SPELLINGS: readonly (readonly [string, "deny" | "none"])[] = [
  ["$'r\\\\m'", "deny"], ["$'r\\m'", "deny"], ["'$'rm", "deny"], ["\\$'rm'", "deny"], ["$'\\'rm'", "deny"], ["$'\\cr'm", "none"], ["$'\\x7'm", "none"], ["$'\\x{}rm'", "deny"], ["$'\\0rm'", "none"],
];
