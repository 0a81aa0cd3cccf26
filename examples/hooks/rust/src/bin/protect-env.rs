//! PreToolUse (Read, Edit, Write): keep the agent out of .env files (.env, .env.local, ...;
//! .env.example stays readable). Fails closed: a panic denies the call.
use claude_hook_protocol_types::kit::{self, HookOptions};
use std::time::Duration;

fn is_secret_env_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    (name == ".env" || name.starts_with(".env.")) && name != ".env.example"
}

fn main() {
    kit::run(kit::on_pre_tool_use(
        |call, answer| {
            // Read, Edit and Write all name the file so
            let path = call.tool_input.get("file_path").and_then(|p| p.as_str())?;
            is_secret_env_file(path).then(|| answer.deny(&format!("{} holds secrets; {} on .env files is blocked (use .env.example)", path, call.tool_name)))
        },
        HookOptions { tools: Some(vec!["Read".into(), "Edit".into(), "Write".into()]), fail_closed: true, timeout: Some(Duration::from_secs(5)) },
    ))
}
