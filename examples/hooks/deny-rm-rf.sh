#!/bin/sh
# PreToolUse (Bash): deny recursive force deletes, let everything else through.
# Reads the event JSON on stdin; answers with JSON on stdout.
input=$(cat)
case "$input" in
  *'rm -rf'*|*'rm -fr'*)
    printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed in this project; delete specific files instead"}}'
    ;;
  *)
    printf '%s\n' '{}'
    ;;
esac
