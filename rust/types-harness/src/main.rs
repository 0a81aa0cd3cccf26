//! The types line protocol over the generated Rust types
//! (`claude-hook-protocol conformance types --language rust` runs it).
//!
//! One request per stdin line, `{"type": T, "json": "<JSON text>"}` with T a
//! schema title; one answer per stdout line, flushed:
//! `{"ok":true,"value":<read into T and written back>}` or
//! `{"ok":false,"error":"..."}`.
//!
//!   types-harness < requests.jsonl
//!   types-harness --titles          every title, one per line

use std::io::{self, BufRead, Write};

use claude_hook_protocol_types::registry::{round_trip, TITLES};
use serde::Deserialize;

#[derive(Deserialize)]
struct Request {
    #[serde(rename = "type")]
    type_name: String,
    json: String,
}

fn refusal(message: &str) -> String {
    let text = serde_json::to_string(message).unwrap_or_else(|_| "\"unprintable error\"".to_string());
    format!("{{\"ok\":false,\"error\":{}}}", text)
}

fn answer(line: &str) -> String {
    let request: Request = match serde_json::from_str(line) {
        Ok(request) => request,
        Err(error) => return refusal(&format!("bad request: {}", error)),
    };
    match round_trip(&request.type_name, &request.json) {
        None => refusal(&format!("unknown type {}", request.type_name)),
        Some(Err(error)) => refusal(&error),
        Some(Ok(text)) => format!("{{\"ok\":true,\"value\":{}}}", text),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if args.iter().any(|a| a == "--titles") {
        for title in TITLES {
            let _ = writeln!(out, "{}", title);
        }
        return;
    }
    let stdin = io::stdin();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                let _ = writeln!(out, "{}", refusal(&format!("bad request: {}", error)));
                let _ = out.flush();
                continue;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        if writeln!(out, "{}", answer(&line)).and_then(|_| out.flush()).is_err() {
            return;
        }
    }
}
