//! The serde harness: reads and writes the hook output types through the Rust
//! types generated from the schemas (`generated/rust/`, crate
//! `claude-hook-protocol-types`) with real serde derive, answering as
//! serde 1.0.228 / serde_json 1.0.149 do (see `compat.rs`).
//!
//!   serde-harness                  line protocol on stdin/stdout, as the
//!                                  serde oracle speaks it
//!   serde-harness --vectors DIR    run every vector of DIR/**/*.json, print
//!                                  each failure and "N passed, M failed";
//!                                  exit 1 on any failure (or none run)
//!   serde-harness --records        the same line protocol for the flat
//!                                  records instead (T in RunRecord |
//!                                  MergedResult), for the bindings' tests
//!
//! Line protocol: one request per line, `{"type": T, "json": "<raw JSON>"}`,
//! T in HookSpecificOutput | HookOutput (the envelope ClaudePreToolUseOutput) |
//! PermissionDecision | ToolPermission | Value; one answer per request,
//! flushed: `{"ok":true,"canonical":"..."}` or `{"ok":false,"error":"..."}`;
//! a malformed request line: `{"ok":false,"error":"...","bad_request":true}`;
//! blank lines: no answer.

mod compat;

use std::borrow::Cow;
use std::fs;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use claude_hook_protocol_types::{
    ClaudePreToolUseOutput, HookSpecificOutput, MergedResult, PermissionDecision, RunRecord, ToolPermission,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Deserialize)]
struct Request {
    #[serde(rename = "type")]
    type_name: String,
    json: String,
}

/// One answer line. Field order is the protocol's.
#[derive(Serialize)]
struct Answer {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    bad_request: bool,
}

impl Answer {
    fn accepted(canonical: String) -> Self {
        Answer { ok: true, canonical: Some(canonical), error: None, bad_request: false }
    }
    fn rejected(error: String) -> Self {
        Answer { ok: false, canonical: None, error: Some(error), bad_request: false }
    }
    fn bad_request(error: String) -> Self {
        Answer { ok: false, canonical: None, error: Some(error), bad_request: true }
    }
}

/// `serde_json::from_str::<T>` on the whole text, then `serde_json::to_string`.
fn read_and_write<T: DeserializeOwned + Serialize>(raw: &str) -> Answer {
    let text: Cow<'_, str> = compat::prepare_input(raw);
    match serde_json::from_str::<T>(&text) {
        Ok(value) => match compat::to_string(&value) {
            Ok(canonical) => Answer::accepted(canonical),
            Err(e) => Answer::rejected(format!("serialize: {e}")),
        },
        Err(e) => Answer::rejected(compat::fix_error(e.to_string(), &text)),
    }
}

/// The answer for a type named as in the protocol, or None for an unknown name.
fn answer_for(type_name: &str, raw: &str) -> Option<Answer> {
    Some(match type_name {
        "HookSpecificOutput" => read_and_write::<HookSpecificOutput>(raw),
        "HookOutput" => read_and_write::<ClaudePreToolUseOutput>(raw),
        "PermissionDecision" => read_and_write::<PermissionDecision>(raw),
        "ToolPermission" => read_and_write::<ToolPermission>(raw),
        "Value" => read_and_write::<Value>(raw),
        _ => return None,
    })
}

/// `--records`: the flat records (not part of the oracle's protocol).
fn record_answer_for(type_name: &str, raw: &str) -> Option<Answer> {
    Some(match type_name {
        "RunRecord" => read_and_write::<RunRecord>(raw),
        "MergedResult" => read_and_write::<MergedResult>(raw),
        _ => return None,
    })
}

type AnswerFor = fn(&str, &str) -> Option<Answer>;

fn answer_line(line: &str, answer_for: AnswerFor) -> Answer {
    let request: Request = match serde_json::from_str(line) {
        Ok(request) => request,
        Err(e) => return Answer::bad_request(format!("bad request line: {e}")),
    };
    answer_for(&request.type_name, &request.json)
        .unwrap_or_else(|| Answer::bad_request(format!("unknown type: {:?}", request.type_name)))
}

fn serve_lines(answer_for: AnswerFor) -> io::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let text = serde_json::to_string(&answer_line(&line, answer_for)).expect("an answer always serialises");
        out.write_all(text.as_bytes())?;
        out.write_all(b"\n")?;
        // Per line, so a driver can write a request and wait for its answer.
        out.flush()?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// --vectors DIR

/// `test/vectors/serde/*.json`: `{description, cases: [{description, type,
/// json, expected: {ok, canonical? | error?}}]}`.
#[derive(Deserialize)]
struct VectorFile {
    cases: Vec<Vector>,
}

#[derive(Deserialize)]
struct Vector {
    #[serde(default)]
    description: String,
    #[serde(rename = "type")]
    type_name: String,
    json: String,
    expected: Expected,
}

#[derive(Deserialize)]
struct Expected {
    ok: bool,
    canonical: Option<String>,
    error: Option<String>,
}

fn vector_files(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)?.map(|e| e.map(|e| e.path())).collect::<io::Result<_>>()?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            vector_files(&path, out)?;
        } else if path.extension().map_or(false, |e| e == "json") {
            out.push(path);
        }
    }
    Ok(())
}

/// Why `got` differs from `want`, or None when it matches.
fn mismatch(want: &Expected, got: &Answer) -> Option<String> {
    if want.ok != got.ok {
        return Some(format!("ok: want {}, got {}", want.ok, got.ok));
    }
    if want.ok && want.canonical.is_some() && want.canonical != got.canonical {
        return Some("canonical text differs".to_owned());
    }
    if !want.ok && want.error.is_some() && want.error != got.error {
        return Some("error text differs".to_owned());
    }
    None
}

fn run_vectors(dir: &Path) -> ExitCode {
    let mut files = Vec::new();
    if let Err(e) = vector_files(dir, &mut files) {
        eprintln!("serde-harness: cannot read {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    for path in &files {
        let parsed = fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| serde_json::from_str::<VectorFile>(&text).map_err(|e| e.to_string()));
        let file = match parsed {
            Ok(file) => file,
            Err(e) => {
                failed += 1;
                println!("FAIL {}: not a vector file: {e}", path.display());
                continue;
            }
        };
        for (index, case) in file.cases.iter().enumerate() {
            let got = answer_for(&case.type_name, &case.json)
                .unwrap_or_else(|| Answer::bad_request(format!("unknown type: {:?}", case.type_name)));
            match mismatch(&case.expected, &got) {
                None => passed += 1,
                Some(why) => {
                    failed += 1;
                    println!("FAIL {} #{index} {:?}: {why}", path.display(), case.description);
                    println!("  type: {}  json: {}", case.type_name, serde_json::to_string(&case.json).unwrap_or_default());
                    println!(
                        "  want: ok={} canonical={:?} error={:?}",
                        case.expected.ok, case.expected.canonical, case.expected.error
                    );
                    println!("  got:  ok={} canonical={:?} error={:?}", got.ok, got.canonical, got.error);
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed ({} files)", files.len());
    if failed == 0 && passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

const USAGE: &str =
    "usage: serde-harness < requests.jsonl\n       serde-harness --vectors DIR\n       serde-harness --records < requests.jsonl";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] | ["--records"] => {
            let table: AnswerFor = if args.is_empty() { answer_for } else { record_answer_for };
            match serve_lines(table) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("serde-harness: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        ["--vectors", dir] => run_vectors(Path::new(dir)),
        ["-h"] | ["--help"] => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
