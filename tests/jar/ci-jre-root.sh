#!/bin/sh
# SPDX-License-Identifier: MIT
# ci-jre-root.sh root WORK: make the root alone (CI starts it early, in the background: it
#     waits on the mirror while the cross build uses the CPU).
# ci-jre-root.sh play BUILD WORK: keyact-xmage.jar on a machine with only a JRE (CI, as root;
#     needs mmdebstrap, bubblewrap, the Debian mirror, ../shared/engines/xmage).
#
# A minimal Debian 12 root (mmdebstrap --variant=minbase with openjdk-17-jre-headless:
# nothing of keyact, no development package) in WORK/root (made here unless `root` finished
# it), then:
#  - GLib, GModule, libffi and PCRE2 taken out of it (Debian's JRE root has them through
#    HarfBuzz, other distributions' may not): only the jar's copies can serve keyact;
#  - XMage's jars (../shared/engines/xmage) and their Debian run-time jars (guava, gson,
#    jsoup, protobuf, log4j 1.2, copied from this machine's /usr/share/java), JUnit's console
#    launcher, the adapter's test classes and BUILD's keyact-xmage.jar in /opt/xmage;
#  - a user of its own (uid 1000, home /home/player);
# and runs XMage's switch test there as that user (bwrap: a plain chroot lacks /proc, which the
# JVM needs): java -javaagent:keyact-xmage.jar with XMage's class path, a clean environment
# (HOME and PATH only: no LD_LIBRARY_PATH, no KEYACT_* variable, no keyact system property;
# -Dorg.keyact.xmage.switched=true tells the test what to expect), SwitchTest's real games
# through keyact, then JarNativesTest: every library keyact ran on mapped from the jar's
# extraction under /home/player/.cache/keyact. Prints each step's time. Exit 77 when a tool or
# ../shared is missing.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
xmage=$src/../shared/engines/xmage
say() { echo "jre-root: $*"; }
now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }
command -v mmdebstrap >/dev/null || { say "SKIP: mmdebstrap is not installed"; exit 77; }

# WORK/root, complete when WORK/root.done exists (a root half made is made again).
make_root() {
    rm -rf "$1/root" "$1/root.done"
    mkdir -p "$1"
    t=$(now)
    mmdebstrap --quiet --variant=minbase --include=openjdk-17-jre-headless bookworm "$1/root"
    say "mmdebstrap minbase + openjdk-17-jre-headless: $(du -sh "$1/root" | cut -f1), $(took "$t")"
    : >"$1/root.done"
}

case $1 in
    root) make_root "$2"; exit 0 ;;
    play) build=$2 work=$3 ;;
    *) echo "usage: ci-jre-root.sh root WORK | play BUILD WORK" >&2; exit 2 ;;
esac
jar=$build/glue/engines/xmage/keyact-xmage.jar
tests=$build/glue/engines/xmage/tests/keyact-xmage-tests.jar
command -v bwrap >/dev/null || { say "SKIP: bwrap is not installed"; exit 77; }
[ -d "$xmage" ] || { say "SKIP: no $xmage"; exit 77; }
[ -f "$jar" ] && [ -f "$tests" ] || { say "FAIL: build $jar and $tests first"; exit 1; }
[ -f "$work/root.done" ] || make_root "$work"
root=$work/root
t=$(now)

removed=
for lib in libglib-2.0.so.0 libgmodule-2.0.so.0 libffi.so.8 libpcre2-8.so.0; do
    for f in "$root"/usr/lib/*-linux-gnu/$lib*; do
        [ -e "$f" ] || continue
        rm -f "$f"
        removed="$removed ${f#$root}"
    done
done
say "removed from the root:${removed:- nothing (it had none)}"
opt=$root/opt/xmage
mkdir -p "$opt" "$root/home/player"
cp "$xmage"/*.jar "$opt/"
for j in guava gson jsoup protobuf log4j-1.2 junit-platform-console-standalone; do
    cp -L "/usr/share/java/$j.jar" "$opt/"
done
cp "$jar" "$tests" "$opt/"
grep -q '^player:' "$root/etc/passwd" || echo 'player:x:1000:1000:XMage server:/home/player:/bin/sh' >>"$root/etc/passwd"
grep -q '^player:' "$root/etc/group" || echo 'player:x:1000:' >>"$root/etc/group"
chown 1000:1000 "$root/home/player"
cp_jars=$(cd "$opt" && ls ./*.jar | grep -v '^./keyact-xmage.jar$' | sed 's|^\./|/opt/xmage/|' | tr '\n' ':')
say "in /opt/xmage: $(cd "$opt" && ls | tr '\n' ' ')"
say "the root's glibc: $(bwrap --bind "$root" / --proc /proc --dev /dev /usr/bin/ldd --version | head -1)"

set -- bwrap --bind "$root" / --proc /proc --dev /dev --tmpfs /tmp --die-with-parent \
    setpriv --reuid=1000 --regid=1000 --clear-groups -- \
    env -i HOME=/home/player PATH=/usr/bin:/bin \
    java -javaagent:/opt/xmage/keyact-xmage.jar -Dorg.keyact.xmage.switched=true -cp "$cp_jars" \
    org.junit.platform.console.ConsoleLauncher --disable-banner --details=tree --fail-if-no-tests \
    --select-class org.keyact.xmage.SwitchTest --select-class org.keyact.xmage.JarNativesTest
say "running as uid 1000: $*"
status=0
"$@" >"$work/switch.log" 2>&1 || status=$?
cat "$work/switch.log"
say "the switch test in the JRE-only root: $(took "$t") (copies and the JVM)"
if [ "$status" -ne 0 ] || ! grep -q '\[ *0 tests failed *\]' "$work/switch.log" \
    || grep -q '\[ *0 tests successful *\]' "$work/switch.log"; then
    say "FAIL: the switch test failed in the JRE-only root (exit $status)"
    exit 1
fi
grep -c 'keyact mapped .* from /home/player/.cache/keyact/' "$work/switch.log" | grep -qx 8 \
    || { say "FAIL: not every library keyact loaded came from the jar's extraction"; exit 1; }
say "PASS: XMage's switch test played its games through keyact-xmage.jar alone, as uid 1000 on minbase + JRE, with GLib, GModule, libffi and PCRE2 only from the jar"
