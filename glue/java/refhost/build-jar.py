#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compile Java sources into a jar with resources and a main class.

build-jar.py --out JAR --classpath CP --main CLASS [--resource FILE:PATH]... -- SOURCES...

meson's jar() cannot put system jars (Jackson) on javac's class path, so the
Java host is built with this: javac -Werror -Xlint:all, then jar with a
manifest naming the main class.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--out', required=True)
    parser.add_argument('--classpath', default='')
    parser.add_argument('--main', required=True)
    parser.add_argument('--resource', action='append', default=[])
    parser.add_argument('--javac', default='javac')
    parser.add_argument('--jar', default='jar')
    parser.add_argument('sources', nargs='+')
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as classes:
        subprocess.run([args.javac, '-encoding', 'UTF-8', '--release', '17', '-Xlint:all', '-Werror',
                        '-cp', args.classpath, '-d', classes] + args.sources, check=True)
        for resource in args.resource:
            source, _, path = resource.partition(':')
            target = os.path.join(classes, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(source, target)
        subprocess.run([args.jar, '--create', '--file', args.out, '--main-class', args.main,
                        '-C', classes, '.'], check=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
