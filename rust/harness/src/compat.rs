//! Make Debian bookworm's serde 1.0.152 / serde_json 1.0.87 answer as
//! exomonad-core's locked serde 1.0.228 / serde_json 1.0.149 do.
//!
//! Debian only packages the older pair, and the network is not reachable, so
//! the harness builds against it and corrects the four observable differences
//! between the two pairs for these types (measured by the serde oracle's
//! authors, `spec/serde-wire.md` §3):
//!
//! 1. Float text. 1.0.149 prints floats with zmij, 1.0.87 with ryu. Same
//!    digits, same layout, except that zmij writes a `+` before a non-negative
//!    exponent (`1e+21`, ryu: `1e21`). -> [`Json149Formatter`].
//! 2. Float text inside error messages ("invalid type: floating point `1.0`").
//!    1.0.149 renders the float as in 1; 1.0.87 leaves it to serde 1.0.152's
//!    `{}` (`1`, `1000…000`). -> [`fix_error`].
//! 3. Number parsing, two bugs of 1.0.87:
//!    a. an integer part above u64::MAX, then `.` and no digit: 1.0.87
//!       accepts it (fixed in 1.0.89), 1.0.149 rejects it at the character
//!       after the `.`;
//!    b. `-?1844674407370955161[6-9]\.[0-5]` with no further digit: 1.0.87
//!       rejects it ("invalid number"), 1.0.149 accepts it.
//!    -> [`prepare_input`] edits the raw text, byte for byte in place, so that
//!    1.0.87 takes 1.0.149's decision at the same offset.
//! 4. "invalid escape" for a bad hex digit in `\uXXXX`: 1.0.87 reports the
//!    position just after the bad character, 1.0.149 just after the four
//!    characters that follow `\u`. -> [`fix_error`].

use std::borrow::Cow;
use std::io;

// ---------------------------------------------------------------------------
// 1. Float text.

/// ryu's shortest text with zmij's `e+` for a non-negative exponent.
fn with_plus_exponent(ryu_text: &str) -> String {
    match ryu_text.split_once('e') {
        Some((mantissa, exponent)) if !exponent.starts_with('-') => format!("{mantissa}e+{exponent}"),
        _ => ryu_text.to_owned(),
    }
}

/// The text serde_json 1.0.149 writes for a finite f64.
pub fn float_text(value: f64) -> String {
    with_plus_exponent(ryu::Buffer::new().format_finite(value))
}

/// serde_json's compact formatter with 1.0.149's float text. serde_json only
/// calls these for finite values (it writes `null` for NaN and infinities).
pub struct Json149Formatter;

impl serde_json::ser::Formatter for Json149Formatter {
    fn write_f64<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        writer.write_all(float_text(value).as_bytes())
    }

    fn write_f32<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f32) -> io::Result<()> {
        writer.write_all(with_plus_exponent(ryu::Buffer::new().format_finite(value)).as_bytes())
    }
}

/// `serde_json::to_string` as 1.0.149 prints it.
pub fn to_string<T: serde::Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    let mut bytes = Vec::new();
    value.serialize(&mut serde_json::Serializer::with_formatter(&mut bytes, Json149Formatter))?;
    // serde_json writes UTF-8 only; the lossy conversion never replaces anything.
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

// ---------------------------------------------------------------------------
// 3. Number parsing.

const U64_MAX_DIGITS: &[u8] = b"18446744073709551615";

fn is_digit_at(text: &[u8], i: usize) -> bool {
    text.get(i).map_or(false, u8::is_ascii_digit)
}

/// Index just past the string whose opening quote precedes `i`, escape-aware;
/// the end of the text if it never closes (serde_json fails there anyway).
fn skip_string(text: &[u8], mut i: usize) -> usize {
    while i < text.len() {
        match text[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    text.len()
}

/// Rewrite `raw` so that 1.0.87 parses every number as 1.0.149 does
/// (difference 3). Only ASCII bytes are replaced, by ASCII bytes, so every
/// offset, and hence every error position, is unchanged.
///
/// The scan tokenises as serde_json does for as long as serde_json would
/// accept the text; where the text is invalid serde_json stops in both
/// versions, so nothing after that point matters and the scan stops too.
pub fn prepare_input(raw: &str) -> Cow<'_, str> {
    let text = raw.as_bytes();
    let mut edits: Vec<(usize, u8)> = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c == b'"' {
            i = skip_string(text, i + 1);
            continue;
        }
        if c != b'-' && !c.is_ascii_digit() {
            i += 1;
            continue;
        }
        let int_start = if c == b'-' { i + 1 } else { i };
        let mut int_end = int_start;
        while is_digit_at(text, int_end) {
            int_end += 1;
        }
        let digits = &text[int_start..int_end];
        if digits.is_empty() || (digits[0] == b'0' && digits.len() > 1) {
            break; // "invalid number" here in both versions
        }
        let above_u64 = digits.len() > U64_MAX_DIGITS.len()
            || (digits.len() == U64_MAX_DIGITS.len() && digits > U64_MAX_DIGITS);
        if above_u64 && text.get(int_end) == Some(&b'.') {
            let after_dot = int_end + 1;
            if !is_digit_at(text, after_dot) {
                // 3a: make 1.0.87 see an exponent with no digit ("123…e<c>"):
                // it fails at <c> (or at the end) exactly where 1.0.149 fails,
                // with the same message. A sign would be eaten by the exponent,
                // so it becomes a non-digit too.
                edits.push((int_end, b'e'));
                if matches!(text.get(after_dot), Some(b'+') | Some(b'-')) {
                    edits.push((after_dot, b'x'));
                }
                break;
            }
            let fraction_digit = text[after_dot];
            if digits.len() == U64_MAX_DIGITS.len()
                && &digits[..19] == b"1844674407370955161"
                && (b'6'..=b'9').contains(&digits[19])
                && fraction_digit <= b'5'
                && !is_digit_at(text, after_dot + 1)
            {
                // 3b: 1.0.149 reads significand 1844674407370955161<f>,
                // exponent 0; "1844674407370955161<f>.0" reads the same in
                // 1.0.87 without tripping its "no digit after ." check.
                edits.push((int_start + 19, fraction_digit));
                edits.push((after_dot, b'0'));
            }
        }
        i = int_end;
        while i < text.len() && matches!(text[i], b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-') {
            i += 1;
        }
    }
    if edits.is_empty() {
        return Cow::Borrowed(raw);
    }
    let mut bytes = text.to_vec();
    for (at, byte) in edits {
        bytes[at] = byte;
    }
    // ASCII replaced by ASCII: still UTF-8.
    Cow::Owned(String::from_utf8_lossy(&bytes).into_owned())
}

// ---------------------------------------------------------------------------
// 2 and 4. Error text.

/// serde_json's (line, column) of byte index `i`: 1-based line; column = bytes
/// since the last newline before `i`.
fn line_column(text: &[u8], i: usize) -> (usize, usize) {
    let before = &text[..i];
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |nl| nl + 1);
    let line = 1 + before[..line_start].iter().filter(|&&b| b == b'\n').count();
    (line, i - line_start)
}

/// The byte index serde_json reports as (line, column).
fn byte_index(text: &[u8], line: usize, column: usize) -> Option<usize> {
    let mut line_start = 0;
    for _ in 1..line {
        line_start += text[line_start..].iter().position(|&b| b == b'\n')? + 1;
    }
    let i = line_start + column;
    if i <= text.len() {
        Some(i)
    } else {
        None
    }
}

/// "MSG at line L column C" -> (MSG, L, C).
fn split_location(message: &str) -> Option<(&str, usize, usize)> {
    let (head, location) = message.rsplit_once(" at line ")?;
    let (line, column) = location.split_once(" column ")?;
    Some((head, line.parse().ok()?, column.parse().ok()?))
}

/// Difference 2: the float in "invalid type/value: floating point `X`…".
fn fix_float_in_message(message: String) -> String {
    for prefix in ["invalid type: floating point `", "invalid value: floating point `"] {
        // (No let-else: Debian's rustc 1.63 must build this.)
        let rest = match message.strip_prefix(prefix) {
            Some(rest) => rest,
            None => continue,
        };
        let end = match rest.find('`') {
            Some(end) => end,
            None => continue,
        };
        // serde 1.0.152 prints the f64 with `{}`: its shortest round-trip
        // text, which parses back to the same f64.
        if let Ok(value) = rest[..end].parse::<f64>() {
            if value.is_finite() {
                return format!("{prefix}{}{}", float_text(value), &rest[end..]);
            }
        }
    }
    message
}

/// Difference 4: the position of "invalid escape" for a bad `\uXXXX` digit.
fn fix_escape_position(message: String, text: &[u8]) -> String {
    let (line, column) = match split_location(&message) {
        Some(("invalid escape", line, column)) => (line, column),
        _ => return message,
    };
    let after_bad = match byte_index(text, line, column) {
        Some(i) => i,
        None => return message,
    };
    if after_bad == 0 || text[after_bad - 1].is_ascii_hexdigit() {
        return message;
    }
    // 1.0.87 stopped just after the first non-hex character of the four after
    // `\u`: find where those four start.
    for hex_before in 0..=3usize {
        let first = match after_bad.checked_sub(1 + hex_before) {
            Some(first) => first,
            None => break,
        };
        if first < 2 || first + 4 > text.len() {
            continue;
        }
        if &text[first - 2..first] == b"\\u" && text[first..after_bad - 1].iter().all(u8::is_ascii_hexdigit) {
            let (line, column) = line_column(text, first + 4);
            return format!("invalid escape at line {line} column {column}");
        }
    }
    message
}

/// The 1.0.149 text of a parse error's message. `parsed` is the text given to
/// serde_json (after [`prepare_input`]).
pub fn fix_error(message: String, parsed: &str) -> String {
    fix_escape_position(fix_float_in_message(message), parsed.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_text_has_plus_exponent() {
        assert_eq!(float_text(1.0), "1.0");
        assert_eq!(float_text(-0.0), "-0.0");
        assert_eq!(float_text(1e21), "1e+21");
        assert_eq!(float_text(1e-7), "1e-7");
        assert_eq!(float_text(f64::MAX), "1.7976931348623157e+308");
    }

    #[test]
    fn number_rewrites_keep_offsets() {
        assert_eq!(prepare_input("[123456789012345678901.]"), "[123456789012345678901e]");
        assert_eq!(prepare_input("123456789012345678901.-1"), "123456789012345678901ex1");
        assert_eq!(prepare_input("[18446744073709551617.3]"), "[18446744073709551613.0]");
        assert_eq!(prepare_input("[18446744073709551617.35]"), "[18446744073709551617.35]");
        assert_eq!(prepare_input("[18446744073709551615.]"), "[18446744073709551615.]");
        assert_eq!(prepare_input(r#"{"123456789012345678901.":1}"#), r#"{"123456789012345678901.":1}"#);
    }

    #[test]
    fn error_texts() {
        assert_eq!(
            fix_error("invalid type: floating point `1`, expected a boolean at line 1 column 3".into(), "1.0"),
            "invalid type: floating point `1.0`, expected a boolean at line 1 column 3"
        );
        assert_eq!(
            fix_error("invalid escape at line 1 column 10".into(), r#"{"a":"\u1x34"}"#),
            "invalid escape at line 1 column 12"
        );
        assert_eq!(
            fix_error("invalid escape at line 1 column 8".into(), r#"{"a":"\q"}"#),
            "invalid escape at line 1 column 8"
        );
    }
}
