#!/bin/sh
# SPDX-License-Identifier: MIT
# build-xmage-jar.sh JAVAC JAR OUT.jar KEYACT_JAR CLASSPATH SWITCH_DIR SOURCE...: keyact-xmage.jar.
# The adapter's SOURCEs for Java 8 (against KEYACT_JAR and CLASSPATH), then the
# switch's stand-ins (SWITCH_DIR: mage/... classes named as XMage's, compiled
# against the adapter) stored as resources org/keyact/xmage/switch/NAME.bin,
# never as classes, so the jar on a class path shadows nothing; then the whole
# of KEYACT_JAR, its natives included (shaded: one file is all an XMage server
# adds, -javaagent:keyact-xmage.jar). The manifest names the agent
# (Premain-Class).
set -eu
javac=$1 jar=$2 out=$3 keyact_jar=$4 cp=$5 switch=$6
shift 6
case $keyact_jar in /*) ;; *) keyact_jar=$(pwd)/$keyact_jar ;; esac
work=$(pwd)/$out.d
case $out in /*) work=$out.d ;; esac
rm -rf "$work"
mkdir -p "$work/classes" "$work/switch"
flags="--release 8 -Xlint:all,-options,-serial -Werror -encoding UTF-8 -g"
"$javac" $flags -cp "$keyact_jar:$cp" -d "$work/classes" "$@"
"$javac" $flags -cp "$work/classes:$keyact_jar:$cp" -d "$work/switch" $(find "$switch" -name '*.java' | sort)
(cd "$work/switch" && find mage -name '*.class' | while read -r c; do
    mkdir -p "$work/classes/org/keyact/xmage/switch/$(dirname "$c")"
    cp "$c" "$work/classes/org/keyact/xmage/switch/${c%.class}.bin"
done)
(cd "$work/classes" && "$jar" --extract --file "$keyact_jar" && rm -f META-INF/MANIFEST.MF)
printf 'Premain-Class: org.keyact.xmage.Switch\n' >"$work/manifest"
"$jar" --create --file "$out" --manifest "$work/manifest" -C "$work/classes" .
rm -rf "$work"
