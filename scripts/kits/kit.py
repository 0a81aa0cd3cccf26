"""The hook kit: define a hook for an event (and its tools), get the typed input,
answer with helpers that build only what the event takes, in the dialect of the
agent that ran the hook. Standard library only.

    from claude_hook_protocol.kit import hook, run, tool_input

    def deny_rm_rf(call: PreToolUseHookInput, answer: PreToolUseAnswers) -> Reply | None:
        if "rm -rf" in tool_input(call, "Bash")["command"]:
            return answer.deny("rm -rf is blocked")
        return None

    run(hook("PreToolUse", deny_rm_rf, tools=["Bash"], fail_closed=True, timeout=5))

What goes wrong is never silent: bad stdin, a crash (any BaseException), an
overrun of ``timeout`` seconds (a SIGALRM timer, or a watchdog thread off the
main thread) or an answer the agent cannot take becomes a message on stderr and
a non-blocking error (exit 1), or, for a hook defined ``fail_closed``, a deny
(or a block) carrying the message: a security hook cannot fail open. Answers
and agents come from generated/kit/answers.json (the TypeScript kit's writers);
the agent is told from its stdin as the TypeScript kit tells it."""

from __future__ import annotations

import json
import os
import re
import sys

from ._kit_answers import _TOOL_CHECKS, AGENT_NAMES, ANSWERS, DETECTION_DEFAULT, DETECTION_RULES, DEGRADE_POLICY, DISPLAY_NAMES, EVENTS, INPUT_FITS, NOT_ENFORCED, OWN_EVENTS, TOOL_EVENTS, TOOL_STRING_FIELDS, UNVERIFIED

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn, Optional, Sequence, Tuple

_PREFIX = "claude-hook-protocol/kit"
_DEFAULT_FAIL_CLOSED_BUDGET = 50.0
_PLACEHOLDER = re.compile(r'\{\{(reason|text)\}\}|\{"\{\{input\}\}":true\}')


class Reply:
    """One answer, built by the helpers of ``answer``; the kit writes it in the agent's dialect."""

    __slots__ = ("kind", "reason", "text", "input", "problem")

    def __init__(self, kind: str, reason: Optional[str] = None, text: Optional[str] = None, input: Optional[object] = None, problem: Optional[str] = None) -> None:
        self.kind = kind
        self.reason = reason
        self.text = text
        self.input = input
        #: a value the agent would refuse, found when the answer was built: the hook fails with it (closed, if fail_closed)
        self.problem = problem


def _text_problem(helper: str, name: str, value: object, optional: bool, non_empty: bool) -> Optional[str]:
    """The problem of a helper's text argument, as the TypeScript kit checks it (src/hooks/answers.ts), or None."""
    if value is None and optional:
        return None
    if isinstance(value, str) and (not non_empty or value.strip() != ""):
        return None
    try:
        shown = repr(value)[:200]
    except BaseException:  # noqa: B036 - a value whose repr fails is described, not run again
        shown = "a value that cannot be printed"
    return "answer." + helper + "(" + name + "): the " + name + " must be " + ("a non-empty string" if non_empty else "a string") + ", got " + shown


def _checked(kind: str, reason: object = None, text: object = None, input: object = None, *problems: Optional[str]) -> Reply:
    problem = next((p for p in problems if p is not None), None)
    return Reply(kind, reason if isinstance(reason, str) else None, text if isinstance(text, str) else None, input, problem)


def _tool_input(helper: str, value: object) -> Tuple[object, Optional[str]]:
    """A copy of a rewrite's tool input as JSON (a JSON object, no NaN), or its problem."""
    if not isinstance(value, dict):
        return None, "answer." + helper + "(input): the tool input must be a JSON object, got " + type(value).__name__
    try:
        return json.loads(json.dumps(value, ensure_ascii=False, allow_nan=False)), None
    except BaseException as error:  # noqa: B036 - a value JSON cannot hold, a cycle, a throwing __str__
        return None, "answer." + helper + "(input): the tool input must be a JSON object, but it cannot be written as JSON (" + type(error).__name__ + ")"


class _Answers:
    """Every helper at run time; the type checker offers each event its own (``<Event>Answers``). Each checks its
    values as it builds the answer: one the agent would refuse makes the answer the hook's failure."""

    __slots__ = ()

    def nothing(self) -> None:
        return None

    def stop(self, reason: Optional[str] = None) -> Reply:
        return _checked("stop-silent" if reason is None else "stop", reason, None, None, _text_problem("stop", "reason", reason, True, False))

    def message(self, text: str) -> Reply:
        return _checked("message", None, text, None, _text_problem("message", "text", text, False, False))

    def add_context(self, text: str) -> Reply:
        return _checked("context", None, text, None, _text_problem("add_context", "text", text, False, False))

    def block(self, reason: str) -> Reply:
        return _checked("block", reason, None, None, _text_problem("block", "reason", reason, False, True))

    def deny(self, reason: Optional[str] = None) -> Reply:
        return _checked("deny-silent" if reason is None else "deny", reason, None, None, _text_problem("deny", "reason", reason, True, True))

    def ask(self, reason: Optional[str] = None) -> Reply:
        return _checked("ask-silent" if reason is None else "ask", reason, None, None, _text_problem("ask", "reason", reason, True, False))

    def allow(self, reason: Optional[str] = None) -> Reply:
        return _checked("allow" if reason is None else "allow-reason", reason, None, None, _text_problem("allow", "reason", reason, True, False))

    def rewrite(self, input: object, reason: Optional[str] = None) -> Reply:
        copy, problem = _tool_input("rewrite", input)
        return _checked("rewrite" if reason is None else "rewrite-reason", reason, None, copy, problem, _text_problem("rewrite", "reason", reason, True, False))


#: setitimer's and the TypeScript kit's limit on a budget (2**31 - 1 ms): a larger one is a mistake, not a budget.
_MAX_BUDGET = (2**31 - 1) / 1000


def _definition_problems(event: object, handler: object, tools: object, fail_closed: object, timeout: object, unsupported: object) -> list:  # type: ignore[type-arg]
    """What is wrong with a definition, one line each (src/hooks/define.ts ``definitionProblems``)."""
    problems = []
    if not isinstance(event, str) or event not in EVENTS:
        problems.append("event " + repr(event)[:100] + " is not one of Claude Code's events, whose names the kit takes for every agent (such as 'PreToolUse')")
    if not callable(handler):
        problems.append("the handler must be a function (call, answer) -> Reply | None")
    if tools is not None and (isinstance(tools, (str, bytes)) or not isinstance(tools, (list, tuple)) or not all(isinstance(tool, str) for tool in tools)):
        problems.append("tools must be a list of tool names, got " + repr(tools)[:100])
    if not isinstance(fail_closed, bool):
        problems.append("fail_closed must be True or False, got " + repr(fail_closed)[:100])
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= _MAX_BUDGET):
        problems.append("timeout must be a number of seconds above 0 and up to " + format(_MAX_BUDGET, "g") + ", got " + repr(timeout)[:100])
    if unsupported not in ("degrade", "strict"):
        problems.append("unsupported is 'degrade' or 'strict', not " + repr(unsupported)[:100])
    return problems


class Hook:
    """A hook definition: ``hook(event, handler, ...)`` makes one, ``run`` runs it. An invalid definition never raises
    (a hook that raises at import exits 1 before any call: it fails open): it says what is wrong on stderr and answers
    every call it would take with that error, a deny or a block unless ``fail_closed`` is False."""

    __slots__ = ("event", "handler", "tools", "fail_closed", "timeout", "unsupported")

    def __init__(self, event: str, handler: object, tools: Optional[Sequence[str]], fail_closed: bool, timeout: Optional[float], unsupported: str = "degrade") -> None:
        problems = _definition_problems(event, handler, tools, fail_closed, timeout, unsupported)
        self.event = event
        self.handler = handler
        self.tools = tuple(tools) if isinstance(tools, (list, tuple)) and all(isinstance(tool, str) for tool in tools) else None
        self.fail_closed = fail_closed is not False
        self.timeout = timeout if isinstance(timeout, (int, float)) and not isinstance(timeout, bool) and 0 < timeout <= _MAX_BUDGET else None
        self.unsupported = unsupported if unsupported in ("degrade", "strict") else "strict"
        if problems:
            problem = "the hook's definition is invalid: " + "; ".join(problems)
            try:
                os.write(2, (_PREFIX + ": " + problem + "\n").encode("utf-8", "replace"))
            except OSError:
                pass
            self.handler = lambda call, answer: Reply("deny", problem=problem)


# @typed-api: the generator puts here, under TYPE_CHECKING, each event's answers
# and the overloads of hook() and tool_input(); at run time the two below serve.
else:

    def hook(event: str, handler: object, *, tools: Optional[Sequence[str]] = None, fail_closed: bool = False, timeout: Optional[float] = None, unsupported: str = "degrade") -> Hook:
        """A hook for ``event``; ``tools`` limits a tool event to those tool names (others pass untouched); ``unsupported``
        says what becomes of an answer the agent does not honour ("degrade": an ask becomes a deny, an allow, context,
        stop or message is left out with a note; a deny, block or rewrite fails the hook; "strict": any fails it)."""
        return Hook(event, handler, tools, fail_closed, timeout, unsupported)

    def tool_input(call: object, tool_name: str) -> object:
        """The call's ``tool_input`` as ``tool_name``'s input, checked (ProtocolError names the field)."""
        value = call["tool_input"]  # type: ignore[index]
        if call.get("tool_name") != tool_name:  # type: ignore[attr-defined]
            raise ValueError("the call is to " + repr(call.get("tool_name")) + ", not " + repr(tool_name))  # type: ignore[attr-defined]
        check = _TOOL_CHECKS.get(tool_name)
        if check is not None:
            from . import _check_claude_code_tools, _runtime

            _runtime.checked(getattr(_check_claude_code_tools, check), value)
        return value


def __getattr__(name: str) -> object:
    """Type names imported at run time: each event's answers is the one helper class; hook inputs come from the package."""
    if name.endswith("Answers") and name[: -len("Answers")] in EVENTS:
        return _Answers
    from . import __getattr__ as package_getattr

    return package_getattr(name)


def _holds(condition: dict, hook_input: dict) -> bool:  # type: ignore[type-arg]
    if "has" in condition:
        return condition["has"] in hook_input
    event = hook_input.get("hook_event_name")
    if "eventOf" in condition:
        return isinstance(event, str) and event in OWN_EVENTS[condition["eventOf"]]
    if "eventNotOf" in condition:
        return not (isinstance(event, str) and event in OWN_EVENTS[condition["eventNotOf"]])
    if "isNull" in condition:
        return condition["isNull"] in hook_input and hook_input[condition["isNull"]] is None
    value = hook_input.get(condition["key"])
    if not isinstance(value, str):
        return False
    if "oneOf" in condition:
        return value in condition["oneOf"]
    return re.search(condition["matches"], value) is not None


def detect_agent(hook_input: dict) -> Tuple[str, str]:  # type: ignore[type-arg]
    """Which agent sent this input, and what told it: the TypeScript kit's rules (src/<agent>/detection.ts), from generated/kit/answers.json."""
    for agent, because, conditions in DETECTION_RULES:
        if all(_holds(condition, hook_input) for condition in conditions):
            return agent, because
    return DETECTION_DEFAULT, "no other agent's fields"


#: Names the agent that runs the hook, as ``install`` writes it (so does an argument ``--agent=<name>``, which wins): read before stdin's fields.
AGENT_ENV = "CLAUDE_HOOK_PROTOCOL_AGENT"
_AGENT_ARG = "--agent="


def _declared_agent(env: Optional[str], args: Sequence[str]) -> Tuple[Optional[Tuple[str, str]], Optional[str]]:
    """The agent the hook's command names (``--agent=<name>`` first, then AGENT_ENV) and what named it, or a wrong
    name's message, or neither (src/hooks/agents.ts ``declaredAgent``)."""
    arg = next((a for a in args if a.startswith(_AGENT_ARG)), None)
    if arg is not None:
        named, because = arg[len(_AGENT_ARG):], arg
    elif env:
        named, because = env, AGENT_ENV
    else:
        return None, None
    if named not in DISPLAY_NAMES:
        return None, because + " names " + json.dumps(named) + ", not an agent (" + ", ".join(DISPLAY_NAMES) + ")"
    return (named, because), None


def _may_send(agent: str, hook_input: dict) -> bool:  # type: ignore[type-arg]
    """Whether the agent can send this stdin: it has every key the agent's schemas make its inputs have (src/hooks/agents.ts ``maySend``)."""
    requires = AGENT_NAMES[agent]["requires"]
    event = hook_input.get("hook_event_name")
    keys = list(requires.get("*", ())) + (list(requires.get(event, ())) if isinstance(event, str) else [])
    return all(key in hook_input for key in keys)


def _agent_readings(hook_input: dict, env: Optional[str], args: Sequence[str]) -> Tuple[list, Optional[str]]:  # type: ignore[type-arg]
    """The agents that may have sent the stdin, whose reading the kit tries in order, as the TypeScript kit
    (src/hooks/agents.ts ``possibleAgents``): the stdin's when a detection rule holds (a rule proves its agent,
    whatever the command names); else the agent the command names, when it can send such an input, then Claude
    Code, and the answer must mean the same to both. A name that is no agent is set aside with a note."""
    declared, invalid = _declared_agent(env, args)
    from_stdin = detect_agent(hook_input)
    if invalid is not None:
        return [from_stdin], invalid + "; told from stdin instead: " + from_stdin[0] + " (" + from_stdin[1] + ")"
    if declared is None or declared[0] == from_stdin[0]:
        return [declared or from_stdin], None
    if from_stdin[0] != DETECTION_DEFAULT or not _may_send(declared[0], hook_input):
        return [from_stdin], None
    return [declared, from_stdin], None


#: The other agents that may run the hook and read the call as its own, with their own event: the answer must mean the same to each.
_also: list = []  # type: ignore[type-arg]


def _unverified_note(agent: str, own_event: str, kind: str) -> list:  # type: ignore[type-arg]
    """The note for an answer written (or left out) on a claim no recorded vector shows, or none (src/hooks/fit-to-agent.ts)."""
    claim = UNVERIFIED.get((agent, own_event, kind))
    if claim is None:
        return []
    basis, _, level = claim.partition(":")
    support, _, by = level.partition(">")
    source = "its documents" if basis == "docs" else "its shipped code" if basis == "binary" else basis
    return [kind + " on " + own_event + " is unverified: no recording shows what " + DISPLAY_NAMES[agent] + " does with it (the claim \"" + support + (" as " + by if by else "") + "\" rests on " + source + " only; claude-hook-protocol capabilities --agent " + agent + ")"]


def _fit_to_agent(definition: "Hook", agent: str, own_event: str, reply: "Reply") -> Tuple[Optional["Reply"], list]:  # type: ignore[type-arg]
    """The reply as the agent can honour it on ``own_event`` (src/hooks/fit-to-agent.ts): an answer it does not enforce
    (generated/kit/agents.json) is degraded by the degrade policy with a note for stderr (None: no answer), or
    refused (raises _Failure: the policy says refuse, or the hook is strict); then a note for each claim the answer
    rests on that no recording shows."""
    kind = reply.kind.replace("-silent", "").replace("-reason", "")
    level = NOT_ENFORCED.get((agent, own_event, kind))
    if level is None or level == "enforced":
        return reply, _unverified_note(agent, own_event, kind)
    support, _, by = level.partition(">")
    says = DISPLAY_NAMES[agent] + " does not honour " + kind + " on " + own_event + " (" + support + (" as " + by if by else "") + "; claude-hook-protocol capabilities --agent " + agent + ")"
    policy = DEGRADE_POLICY.get(kind, "refuse")
    if definition.unsupported != "degrade":
        raise _Failure(says + "; the hook is strict")
    if policy == "nothing":
        return None, [says + ": left out of the answer"] + _unverified_note(agent, own_event, kind)
    if policy != "deny":
        raise _Failure(says + "; a " + kind + " is never dropped")
    if NOT_ENFORCED.get((agent, own_event, policy), "enforced") != "enforced":
        raise _Failure(says + ", nor " + policy)
    # a deny needs a reason under some agents (Codex refuses one without)
    reason = reply.reason or kind + " is not supported by " + DISPLAY_NAMES[agent] + ": denied"
    return Reply("deny", reason=reason), [says + ": answered " + policy + " instead"] + _unverified_note(agent, own_event, kind) + _unverified_note(agent, own_event, policy)


class _Failure(Exception):
    pass


_ABSENT = object()


def _same(a: object, b: object) -> bool:
    """Equal JSON (``1`` and ``true`` differ, as in JSON)."""
    return a is b or json.dumps(a) == json.dumps(b)


def _renamed(source: dict, renames: dict, prefer_source: bool = False, twice: Optional[dict] = None, prefix: str = "") -> dict:  # type: ignore[type-arg]
    """``source`` with keys renamed, in place and order; a key given twice keeps the agent's own spelling when
    ``prefer_source``, else the target's; a different second value is recorded in ``twice`` (src/hooks/agent-names.ts)."""
    given: dict = {}  # type: ignore[type-arg]
    for key, value in source.items():
        target = renames.get(key, key)
        entry = given.setdefault(target, [_ABSENT, []])
        if target == key:
            entry[0] = value
        else:
            entry[1].append(value)
    out: dict = {}  # type: ignore[type-arg]
    for key in source:
        target = renames.get(key, key)
        if target in out:
            continue
        own, sources = given[target]
        values = sources if own is _ABSENT else (sources + [own] if prefer_source else [own] + sources)
        out[target] = values[0]
        others = [value for value in values[1:] if not _same(value, values[0])]
        if others and twice is not None:
            twice[prefix + target] = others
    return out


def _parsed_args(value: object) -> object:
    """Copilot CLI's documented form sends tool arguments as JSON text; text that is no JSON object stays as it is."""
    if not isinstance(value, str):
        return value
    try:
        parsed = json.loads(value)
    except ValueError:
        return value
    return parsed if isinstance(parsed, dict) else value


class _Call:
    """One call in the agent's words (``own_event``, ``tool``) and in Claude Code's (``event``, ``input``)."""

    __slots__ = ("own_event", "event", "input", "tool", "ambiguous", "other_tools")

    def __init__(self, own_event: str, event: Optional[str], hook_input: dict, tool: Optional[dict] = None, ambiguous: Sequence[str] = (), other_tools: Sequence[str] = ()) -> None:  # type: ignore[type-arg]
        self.own_event = own_event
        self.event = event
        self.input = hook_input
        self.tool = tool
        self.ambiguous = list(ambiguous)
        self.other_tools = list(other_tools)


def _tool_of(names: dict, name: str) -> Optional[dict]:  # type: ignore[type-arg]
    for tool in names["tools"]:
        if tool["name"] == name:
            return tool  # type: ignore[no-any-return]
    for tool in names["tools"]:
        if tool["canonical"] == name:
            return tool  # type: ignore[no-any-return]
    return None


def _native_event(native: dict, hook_input: dict) -> str:  # type: ignore[type-arg]
    """The event of Copilot CLI's camelCase form (no hook_event_name): the one whose keys are all present, the most of them."""
    best, most = "", -1
    for candidate in native["events"]:
        if all(key in hook_input for key in candidate["keys"]) and len(candidate["keys"]) > most:
            best, most = candidate["event"], len(candidate["keys"])
    return best


def to_claude_shape(agent: str, raw: dict) -> _Call:  # type: ignore[type-arg]
    """The call in Claude Code's names (events, tools, tool input fields, Copilot CLI's camelCase keys), as the
    TypeScript kit reads it (src/hooks/agent-names.ts ``toClaudeShape``), from generated/kit/agents.json."""
    names = AGENT_NAMES[agent]
    native = names["native"]
    own_event = raw.get("hook_event_name")
    twice: dict = {}  # type: ignore[type-arg]
    native_form = not isinstance(own_event, str) and native is not None
    if native_form:
        own_event = _native_event(native, raw)
    hook_input = raw if native is None else _renamed(raw, native["keys"], native_form, twice)
    if not isinstance(own_event, str):
        return _Call("", None, hook_input)
    event = names["events"].get(own_event)
    out = dict(hook_input)
    if event is not None:
        out["hook_event_name"] = event
    tool_input = _parsed_args(out.get("tool_input", _ABSENT))
    if tool_input is not _ABSENT:
        out["tool_input"] = tool_input
    ambiguous = [field for field, values in twice.items() if field == "tool_name" or (field == "tool_input" and any(not _same(_parsed_args(v), tool_input) for v in values))]
    other_tools = []
    for name in twice.get("tool_name", []):
        if isinstance(name, str):
            other = _tool_of(names, name)
            other_tools.append(other["canonical"] if other is not None else name)
    tool_name = out.get("tool_name")
    tool = _tool_of(names, tool_name) if isinstance(tool_name, str) else None
    if tool is None:
        return _Call(own_event, event, out, None, ambiguous, other_tools)
    out["tool_name"] = tool["canonical"]
    if isinstance(tool_input, dict) and tool["fields"]:
        # the agent's own field names are what its tool reads: they win over Claude Code's spelling of the same field
        fields_twice: dict = {}  # type: ignore[type-arg]
        out["tool_input"] = _renamed(tool_input, {own: claude for claude, own in tool["fields"].items()}, True, fields_twice, "tool_input.")
        ambiguous.extend(fields_twice)
    return _Call(own_event, event, out, tool, ambiguous, other_tools)


def _structured_text(value: object) -> Optional[str]:
    """Content parts (a list) as their ``"type": "text"`` parts' texts joined by a space, a dict's string ``message``;
    None for anything else (Kimi Code CLI's prompt and PostToolUseFailure error; generated/kit/answers.json inputFits)."""
    if isinstance(value, list):
        return " ".join(p["text"] for p in value if isinstance(p, dict) and p.get("type") == "text" and isinstance(p.get("text"), str))
    if isinstance(value, dict) and isinstance(value.get("message"), str):
        return value["message"]  # type: ignore[no-any-return]
    return None


def _apply_fit(node: object, path: Sequence[str], fill: Optional[str], values: Optional[Sequence[str]], instead: Optional[str], text: bool = False) -> None:
    """One step of making another agent's input fit Claude Code's typed input (generated/kit/answers.json inputFits):
    at ``path`` (``*``: every element), ``fill`` (JSON) when the key is absent, a string outside ``values``
    becomes ``instead``, and with ``text`` a value sent as structured text becomes its text, so the handler gets
    every call the agent makes as its type says; other wrong types stay."""
    key, rest = path[0], path[1:]
    if key == "*":
        keys = range(len(node)) if isinstance(node, list) else list(node) if isinstance(node, dict) else ()
        for k in keys:
            if rest:
                _apply_fit(node[k], rest, fill, values, instead, text)  # type: ignore[index]
            elif values is not None and isinstance(node[k], str) and node[k] not in values:  # type: ignore[index]
                node[k] = instead  # type: ignore[index]
        return
    if not isinstance(node, dict):
        return
    if key not in node:
        if not rest and fill is not None:
            node[key] = json.loads(fill)
    elif rest:
        _apply_fit(node[key], rest, fill, values, instead, text)
    elif node[key] is None and fill is not None and fill != "null":
        # a null where Claude Code's type takes none (Codex's agent_transcript_path): the type's empty value
        node[key] = json.loads(fill)
    elif text and not isinstance(node[key], str) and _structured_text(node[key]) is not None:
        node[key] = _structured_text(node[key])
    elif values is not None and isinstance(node[key], str) and node[key] not in values:
        node[key] = instead


def _handles(definition: Hook, call: _Call) -> bool:
    """The hook's call: its event, and for a tool event one of its tools (a tool that cannot be read is its call: it fails on it)."""
    if call.event != definition.event:
        return False
    if call.event not in TOOL_EVENTS or definition.tools is None:
        return True
    tool_name = call.input.get("tool_name")
    if not isinstance(tool_name, str):
        return True
    return any(name in definition.tools for name in [tool_name] + call.other_tools)


#: JSON's string escapes as json.dumps(ensure_ascii=False) writes them, applied with str.translate (a built-in the
#: handler cannot replace), so that a handler replacing json.dumps cannot change or break the answer's text.
_STRING_ESCAPES = {**{code: "\\u%04x" % code for code in range(0x20)}, 0x22: '\\"', 0x5C: "\\\\", 0x08: "\\b", 0x0C: "\\f", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t"}
#: json's C encoder, taken at import: the rewritten input is written with it, whatever the handler did to json.
_c_make_encoder = getattr(json.encoder, "c_make_encoder", None)
_encode_basestring = json.encoder.encode_basestring
_float_repr = float.__repr__


def _escape(text: str) -> str:
    return text.translate(_STRING_ESCAPES)


def _input_json(value: object) -> str:
    """``json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)`` with the encoder of import time."""
    if _c_make_encoder is None:  # a Python without json's C accelerator
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)

    def refused(item: object) -> object:
        raise TypeError("Object of type " + type(item).__name__ + " is not JSON serializable")

    encode = _c_make_encoder({}, refused, _encode_basestring, None, ":", ",", False, False, False)
    return "".join(encode(value, 0))


def _write(agent: str, event: str, reply: Reply) -> Tuple[int, str, str]:
    """The answer for the agent and for every other agent that may run the hook (``_also``), as the TypeScript kit's
    ``writeForAll``: the same answer, or for a deny or a block that they would read differently, exit 2 with the
    reason on stderr where each reads that as one, else the first agent's."""
    if not _also:
        return _write_one(agent, event, reply)
    answers = []
    for target, target_event in [(agent, event)] + _also:
        try:
            answers.append(_write_one(target, target_event, reply))
        except _Failure as failure:
            answers.append(failure)
    if not isinstance(answers[0], _Failure) and all(answer == answers[0] for answer in answers):
        return answers[0]
    holds = all(e in AGENT_NAMES[a]["exit2Blocks"] for a, e in [(agent, event)] + _also)
    if reply.kind.replace("-silent", "").replace("-reason", "") in ("deny", "block") and holds:
        return 2, "", reply.reason or ""
    if isinstance(answers[0], _Failure):
        raise answers[0]
    return answers[0]


def _write_one(agent: str, event: str, reply: Reply) -> Tuple[int, str, str]:
    template = ANSWERS.get(agent, {}).get(event, {}).get(reply.kind)
    if template is None:
        raise _Failure("the answer cannot be written: " + event + " does not take " + reply.kind)
    if isinstance(template, str):
        raise _Failure("the answer cannot be written: " + template)
    exit_code, stdout, stderr = template

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name == "reason":
            return _escape(reply.reason or "")
        if name == "text":
            return _escape(reply.text or "")
        return _input_json(reply.input)

    return exit_code, _PLACEHOLDER.sub(fill, stdout), _PLACEHOLDER.sub(fill, stderr)


def _refuse(definition: Hook, agent: Optional[str], problem: str, own_event: Optional[str] = None) -> Tuple[int, str, str]:
    """The failure answer: exit 1 with the message, or for a fail-closed hook a deny or block carrying it."""
    stderr = _PREFIX + ": " + definition.event + " hook: " + problem + "\n"
    if not definition.fail_closed:
        return 1, "", stderr + "(non-blocking: the agent goes on as if the hook had not answered; define the hook with fail_closed=True to deny instead)\n"
    one_line = " ".join(problem.split())
    reason = "Hook failed closed: " + (one_line[:500] + "\u2026" if len(one_line) > 500 else one_line)
    kind = EVENTS[definition.event][1]
    answerer = agent if agent in ANSWERS else "claude-code"
    if kind is not None:
        try:
            exit_code, stdout, _ = _write(answerer, own_event or definition.event, Reply(kind, reason=reason))
            return exit_code, stdout, stderr
        except _Failure:
            pass
    return 2, "", stderr


#: The agent of the call being handled and its own event, for the watchdog's answer.
_handling: list = [None, None]  # type: ignore[type-arg]


def handle(definition: Hook, stdin: str) -> Tuple[int, str, str]:
    """stdin -> (exit code, stdout, stderr), with no process I/O and no timer. Never raises."""
    agent: Optional[str] = None
    _handling[1] = None
    _also[:] = []
    try:
        try:
            hook_input = json.loads(stdin)
        except ValueError as error:
            raise _Failure("stdin is not one JSON object (" + str(error) + ")") from None
        if not isinstance(hook_input, dict):
            raise _Failure("stdin is not a JSON object")
        readings, note = _agent_readings(hook_input, os.environ.get(AGENT_ENV), sys.argv[1:])
        # the first reading under which the call is the hook's (its event and one of its tools); none: not its call
        chosen = next(((a, b, c) for a, b in readings for c in (to_claude_shape(a, hook_input),) if _handles(definition, c)), None)
        # a call of another event or tool is not this hook's: no answer under any agent, even fail-closed
        if chosen is None:
            return 0, "", ""
        agent, because, call = chosen
        _also[:] = [(a, c.own_event) for a, b in readings if a != agent for c in (to_claude_shape(a, hook_input),) if _handles(definition, c)]
        notes = "" if note is None else _PREFIX + ": " + definition.event + " hook: " + note + "\n"
        own_event = _handling[1] = call.own_event
        _handling[0] = agent
        if agent not in ANSWERS:
            name = DISPLAY_NAMES[agent]
            return _refuse(definition, agent, "this input comes from " + name + " (" + because + "); answering " + name + " is not supported yet")
        event = definition.event
        hook_input = call.input
        if call.ambiguous:
            raise _Failure("the input gives " + ", ".join(call.ambiguous) + " twice, with different values: which one " + DISPLAY_NAMES[agent] + " acts on cannot be told")
        if event in TOOL_EVENTS:
            tool_name = hook_input.get("tool_name")
            if not isinstance(tool_name, str) or not isinstance(hook_input.get("tool_input"), dict):
                raise _Failure("a " + event + " input needs a string tool_name and an object tool_input")
            # the handler is typed, and written, for the tool's strings: another type there must not slip past its checks
            for field in TOOL_STRING_FIELDS.get(tool_name, ()):
                if field in hook_input["tool_input"] and not isinstance(hook_input["tool_input"][field], str):
                    raise _Failure("tool_input." + field + " is not a string, as the " + tool_name + " tool's input must have it")
        if agent != "claude-code":
            for path, fill, values, instead, text in INPUT_FITS.get(event, ()):
                _apply_fit(hook_input, path, fill, values, instead, text)
        reply = _in_process(definition, hook_input)
        if _escaped[0] is not None:
            raise _Failure(_escaped[0])
        if reply is not None and reply.problem is not None:
            raise _Failure(reply.problem)
        if reply is not None:
            reply, fit_notes = _fit_to_agent(definition, agent, own_event, reply)
            notes += "".join(_PREFIX + ": " + definition.event + " hook: " + fit_note + "\n" for fit_note in fit_notes)
        if reply is None:
            return 0, "", notes
        if isinstance(reply.input, dict) and call.tool is not None and call.tool["fields"]:
            # the rewritten input in the agent's own field names (Copilot CLI's view reads path, not file_path)
            reply = Reply(reply.kind, reply.reason, reply.text, _renamed(reply.input, call.tool["fields"]))
        exit_code, stdout, stderr = _write(agent, own_event, reply)
        # an answer that exits otherwise than 0 is read from its stderr (exit 2's reason): no note is added to it
        return exit_code, stdout, stderr + (notes if exit_code == 0 else "")
    except _Failure as failure:
        return _refuse(definition, agent, str(failure), _handling[1])
    except BaseException as error:  # noqa: B036 - a hook fails closed on anything, SystemExit and KeyboardInterrupt included
        return _refuse(definition, agent, "the handler raised " + type(error).__name__ + ": " + str(error), _handling[1])


def _in_process(definition: Hook, hook_input: dict) -> Optional[Reply]:  # type: ignore[type-arg]
    """The handler's reply."""
    reply = definition.handler(hook_input, _Answers())  # type: ignore[operator]
    if reply is not None and not isinstance(reply, Reply):
        raise _Failure("the handler returned something that is not an answer (use the answer helpers)")
    return reply


#: How the handler tried to end the process, had it swallowed the kit's exception: the hook fails with it all the same.
_escaped: list = [None]  # type: ignore[type-arg]
# What the kit answers and exits with, taken at import: the handler runs later and may replace them.
_exit = os._exit
_write_fd = os.write
_getpid = os.getpid
_kill = os.kill
#: Where the answer goes: stdout as the process got it (run points fd 1 and sys.stdout at stderr for the handler).
_answer_fd = [1]
#: The process that answers: a process the handler forks (os.fork, multiprocessing) never does.
_answering_pid = [0]
#: Signals whose default action ends a process: while a call is handled, each ends the hook with its failure answer.
_ENDING_SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM")


def _write_all(fd: int, data: bytes) -> bool:
    while data:
        try:
            data = data[_write_fd(fd, data):]
        except InterruptedError:
            continue
        except OSError:
            return False
    return True


def _emit(answer: Tuple[int, str, str]) -> NoReturn:
    exit_code, stdout, stderr = answer
    try:
        if _getpid() != _answering_pid[0]:
            # a process the handler forked that returned through the kit: it has no answer to give
            exit_code, stdout, stderr = 0, "", ""
        # a reason may carry stdin's undecodable bytes (surrogate escapes): the agent reads UTF-8
        elif stdout and not _write_all(_answer_fd[0], stdout.encode("utf-8", "replace")) and exit_code == 0:
            # the answer cannot reach stdout (the handler closed its descriptor): exit 2 blocks where the event can
            exit_code, stderr = 2, stderr + _PREFIX + ": the answer could not be written to stdout\n"
        if stderr:
            _write_all(2, stderr.encode("utf-8", "replace"))
    finally:
        _exit(exit_code)


def _guard_process(definition: Hook) -> None:
    """Whatever ends the process ends it with the hook's answer: the kit owns stdout (fd 1 is stderr's for the handler
    and every process it starts; the answer goes to a descriptor they do not inherit, which a process the handler
    forks closes), a handler's os._exit (posix._exit), os.abort or kill of its own process is a failure of the hook,
    and so is a signal that would end it."""
    _answering_pid[0] = _getpid()
    try:
        _answer_fd[0] = os.dup(1)  # not inherited by the processes the handler starts
        os.dup2(2, 1)
    except OSError:
        _answer_fd[0] = 1
    sys.stdout = sys.stderr

    def forked_away() -> None:
        if _answer_fd[0] != 1:
            try:
                os.close(_answer_fd[0])
            except OSError:
                pass

    if hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=forked_away)

    def exits(name: str) -> object:
        def refused(*args: object) -> NoReturn:
            _escaped[0] = _escaped[0] or "the handler called " + name + repr(args)[:200]
            raise _Failure(_escaped[0])

        return refused

    os._exit = exits("os._exit")  # type: ignore[assignment]
    os.abort = exits("os.abort")  # type: ignore[assignment]
    if "posix" in sys.modules:
        sys.modules["posix"]._exit = os._exit  # type: ignore[attr-defined]

    def own_kill(pid: int, signum: int) -> None:
        if pid in (0, -1, _getpid(), -_getpid()) and signum != 0:
            _escaped[0] = _escaped[0] or "the handler sent signal " + str(signum) + " to its own process"
            raise _Failure(_escaped[0])
        _kill(pid, signum)

    os.kill = own_kill  # type: ignore[assignment]
    try:
        import signal

        def on_signal(signum: int, frame: object) -> None:
            problem = "the hook got signal " + str(signum)
            if _handling[0] is None:
                # before the call is known to be the hook's: no answer for a call it was not written to judge
                _emit((1, "", _PREFIX + ": " + definition.event + " hook: " + problem + " before it read its call\n"))
            _emit(_refuse(definition, _handling[0], problem, _handling[1]))

        for name in _ENDING_SIGNALS:
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), on_signal)
    except (ImportError, ValueError):
        pass  # not the main thread: the agent's own signals end the hook as they would any process


def run(definition: Hook) -> NoReturn:
    """Reads stdin, answers, exits. Within ``timeout`` seconds (50 for a fail-closed hook without one) or the failure
    answer: a watchdog thread, which the handler's signals and timers (signal.alarm, a SIGALRM handler of its own)
    leave alone, and which answers during a blocking call as between two bytecodes of a loop."""
    _guard_process(definition)
    budget = definition.timeout if definition.timeout is not None else (_DEFAULT_FAIL_CLOSED_BUDGET if definition.fail_closed else None)
    if budget is not None:
        overrun = "the handler did not answer within its " + format(budget, "g") + " s budget"
        import _thread
        import time

        sleep = time.sleep

        def watchdog() -> None:
            sleep(budget)
            _emit(_refuse(definition, _handling[0], overrun, _handling[1]))

        _thread.start_new_thread(watchdog, ())
    try:
        stdin = sys.stdin.buffer.read().decode("utf-8", "surrogateescape")
    except BaseException as error:  # noqa: B036
        _emit(_refuse(definition, None, "stdin could not be read: " + str(error)))
    _emit(handle(definition, stdin))
