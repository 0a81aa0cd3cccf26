//! PreToolUse (Bash): deny `rm` with both a recursive and a force flag, however it is written:
//! `rm -rf`, `rm -fr`, `rm -Rf`, `rm -r -f`, `rm --recursive --force`, `sudo rm`, `/bin/rm`,
//! `\rm`, `r''m`, inside `$(...)`, backticks, `bash -c "..."`, after `;`, `&&`, `|` or a newline.
//! It judges words, not text: `rm` anywhere in a command, even as an argument (`echo rm -rf`,
//! `xargs rm -rf`, `find -exec rm -rf`), counts, since a wrong deny costs a retry and a miss
//! costs the files. Not a sandbox: `$RM -rf` or a script file that runs rm is not seen.
//! Linear in the command's length (no backtracking pattern), so a long crafted command cannot
//! run it past its budget. Fails closed: if this hook panics or overruns its budget, the call
//! is denied.
use claude_hook_protocol_types::claude_code_tools::BashToolInput;
use claude_hook_protocol_types::kit::{self, HookOptions};
use std::time::Duration;

/// Where one simple command ends and another starts: ; & | newline ( ) ` { }
const SEPARATORS: &[char] = &[';', '&', '|', '\n', '\r', '(', ')', '`', '{', '}'];
const QUOTES: &[char] = &['"', '\'', '\\'];

/// Whether `word` (an option to rm) is (recursive, force): -r, -R, -f in any cluster and case; --recursive, --force and their prefixes.
fn flags_of(word: &str) -> (bool, bool) {
    if word.starts_with("--") {
        return (word.len() > 2 && "--recursive".starts_with(word), word.len() > 2 && "--force".starts_with(word));
    }
    let letters = word[1..].to_lowercase();
    (letters.contains('r'), letters.contains('f'))
}

fn is_recursive_forced_rm(command: &str) -> bool {
    command.split(SEPARATORS).any(|part| {
        let words: Vec<String> = part.split_whitespace().map(|word| word.replace(QUOTES, "")).collect();
        let Some(at) = words.iter().position(|word| word[word.rfind('/').map_or(0, |slash| slash + 1)..].to_lowercase() == "rm") else {
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
