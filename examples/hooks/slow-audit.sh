#!/bin/sh
# PostToolUse: an audit log writer that takes a moment (shows the progress line) and reports to the user.
cat > /dev/null
sleep 1.5
printf '%s\n' '{"systemMessage":"audit: command logged"}'
