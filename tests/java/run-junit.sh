#!/bin/sh
# SPDX-License-Identifier: MIT
# run-junit.sh JAVA ARGS...: run the JUnit console launcher and fail when the
# JVM's -Xcheck:jni reported anything (it warns on stdout and goes on).
set -u
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$@" >"$out" 2>&1
rc=$?
cat "$out"
if grep -q -e 'WARNING in native method' -e 'FATAL ERROR in native method' "$out"; then
    echo "run-junit.sh: -Xcheck:jni reported a problem" >&2
    exit 1
fi
exit $rc
