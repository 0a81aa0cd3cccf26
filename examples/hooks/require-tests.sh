#!/bin/sh
# Stop: keep the model working until it has run the tests once (exit 2 = block, stderr = the reason).
input=$(cat)
case "$input" in
  *'"stop_hook_active":true'*|*'"stop_hook_active": true'*) exit 0 ;;
esac
echo "Run npm test before you finish." >&2
exit 2
