#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build the Debian packages, check them with lintian, unpack them into a
# fresh root apart from any build tree, and run the installed files:
# `keyact demo`, `keyact check` on each installed plugin, and the plugin
# template (from libkeyact-dev, /usr/share/keyact-1/template) built against the installed
# headers and checked with the installed `keyact check`.
#
#   packaging/ci-debs.sh [OUT_DIR]     (default build-debs; root, Debian 12)
#
# Installs what it needs with apt-get (the tools below and the source's
# Build-Depends). The unpacked root is used with LD_LIBRARY_PATH and
# KEYACT_PLUGIN_PATH, since its files are not at the paths compiled into
# them (/usr/...); that the compiled-in plugin directory is the one the
# plugin package installs into is checked separately.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
out=${1:-build-debs}
case "$out" in /*) ;; *) out="$repo/$out" ;; esac

step() { printf '\n== %s\n' "$*"; }
fail() { echo "ci-debs: $*" >&2; exit 1; }

version=$(sed -n '1s/^keyact (\([^)]*\)).*/\1/p' packaging/debian/changelog)
src="$out/keyact-$version"
root="$out/root"

step "tools"
tools=(dpkg-dev debhelper fakeroot lintian)
missing=()
for p in "${tools[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

step "source tree for dpkg-buildpackage: $src"
rm -rf "$out"
mkdir -p "$src"
# What git has (tracked and new, not ignored): no build directories.
git ls-files -z --cached --others --exclude-standard \
    | tar --null -T - -cf - | tar -xf - -C "$src"
cp -r packaging/debian "$src/debian"
(cd "$src" && DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -qq ./ >/dev/null)

step "dpkg-buildpackage -us -uc -b (build, tests, packages)"
start=$(date +%s)
if ! (cd "$src" && dpkg-buildpackage -us -uc -b -J"$(nproc)") >"$out/build.log" 2>&1; then
    tail -60 "$out/build.log"
    fail "dpkg-buildpackage failed; full log in $out/build.log"
fi
echo "built in $(( $(date +%s) - start )) s; log: $out/build.log"
# The package-build test run, as meson summed it up.
sed -n '/^Ok: /,/^Timeout: /p' "$out/build.log"

# Nothing below may use the source or its build tree.
rm -rf "$src"
shopt -s nullglob
all_debs=("$out"/*.deb)
debs=()   # what gets installed: all but the detached debug symbols
for deb in "${all_debs[@]}"; do
    case "$deb" in *-dbgsym_*) ;; *) debs+=("$deb") ;; esac
done
[ ${#debs[@]} -gt 0 ] || fail "no .deb built"

step "packages"
printf '%-30s %-10s %10s %16s\n' package version "deb bytes" "installed KiB"
for deb in "${all_debs[@]}"; do
    printf '%-30s %-10s %10s %16s\n' "$(dpkg-deb -f "$deb" Package)" "$(dpkg-deb -f "$deb" Version)" \
        "$(stat -c %s "$deb")" "$(dpkg-deb -f "$deb" Installed-Size)"
done

step "lintian"
changes=("$out"/*.changes)
lintian_rc=0
lintian --fail-on error --display-info "${changes[@]}" >"$out/lintian.log" 2>&1 || lintian_rc=$?
grep -v '^running with root privileges' "$out/lintian.log" || true
for level in E W I; do
    printf '%s: %s  ' "$level" "$(grep -c "^$level: " "$out/lintian.log" || true)"
done
echo
[ "$lintian_rc" -eq 0 ] || fail "lintian reported errors (exit $lintian_rc)"

step "dependencies resolve on this release (apt-get install --simulate)"
apt-get install --simulate -qq "${debs[@]}" | awk '/^Inst / {print "  would install", $2}'

step "unpack into a fresh root: $root"
mkdir -p "$root"
for deb in "${debs[@]}"; do
    dpkg-deb -x "$deb" "$root"
done
(cd "$root" && find . \( -type f -o -type l \) | sort)

triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
libdir="$root/usr/lib/$triplet"
plugins="/usr/lib/$triplet/keyact-1/plugins"

step "the installed host's plugin directory"
# Three places must agree: the directory compiled into libkeyact-host, the
# pluginsdir of both pkg-config files, and where the plugin package put it.
grep -qaF "$plugins" "$libdir/libkeyact-host.so.1" \
    || fail "libkeyact-host.so.1 does not name $plugins as its plugin directory"
for pc in keyact-1 keyact-host-1; do
    got=$(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --variable=pluginsdir "$pc")
    [ "$got" = "$plugins" ] || fail "$pc.pc: pluginsdir is $got, not $plugins"
done
for plugin in keyact-discover.so keyact-cascade.so; do
    [ -f "$root$plugins/$plugin" ] || fail "$plugin is not in $plugins"
done
echo "compiled-in, keyact-1.pc, keyact-host-1.pc and the package: $plugins"

# Run from an empty directory with only the unpacked root on the paths.
run_dir=$(mktemp -d)
trap 'rm -rf "$run_dir"' EXIT
installed() {
    (cd "$run_dir" && env -i HOME="$run_dir" PATH="$root/usr/bin:/usr/bin:/bin" \
        LD_LIBRARY_PATH="$libdir" KEYACT_PLUGIN_PATH="$root$plugins" "$@")
}

step "installed: keyact demo"
installed ldd "$root/usr/bin/keyact" | grep keyact
installed keyact demo >"$out/demo.log" || fail "keyact demo failed"
grep -E '^(==|Alice discovered)' "$out/demo.log"
installed keyact demo --json >"$out/demo.json" || fail "keyact demo --json failed"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(len(d["discoveries"]), "discoveries in demo --json")' \
    "$out/demo.json"

step "installed: keyact check on the installed plugins"
for plugin in keyact-discover.so keyact-cascade.so; do
    installed keyact check "$root$plugins/$plugin"
done

# The helper found beside the installed library (no KEYACT_PLUGIN_HELPER).
step "installed: isolated plugins (keyact-plugin-helper from the package)"
helper="$libdir/keyact-1/keyact-plugin-helper"
[ -x "$helper" ] || fail "keyact-plugin-helper is not at $helper"
installed keyact demo --json --isolated >"$out/demo-isolated.json" \
    || fail "keyact demo --isolated failed"
cmp "$out/demo.json" "$out/demo-isolated.json" \
    || fail "keyact demo --isolated played another game than in-process"
echo "keyact demo --isolated: the same document as in-process"
installed keyact check --isolated "$root$plugins/keyact-discover.so" | tail -1

step "installed: the plugin template from libkeyact-dev, built against the installed headers"
template="$out/template"
cp -r "$root/usr/share/keyact-1/template" "$template"
# The .pc files say prefix=/usr; point copies of them at the unpacked root.
mkdir -p "$out/pkgconfig"
for pc in "$libdir"/pkgconfig/*.pc; do
    sed "s|^prefix=/usr\$|prefix=$root/usr|" "$pc" >"$out/pkgconfig/$(basename "$pc")"
done
installed env PKG_CONFIG_PATH="$out/pkgconfig" meson setup "$out/template-build" "$template" \
    --prefix=/usr >"$out/template.log" 2>&1 || { cat "$out/template.log"; fail "template: meson setup failed"; }
grep -E 'keyact-1|Program keyact' "$out/template.log"
installed ninja -C "$out/template-build" >>"$out/template.log" 2>&1 \
    || { cat "$out/template.log"; fail "template: build failed"; }
echo "exports: $(nm -D --defined-only "$out/template-build/keyact-template.so" | awk '{print $3}' | paste -sd' ')"
installed meson test -C "$out/template-build" --print-errorlogs --verbose >>"$out/template.log" 2>&1 \
    || { cat "$out/template.log"; fail "template: keyact check failed"; }
grep -E '^draw: ' "$out/template.log"
sed -n '/^keyact check /,/^PASS\|^FAIL/p' "$out/template.log"

step "installed: keyact-jvm run, the Java host on the installed jars and JNI library"
installed ldd "$libdir/jni/libkeyact-jni.so" | grep keyact
# A scenario file is input, not build output: the split card, discover 4.
cp "$repo/tests/scenarios/cases/split.json" "$run_dir/scenario.json"
installed keyact-jvm run "$run_dir/scenario.json" >"$out/jvm.log" || { cat "$out/jvm.log"; fail "keyact-jvm run failed"; }
installed keyact run "$run_dir/scenario.json" >"$out/c.log" || fail "keyact run failed"
diff -u "$out/c.log" "$out/jvm.log" || fail "keyact-jvm run and keyact run disagree"
echo "keyact-jvm run and keyact run print the same log ($(wc -l <"$out/jvm.log") lines)"

step "debs: all checks passed"
