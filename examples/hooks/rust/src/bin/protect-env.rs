//! PreToolUse (Read, Edit, Write, and MultiEdit of older Claude Code versions): keep the agent out of
//! .env files (.env, .env.local, .env.production, ...; .env.example stays readable), whatever the
//! path looks like: any case (`.ENV`: macOS and Windows file names ignore case), Windows paths
//! (`C:\p\.env`), `.` and `..` segments (`/p/x/../.env`), a trailing dot or space and an NTFS
//! stream (`.env::$DATA`), which Windows drops, a drive-relative path (`C:.env`). Look-alikes
//! (`．env`, a zero-width space) name other files: no file system folds them to `.env`. Not seen:
//! a symlink to a .env file, an 8.3 short name (`ENV~1`). Other ways to read a file (Bash `cat .env`, Grep)
//! are other tools: add them with their own rules. Linear in the path's length. Fails closed: a
//! panic denies the call.
use claude_hook_protocol_types::kit::{self, HookOptions, ToolCall};
use std::time::Duration;

/// The file name `path` ends at, as the file system reads it: `.`/`..` resolved, lower case, no NTFS stream, no trailing dots or spaces.
fn file_name_of(path: &str) -> String {
    let mut segments: Vec<&str> = Vec::new();
    for segment in path.split(['/', '\\']) {
        if segment == ".." {
            segments.pop();
        } else if !segment.is_empty() && segment != "." {
            segments.push(segment);
        }
    }
    let name = segments.last().copied().unwrap_or("").to_lowercase();
    // a drive letter (`C:.env`, drive-relative), then an NTFS stream after the name (`.env::$DATA`)
    let name = match name.as_bytes() {
        [b'a'..=b'z', b':', ..] => &name[2..],
        _ => &name[..],
    };
    let name = name.split(':').next().unwrap_or("");
    name.trim_end_matches(['.', ' ']).to_string()
}

fn is_secret_env_file(path: &str) -> bool {
    let name = file_name_of(path);
    name == ".env" || (name.starts_with(".env.") && name != ".env.example")
}

/// The file the call names, its input narrowed by the tool's name: Read, Edit and Write to their types
/// (`tool_call` reads the input as serde reads the tool's type), MultiEdit (older Claude Code versions:
/// no 2.1.332 schema) to its JSON, whose `file_path` is checked here.
fn file_path_of(tool_name: &str, input: &serde_json::Value) -> Option<String> {
    match kit::tool_call(tool_name, input).ok()? {
        ToolCall::Read(read) => Some(read.file_path),
        ToolCall::Edit(edit) => Some(edit.file_path),
        ToolCall::Write(write) => Some(write.file_path),
        ToolCall::Other { input, .. } => input.get("file_path")?.as_str().map(str::to_string),
        _ => None,
    }
}

fn main() {
    kit::run(kit::on_pre_tool_use(
        |call, answer| {
            let Some(path) = file_path_of(&call.tool_name, &call.tool_input) else {
                return Some(answer.deny(&format!("{} without a file_path: blocked (this hook cannot tell whether it touches a .env file)", call.tool_name)));
            };
            is_secret_env_file(&path).then(|| answer.deny(&format!("{} holds secrets; {} on .env files is blocked (use .env.example)", path, call.tool_name)))
        },
        HookOptions { tools: Some(vec!["Read".into(), "Edit".into(), "Write".into(), "MultiEdit".into()]), fail_closed: true, timeout: Some(Duration::from_secs(5)) },
    ))
}
