//! PreToolUse (Bash): deny `rm` with both a recursive and a force flag, however it is written:
//! `rm -rf`, `rm -fr`, `rm -Rf`, `rm -r -f`, `rm --recursive --force`, `--interactive=never`
//! (force by another name), `sudo rm`, `/bin/rm`, `rm.exe`, `\rm`, `r''m`, `r\<newline>m`, the shell's
//! ANSI-C and locale quoting (`$'rm'`, `r$'m'`, `$'\x72m'`, `$'\162m'`, `$'\u0072m'`, `$"rm"`),
//! `rm${IFS}-rf`, `{rm,-rf,/}`, `rm>x -rf`, inside `$(...)`, backticks, `bash -c "..."`, after
//! `;`, `&&`, `|` or a newline. A flag spelled with an expansion (`rm -r$F`) counts as both.
//! It judges words, not text: `rm` anywhere in a command, even as an argument (`echo rm -rf`,
//! `xargs rm -rf`, `find -exec rm -rf`), counts, since a wrong deny costs a retry and a miss
//! costs the files. Not a sandbox: `$RM -rf` or a script file that runs rm is not seen. Look-alikes
//! (`ｒｍ`, `rm —rf`) are not rm or not flags to the shell, so they delete nothing and pass. Scope:
//! recursive AND forced; without a terminal (Claude's Bash tool) `rm -r` alone does not ask either,
//! so add `recursive` alone to the rule if that matters to you. `rm -r -- -f` removes a file named
//! `-f` (after `--` nothing is a flag): not forced.
//! Linear in the command's length (no backtracking pattern), so a long crafted command cannot
//! run it past its budget. Fails closed: if this hook panics or overruns its budget, the call
//! is denied.
use claude_hook_protocol_types::claude_code_tools::BashToolInput;
use claude_hook_protocol_types::kit::{self, HookOptions};
use std::time::Duration;

/// Where one simple command ends and another starts: ; & | newline ( ) ` { }
const SEPARATORS: &[char] = &[';', '&', '|', '\n', '\r', '(', ')', '`', '{', '}'];

/// Between words: blanks (JavaScript's `\s`, as the TypeScript example reads them), redirections (`rm>x -rf`) and brace-expansion commas (`{rm,-rf,/}`).
fn is_word_break(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' | '\u{feff}' | '<' | '>' | ',')
}

const QUOTES: &[char] = &['"', '\'', '\\'];
const NEVER_ASK: &[&str] = &["never", "no", "none"];

/// `text` with each `marker` whose following text `rule` matches replaced: `rule` gives the
/// replacement and the text after the match. One pass, so linear.
fn replace_after(text: &str, marker: char, rule: impl Fn(&str) -> Option<(&'static str, &str)>) -> String {
    let mut replaced = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(marker) {
        replaced.push_str(&rest[..at]);
        let after = &rest[at + marker.len_utf8()..];
        rest = match rule(after) {
            Some((replacement, matched_end)) => {
                replaced.push_str(replacement);
                matched_end
            }
            None => {
                replaced.push(marker);
                after
            }
        };
    }
    replaced.push_str(rest);
    replaced
}

/// A backslash before a newline joins the two lines (`r\<newline>m`).
fn without_continuations(command: &str) -> String {
    replace_after(command, '\\', |after| after.strip_prefix("\r\n").or_else(|| after.strip_prefix('\n')).map(|rest| ("", rest)))
}

/// The shell's word separator spelled out (`rm${IFS}-rf`), read as a blank.
fn ifs_as_blanks(command: &str) -> String {
    replace_after(command, '$', |after| after.strip_prefix("{IFS").or_else(|| after.strip_prefix("IFS")).map(|rest| (" ", rest.strip_prefix('}').unwrap_or(rest))))
}

/// Whether `word` (an option to rm) is (recursive, force): -r, -R, -f in any cluster and case; --recursive, --force, --interactive=never and their prefixes.
fn flags_of(word: &str) -> (bool, bool) {
    if word.starts_with("--") {
        let (name, value) = word.split_once('=').unwrap_or((word, ""));
        let long = |option: &str| name.len() > 2 && option.starts_with(name);
        return (long("--recursive"), long("--force") || (long("--interactive") && NEVER_ASK.contains(&value.to_lowercase().as_str())));
    }
    // an expansion in a cluster (`-r$F`) could be any letter
    if word.contains('$') {
        return (true, true);
    }
    let letters = word[1..].to_lowercase();
    (letters.contains('r'), letters.contains('f'))
}

/// Whether `word` names rm: any directory, any case (macOS and Windows file systems), `rm.exe`.
fn is_rm(word: &str) -> bool {
    let name = word[word.rfind('/').map_or(0, |slash| slash + 1)..].to_lowercase();
    name == "rm" || name == "rm.exe"
}

/// ANSI-C quoting's one-letter escapes (`$'\t'`), as bash reads them.
fn ansi_c_escape(escape: char) -> Option<&'static str> {
    Some(match escape {
        'a' => "\x07",
        'b' => "\x08",
        'e' | 'E' => "\x1b",
        'f' => "\x0c",
        'n' => "\n",
        'r' => "\r",
        't' => "\t",
        'v' => "\x0b",
        '\\' => "\\",
        '\'' => "'",
        '"' => "\"",
        '?' => "?",
        _ => return None,
    })
}

/// The command with the shell's own quoting read as bash reads it: `$'...'` with its escapes (`$'\x72m'`,
/// `$'\162m'`, `$'\u0072m'`, `$'\cM'`; a NUL escape ends the quoted text) and `$"..."` as `"..."`. Read anywhere,
/// even inside other quotes (`bash -c "\$'rm' -rf /"` runs it), so it is judged beside the command as written.
fn shell_quoting_read(command: &str) -> String {
    let text: Vec<char> = command.chars().collect();
    let mut out = String::with_capacity(command.len());
    let mut i = 0;
    while i < text.len() {
        if text[i] != '$' {
            out.push(text[i]);
            i += 1;
            continue;
        }
        if text.get(i + 1) != Some(&'\'') {
            // `$"..."` is `"..."` (a translation of it, where there is one)
            if text.get(i + 1) != Some(&'"') {
                out.push('$');
            }
            i += 1;
            continue;
        }
        let mut j = i + 2;
        let mut ended = false;
        let digits = |j: &mut usize, radix: u32, most: usize| -> Option<u32> {
            let mut value = None;
            let mut count = 0;
            while count < most {
                let Some(digit) = text.get(*j).and_then(|c| c.to_digit(radix)) else { break };
                value = Some(value.unwrap_or(0) * radix + digit);
                *j += 1;
                count += 1;
            }
            value
        };
        let mut decoded = String::new();
        let character = |decoded: &mut String, ended: &mut bool, code: u32| {
            if code == 0 {
                *ended = true;
            } else if !*ended {
                decoded.push(char::from_u32(code).unwrap_or('\u{fffd}'));
            }
        };
        while j < text.len() && text[j] != '\'' {
            if text[j] != '\\' || j + 1 >= text.len() {
                if !ended {
                    decoded.push(text[j]);
                }
                j += 1;
                continue;
            }
            let escape = text[j + 1];
            j += 2;
            if let Some(replacement) = ansi_c_escape(escape) {
                if !ended {
                    decoded.push_str(replacement);
                }
            } else if escape.is_digit(8) {
                j -= 1;
                let value = digits(&mut j, 8, 3).unwrap_or(0) & 0xff;
                character(&mut decoded, &mut ended, value);
            } else if escape == 'x' && text.get(j) == Some(&'{') {
                // `\x{172}`: any number of digits, the last byte of their value
                let mut value = 0;
                j += 1;
                while let Some(digit) = text.get(j).and_then(|c| c.to_digit(16)) {
                    value = (value * 16 + digit) & 0xff;
                    j += 1;
                }
                if text.get(j) == Some(&'}') {
                    j += 1;
                }
                character(&mut decoded, &mut ended, value);
            } else if escape == 'x' || escape == 'u' || escape == 'U' {
                match digits(&mut j, 16, if escape == 'x' { 2 } else if escape == 'u' { 4 } else { 8 }) {
                    Some(value) => character(&mut decoded, &mut ended, value),
                    None if !ended => {
                        decoded.push('\\');
                        decoded.push(escape);
                    }
                    None => {}
                }
            } else if escape == 'c' && j < text.len() {
                // a control character: `\cM` is a carriage return; `\c\\` takes both backslashes
                let code = text[j] as u32;
                j += if text[j] == '\\' && text.get(j + 1) == Some(&'\\') { 2 } else { 1 };
                character(&mut decoded, &mut ended, code & 0x1f);
            } else if !ended {
                decoded.push('\\');
                decoded.push(escape);
            }
        }
        out.push_str(&decoded);
        i = j + 1;
    }
    out
}

/// Whether the command runs rm with a recursive and a force flag: as written, and as the shell reads its own quoting.
fn is_recursive_forced_rm(command: &str) -> bool {
    let read = shell_quoting_read(command);
    judged_rm(command) || (read != command && judged_rm(&read))
}

fn judged_rm(command: &str) -> bool {
    ifs_as_blanks(&without_continuations(command)).split(SEPARATORS).any(|part| {
        let words: Vec<String> = part.split(is_word_break).map(|word| word.replace(QUOTES, "")).collect();
        let Some(at) = words.iter().position(|word| is_rm(word)) else {
            return false;
        };
        let (mut recursive, mut force) = (false, false);
        for word in &words[at + 1..] {
            if word == "--" {
                break;
            }
            if !word.starts_with('-') || word == "-" {
                continue;
            }
            let (word_recursive, word_force) = flags_of(word);
            recursive |= word_recursive;
            force |= word_force;
        }
        recursive && force
    })
}

fn main() {
    kit::run(kit::on_pre_tool_use(
        |call, answer| {
            let bash: BashToolInput = kit::tool_input(&call.tool_input).expect("a Bash input"); // a panic denies
            is_recursive_forced_rm(&bash.command).then(|| answer.deny("rm -rf is blocked by policy: delete files one by one, or ask the user"))
        },
        HookOptions { tools: Some(vec!["Bash".into()]), fail_closed: true, timeout: Some(Duration::from_secs(5)) },
    ))
}
