//! Stop: keep the agent working until the tests pass ($KIT_TEST_COMMAND, default `npm test`).
//! Once it is already continuing because of this hook (stop_hook_active), it lets it stop.
use claude_hook_protocol_types::kit::{self, HookOptions};
use std::process::Command;
use std::time::Duration;

fn main() {
    let test_command = std::env::var("KIT_TEST_COMMAND").unwrap_or_else(|_| "npm test".to_string());
    kit::run(kit::on_stop(
        move |call, answer| {
            if call.stop_hook_active {
                return None;
            }
            let run = Command::new("sh").arg("-c").arg(&test_command).current_dir(&call.cwd).output().ok()?;
            if run.status.success() {
                return None;
            }
            let output = String::from_utf8_lossy(&run.stdout).to_string() + &String::from_utf8_lossy(&run.stderr);
            let lines: Vec<&str> = output.trim().lines().filter(|line| !line.trim().is_empty()).collect();
            let tail = lines[lines.len().saturating_sub(10)..].join("\n");
            Some(answer.block(&format!("The tests fail ({}); fix them before you finish:\n{}", test_command, tail)))
        },
        HookOptions { timeout: Some(Duration::from_secs(540)), ..Default::default() },
    ))
}
