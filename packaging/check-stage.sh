#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A plugin built against a DESTDIR stage, the way README and
# keyact-plugin(7) say: install BUILD into a temporary stage, copy the
# template the install put there (datadir/keyact-1/template), and build and
# test it with only PKG_CONFIG_SYSROOT_DIR and PKG_CONFIG_PATH pointing into
# the stage. Then check that the flags came from the stage, not from /usr.
#
#   packaging/check-stage.sh BUILD_DIR      (an ordinary meson build; 1-2 minutes)
set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: $0 BUILD_DIR" >&2
    exit 2
fi
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/stage

prefix=$(meson introspect --buildoptions "$build" \
    | python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
libdir=$(meson introspect --buildoptions "$build" \
    | python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "libdir"))')
datadir=$(meson introspect --buildoptions "$build" \
    | python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "datadir"))')
case $libdir in /*) ;; *) libdir=$prefix/$libdir ;; esac
case $datadir in /*) ;; *) datadir=$prefix/$datadir ;; esac

DESTDIR=$stage meson install -C "$build" --no-rebuild --quiet >"$work/install.log" 2>&1 \
    || { cat "$work/install.log"; echo "check-stage: meson install failed" >&2; exit 1; }
[ -f "$stage$datadir/keyact-1/template/meson.build" ] \
    || { echo "check-stage: no template in $stage$datadir/keyact-1/template" >&2; exit 1; }
cp -r "$stage$datadir/keyact-1/template" "$work/my-plugin"

# The documented variables, and nothing else from the stage.
export PKG_CONFIG_SYSROOT_DIR=$stage
export PKG_CONFIG_PATH=$stage$libdir/pkgconfig
cflags=$(pkg-config --cflags keyact-1)
case $cflags in
    *"-I$stage$prefix/include/keyact-1"*) ;;
    *) echo "check-stage: pkg-config --cflags keyact-1 gave '$cflags', not the stage's headers" >&2; exit 1 ;;
esac
echo "check-stage: pkg-config --cflags keyact-1: $cflags"

meson setup "$work/my-plugin/build" "$work/my-plugin" --prefix="$prefix" >"$work/setup.log" 2>&1 \
    || { cat "$work/setup.log"; echo "check-stage: template setup failed" >&2; exit 1; }
ninja -C "$work/my-plugin/build" >"$work/build.log" 2>&1 \
    || { cat "$work/build.log"; echo "check-stage: template build failed" >&2; exit 1; }
# The compile lines used the stage's include directory.
grep -q -- "-I$stage$prefix/include/keyact-1" "$work/my-plugin/build/build.ninja" \
    || { echo "check-stage: the template was not compiled against the stage" >&2; exit 1; }
# Its own test (the action on an array host); `keyact check` too when the
# staged keyact runs (its library and plugins from the stage).
LD_LIBRARY_PATH=$stage$libdir PATH=$stage$prefix/bin:$PATH \
    KEYACT_PLUGIN_PATH=$stage$libdir/keyact-1/plugins \
    meson test -C "$work/my-plugin/build" --print-errorlogs >"$work/test.log" 2>&1 \
    || { cat "$work/test.log"; echo "check-stage: template tests failed" >&2; exit 1; }
grep -E '^ *[0-9]+/[0-9]+ ' "$work/test.log"
echo "check-stage: PASS: the template built and tested against the DESTDIR stage $stage"
