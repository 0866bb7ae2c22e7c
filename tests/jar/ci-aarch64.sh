#!/bin/sh
# SPDX-License-Identifier: MIT
# ci-aarch64.sh BUILD CROSS_BUILD: linux-aarch64 in CI, and the jar that carries both platforms.
#
#  1. CROSS_BUILD: this tree cross-built for linux-aarch64 with Debian's cross toolchain and
#     multiarch GLib (packaging/cross/aarch64-linux-gnu.ini): the natives keyact.jar carries
#     for it (glue/java/natives/linux-aarch64), the keyact command and the conformance tests;
#  2. under qemu-user-static, no binfmt needed: the discover and cascade conformance cases
#     through the aarch64 libkeyact-host (meson test, the cross file's exe_wrapper), and
#     `keyact check` on each aarch64 plugin as the jar carries it (stripped), run on the jar's
#     own aarch64 libkeyact-host and GLib (LD_LIBRARY_PATH; the loader's log says so);
#  3. BUILD reconfigured with -Djar_natives_from=CROSS_BUILD/glue/java/natives and rebuilt:
#     keyact.jar and keyact-xmage.jar now carry linux-x86_64 and linux-aarch64, which the jar
#     suite checks (meson test --suite jar: platforms, sizes, glibc floor);
#  4. Java on aarch64: Debian's arm64 JRE (openjdk-17-jre-headless:arm64, unpacked, not
#     installed) under qemu runs the binding's probe on the two-platform keyact.jar (the
#     linux-aarch64 natives extracted and a discover resolved) and, with ../shared, XMage's
#     switch test on keyact-xmage.jar alone (SwitchTest and JarNativesTest).
# Prints each step's time. Needs (CI installs them): crossbuild-essential-arm64,
# qemu-user-static, and with `dpkg --add-architecture arm64`: libglib2.0-dev:arm64
# libjson-glib-dev:arm64 libffi-dev:arm64 libseccomp-dev:arm64 libgtest-dev:arm64
# libstdc++6:arm64.
set -eu
mkdir -p "$2"
build=$(cd "$1" && pwd) cross=$(cd "$2" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
say() { echo "aarch64: $*"; }
now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }
for tool in aarch64-linux-gnu-gcc qemu-aarch64-static patchelf; do
    command -v $tool >/dev/null || { say "SKIP: $tool is not installed"; exit 77; }
done
qemu=qemu-aarch64-static
logs=$cross.logs
mkdir -p "$logs"

t=$(now)
if [ ! -f "$cross/build.ninja" ]; then
    rm -rf "$cross"
    meson setup "$cross" "$src" --cross-file "$src/packaging/cross/aarch64-linux-gnu.ini" \
        -Djava=enabled -Djar_natives=enabled -Dxmage=disabled -Dman=disabled >"$logs/setup.log" 2>&1 \
        || { cat "$logs/setup.log"; say "FAIL: meson setup"; exit 1; }
fi
ninja -C "$cross" glue/java/natives-linux-aarch64.stamp glue/cli/keyact \
    tests/unit/keyact-unit-conformance tests/cascade/keyact-cascade-conformance >"$logs/ninja.log" 2>&1 \
    || { cat "$logs/ninja.log"; say "FAIL: the cross build"; exit 1; }
natives=$cross/glue/java/natives
say "cross build (natives, keyact, conformance tests): $(took "$t")"

t=$(now)
meson test -C "$cross" --no-rebuild --print-errorlogs unit-conformance cascade-conformance
for plugin in discover cascade; do
    so=$natives/linux-aarch64/plugins/keyact-$plugin.so
    file "$so" | grep -q 'ARM aarch64' || { say "FAIL: $so is not an aarch64 object"; exit 1; }
    rm -f "$cross/ld-debug".*
    LD_LIBRARY_PATH=$natives/linux-aarch64 LD_DEBUG=libs LD_DEBUG_OUTPUT=$cross/ld-debug \
        $qemu "$cross/glue/cli/keyact" check "$so"
    grep -h 'calling init: .*libkeyact-host' "$cross/ld-debug".* | sort -u | sed 's/^ *[0-9]*: *//; s/^/aarch64: /'
    grep -qh "calling init: $natives/linux-aarch64/libkeyact-host.so.1" "$cross/ld-debug".* \
        || { say "FAIL: keyact check did not run on the jar's aarch64 libkeyact-host"; exit 1; }
done
say "conformance under qemu (meson test, keyact check on both plugins): $(took "$t")"

t=$(now)
meson configure "$build" "-Djar_natives_from=$natives"
ninja -C "$build" >"$logs/ninja-jars.log" 2>&1 || { cat "$logs/ninja-jars.log"; say "FAIL: rebuilding the jars"; exit 1; }
meson test -C "$build" --no-rebuild --print-errorlogs --suite jar
grep -hE '^(keyact(-xmage)?\.jar:|  linux-[a-z0-9_]+: [0-9]+ files|linux-[a-z0-9_]+: glibc floor)' \
    "$build/meson-logs/testlog.txt" | sed 's/^/aarch64: /'
say "the jars with both platforms (build, jar suite): $(took "$t")"

t=$(now)
jre=$cross/jre-arm64
if [ ! -x "$jre/usr/lib/jvm/java-17-openjdk-arm64/bin/java" ]; then
    rm -rf "$jre"
    mkdir -p "$jre"
    (cd "$jre" && apt-get download -q openjdk-17-jre-headless:arm64 >/dev/null 2>&1 \
        && dpkg-deb -x openjdk-17-jre-headless_*_arm64.deb . && rm -f ./*.deb) \
        || { say "FAIL: cannot fetch openjdk-17-jre-headless:arm64"; exit 1; }
fi
java=$jre/usr/lib/jvm/java-17-openjdk-arm64/bin/java
say "arm64 JRE: $($qemu "$java" -version 2>&1 | head -1), $(took "$t")"
cache=$cross/java-cache
t=$(now)
rm -rf "$cache"
out=$(env -u KEYACT_PLUGIN_PATH -u KEYACT_JNI_LIBRARY -u KEYACT_NATIVE_DIR -u LD_LIBRARY_PATH XDG_CACHE_HOME="$cache" \
    $qemu "$java" -cp "$build/glue/java/keyact.jar:$build/tests/java/keyact-tests.jar" org.keyact.NativesProbe 2>&1) \
    || { echo "$out"; say "FAIL: the probe on the arm64 JVM"; exit 1; }
echo "$out"
echo "$out" | grep -q 'resolved CAST Lightning Bolt' || { say "FAIL: no discover resolved on the arm64 JVM"; exit 1; }
echo "$out" | grep -q "mapped $cache/keyact/linux-aarch64-[0-9a-f]*/libglib-2.0.so.0" \
    || { say "FAIL: the arm64 JVM did not run on the jar's linux-aarch64 natives"; exit 1; }
say "Java resolve on the arm64 JVM under qemu (extract, load, discover): $(took "$t")"

xmage=$src/../shared/engines/xmage
if [ -f "$build/glue/engines/xmage/keyact-xmage.jar" ] && [ -d "$xmage" ]; then
    t=$(now)
    rm -rf "$cache"
    cp=/usr/share/java/junit-platform-console-standalone.jar:$build/glue/engines/xmage/tests/keyact-xmage-tests.jar
    for j in mage-1.4.61 mage-game-twoplayerduel-1.4.61 mage-player-ai-1.4.61 mage-common-part-1.4.61 \
             mage-sets-part-1.4.61 ormlite-7.0-SNAPSHOT; do
        cp=$cp:$xmage/$j.jar
    done
    for j in guava gson jsoup protobuf log4j-1.2; do
        cp=$cp:/usr/share/java/$j.jar
    done
    status=0
    env -u KEYACT_PLUGIN_PATH -u KEYACT_JNI_LIBRARY -u KEYACT_NATIVE_DIR -u LD_LIBRARY_PATH XDG_CACHE_HOME="$cache" \
        $qemu "$java" -javaagent:"$build/glue/engines/xmage/keyact-xmage.jar" -Dorg.keyact.xmage.switched=true \
        -cp "$cp" org.junit.platform.console.ConsoleLauncher --disable-banner --details=summary --fail-if-no-tests \
        --select-class org.keyact.xmage.SwitchTest --select-class org.keyact.xmage.JarNativesTest \
        >"$cross/switch.log" 2>&1 || status=$?
    grep -E 'keyact mapped|tests (successful|failed)' "$cross/switch.log" | sed 's/^/aarch64: /'
    if [ "$status" -ne 0 ] || ! grep -q "keyact mapped libglib-2.0.so.0 from $cache/keyact/linux-aarch64-" "$cross/switch.log"; then
        cat "$cross/switch.log"
        say "FAIL: XMage's switch test on the arm64 JVM"
        exit 1
    fi
    say "XMage's switch test on the arm64 JVM under qemu: $(took "$t")"
fi
say "PASS: linux-aarch64 conformance under qemu, the jar carries linux-x86_64 and linux-aarch64, Java resolves on arm64"
