#!/usr/bin/env python3
# Copied unchanged from shared/tools/serde-oracle/fuzz_gen.py (the serde oracle's random request
# generator), so scripts/fuzz-serde.ts runs from the repository alone.
"""Random request generator for differential testing of hook-oracle builds
(or of the oracle against another implementation).

    python3 fuzz_gen.py [N] [SEED] > fuzz.jsonl

Emits N request lines ({"type", "json"}) mixing: random float/integer texts,
random (often invalid) HookSpecificOutput / envelope / PermissionDecision /
ToolPermission objects with random key sets, orders, duplicates, value types,
array forms, and raw-text corruptions.
"""
import json
import random
import struct
import sys

N = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)

VARIANTS = ["PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart",
            "PermissionRequest", "Stop", "SubagentStop", "Notification",
            "PreCompact", "SessionEnd"]
BAD_VARIANTS = ["pretooluse", "PRETOOLUSE", "Foo", "", "PermissionDenied", "SubagentStart",
                "PostToolUseFailure", " PreToolUse", "PreToolUse "]
HSO_KEYS = ["permissionDecision", "permissionDecisionReason", "updatedInput",
            "additionalContext", "decision", "reason", "message", "extra",
            "permission_decision", "HookEventName"]
ENV_KEYS = ["continue", "stopReason", "suppressOutput", "systemMessage",
            "hookSpecificOutput", "decision", "reason", "Continue"]
PD_KEYS = ["updatedInput", "message", "interrupt", "extra"]
PERMS = ["allow", "deny", "ask", "ALLOW", "Allow", "skip", ""]
BEHAVIORS = ["allow", "deny", "ask", "Allow", "DENY"]


def rand_float_text():
    r = rng.random()
    if r < 0.4:
        while True:
            f = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
            if f == f and f not in (float("inf"), float("-inf")):
                return repr(f)
    if r < 0.7:
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 25))).lstrip("0") or "0"
        frac = "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 20)))
        s = digits + ("." + frac if frac else "")
        if rng.random() < 0.6:
            s += rng.choice(["e", "E"]) + rng.choice(["", "+", "-"]) + str(rng.randint(0, 330))
        return rng.choice(["", "-"]) + s
    if r < 0.85:
        return rng.choice(["", "-"]) + str(rng.randint(0, 2**70))
    return rng.choice(["1.0", "-0", "-0.0", "0.0", "1e16", "1e15", "9.999999999999999e15",
                       "1e21", "1e-5", "1e-6", "0.000009999", "123456789012345678",
                       "18446744073709551615", "18446744073709551616",
                       "-9223372036854775808", "-9223372036854775809", "5e-324",
                       "1.7976931348623157e308", "1e308", "1e309", "0e999", "-0e-999"])


def rand_string():
    pool = ["", "x", "block", "allow", "deny", "h\u00e9llo", "\u2603", "\U0001F600",
            "\\u0041", "\\ud83d\\ude00", "\\n", "tab\\t", "q\\\"q", "\\\\"]
    return '"' + "".join(rng.choice(pool) for _ in range(rng.randint(0, 3))) + '"'


def rand_value(depth=0):
    r = rng.random()
    if depth > 3 or r < 0.15:
        return rng.choice(["null", "true", "false"])
    if r < 0.45:
        return rand_float_text()
    if r < 0.7:
        return rand_string()
    if r < 0.85:
        return "[" + ",".join(rand_value(depth + 1) for _ in range(rng.randint(0, 3))) + "]"
    keys = ["a", "b", "Z", "\u00e9", "\U0001F600", "\uff21", "10", "9", "a"]
    return "{" + ",".join(json.dumps(rng.choice(keys), ensure_ascii=False) + ":" + rand_value(depth + 1)
                          for _ in range(rng.randint(0, 4))) + "}"


def field_value(key):
    r = rng.random()
    if key == "permissionDecision" and r < 0.6:
        return json.dumps(rng.choice(PERMS))
    if key in ("continue", "suppressOutput", "interrupt") and r < 0.6:
        return rng.choice(["true", "false"])
    if key == "decision" and r < 0.5:
        return rand_pd()
    if key == "hookSpecificOutput" and r < 0.7:
        return rand_hso()
    if r < 0.8 and key not in ("updatedInput",):
        return rng.choice([rand_string(), "null", rand_value()])
    return rand_value()


def obj(pairs):
    return "{" + ",".join(json.dumps(k) + ":" + v for k, v in pairs) + "}"


def rand_hso():
    pairs = []
    if rng.random() < 0.92:
        tag = rng.choice(VARIANTS) if rng.random() < 0.85 else rng.choice(BAD_VARIANTS)
        pairs.append(("hookEventName", json.dumps(tag) if rng.random() < 0.95 else rand_value()))
    for _ in range(rng.randint(0, 4)):
        k = rng.choice(HSO_KEYS)
        pairs.append((k, field_value(k)))
    if rng.random() < 0.05 and pairs:
        pairs.append(rng.choice(pairs))  # duplicate
    rng.shuffle(pairs)
    if rng.random() < 0.07:
        return "[" + ",".join(v for _, v in pairs) + "]"
    return obj(pairs)


def rand_pd():
    pairs = []
    if rng.random() < 0.92:
        pairs.append(("behavior", json.dumps(rng.choice(BEHAVIORS))))
    for _ in range(rng.randint(0, 3)):
        k = rng.choice(PD_KEYS)
        pairs.append((k, field_value(k)))
    if rng.random() < 0.05 and pairs:
        pairs.append(rng.choice(pairs))
    rng.shuffle(pairs)
    if rng.random() < 0.07:
        return "[" + ",".join(v for _, v in pairs) + "]"
    return obj(pairs)


def rand_env():
    pairs = []
    for _ in range(rng.randint(0, 5)):
        k = rng.choice(ENV_KEYS)
        pairs.append((k, field_value(k)))
    if rng.random() < 0.05 and pairs:
        pairs.append(rng.choice(pairs))
    rng.shuffle(pairs)
    if rng.random() < 0.05:
        return "[" + ",".join(v for _, v in pairs) + "]"
    return obj(pairs)


def rand_tp():
    r = rng.random()
    if r < 0.7:
        return json.dumps(rng.choice(PERMS))
    if r < 0.85:
        return "{" + json.dumps(rng.choice(PERMS)) + ":" + rng.choice(["null", "1", "[]", "{}"]) + "}"
    return rand_value()


def corrupt(text):
    r = rng.random()
    if r < 0.85 or not text:
        return text
    i = rng.randrange(len(text) + 1)
    if r < 0.9:
        return text[:i]  # truncate
    if r < 0.95:
        return text[:i] + rng.choice([",", "}", "]", "x", " ", "\n", "\"", ":"]) + text[i:]
    return text + rng.choice([" x", "{}", "\n", " ", ",", "\u0000"])


GENS = [("HookSpecificOutput", rand_hso, 4), ("HookOutput", rand_env, 3),
        ("PermissionDecision", rand_pd, 2), ("ToolPermission", rand_tp, 1),
        ("Value", lambda: rand_float_text(), 2)]
weighted = [g for g in GENS for _ in range(g[2])]

for _ in range(N):
    kind, gen, _w = rng.choice(weighted)
    sys.stdout.write(json.dumps({"type": kind, "json": corrupt(gen())}, ensure_ascii=False) + "\n")
