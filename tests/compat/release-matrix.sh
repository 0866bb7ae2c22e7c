#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# release-matrix.sh - the 1.1.0 release, built from this repository's
# history, mixed with this tree's build the way a distribution mixes them
# (the table in tests/compat/README.md, "The release matrix").
#
#   tests/compat/release-matrix.sh [--old REV] [--keep DIR]
#
#   --old REV   the old release (default: ef9be04, release 1.1.0)
#   --keep DIR  build and stage in DIR and keep it (default: a temporary
#               directory, removed at the end); a second run reuses the builds
#   --write-baselines
#               first rewrite packaging/abi/*.abi from this tree's stage
#               (only when the ABI grows on purpose: packaging/abi/README.md)
#   --cards F   the card pool for tests/scenarios/pool (default: the shared
#               pool beside this clone, ../shared/carddata/cards.json.gz;
#               those scenarios are skipped, and said so, when it is absent)
#
# 1. `git worktree add --detach` REV in the work directory (needs the
#    history: CI clones it whole);
# 2. the old tree and this one are each configured the same way (meson
#    setup --prefix=/usr -Dman=disabled, debug info for abidiff), only the
#    installed targets are built, and each is installed with DESTDIR into
#    its own stage (stage-old/, stage-new/): the file layout of a package;
# 3. release_matrix.py runs every pairing from the stages and prints the
#    table; it exits non-zero when a cell fails, and so does this script.
# Needs git, meson, ninja, python3 and abidiff (abigail-tools).
set -euo pipefail

src_new=$(cd "$(dirname "$0")/../.." && pwd)
old_rev=ef9be04
keep=
cards=$src_new/../shared/carddata/cards.json.gz
write_baselines=()
while [ $# -gt 0 ]; do
    case "$1" in
        --old) old_rev=$2; shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        --cards) cards=$2; shift 2 ;;
        --write-baselines) write_baselines=(--write-baselines); shift ;;
        *) echo "usage: $0 [--old REV] [--keep DIR] [--cards FILE] [--write-baselines]" >&2
           exit 2 ;;
    esac
done
cd "$src_new"
if ! old_commit=$(git rev-parse --verify --quiet "$old_rev^{commit}"); then
    echo "release-matrix: $old_rev is not in this clone's history (clone without --depth)" >&2
    exit 1
fi

if [ -n "$keep" ]; then
    mkdir -p "$keep"
    work=$(cd "$keep" && pwd)
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/keyact-release-matrix.XXXXXX")
fi
src_old=$work/src-old
cleanup() {
    git -C "$src_new" worktree remove --force "$src_old" 2>/dev/null || true
    git -C "$src_new" worktree prune
    [ -n "$keep" ] || rm -rf "$work"
}
trap cleanup EXIT

git worktree remove --force "$src_old" 2>/dev/null || rm -rf "$src_old"
git worktree add --detach --quiet "$src_old" "$old_commit"

# Build only what `meson install` installs: the old tree has no option to
# leave its tests out, and they are most of the build.
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
        meson setup "$build" "$2" --prefix=/usr -Dman=disabled \
            --buildtype=debugoptimized >"$work/setup-$1.log" 2>&1 \
            || { cat "$work/setup-$1.log" >&2; return 1; }
    fi
    mapfile -t targets < <(installed_targets "$build")
    ninja -C "$build" "${targets[@]}" >"$work/ninja-$1.log" 2>&1 \
        || { tail -50 "$work/ninja-$1.log" >&2; return 1; }
    rm -rf "$dest"
    meson install -C "$build" --no-rebuild --destdir "$dest" >"$work/install-$1.log" 2>&1 \
        || { cat "$work/install-$1.log" >&2; return 1; }
    echo "release-matrix: $1 built and staged in $((SECONDS - started)) s (${#targets[@]} targets)"
}

echo "release-matrix: old = $old_rev ($(git log -1 --format='%h %s' "$old_commit" | cut -c1-60))"
echo "release-matrix: new = this tree ($(git log -1 --format='%h %s' HEAD | cut -c1-60)$(git diff --quiet HEAD || echo ', plus uncommitted changes'))"
stage old "$src_old"
stage new "$src_new"

project_version() {
    meson introspect --projectinfo "$work/build-$1" \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])'
}

abidiff=$(command -v abidiff || true)
python3 "$src_new/tests/compat/release_matrix.py" \
    --old-stage "$work/stage-old" --new-stage "$work/stage-new" \
    --old-source "$src_old" --new-source "$src_new" \
    --old-version "$(project_version old)" --new-version "$(project_version new)" \
    --old-name "$(project_version old)" \
    --cards "$cards" \
    --known-changes "$src_new/tests/compat/release-log-changes.txt" \
    --abidiff "$abidiff" "${write_baselines[@]}"
