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

from ._kit_answers import _TOOL_CHECKS, ABSENT_KEYS, ANSWERS, DETECTION_DEFAULT, DETECTION_RULES, DISPLAY_NAMES, EVENTS, OWN_EVENTS, TOOL_EVENTS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn, Optional, Sequence, Tuple

_PREFIX = "claude-hook-protocol/kit"
_DEFAULT_FAIL_CLOSED_BUDGET = 50.0
_PLACEHOLDER = re.compile(r'\{\{(reason|text)\}\}|\{"\{\{input\}\}":true\}')


class Reply:
    """One answer, built by the helpers of ``answer``; the kit writes it in the agent's dialect."""

    __slots__ = ("kind", "reason", "text", "input")

    def __init__(self, kind: str, reason: Optional[str] = None, text: Optional[str] = None, input: Optional[object] = None) -> None:
        self.kind = kind
        self.reason = reason
        self.text = text
        self.input = input


class _Answers:
    """Every helper at run time; the type checker offers each event its own (``<Event>Answers``)."""

    __slots__ = ()

    def nothing(self) -> None:
        return None

    def stop(self, reason: Optional[str] = None) -> Reply:
        return Reply("stop-silent") if reason is None else Reply("stop", reason=reason)

    def message(self, text: str) -> Reply:
        return Reply("message", text=text)

    def add_context(self, text: str) -> Reply:
        return Reply("context", text=text)

    def block(self, reason: str) -> Reply:
        return Reply("block", reason=reason)

    def deny(self, reason: Optional[str] = None) -> Reply:
        return Reply("deny-silent") if reason is None else Reply("deny", reason=reason)

    def ask(self, reason: Optional[str] = None) -> Reply:
        return Reply("ask-silent") if reason is None else Reply("ask", reason=reason)

    def allow(self, reason: Optional[str] = None) -> Reply:
        return Reply("allow") if reason is None else Reply("allow-reason", reason=reason)

    def rewrite(self, input: object, reason: Optional[str] = None) -> Reply:
        return Reply("rewrite", input=input) if reason is None else Reply("rewrite-reason", reason=reason, input=input)


class Hook:
    """A hook definition: ``hook(event, handler, ...)`` makes one, ``run`` runs it."""

    __slots__ = ("event", "handler", "tools", "fail_closed", "timeout")

    def __init__(self, event: str, handler: object, tools: Optional[Sequence[str]], fail_closed: bool, timeout: Optional[float]) -> None:
        if event not in EVENTS:
            raise ValueError("no event " + repr(event))
        self.event = event
        self.handler = handler
        self.tools = None if tools is None else tuple(tools)
        self.fail_closed = fail_closed
        self.timeout = timeout


# @typed-api: the generator puts here, under TYPE_CHECKING, each event's answers
# and the overloads of hook() and tool_input(); at run time the two below serve.
else:

    def hook(event: str, handler: object, *, tools: Optional[Sequence[str]] = None, fail_closed: bool = False, timeout: Optional[float] = None) -> Hook:
        """A hook for ``event``; ``tools`` limits a tool event to those tool names (others pass untouched)."""
        return Hook(event, handler, tools, fail_closed, timeout)

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
    value = hook_input.get(condition["key"])
    if not isinstance(value, str):
        return False
    if "oneOf" in condition:
        return value in condition["oneOf"]
    return re.search(condition["matches"], value) is not None


def detect_agent(hook_input: dict) -> Tuple[str, str]:  # type: ignore[type-arg]
    """Which agent sent this input, and what told it: the TypeScript kit's rules (src/hooks/detection.ts), from generated/kit/answers.json."""
    for agent, because, conditions in DETECTION_RULES:
        if all(_holds(condition, hook_input) for condition in conditions):
            return agent, because
    return DETECTION_DEFAULT, "no other agent's fields"


class _Failure(Exception):
    pass


def _escape(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)[1:-1]


def _write(agent: str, event: str, reply: Reply) -> Tuple[int, str, str]:
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
        return json.dumps(reply.input, ensure_ascii=False, separators=(",", ":"), allow_nan=False)

    return exit_code, _PLACEHOLDER.sub(fill, stdout), _PLACEHOLDER.sub(fill, stderr)


def _refuse(definition: Hook, agent: Optional[str], problem: str) -> Tuple[int, str, str]:
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
            exit_code, stdout, _ = _write(answerer, definition.event, Reply(kind, reason=reason))
            return exit_code, stdout, stderr
        except _Failure:
            pass
    return 2, "", stderr


#: The agent of the call being handled, for the watchdog's answer.
_handling: list = [None]  # type: ignore[type-arg]


def handle(definition: Hook, stdin: str) -> Tuple[int, str, str]:
    """stdin -> (exit code, stdout, stderr), with no process I/O and no timer. Never raises."""
    agent: Optional[str] = None
    try:
        try:
            hook_input = json.loads(stdin)
        except ValueError as error:
            raise _Failure("stdin is not one JSON object (" + str(error) + ")") from None
        if not isinstance(hook_input, dict):
            raise _Failure("stdin is not a JSON object")
        agent, because = detect_agent(hook_input)
        _handling[0] = agent
        if agent not in ANSWERS:
            name = DISPLAY_NAMES[agent]
            return _refuse(definition, agent, "this input comes from " + name + " (" + because + "); answering " + name + " is not supported yet")
        event = definition.event
        if hook_input.get("hook_event_name") != event:
            raise _Failure("the hook is defined for " + event + " but got " + json.dumps(hook_input.get("hook_event_name")))
        if event in TOOL_EVENTS:
            tool_name = hook_input.get("tool_name")
            if not isinstance(tool_name, str) or not isinstance(hook_input.get("tool_input"), dict):
                raise _Failure("a " + event + " input needs a string tool_name and an object tool_input")
            if definition.tools is not None and tool_name not in definition.tools:
                return 0, "", ""
        for key, value in ABSENT_KEYS[agent].get(event, {}).items():
            hook_input.setdefault(key, value)  # Claude Code's input requires it; this agent leaves it out
        reply = definition.handler(hook_input, _Answers())  # type: ignore[operator]
        if reply is None:
            return 0, "", ""
        if not isinstance(reply, Reply):
            raise _Failure("the handler returned something that is not an answer (use the answer helpers)")
        return _write(agent, event, reply)
    except _Failure as failure:
        return _refuse(definition, agent, str(failure))
    except BaseException as error:  # noqa: B036 - a hook fails closed on anything, SystemExit and KeyboardInterrupt included
        return _refuse(definition, agent, "the handler raised " + type(error).__name__ + ": " + str(error))


def _emit(answer: Tuple[int, str, str]) -> NoReturn:
    exit_code, stdout, stderr = answer
    try:
        os.write(1, stdout.encode()) if stdout else None
        os.write(2, stderr.encode()) if stderr else None
    finally:
        os._exit(exit_code)


def run(definition: Hook) -> NoReturn:
    """Reads stdin, answers, exits. Within ``timeout`` seconds (50 for a fail-closed hook without one) or the failure answer."""
    budget = definition.timeout if definition.timeout is not None else (_DEFAULT_FAIL_CLOSED_BUDGET if definition.fail_closed else None)
    if budget is not None:
        overrun = "the handler did not answer within its " + format(budget, "g") + " s budget"
        try:
            import signal

            def on_alarm(signum: int, frame: object) -> None:
                _emit(_refuse(definition, _handling[0], overrun))

            signal.signal(signal.SIGALRM, on_alarm)
            signal.setitimer(signal.ITIMER_REAL, budget)
        except (ImportError, AttributeError, ValueError):
            # No SIGALRM here (Windows, or not the main thread): a watchdog thread answers instead.
            import threading

            watchdog = threading.Timer(budget, lambda: _emit(_refuse(definition, _handling[0], overrun)))
            watchdog.daemon = True
            watchdog.start()
    try:
        stdin = sys.stdin.buffer.read().decode("utf-8", "surrogateescape")
    except BaseException as error:  # noqa: B036
        _emit(_refuse(definition, None, "stdin could not be read: " + str(error)))
    _emit(handle(definition, stdin))
