//! PreToolUse (Bash): deny any command containing `rm -rf`; say nothing otherwise.
//! Fails closed: if this hook panics or overruns its budget, the call is denied.
use claude_hook_protocol_types::claude_code_tools::BashToolInput;
use claude_hook_protocol_types::kit::{self, HookOptions};
use std::time::Duration;

/// `rm` with both `r` and `f` in one flag group (`-rf`, `-fr`, `-rfv`, ...), as the TypeScript example's pattern.
fn is_rm_rf(command: &str) -> bool {
    let words: Vec<&str> = command.split_whitespace().collect();
    words.windows(2).any(|pair| {
        let flags = pair[1].strip_prefix('-').unwrap_or("");
        pair[0] == "rm" && !flags.starts_with('-') && flags.contains('r') && flags.contains('f')
    })
}

fn main() {
    kit::run(kit::on_pre_tool_use(
        |call, answer| {
            let bash: BashToolInput = kit::tool_input(&call.tool_input).expect("a Bash input"); // a panic denies
            is_rm_rf(&bash.command).then(|| answer.deny("rm -rf is blocked by policy: delete files one by one, or ask the user"))
        },
        HookOptions { tools: Some(vec!["Bash".into()]), fail_closed: true, timeout: Some(Duration::from_secs(5)) },
    ))
}
