#!/bin/sh
# build.sh [OUT]: builds linkify-bench, offline, against the Rust crates of
# Debian's librust-linkify-dev (apt-get install cargo librust-linkify-dev),
# and prints the path of the binary. The cargo home and the target
# directory are temporary or given, never in the source tree.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${TMPDIR:-/tmp}/linkify-bench}
registry=/usr/share/cargo/registry
if [ ! -d "$registry/linkify-0.9.0" ]; then
	echo "build.sh: $registry/linkify-0.9.0 missing: apt-get install librust-linkify-dev" >&2
	exit 1
fi
mkdir -p "$out/cargo-home"
cat > "$out/cargo-home/config.toml" <<EOC
[source.crates-io]
replace-with = "debian"
[source.debian]
directory = "$registry"
[net]
offline = true
EOC
# Built from a copy, so that Cargo.lock and target/ stay out of the tree.
rm -rf "$out/src" && mkdir -p "$out/src"
cp -R "$here/Cargo.toml" "$here/src" "$out/src/"
CARGO_HOME="$out/cargo-home" cargo build --quiet --release --manifest-path "$out/src/Cargo.toml" --target-dir "$out/target" >&2
echo "$out/target/release/linkify-bench"
