#!/bin/sh
# SPDX-License-Identifier: MIT
# build-xmage-jar.sh JAVAC JAR OUT.jar CLASSPATH SWITCH_DIR SOURCE...: keyact-xmage.jar.
# The adapter's SOURCEs for Java 8, then the switch's stand-ins (SWITCH_DIR:
# mage/... classes named as XMage's, compiled against the adapter) stored as
# resources org/keyact/xmage/switch/NAME.bin, never as classes, so the jar on a
# class path shadows nothing; the manifest names the agent (Premain-Class) and
# keyact.jar beside it (Class-Path).
set -eu
javac=$1 jar=$2 out=$3 cp=$4 switch=$5
shift 5
work=$(pwd)/$out.d
case $out in /*) work=$out.d ;; esac
rm -rf "$work"
mkdir -p "$work/classes" "$work/switch"
flags="--release 8 -Xlint:all,-options,-serial -Werror -encoding UTF-8 -g"
"$javac" $flags -cp "$cp" -d "$work/classes" "$@"
"$javac" $flags -cp "$work/classes:$cp" -d "$work/switch" $(find "$switch" -name '*.java' | sort)
(cd "$work/switch" && find mage -name '*.class' | while read -r c; do
    mkdir -p "$work/classes/org/keyact/xmage/switch/$(dirname "$c")"
    cp "$c" "$work/classes/org/keyact/xmage/switch/${c%.class}.bin"
done)
printf 'Premain-Class: org.keyact.xmage.Switch\nClass-Path: keyact.jar\n' >"$work/manifest"
"$jar" --create --file "$out" --manifest "$work/manifest" -C "$work/classes" .
rm -rf "$work"
