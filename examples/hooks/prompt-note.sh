#!/bin/sh
# UserPromptSubmit: plain stdout becomes context for the model.
cat > /dev/null
echo "The user's working copy is on branch $(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)."
