#!/bin/sh
# SPDX-License-Identifier: MIT
# build-jar.sh JAVAC JAR OUT.jar CLASSPATH SOURCE...: compile every source in
# one javac run (meson 1.0's jar() runs javac once per file) and pack the
# classes into OUT.jar. CLASSPATH may be "" (none).
set -eu
javac=$1 jar=$2 out=$3 cp=$4
shift 4
classes=$out.classes
rm -rf "$classes"
mkdir -p "$classes"
"$javac" --release 17 -Xlint:all -Werror -encoding UTF-8 -g ${cp:+-cp "$cp"} -d "$classes" "$@"
"$jar" --create --file "$out" -C "$classes" .
rm -rf "$classes"
