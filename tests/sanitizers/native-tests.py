#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Print, one per line, the names of a build's tests whose command is a
native program (an ELF file), leaving out the given suites.

    native-tests.py BUILD_DIR [EXCLUDED_SUITE...]

The valgrind step wraps tests in valgrind: a Python script under valgrind
would measure the interpreter (and a JVM, also an ELF program, its JIT),
and a test that runs valgrind itself (bench-insn, callgrind) cannot be
wrapped in it again.
"""
import json
import os
import subprocess
import sys


def is_elf(path):
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    excluded = {"keyact:" + s for s in sys.argv[2:]} | set(sys.argv[2:])
    tests = json.loads(subprocess.run(["meson", "introspect", "--tests", sys.argv[1]],
                                      check=True, capture_output=True, text=True).stdout)
    for test in tests:
        if excluded & set(test["suite"]):
            continue
        program = test["cmd"][0]
        if is_elf(program) and os.path.basename(program) not in ("sh", "java"):
            print(test["name"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
