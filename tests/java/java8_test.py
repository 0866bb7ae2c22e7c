#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""keyact.jar as a Java 8 library.

java8_test.py classes JAR
    every class in JAR (and every stand-in class stored as NAME.bin) is
    class-file version 52 (Java 8).
java8_test.py consumer --javac J --java J --jar JAR --jni LIB --discover SO --readme MD
    the Java example of MD (the first ```java block) compiles with
    `javac --release 8 -Xlint:all -Werror` against JAR alone and runs under
    -Xcheck:jni, printing the lines its comments promise (checked here).
"""
import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile
import zipfile


def check_classes(jar):
    versions = {}
    with zipfile.ZipFile(jar) as z:
        for name in z.namelist():
            # .bin: the XMage switch's stand-in classes, stored as resources
            if name.endswith('.class') or name.endswith('.bin'):
                head = z.read(name)[:8]
                magic, _minor, major = struct.unpack('>IHH', head)
                if magic != 0xCAFEBABE:
                    print(f'{name}: not a class file', file=sys.stderr)
                    return 1
                versions[name] = major
    if not versions:
        print(f'{jar}: no classes', file=sys.stderr)
        return 1
    bad = {n: v for n, v in versions.items() if v != 52}
    for name, major in sorted(bad.items()):
        print(f'{name}: class-file version {major}, not 52 (Java 8)', file=sys.stderr)
    print(f'{len(versions)} classes, {len(bad)} not version 52')
    return 1 if bad else 0


def example(readme):
    with open(readme, encoding='utf-8') as f:
        text = f.read()
    m = re.search(r'```java\n(.*?)```', text, re.S)
    if not m:
        raise SystemExit(f'{readme}: no ```java block')
    code = m.group(1)
    cls = re.search(r'public final class (\w+)', code)
    return cls.group(1), code


def run_consumer(args):
    name, code = example(args.readme)
    # The lines the example promises in its comments ("// prints: ...").
    promised = re.findall(r'// prints: (.*)', code)
    if not promised:
        raise SystemExit('the example promises no output ("// prints: ...")')
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, name + '.java')
        with open(src, 'w', encoding='utf-8') as f:
            f.write(code)
        subprocess.run([args.javac, '--release', '8', '-Xlint:all', '-Xlint:-options', '-Werror',
                        '-encoding', 'UTF-8', '-cp', args.jar, '-d', tmp, src], check=True)
        with open(os.path.join(tmp, name + '.class'), 'rb') as f:
            major = struct.unpack('>IHH', f.read(8))[2]
        if major != 52:
            print(f'{name}.class is version {major}, not 52', file=sys.stderr)
            return 1
        env = dict(os.environ, KEYACT_PLUGIN_PATH='', KEYACT_IMPL='')
        run = subprocess.run([args.java, '-Xcheck:jni', '-Xmx64m',
                              '-Dorg.keyact.jni.library=' + args.jni,
                              '-cp', tmp + os.pathsep + args.jar, name, args.discover],
                             env=env, capture_output=True, text=True)
    print(run.stdout, end='')
    print(run.stderr, end='', file=sys.stderr)
    if run.returncode != 0:
        print(f'{name} exited {run.returncode}', file=sys.stderr)
        return 1
    if 'WARNING in native method' in run.stdout + run.stderr:
        print('-Xcheck:jni reported a problem', file=sys.stderr)
        return 1
    lines = run.stdout.splitlines()
    if lines != promised:
        print(f'printed {lines}, the example promises {promised}', file=sys.stderr)
        return 1
    return 0


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest='what', required=True)
    c = sub.add_parser('classes')
    c.add_argument('jar')
    u = sub.add_parser('consumer')
    for opt in ('--javac', '--java', '--jar', '--jni', '--discover', '--readme'):
        u.add_argument(opt, required=True)
    args = parser.parse_args()
    return check_classes(args.jar) if args.what == 'classes' else run_consumer(args)


if __name__ == '__main__':
    sys.exit(main())
