#!/bin/sh
# SPDX-License-Identifier: MIT
# build-jar.sh [--release N] [--lint-off NAME] [--resources DIR] JAVAC JAR OUT.jar CLASSPATH SOURCE...: compile
# every source in one javac run (meson 1.0's jar() runs javac once per file)
# for Java N (default 17) and pack the classes into OUT.jar. CLASSPATH may be
# "" (none). keyact.jar itself is built with --release 8 (XMage runs on Java 8);
# -Xlint:-options keeps a newer javac's "release 8 is obsolete" note from
# failing -Werror. --lint-off NAME drops one -Xlint check (the XMage adapter:
# serial, as XMage's own effects declare no serialVersionUID). --resources DIR
# adds DIR's files as they are laid out there (keyact.jar: its natives).
set -eu
release=17
lint=all,-options
resources=
while :; do
    case $1 in
        --release) release=$2; shift 2 ;;
        --lint-off) lint=$lint,-$2; shift 2 ;;
        --resources) resources=$2; shift 2 ;;
        *) break ;;
    esac
done
javac=$1 jar=$2 out=$3 cp=$4
shift 4
classes=$out.classes
rm -rf "$classes"
mkdir -p "$classes"
"$javac" --release "$release" -Xlint:$lint -Werror -encoding UTF-8 -g ${cp:+-cp "$cp"} \
    -d "$classes" "$@"
"$jar" --create --file "$out" -C "$classes" . ${resources:+-C "$resources" .}
rm -rf "$classes"
