//! The hook kit: define a hook for an event with `on_<event>(handler, options)`,
//! get the typed input, answer with the helpers of `<Event>Answers` (only what
//! the event takes), and [`run`] it. A panic, an overrun of the timeout, bad
//! stdin or an answer the agent cannot take becomes a message on stderr and
//! exit 1, or for a `fail_closed` hook a deny (or block) carrying the message
//! (catch_unwind and a watchdog thread). Answers and agents come from
//! generated/kit/answers.json (the TypeScript kit's writers).
//!
//! ```no_run
//! use claude_hook_protocol_types::claude_code_tools::BashToolInput;
//! use claude_hook_protocol_types::kit::{self, HookOptions};
//!
//! kit::run(kit::on_pre_tool_use(|call, answer| {
//!     let bash: BashToolInput = kit::tool_input(&call.tool_input).ok()?;
//!     bash.command.contains("rm -rf").then(|| answer.deny("rm -rf is blocked"))
//! }, HookOptions { tools: Some(vec!["Bash".into()]), fail_closed: true, ..Default::default() }));
//! ```

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::io::{Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use crate::kit_answers::*;

const PREFIX: &str = "claude-hook-protocol/kit";
const DEFAULT_FAIL_CLOSED_BUDGET: Duration = Duration::from_secs(50);

/// One answer, built by an `<Event>Answers` helper.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    kind: &'static str,
    reason: String,
    text: String,
    input: Option<Value>,
    /// A value the agent would refuse, found when the answer was built: the hook fails with it (closed, if fail-closed).
    problem: Option<String>,
}

impl Reply {
    fn new(kind: &'static str) -> Reply {
        Reply { kind, reason: String::new(), text: String::new(), input: None, problem: None }
    }
    fn reason(kind: &'static str, silent: &'static str, reason: &str) -> Reply {
        if reason.is_empty() {
            return Reply::new(silent);
        }
        Reply { reason: reason.to_string(), ..Reply::new(kind) }
    }
    pub(crate) fn stop(reason: &str) -> Reply {
        Reply::reason("stop", "stop-silent", reason)
    }
    pub(crate) fn message(text: &str) -> Reply {
        Reply { text: text.to_string(), ..Reply::new("message") }
    }
    pub(crate) fn context(text: &str) -> Reply {
        Reply { text: text.to_string(), ..Reply::new("context") }
    }
    pub(crate) fn block(reason: &str) -> Reply {
        Reply { reason: reason.to_string(), problem: blank_reason("block", reason), ..Reply::new("block") }
    }
    pub(crate) fn deny(reason: &str) -> Reply {
        Reply { problem: if reason.is_empty() { None } else { blank_reason("deny", reason) }, ..Reply::reason("deny", "deny-silent", reason) }
    }
    pub(crate) fn ask(reason: &str) -> Reply {
        Reply::reason("ask", "ask-silent", reason)
    }
    pub(crate) fn allow(reason: &str) -> Reply {
        Reply::reason("allow-reason", "allow", reason)
    }
    pub(crate) fn rewrite(input: Value, reason: &str) -> Reply {
        // checked now, as the TypeScript kit checks it: the tool input must be a JSON object
        let problem = (!input.is_object()).then(|| format!("answer.rewrite(input): the tool input must be a JSON object, got {}", input));
        Reply { input: Some(input), problem, ..Reply::reason("rewrite-reason", "rewrite", reason) }
    }
}

/// A reason of only white space tells the model or the user nothing (the TypeScript kit refuses it too).
fn blank_reason(helper: &str, reason: &str) -> Option<String> {
    reason.trim().is_empty().then(|| format!("answer.{}(reason): the reason must be a non-empty string, got {}", helper, serde_json::to_string(reason).unwrap_or_default()))
}

/// `tools` limits a tool event to those tool names (others pass untouched);
/// `fail_closed` denies (or blocks) on any failure; `timeout` is the handler's
/// budget (50 s for a fail-closed hook without one).
#[derive(Debug, Clone, Default)]
pub struct HookOptions {
    pub tools: Option<Vec<String>>,
    pub fail_closed: bool,
    pub timeout: Option<Duration>,
}

/// What becomes of an answer the agent that runs the hook does not honour on its event (the TypeScript kit's
/// `unsupported`), set by [`Hook::unsupported`] (not a field of [`HookOptions`], whose literals it would break).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Unsupported {
    /// An ask becomes a deny; an allow, context, stop or message is left out with a note on stderr; a deny, block or rewrite fails the hook.
    #[default]
    Degrade,
    /// Any answer the agent does not honour fails the hook.
    Strict,
}

/// Names the agent that runs the hook, as `install` writes it (so does an argument `--agent=<name>`, which wins): read before stdin's fields.
pub const AGENT_ENV: &str = "CLAUDE_HOOK_PROTOCOL_AGENT";
const AGENT_ARG: &str = "--agent=";

type Call = Box<dyn Fn(&str) -> Result<Option<Reply>, String> + Send + Sync>;

/// A hook definition, made by `on_<event>`.
pub struct Hook {
    event: &'static str,
    options: HookOptions,
    call: Call,
    unsupported: Unsupported,
}

impl Hook {
    pub(crate) fn new(event: &'static str, options: HookOptions, call: Call) -> Hook {
        Hook { event, options, call, unsupported: Unsupported::Degrade }
    }

    /// The hook, with what becomes of an answer the agent does not honour ([`Unsupported::Degrade`] unless set).
    pub fn unsupported(self, unsupported: Unsupported) -> Hook {
        Hook { unsupported, ..self }
    }
}

/// The call's `tool_input` as a tool's typed input (`BashToolInput`, ...).
pub fn tool_input<T: DeserializeOwned>(tool_input: &Value) -> Result<T, serde_json::Error> {
    T::deserialize(tool_input)
}

/// One condition of a detection rule (src/core/detection.ts).
pub(crate) enum Condition {
    /// The key is present.
    Has(&'static str),
    /// The key is a string among these.
    OneOf(&'static str, &'static [&'static str]),
    /// The key is a string the pattern finds in.
    Matches(&'static str, &'static str),
    /// `hook_event_name` is one of this agent's own event names.
    EventOf(&'static str),
    /// `hook_event_name` is not one of this agent's own event names.
    EventNotOf(&'static str),
    /// The key is present and null.
    IsNull(&'static str),
}

enum Atom {
    Char(char),
    Digit,
    Class(bool, Vec<char>),
}

impl Atom {
    fn accepts(&self, c: char) -> bool {
        match self {
            Atom::Char(x) => *x == c,
            Atom::Digit => c.is_ascii_digit(),
            Atom::Class(negated, chars) => chars.contains(&c) != *negated,
        }
    }
}

/// The detection patterns' syntax, which scripts/gen-kit-answers.ts checks: literals, `\.` `\/` `\d`,
/// a bracket class, `*` or `{n}` after one item, `^` and `$` at the ends (no regex crate needed).
fn parse_pattern(pattern: &str) -> (bool, Vec<(Atom, Option<usize>)>, bool) {
    let mut chars: Vec<char> = pattern.chars().collect();
    let start = chars.first() == Some(&'^');
    let end = chars.last() == Some(&'$');
    if end {
        chars.pop();
    }
    let mut items = Vec::new();
    let mut i = usize::from(start);
    while i < chars.len() {
        let atom = match chars[i] {
            '\\' => {
                i += 1;
                if chars[i] == 'd' { Atom::Digit } else { Atom::Char(chars[i]) }
            }
            '[' => {
                let negated = chars.get(i + 1) == Some(&'^');
                let from = i + 1 + usize::from(negated);
                let to = from + chars[from..].iter().position(|c| *c == ']').unwrap_or(0);
                let class = chars[from..to].to_vec();
                i = to;
                Atom::Class(negated, class)
            }
            c => Atom::Char(c),
        };
        i += 1;
        // None: any number (`*`); Some(n): exactly n (`{n}`, or 1 without a quantifier).
        let count = match chars.get(i) {
            Some('*') => {
                i += 1;
                None
            }
            Some('{') => {
                let close = i + chars[i..].iter().position(|c| *c == '}').unwrap_or(0);
                let n = chars[i + 1..close].iter().collect::<String>().parse().unwrap_or(1);
                i = close + 1;
                Some(n)
            }
            _ => Some(1),
        };
        items.push((atom, count));
    }
    (start, items, end)
}

fn matches_here(items: &[(Atom, Option<usize>)], text: &[char], end: bool) -> bool {
    match items.split_first() {
        None => !end || text.is_empty(),
        Some(((atom, Some(n)), rest)) => text.len() >= *n && text[..*n].iter().all(|c| atom.accepts(*c)) && matches_here(rest, &text[*n..], end),
        Some(((atom, None), rest)) => {
            let most = text.iter().take_while(|c| atom.accepts(**c)).count();
            (0..=most).rev().any(|k| matches_here(rest, &text[k..], end))
        }
    }
}

/// Whether `pattern` finds a match in `text`, as JavaScript's `new RegExp(pattern).test(text)`.
fn pattern_finds(pattern: &str, text: &str) -> bool {
    let (start, items, end) = parse_pattern(pattern);
    let text: Vec<char> = text.chars().collect();
    let starts = if start { 0..=0 } else { 0..=text.len() };
    starts.into_iter().any(|at| matches_here(&items, &text[at..], end))
}

fn own_event(agent: &str, event: Option<&str>) -> bool {
    event.map_or(false, |event| KIT_OWN_EVENTS.iter().any(|(a, events)| *a == agent && events.contains(&event)))
}

fn holds(condition: &Condition, input: &Map<String, Value>) -> bool {
    let event = input.get("hook_event_name").and_then(Value::as_str);
    match condition {
        Condition::Has(key) => input.contains_key(*key),
        Condition::EventOf(agent) => own_event(agent, event),
        Condition::EventNotOf(agent) => !own_event(agent, event),
        Condition::OneOf(key, values) => input.get(*key).and_then(Value::as_str).map_or(false, |v| values.contains(&v)),
        Condition::Matches(key, pattern) => input.get(*key).and_then(Value::as_str).map_or(false, |v| pattern_finds(pattern, v)),
        Condition::IsNull(key) => input.get(*key).map_or(false, Value::is_null),
    }
}

fn display_name(agent: &str) -> &'static str {
    KIT_DISPLAY_NAMES.iter().find(|(a, _)| *a == agent).map_or("an agent", |(_, name)| *name)
}

/// Which agent sent a hook input, and what told it: the TypeScript kit's rules (`src/<agent>/detection.ts`),
/// from generated/kit/answers.json.
pub fn detect_agent(input: &Map<String, Value>) -> (&'static str, String) {
    for (agent, because, conditions) in KIT_DETECTION_RULES {
        if conditions.iter().all(|condition| holds(condition, input)) {
            return (*agent, because.to_string());
        }
    }
    (KIT_DETECTION_DEFAULT, "no other agent's fields".to_string())
}

/// The agent the hook's command names (`--agent=<name>` first, then [`AGENT_ENV`]): `Ok(None)` when it names
/// none, `Err` naming a wrong name (src/hooks/agents.ts declaredAgent).
fn declared_agent(env: Option<&str>, args: &[String]) -> Result<Option<(&'static str, String)>, String> {
    let named = match args.iter().find(|arg| arg.starts_with(AGENT_ARG)) {
        Some(arg) => (arg[AGENT_ARG.len()..].to_string(), arg.clone()),
        None => match env.filter(|value| !value.is_empty()) {
            Some(value) => (value.to_string(), AGENT_ENV.to_string()),
            None => return Ok(None),
        },
    };
    match KIT_DISPLAY_NAMES.iter().find(|(agent, _)| *agent == named.0) {
        Some((agent, _)) => Ok(Some((*agent, named.1))),
        None => Err(format!(
            "{} names {}, not an agent ({})",
            named.1,
            serde_json::to_string(&named.0).unwrap_or_default(),
            KIT_DISPLAY_NAMES.iter().map(|(agent, _)| *agent).collect::<Vec<_>>().join(", ")
        )),
    }
}

/// Whether the agent can send this stdin: it has every key the agent's schemas make its inputs have
/// (src/hooks/agents.ts maySend).
fn may_send(agent: &str, input: &Map<String, Value>) -> bool {
    let event = input.get("hook_event_name").and_then(Value::as_str);
    KIT_REQUIRES.iter().filter(|r| r.0 == agent && (r.1 == "*" || Some(r.1) == event)).all(|r| r.2.iter().all(|key| input.contains_key(*key)))
}

/// The agents that may have sent the stdin, whose reading the kit tries in order, as the TypeScript kit
/// (src/hooks/agents.ts possibleAgents): the stdin's when a detection rule holds (a rule proves its agent, whatever
/// the command names); else the agent the command names, when it can send such an input, then Claude Code, and the
/// answer must mean the same to both. A name that is no agent is set aside with a note: the stdin tells the agent.
fn agent_readings(input: &Map<String, Value>, env: Option<&str>, args: &[String]) -> (Vec<(&'static str, String)>, String) {
    let from_stdin = detect_agent(input);
    let declared = match declared_agent(env, args) {
        Err(invalid) => {
            let note = format!("{}; told from stdin instead: {} ({})", invalid, from_stdin.0, from_stdin.1);
            return (vec![from_stdin], note);
        }
        Ok(None) => return (vec![from_stdin], String::new()),
        Ok(Some(declared)) => declared,
    };
    if declared.0 == from_stdin.0 {
        return (vec![declared], String::new());
    }
    if from_stdin.0 != KIT_DETECTION_DEFAULT || !may_send(declared.0, input) {
        return (vec![from_stdin], String::new());
    }
    (vec![declared, from_stdin], String::new())
}

/// The other agents that may run the hook and read the call as its own, with their own event: the answer must
/// mean the same to each (set once a call is the hook's, before its handler runs).
static KIT_ALSO: Mutex<Vec<(&'static str, String)>> = Mutex::new(Vec::new());

fn exit2_blocks(agent: &str, event: &str) -> bool {
    KIT_EXIT2_BLOCKS.iter().any(|e| e.0 == agent && e.1 == event)
}

/// The answer for the agent and for every other agent that may run the hook (KIT_ALSO), as the TypeScript kit's
/// writeForAll: the same answer, or for a deny or a block that they would read differently, exit 2 with the reason
/// on stderr where each reads that as one, else the first agent's.
fn write_answer(agent: &str, event: &str, reply: &Reply) -> Result<(i32, String, String), String> {
    let written = write_one_answer(agent, event, reply);
    let also = KIT_ALSO.lock().map(|also| also.clone()).unwrap_or_default();
    let same = also.iter().all(|(other, other_event)| matches!((&written, write_one_answer(other, other_event, reply)), (Ok(mine), Ok(theirs)) if *mine == theirs));
    if same {
        return written;
    }
    let kind = reply.kind.trim_end_matches("-silent").trim_end_matches("-reason");
    if (kind == "deny" || kind == "block") && exit2_blocks(agent, event) && also.iter().all(|(other, other_event)| exit2_blocks(other, other_event)) {
        return Ok((2, String::new(), reply.reason.clone()));
    }
    written
}

/// The note for an answer written (or left out) on a claim no recorded vector shows, none when the claim is recorded
/// or absent (src/hooks/fit-to-agent.ts).
fn unverified_note(agent: &str, own_event: &str, kind: &str) -> Vec<String> {
    let Some(claim) = KIT_UNVERIFIED.iter().find(|n| n.0 == agent && n.1 == own_event && n.2 == kind).map(|n| n.3) else {
        return Vec::new();
    };
    let (basis, level) = claim.split_once(':').unwrap_or(("", claim));
    let support = match level.split_once('>') {
        Some((support, by)) => format!("{} as {}", support, by),
        None => level.to_string(),
    };
    let source = match basis {
        "docs" => "its documents",
        "binary" => "its shipped code",
        other => other,
    };
    vec![format!("{} on {} is unverified: no recording shows what {} does with it (the claim \"{}\" rests on {} only; claude-hook-protocol capabilities --agent {})", kind, own_event, display_name(agent), support, source, agent)]
}

/// The reply as the agent can honour it on `own_event` (src/hooks/fit-to-agent.ts): an answer it does not enforce
/// (generated/kit/agents.json) is degraded by the degrade policy with a note for stderr (`None`: no answer), or
/// refused (`Err`: the policy says refuse, or the hook is strict); then a note for each claim the answer rests on
/// that no recording shows.
fn fit_to_agent(hook: &Hook, agent: &str, own_event: &str, reply: Reply) -> Result<(Option<Reply>, Vec<String>), String> {
    let kind = reply.kind.trim_end_matches("-silent").trim_end_matches("-reason").to_string();
    let kind = kind.as_str();
    let level = |kind: &str| KIT_NOT_ENFORCED.iter().find(|n| n.0 == agent && n.1 == own_event && n.2 == kind).map(|n| n.3);
    let level_of_kind = match level(kind) {
        None | Some("enforced") => return Ok((Some(reply), unverified_note(agent, own_event, kind))),
        Some(found) => found,
    };
    let support = match level_of_kind.split_once('>') {
        Some((support, by)) => format!("{} as {}", support, by),
        None => level_of_kind.to_string(),
    };
    let says = format!("{} does not honour {} on {} ({}; claude-hook-protocol capabilities --agent {})", display_name(agent), kind, own_event, support, agent);
    let policy = KIT_DEGRADE_POLICY.iter().find(|p| p.0 == kind).map_or("refuse", |p| p.1);
    if hook.unsupported == Unsupported::Strict {
        return Err(format!("{}; the hook is strict", says));
    }
    match policy {
        "nothing" => return Ok((None, [vec![format!("{}: left out of the answer", says)], unverified_note(agent, own_event, kind)].concat())),
        "deny" => {}
        _ => return Err(format!("{}; a {} is never dropped", says, kind)),
    }
    if !matches!(level(policy), None | Some("enforced")) {
        return Err(format!("{}, nor {}", says, policy));
    }
    // a deny needs a reason under some agents (Codex refuses one without)
    let reason = if reply.reason.is_empty() { format!("{} is not supported by {}: denied", kind, display_name(agent)) } else { reply.reason.clone() };
    let notes = [vec![format!("{}: answered {} instead", says, policy)], unverified_note(agent, own_event, kind), unverified_note(agent, own_event, policy)].concat();
    Ok((Some(Reply { reason, ..Reply::new("deny") }), notes))
}

fn answers_agent(agent: &str) -> bool {
    KIT_ANSWERS.iter().any(|a| a.0 == agent)
}

/// A tool as an agent names it: (agent, its name, Claude Code's name, Claude Code's field -> the agent's).
pub(crate) type KitTool = (&'static str, &'static str, &'static str, &'static [(&'static str, &'static str)]);

/// One call in the agent's words (`own_event`, `tool`) and in Claude Code's (`event`, `input`).
struct KitCall {
    own_event: String,
    event: Option<&'static str>,
    input: Map<String, Value>,
    tool: Option<&'static KitTool>,
    ambiguous: Vec<String>,
    other_tools: Vec<String>,
}

/// `input` with keys renamed; a key given twice keeps the agent's own spelling when `prefer_source`, else the
/// target's, and a different second value is recorded in `twice` (src/hooks/agent-names.ts).
fn renamed_keys(input: &Map<String, Value>, renames: &[(&str, &str)], prefer_source: bool, twice: &mut Vec<(String, Value)>, prefix: &str) -> Map<String, Value> {
    let target_of = |key: &str| renames.iter().find(|r| r.0 == key).map(|r| r.1);
    let mut out = Map::new();
    for (key, value) in input {
        if target_of(key).is_none() {
            out.insert(key.clone(), value.clone());
        }
    }
    let mut from_source: Vec<&str> = Vec::new();
    for (key, value) in input {
        let target = match target_of(key) {
            Some(target) => target,
            None => continue,
        };
        match out.get(target).cloned() {
            None => {
                out.insert(target.to_string(), value.clone());
                from_source.push(target);
            }
            Some(existing) if prefer_source && !from_source.contains(&target) => {
                out.insert(target.to_string(), value.clone());
                from_source.push(target);
                if existing != *value {
                    twice.push((format!("{}{}", prefix, target), existing));
                }
            }
            Some(existing) => {
                if existing != *value {
                    twice.push((format!("{}{}", prefix, target), value.clone()));
                }
            }
        }
    }
    out
}

/// Copilot CLI's documented form sends tool arguments as JSON text; text that is no JSON object stays as it is.
fn parsed_args(value: &Value) -> Value {
    if let Value::String(text) = value {
        if let Ok(parsed) = serde_json::from_str::<Value>(text) {
            if parsed.is_object() {
                return parsed;
            }
        }
    }
    value.clone()
}

fn tool_of(agent: &str, name: &str) -> Option<&'static KitTool> {
    KIT_NAME_TOOLS.iter().find(|t| t.0 == agent && t.1 == name).or_else(|| KIT_NAME_TOOLS.iter().find(|t| t.0 == agent && t.2 == name))
}

/// The call in Claude Code's names (events, tools, tool input fields, Copilot CLI's camelCase keys), as the
/// TypeScript kit reads it (src/hooks/agent-names.ts), from generated/kit/agents.json.
fn to_claude_shape(agent: &str, raw: &Map<String, Value>) -> KitCall {
    let native_keys: Vec<(&str, &str)> = KIT_NATIVE_KEYS.iter().filter(|k| k.0 == agent).map(|k| (k.1, k.2)).collect();
    let mut twice: Vec<(String, Value)> = Vec::new();
    let named = raw.get("hook_event_name").and_then(Value::as_str).map(str::to_string);
    let native_form = named.is_none() && !native_keys.is_empty();
    let own_event = match named {
        Some(event) => event,
        None if native_form => {
            // no hook_event_name: the event whose keys are all present, the most of them
            let mut best: Option<&(&str, &str, &[&str])> = None;
            for candidate in KIT_NATIVE_EVENTS.iter().filter(|e| e.0 == agent) {
                if candidate.2.iter().all(|key| raw.contains_key(*key)) && best.map_or(true, |b| candidate.2.len() > b.2.len()) {
                    best = Some(candidate);
                }
            }
            best.map_or(String::new(), |b| b.1.to_string())
        }
        None => String::new(),
    };
    let mut input = if native_keys.is_empty() { raw.clone() } else { renamed_keys(raw, &native_keys, native_form, &mut twice, "") };
    let event = KIT_NAME_EVENTS.iter().find(|e| e.0 == agent && e.1 == own_event).map(|e| e.2);
    if let Some(event) = event {
        input.insert("hook_event_name".to_string(), Value::String(event.to_string()));
    }
    let tool_input = input.get("tool_input").map(parsed_args);
    if let Some(value) = &tool_input {
        input.insert("tool_input".to_string(), value.clone());
    }
    let mut ambiguous: Vec<String> = Vec::new();
    for (field, value) in &twice {
        let differs = field == "tool_name" || (field == "tool_input" && Some(parsed_args(value)) != tool_input);
        if differs && !ambiguous.contains(field) {
            ambiguous.push(field.clone());
        }
    }
    let other_tools = twice.iter().filter(|(field, _)| field == "tool_name").filter_map(|(_, value)| value.as_str()).map(|name| tool_of(agent, name).map_or(name.to_string(), |t| t.2.to_string())).collect();
    let tool = input.get("tool_name").and_then(Value::as_str).and_then(|name| tool_of(agent, name));
    if let Some(tool) = tool {
        input.insert("tool_name".to_string(), Value::String(tool.2.to_string()));
        if let (false, Some(Value::Object(object))) = (tool.3.is_empty(), &tool_input) {
            // the agent's own field names are what its tool reads: they win over Claude Code's spelling
            let reversed: Vec<(&str, &str)> = tool.3.iter().map(|(claude, own)| (*own, *claude)).collect();
            let mut fields_twice = Vec::new();
            input.insert("tool_input".to_string(), Value::Object(renamed_keys(object, &reversed, true, &mut fields_twice, "tool_input.")));
            for (field, _) in fields_twice {
                if !ambiguous.contains(&field) {
                    ambiguous.push(field);
                }
            }
        }
    }
    KitCall { own_event, event, input, tool, ambiguous, other_tools }
}

/// The hook's call: its event and, for a tool event, one of its tools (an unreadable tool is its call: it fails on it).
/// One step of making another agent's input fit Claude Code's typed input (generated/kit/answers.json inputFits):
/// at `path` (`*`: every element), `fill` (JSON, "" for none) when the key is absent, and a string outside
/// `values` becomes `instead`, and with `text` a value sent as structured text becomes its text, so that the typed
/// decoding reads every call the agent makes (Copilot CLI's PostToolUse has no tool_response, Kimi Code CLI's prompt
/// is content parts); other wrong types stay, for the decoding to refuse.
fn apply_fit(node: &mut Value, path: &[&str], fill: &str, values: &[&str], instead: &str, text: bool) {
    let (key, rest) = match path.split_first() {
        Some(split) => split,
        None => return,
    };
    let fitted = |value: &mut Value| {
        if text {
            if let Some(plain) = structured_text(value) {
                *value = Value::String(plain);
            }
        }
        if let Value::String(string) = value {
            if !values.is_empty() && !values.contains(&string.as_str()) {
                *value = Value::String(instead.to_string());
            }
        }
    };
    if *key == "*" {
        let children: Vec<&mut Value> = match node {
            Value::Array(items) => items.iter_mut().collect(),
            Value::Object(object) => object.values_mut().collect(),
            _ => return,
        };
        for child in children {
            if rest.is_empty() {
                fitted(child);
            } else {
                apply_fit(child, rest, fill, values, instead, text);
            }
        }
        return;
    }
    let object = match node {
        Value::Object(object) => object,
        _ => return,
    };
    match object.get_mut(*key) {
        Some(child) if !rest.is_empty() => apply_fit(child, rest, fill, values, instead, text),
        // a null where Claude Code's type takes none (Codex's agent_transcript_path): the type's empty value
        Some(child) if child.is_null() && !fill.is_empty() && fill != "null" => {
            if let Ok(filled) = serde_json::from_str(fill) {
                *child = filled;
            }
        }
        Some(child) => fitted(child),
        None if rest.is_empty() && !fill.is_empty() => {
            if let Ok(filled) = serde_json::from_str(fill) {
                object.insert(key.to_string(), filled);
            }
        }
        None => {}
    }
}

/// Content parts (an array) as their `"type": "text"` parts' texts joined by a space, an object's string `message`;
/// None for anything else (Kimi Code CLI's prompt and PostToolUseFailure error; generated/kit/answers.json inputFits).
fn structured_text(value: &Value) -> Option<String> {
    match value {
        Value::Array(parts) => Some(
            parts
                .iter()
                .filter(|part| part.get("type").and_then(Value::as_str) == Some("text"))
                .filter_map(|part| part.get("text").and_then(Value::as_str))
                .collect::<Vec<_>>()
                .join(" "),
        ),
        Value::Object(object) => object.get("message").and_then(Value::as_str).map(str::to_string),
        _ => None,
    }
}

fn handles(hook: &Hook, call: &KitCall) -> bool {
    if call.event != Some(hook.event) {
        return false;
    }
    let tools = match (&hook.options.tools, KIT_EVENTS.iter().any(|e| e.0 == hook.event && e.1)) {
        (Some(tools), true) => tools,
        _ => return true,
    };
    match call.input.get("tool_name").and_then(Value::as_str) {
        None => true,
        Some(name) => std::iter::once(name).chain(call.other_tools.iter().map(String::as_str)).any(|n| tools.iter().any(|t| t == n)),
    }
}

fn escaped(text: &str) -> String {
    let quoted = serde_json::to_string(text).unwrap_or_default();
    quoted[1..quoted.len() - 1].to_string()
}

/// The template with each placeholder replaced, in one pass (a value is never scanned again).
fn fill(template: &str, reply: &Reply, input: &str) -> String {
    let places = [("{{reason}}", escaped(&reply.reason)), ("{{text}}", escaped(&reply.text)), ("{\"{{input}}\":true}", input.to_string())];
    let mut out = String::new();
    let mut rest = template;
    loop {
        let next = places.iter().filter_map(|(p, v)| rest.find(p).map(|at| (at, p.len(), v))).min_by_key(|(at, _, _)| *at);
        match next {
            Some((at, len, value)) => {
                out.push_str(&rest[..at]);
                out.push_str(value);
                rest = &rest[at + len..];
            }
            None => {
                out.push_str(rest);
                return out;
            }
        }
    }
}

fn write_one_answer(agent: &str, event: &str, reply: &Reply) -> Result<(i32, String, String), String> {
    let found = KIT_ANSWERS.iter().find(|a| a.0 == agent && a.1 == event && a.2 == reply.kind);
    let (_, _, _, exit, stdout, stderr, unsupported) = match found {
        Some(answer) => *answer,
        None => return Err(format!("the answer cannot be written: {} does not take {}", event, reply.kind)),
    };
    if !unsupported.is_empty() {
        return Err(format!("the answer cannot be written: {}", unsupported));
    }
    let input = match &reply.input {
        Some(value) => serde_json::to_string(value).map_err(|e| e.to_string())?,
        None => "null".to_string(),
    };
    Ok((exit, fill(stdout, reply, &input), fill(stderr, reply, &input)))
}

fn refuse(hook: &Hook, agent: &str, own_event: &str, problem: &str) -> (i32, String, String) {
    let stderr = format!("{}: {} hook: {}\n", PREFIX, hook.event, problem);
    if !hook.options.fail_closed {
        return (1, String::new(), stderr + "(non-blocking: the agent goes on as if the hook had not answered; set fail_closed to deny instead)\n");
    }
    let mut one_line = problem.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() > 500 {
        one_line = one_line.chars().take(500).collect::<String>() + "…";
    }
    let agent = if answers_agent(agent) { agent } else { "claude-code" };
    let kind = KIT_EVENTS.iter().find(|e| e.0 == hook.event).map_or("", |e| e.2);
    if !kind.is_empty() {
        let reply = Reply { reason: format!("Hook failed closed: {}", one_line), ..Reply::new(if kind == "deny" { "deny" } else { "block" }) };
        if let Ok((exit, stdout, _)) = write_answer(agent, if own_event.is_empty() { hook.event } else { own_event }, &reply) {
            return (exit, stdout, stderr);
        }
    }
    (2, String::new(), stderr)
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| payload.downcast_ref::<String>().cloned()).unwrap_or_else(|| "a panic".to_string())
}

/// `\uXXXX` escapes of lone UTF-16 surrogates replaced by `\ufffd`: agents written in JavaScript pass
/// them on (Claude Code sent `"echo \ud800"` to a hook: if-surrogate-no-match), JSON.parse takes them,
/// serde_json refuses them. A pair stays a pair; outside escapes nothing changes.
fn lone_surrogates_replaced(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("\\u") {
        return std::borrow::Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let unit = |at: usize| -> Option<u32> {
        if at + 6 <= bytes.len() && bytes[at] == b'\\' && bytes[at + 1] == b'u' {
            std::str::from_utf8(&bytes[at + 2..at + 6]).ok().and_then(|hex| u32::from_str_radix(hex, 16).ok())
        } else {
            None
        }
    };
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] != b'\\' {
            at += 1;
            continue;
        }
        match unit(at) {
            // a high surrogate followed by a low one: a pair, kept
            Some(0xD800..=0xDBFF) if matches!(unit(at + 6), Some(0xDC00..=0xDFFF)) => at += 12,
            Some(0xD800..=0xDFFF) => {
                out.push_str(&text[copied..at]);
                out.push_str("\\ufffd");
                at += 6;
                copied = at;
            }
            // any other escape: skip the backslash and the character it escapes
            _ => at += 2,
        }
    }
    if copied == 0 {
        return std::borrow::Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    std::borrow::Cow::Owned(out)
}

/// The hook input as the kit reads it: one JSON object, lone surrogate escapes read as U+FFFD.
pub fn parse_input(stdin: &str) -> Result<Map<String, Value>, serde_json::Error> {
    serde_json::from_str(&lone_surrogates_replaced(stdin))
}

/// Answers one hook input: stdin -> (exit code, stdout, stderr), with no process I/O and no timer.
pub fn handle(hook: &Hook, stdin: &str) -> (i32, String, String) {
    handle_with(hook, stdin, &|_, _| {})
}

fn handle_with(hook: &Hook, stdin: &str, handling: &dyn Fn(&'static str, &str)) -> (i32, String, String) {
    let parsed: Map<String, Value> = match parse_input(stdin) {
        Ok(input) => input,
        Err(error) => return refuse(hook, "", "", &format!("stdin is not one JSON object ({})", error)),
    };
    let input = &parsed;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (readings, note) = agent_readings(input, std::env::var(AGENT_ENV).ok().as_deref(), &args);
    // the first reading under which the call is the hook's (its event and one of its tools); none: not its call
    let calls: Vec<_> = readings.into_iter().map(|(agent, because)| (agent, because, to_claude_shape(agent, input))).filter(|(_, _, call)| handles(hook, call)).collect();
    // every other agent that may run the hook and reads the call as its own: the answer must mean the same to each
    if let Ok(mut also) = KIT_ALSO.lock() {
        *also = calls.iter().skip(1).map(|(agent, _, call)| (*agent, call.own_event.clone())).collect();
    }
    // a call of another event or tool is not this hook's: no answer under any agent, even fail-closed
    let (agent, because, call) = match calls.into_iter().next() {
        Some(chosen) => chosen,
        None => return (0, String::new(), String::new()),
    };
    let mut notes = if note.is_empty() { String::new() } else { format!("{}: {} hook: {}\n", PREFIX, hook.event, note) };
    let own = call.own_event.as_str();
    handling(agent, own);
    if !answers_agent(agent) {
        let name = display_name(agent);
        return refuse(hook, agent, own, &format!("this input comes from {} ({}); answering {} is not supported yet", name, because, name));
    }
    if !call.ambiguous.is_empty() {
        return refuse(hook, agent, own, &format!("the input gives {} twice, with different values: which one {} acts on cannot be told", call.ambiguous.join(", "), display_name(agent)));
    }
    let mut input = call.input.clone();
    if KIT_EVENTS.iter().any(|e| e.0 == hook.event && e.1) {
        let (tool_name, tool_input) = match (input.get("tool_name"), input.get("tool_input")) {
            (Some(Value::String(name)), Some(Value::Object(object))) => (name, object),
            _ => return refuse(hook, agent, own, &format!("a {} input needs a string tool_name and an object tool_input", hook.event)),
        };
        // the handler is typed, and written, for the tool's strings: another type there must not slip past its checks
        let fields = KIT_TOOL_STRING_FIELDS.iter().find(|t| t.0 == tool_name).map_or(&[][..], |t| t.1);
        if let Some(field) = fields.iter().find(|field| tool_input.get(**field).map_or(false, |value| !value.is_string())) {
            return refuse(hook, agent, own, &format!("tool_input.{} is not a string, as the {} tool's input must have it", field, tool_name));
        }
    }
    if agent != "claude-code" {
        let mut tree = Value::Object(input);
        for (_, path, fill, values, instead, text) in KIT_INPUT_FITS.iter().filter(|f| f.0 == hook.event) {
            apply_fit(&mut tree, path, fill, values, instead, *text);
        }
        input = match tree {
            Value::Object(object) => object,
            _ => Map::new(),
        };
    }
    // the typed input is read from stdin itself when the agent's names are Claude Code's and nothing was filled in
    let raw = if input == parsed { lone_surrogates_replaced(stdin).into_owned() } else { Value::Object(input).to_string() };
    match catch_unwind(AssertUnwindSafe(|| (hook.call)(&raw))) {
        Err(payload) => refuse(hook, agent, own, &format!("the handler panicked: {}", panic_text(payload.as_ref()))),
        Ok(Err(error)) => refuse(hook, agent, own, &format!("the input is not a {} input: {}", hook.event, error)),
        Ok(Ok(None)) => (0, String::new(), notes),
        Ok(Ok(Some(reply))) => {
            if let Some(problem) = &reply.problem {
                return refuse(hook, agent, own, problem);
            }
            let mut reply = match fit_to_agent(hook, agent, own, reply) {
                Err(refused) => return refuse(hook, agent, own, &refused),
                Ok((fitted, fit_notes)) => {
                    for fit_note in fit_notes {
                        notes.push_str(&format!("{}: {} hook: {}\n", PREFIX, hook.event, fit_note));
                    }
                    match fitted {
                        Some(reply) => reply,
                        None => return (0, String::new(), notes),
                    }
                }
            };
            if let Some(tool) = call.tool.filter(|t| !t.3.is_empty()) {
                if let Some(Value::Object(object)) = &reply.input {
                    // the rewritten input in the agent's own field names (Copilot CLI's view reads path, not file_path)
                    let renamed = renamed_keys(object, tool.3, false, &mut Vec::new(), "");
                    reply.input = Some(Value::Object(renamed));
                }
            }
            match write_answer(agent, own, &reply) {
                // an answer that exits otherwise than 0 is read from its stderr (exit 2's reason): no note is added to it
                Ok((exit, stdout, stderr)) => {
                    let notes = if exit == 0 { notes.as_str() } else { "" };
                    (exit, stdout, stderr + notes)
                }
                Err(problem) => refuse(hook, agent, own, &problem),
            }
        }
    }
}

/// Where the answer goes: stdout as the process got it (`run` points fd 1 at stderr for the handler).
static ANSWER_FD: AtomicI32 = AtomicI32::new(1);
/// Set once the kit has answered: the exit hook then lets the process end as the kit ends it.
static ANSWERED: AtomicBool = AtomicBool::new(false);
/// The failure answer of the call being handled, made before the handler runs (exit code, stdout, stderr), leaked:
/// what a signal handler or an exit hook writes, with no allocation and no lock.
static PREPARED: AtomicPtr<(i32, Vec<u8>, Vec<u8>)> = AtomicPtr::new(std::ptr::null_mut());

#[cfg(unix)]
mod process {
    //! The few C library calls the kit makes to own the process's end (std links the C library already).
    use std::os::raw::c_int;
    extern "C" {
        pub fn dup(fd: c_int) -> c_int;
        pub fn fcntl(fd: c_int, command: c_int, argument: c_int) -> c_int;
        pub fn dup2(from: c_int, to: c_int) -> c_int;
        pub fn write(fd: c_int, buf: *const u8, count: usize) -> isize;
        pub fn _exit(code: c_int) -> !;
        pub fn atexit(callback: extern "C" fn()) -> c_int;
        pub fn signal(signum: c_int, handler: extern "C" fn(c_int)) -> usize;
    }
    /// `fcntl`'s F_SETFD and FD_CLOEXEC (the same on Linux, macOS and the BSDs).
    pub const F_SETFD: c_int = 2;
    pub const FD_CLOEXEC: c_int = 1;
    /// The signals whose default action ends a process: SIGHUP, SIGINT, SIGQUIT, SIGABRT (std::process::abort),
    /// SIGALRM, SIGTERM, SIGUSR1, SIGUSR2.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub const ENDING_SIGNALS: [c_int; 8] = [1, 2, 3, 6, 14, 15, 10, 12];
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub const ENDING_SIGNALS: [c_int; 8] = [1, 2, 3, 6, 14, 15, 30, 31];
}

/// Writes all of `bytes` to `fd` with the C library's write (safe in a signal handler).
#[cfg(unix)]
fn write_all_raw(fd: i32, mut bytes: &[u8]) -> bool {
    while !bytes.is_empty() {
        let written = unsafe { process::write(fd, bytes.as_ptr(), bytes.len()) };
        if written <= 0 {
            return false;
        }
        bytes = &bytes[written as usize..];
    }
    true
}

/// The prepared failure answer, written and the process ended with its code; exit 1 with `before` when there is none.
#[cfg(unix)]
fn end_with_prepared(before: &[u8]) -> ! {
    let prepared = PREPARED.load(Ordering::SeqCst);
    unsafe {
        if prepared.is_null() {
            write_all_raw(2, before);
            process::_exit(1);
        }
        let (exit, stdout, stderr) = &*prepared;
        write_all_raw(ANSWER_FD.load(Ordering::SeqCst), stdout);
        write_all_raw(2, stderr);
        process::_exit(*exit)
    }
}

/// A handler that ends the process itself (`std::process::exit`) ends it with the failure answer.
#[cfg(unix)]
extern "C" fn on_exit() {
    if !ANSWERED.swap(true, Ordering::SeqCst) {
        end_with_prepared(b"claude-hook-protocol/kit: the process ended before the hook read its call\n");
    }
}

/// A signal of [`process::ENDING_SIGNALS`] (SIGABRT: std::process::abort) ends the hook with its failure answer (nothing for a call not yet read).
#[cfg(unix)]
extern "C" fn on_signal(_signum: i32) {
    if !ANSWERED.swap(true, Ordering::SeqCst) {
        end_with_prepared(b"claude-hook-protocol/kit: the hook got a signal before it read its call\n");
    }
    unsafe { process::_exit(1) }
}

/// The kit owns the process's end: stdout holds the answer alone (what the handler prints goes to stderr), and an
/// exit or a signal before the answer ends the hook with its failure answer.
fn guard_process() {
    #[cfg(unix)]
    unsafe {
        // the agent's stdout, on a descriptor no process the handler starts inherits (close-on-exec)
        let saved = process::dup(1);
        if saved >= 0 && process::fcntl(saved, process::F_SETFD, process::FD_CLOEXEC) >= 0 && process::dup2(2, 1) >= 0 {
            ANSWER_FD.store(saved, Ordering::SeqCst);
        }
        process::atexit(on_exit);
        for signum in process::ENDING_SIGNALS {
            process::signal(signum, on_signal);
        }
    }
}

fn emit(lock: &Mutex<bool>, (exit, stdout, stderr): (i32, String, String)) -> ! {
    let mut done = lock.lock().unwrap_or_else(|e| e.into_inner());
    if !*done && !ANSWERED.swap(true, Ordering::SeqCst) {
        *done = true;
        #[cfg(unix)]
        let written = write_all_raw(ANSWER_FD.load(Ordering::SeqCst), stdout.as_bytes());
        #[cfg(not(unix))]
        let written = std::io::stdout().write_all(stdout.as_bytes()).and_then(|_| std::io::stdout().flush()).is_ok();
        let _ = std::io::stderr().write_all(stderr.as_bytes());
        if !written && exit == 0 {
            // the answer cannot reach stdout (the handler closed its descriptor): exit 2 blocks where the event can
            let _ = std::io::stderr().write_all(b"claude-hook-protocol/kit: the answer could not be written to stdout\n");
            std::process::exit(2);
        }
        std::process::exit(exit);
    }
    drop(done);
    loop {
        std::thread::park();
    }
}

/// The hook an invalid definition stands for (a zero budget, which the TypeScript kit's `timeoutMs` refuses too): it
/// says what is wrong on stderr and answers every call it would take with that error, a deny or a block when
/// `fail_closed`, so that a mistake in a security hook denies rather than failing open.
fn checked(hook: Hook) -> Hook {
    if hook.options.timeout != Some(Duration::ZERO) {
        return hook;
    }
    let problem = "the hook's definition is invalid: timeout must be above zero (None: no budget, 50 s when fail_closed)".to_string();
    let _ = std::io::stderr().write_all(format!("claude-hook-protocol/kit: {}\n", problem).as_bytes());
    let options = HookOptions { timeout: None, ..hook.options };
    Hook { call: Box::new(move |_| Ok(Some(Reply { problem: Some(problem.clone()), ..Reply::deny("") }))), options, ..hook }
}

/// Reads stdin, answers and exits, within the hook's budget or with its failure answer.
pub fn run(hook: Hook) -> ! {
    std::panic::set_hook(Box::new(|_| {})); // the refusal names the panic; no trace on stderr
    guard_process();
    let hook = checked(hook);
    let lock = Arc::new(Mutex::new(false));
    let agent: Arc<Mutex<&'static str>> = Arc::new(Mutex::new(""));
    let budget = hook.options.timeout.or(if hook.options.fail_closed { Some(DEFAULT_FAIL_CLOSED_BUDGET) } else { None });
    if let Some(budget) = budget {
        let (lock, agent) = (Arc::clone(&lock), Arc::clone(&agent));
        // The watchdog answers for the hook's event and options; it never touches the handler.
        let watched = Hook::new(hook.event, hook.options.clone(), Box::new(|_| Ok(None)));
        std::thread::spawn(move || {
            std::thread::sleep(budget);
            let detected = *agent.lock().unwrap_or_else(|e| e.into_inner());
            emit(&lock, refuse(&watched, detected, "", &format!("the handler did not answer within its {:?} budget", budget)));
        });
    }
    let mut stdin = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut stdin) {
        emit(&lock, refuse(&hook, "", "", &format!("stdin could not be read: {}", error)));
    }
    let answer = handle_with(&hook, &stdin, &|detected, own| {
        *agent.lock().unwrap_or_else(|e| e.into_inner()) = detected;
        let (exit, stdout, stderr) = refuse(&hook, detected, own, "the handler ended the process (an exit or a signal) before it answered");
        PREPARED.store(Box::into_raw(Box::new((exit, stdout.into_bytes(), stderr.into_bytes()))), Ordering::SeqCst);
    });
    emit(&lock, answer)
}
