//! A PreToolUse hook in Rust: read the input, match its event, deny shell commands.
use claude_hook_protocol_types::claude_code::*;
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).expect("stdin");
    let input: ClaudeCodeHookInput = serde_json::from_str(&text).expect("a Claude Code hook input");
    if let ClaudeCodeHookInput::PreToolUse(call) = input {
        if call.tool_name == "Bash" {
            let deny = PreToolUseHookSpecificOutput {
                permission_decision: Some(PreToolUseHookSpecificOutputPermissionDecision::Deny),
                permission_decision_reason: Some("no shell here".to_string()),
                ..Default::default()
            };
            let answer = ClaudeCodeHookOutput { hook_specific_output: Some(ClaudeCodeHookSpecificOutput::PreToolUse(deny)), ..Default::default() };
            println!("{}", serde_json::to_string(&answer).expect("JSON"));
        }
    }
}
