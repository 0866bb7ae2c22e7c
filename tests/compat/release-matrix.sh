#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# release-matrix.sh - the released versions, built from this repository's
# history, mixed with this tree's build the way a distribution mixes them
# (the table in tests/compat/README.md, "The release matrix").
#
#   tests/compat/release-matrix.sh [--release NAME=REV]... [--keep DIR]
#
#   --release NAME=REV
#               an old release to compare, NAME the label the table gives it
#               (default: 1.1.0=ef9be04, 1.2.0=ac389a3, 1.3.0=4799d0f and 1.4.0=7ecd74c; any --release
#               replaces the defaults)
#   --keep DIR  check out, build and stage in DIR and keep it (default: a
#               temporary directory, removed at the end); a second run
#               reuses the checkouts and builds
#   --write-baselines
#               first rewrite packaging/abi/*.abi from this tree's stage
#               (only when the ABI grows on purpose: packaging/abi/README.md)
#   --cards F   the card pool for tests/scenarios/pool (default: the shared
#               pool beside this clone, ../shared/carddata/cards.json.gz;
#               those scenarios are skipped, and said so, when it is absent)
#
# 1. `git worktree add --detach` each release's REV in the work directory
#    (needs the history: CI clones it whole);
# 2. each release and this tree are configured the same way (meson setup
#    --prefix=/usr -Dman=disabled -Djava=disabled where the tree has that
#    option: the matrix runs no Java; debug info for abidiff), only the
#    installed targets are built, once per release, and each is installed
#    with DESTDIR into its own stage (stage-NAME/, stage-new/): the file
#    layout of a package;
# 3. release_matrix.py runs every pairing from the stages and prints the
#    table; it exits non-zero when a cell fails, and so does this script.
# Needs git, meson, ninja, python3 and abidiff (abigail-tools).
set -euo pipefail

src_new=$(cd "$(dirname "$0")/../.." && pwd)
releases=()
keep=
cards=$src_new/../shared/carddata/cards.json.gz
write_baselines=()
while [ $# -gt 0 ]; do
    case "$1" in
        --release) releases+=("$2"); shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        --cards) cards=$2; shift 2 ;;
        --write-baselines) write_baselines=(--write-baselines); shift ;;
        *) echo "usage: $0 [--release NAME=REV]... [--keep DIR] [--cards FILE] [--write-baselines]" >&2
           exit 2 ;;
    esac
done
[ ${#releases[@]} -gt 0 ] || releases=(1.1.0=ef9be04 1.2.0=ac389a3 1.3.0=4799d0f 1.4.0=7ecd74c)
cd "$src_new"
names=() commits=()
for release in "${releases[@]}"; do
    name=${release%%=*} rev=${release#*=}
    if [ "$name" = "$release" ] || [ -z "$name" ] || [ "$name" = new ]; then
        echo "release-matrix: --release NAME=REV, NAME not 'new' (got '$release')" >&2
        exit 2
    fi
    if ! commit=$(git rev-parse --verify --quiet "$rev^{commit}"); then
        echo "release-matrix: $rev is not in this clone's history (clone without --depth)" >&2
        exit 1
    fi
    names+=("$name") commits+=("$commit")
done

if [ -n "$keep" ]; then
    mkdir -p "$keep"
    work=$(cd "$keep" && pwd)
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/keyact-release-matrix.XXXXXX")
fi
cleanup() {
    [ -z "$keep" ] || return 0  # the checkouts stay with the builds
    for name in "${names[@]}"; do
        git -C "$src_new" worktree remove --force "$work/src-$name" 2>/dev/null || true
    done
    git -C "$src_new" worktree prune
    rm -rf "$work"
}
trap cleanup EXIT

# Build only what `meson install` installs: the old trees have no option to
# leave their tests out, and they are most of the build.
installed_targets() {
    meson introspect --targets "$1" | python3 -c '
import json, os, sys
build = sys.argv[1]
for target in json.load(sys.stdin):
    if target["installed"]:
        for name in target["filename"]:
            print(os.path.relpath(name, build))
' "$1"
}

stage() {  # stage NAME SOURCE
    local build=$work/build-$1 dest=$work/stage-$1
    local started=$SECONDS
    if [ ! -f "$build/build.ninja" ]; then
        local options=(--prefix=/usr -Dman=disabled --buildtype=debugoptimized)
        # The matrix runs no Java; 1.1.0 has no such option (meson refuses
        # an unknown one).
        ! grep -q "^option('java'" "$2/meson_options.txt" || options+=(-Djava=disabled)
        meson setup "$build" "$2" "${options[@]}" >"$work/setup-$1.log" 2>&1 \
            || { cat "$work/setup-$1.log" >&2; return 1; }
    fi
    # A kept build regenerates first, so that the targets are this tree's.
    ninja -C "$build" build.ninja >"$work/ninja-$1.log" 2>&1 \
        || { tail -50 "$work/ninja-$1.log" >&2; return 1; }
    mapfile -t targets < <(installed_targets "$build")
    ninja -C "$build" "${targets[@]}" >>"$work/ninja-$1.log" 2>&1 \
        || { tail -50 "$work/ninja-$1.log" >&2; return 1; }
    rm -rf "$dest"
    meson install -C "$build" --no-rebuild --destdir "$dest" >"$work/install-$1.log" 2>&1 \
        || { cat "$work/install-$1.log" >&2; return 1; }
    echo "release-matrix: $1 built and staged in $((SECONDS - started)) s (${#targets[@]} targets)"
}

project_version() {
    meson introspect --projectinfo "$work/build-$1" \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])'
}

release_args=()
for i in "${!names[@]}"; do
    name=${names[$i]} src=$work/src-${names[$i]}
    echo "release-matrix: $name = $(git log -1 --format='%h %s' "${commits[$i]}" | cut -c1-60)"
    # A kept checkout of the same commit is reused as it is, so that ninja
    # finds its build up to date.
    if [ "$(git -C "$src" rev-parse HEAD 2>/dev/null)" != "${commits[$i]}" ] \
        || ! git -C "$src" diff --quiet HEAD; then
        git worktree remove --force "$src" 2>/dev/null || rm -rf "$src"
        git worktree add --detach --quiet "$src" "${commits[$i]}"
    fi
    stage "$name" "$src"
    release_args+=(--release "$name" "$work/stage-$name" "$src" "$(project_version "$name")")
done
echo "release-matrix: new = this tree ($(git log -1 --format='%h %s' HEAD | cut -c1-60)$(git diff --quiet HEAD || echo ', plus uncommitted changes'))"
stage new "$src_new"

abidiff=$(command -v abidiff || true)
python3 "$src_new/tests/compat/release_matrix.py" "${release_args[@]}" \
    --new-stage "$work/stage-new" --new-source "$src_new" \
    --new-version "$(project_version new)" \
    --cards "$cards" \
    --known-changes "$src_new/tests/compat/release-log-changes.txt" \
    --abidiff "$abidiff" "${write_baselines[@]}"
