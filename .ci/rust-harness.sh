#!/usr/bin/env bash
# The Rust harness: builds generated/rust/ (the Rust family, generated from the
# schemas) with real serde derive, offline against Debian's packaged crate
# sources, and runs every serde vector through it. Exits non-zero on any
# failure. On a fresh Debian machine it installs what it needs (apt-get).
#
#   bash .ci/rust-harness.sh               # install if needed, build, check
#   SKIP_APT=1 bash .ci/rust-harness.sh    # never call apt-get
#   VECTORS=DIR bash .ci/rust-harness.sh   # another vector directory
#   INSTALL_ONLY=1 bash .ci/rust-harness.sh  # install what is missing, build nothing
#
# Then rust/types-harness/ (every schema family through the generated serde
# types, the types line protocol): built, its crate documented with rustdoc
# warnings as errors, the crate's doctest and the usage example run.
set -euo pipefail
cd "$(dirname "$0")/.."

REG=/usr/share/cargo/registry
# The compat shims (rust/harness/src/compat.rs) correct exactly these versions
# (Debian bookworm) to serde 1.0.228 / serde_json 1.0.149.
WANT="serde-1.0.152 serde_derive-1.0.152 serde_json-1.0.87 ryu-1.0.2"

have_crates() {
  local c
  for c in $WANT; do [[ -d "$REG/$c" ]] || return 1; done
}

if [[ "${SKIP_APT:-0}" != 1 ]] && { ! have_crates || ! command -v cargo >/dev/null 2>&1; }; then
  SUDO=""
  [[ $(id -u) -eq 0 ]] || SUDO="sudo"
  $SUDO apt-get update
  # serde/serde_derive/serde_json pull in itoa, ryu, proc-macro2, quote, syn,
  # unicode-ident; ryu is named because the compat shims use it directly.
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y \
    librust-serde-json-dev librust-serde-derive-dev librust-serde-dev librust-ryu-dev
  # Any cargo >= 1.65 / rustc >= 1.63 builds it (bookworm's `cargo` does).
  if ! command -v cargo >/dev/null 2>&1; then
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y cargo
  fi
fi

if ! have_crates; then
  echo "rust-harness: need $WANT in $REG (Debian bookworm's librust-*-dev); found:" >&2
  ls "$REG" 2>/dev/null | grep -E '^(serde|serde_derive|serde_json|ryu)-[0-9]' >&2 || true
  echo "rust-harness: other versions answer differently; the shims would be wrong." >&2
  exit 1
fi
[[ "${INSTALL_ONLY:-0}" == 1 ]] && exit 0
[[ -f generated/rust/Cargo.toml ]] || { echo "rust-harness: generated/rust/ missing: run npm run gen" >&2; exit 1; }

MANIFEST=rust/harness/Cargo.toml
# Offline, from the directory source in rust/harness/.cargo/config.toml.
# Cargo.lock is not committed: with one version of each crate in the
# directory source, resolution is deterministic.
(cd rust/harness && cargo build --release --offline --quiet && cargo test --release --offline --quiet)
BIN=rust/harness/target/release/serde-harness

# The line protocol answers as the serde oracle does (answers recorded from it).
got=$("$BIN" <<'REQ'
{"type":"HookSpecificOutput","json":"{\"permissionDecision\":\"deny\",\"hookEventName\":\"PreToolUse\"}"}
{"type":"HookOutput","json":"{}"}
{"type":"PermissionDecision","json":"{\"behavior\":\"deny\",\"message\":\"m\"}"}
{"type":"Value","json":"[1.0,-0,1e21]"}
{"type":"ToolPermission","json":"\"Allow\""}
REQ
)
want='{"ok":true,"canonical":"{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\"}"}
{"ok":true,"canonical":"{\"continue\":true}"}
{"ok":true,"canonical":"{\"behavior\":\"deny\",\"message\":\"m\",\"interrupt\":false}"}
{"ok":true,"canonical":"[1.0,-0.0,1e+21]"}
{"ok":false,"error":"unknown variant `Allow`, expected one of `allow`, `deny`, `ask` at line 1 column 7"}'
if [[ "$got" != "$want" ]]; then
  echo "rust-harness: line-protocol smoke check failed; got:" >&2
  echo "$got" >&2
  exit 1
fi

VECTORS=${VECTORS:-test/vectors/serde}
if [[ ! -d "$VECTORS" ]]; then
  echo "rust-harness: no vector directory $VECTORS" >&2
  exit 1
fi
echo "rust-harness: serde vectors in $VECTORS through generated/rust/:"
"$BIN" --vectors "$VECTORS"

# The flat records through the generated structs with real serde (this test
# skips inside `npm test` on a machine that had no Debian crates yet).
node scripts/run-tests.mjs bindings-rust

# Every family's types (generated/rust/src/<family>.rs) behind the types line
# protocol; the round trips themselves run in test/bindings-types.test.ts.
(cd rust/types-harness && cargo build --release --offline --quiet && cargo build --release --offline --quiet --example usage)
TYPES_BIN=rust/types-harness/target/release/types-harness
got=$("$TYPES_BIN" <<'REQ'
{"type":"ClaudeCodeHookOutput","json":"{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\"}}"}
{"type":"ClaudeCodeHookOutput","json":"[]"}
REQ
)
want='{"ok":true,"value":{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}}
{"ok":false,"error":"invalid type: sequence, expected struct ClaudeCodeHookOutput at line 1 column 0"}'
if [[ "$got" != "$want" ]]; then
  echo "rust-harness: types line-protocol smoke check failed; got:" >&2
  echo "$got" >&2
  exit 1
fi
# The crate's documentation builds without a rustdoc warning, and its doctest passes.
(cd rust/types-harness && RUSTDOCFLAGS="-D warnings" cargo doc --offline --quiet --no-deps -p claude-hook-protocol-types \
  && cargo test --release --offline --quiet -p claude-hook-protocol-types --doc)
echo "rust-harness: types harness, rustdoc (-D warnings) and doctest OK"
