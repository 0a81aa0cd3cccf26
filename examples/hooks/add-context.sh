#!/bin/sh
# Any event with additionalContext: tells the model a project convention.
cat > /dev/null
event=${1:-PreToolUse}
printf '{"hookSpecificOutput":{"hookEventName":"%s","additionalContext":"This project builds with npm; the build output lives in dist/."}}\n' "$event"
