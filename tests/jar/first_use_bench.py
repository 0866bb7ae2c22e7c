#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""first_use_bench.py JAVA KEYACT_JAR BENCH_JAR [ROUNDS]: the first use of keyact.jar's natives.

A benchmark, not a test (meson test --benchmark --suite jar-bench). Each round starts two fresh
JVMs on keyact.jar with no keyact setting and a cache folder of their own (XDG_CACHE_HOME): the
first finds it empty (extract, check, load: what a machine sees once), the second finds it
filled (check every file's SHA-256, load: every later start). Each JVM reports the loader's own
time for the natives and the time Registry.shared() took in all (natives and the jar's plugins)
(org.keyact.bench.FirstUse). Prints the medians and the ranges, in milliseconds.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile


def one(java, classpath, cache):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith('KEYACT_') and k not in ('LD_LIBRARY_PATH', 'XDG_CACHE_HOME')}
    env['XDG_CACHE_HOME'] = cache
    out = subprocess.run([java, '-cp', classpath, 'org.keyact.bench.FirstUse'], env=env,
                         check=True, capture_output=True, text=True).stdout
    m = re.search(r'natives_ms=([0-9.]+) shared_ms=([0-9.]+) extracted=(\d+) verified=(\d+) plugins=(\d+)', out)
    if not m or m.group(5) != '2':
        raise SystemExit(f'first_use_bench.py: unexpected output: {out}')
    return float(m.group(1)), float(m.group(2)), int(m.group(3)), int(m.group(4))


def main():
    java, keyact_jar, bench_jar = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 7
    classpath = keyact_jar + ':' + bench_jar
    cold, warm = [], []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as cache:
            first = one(java, classpath, cache)
            second = one(java, classpath, cache)
            if first[2] == 0 or second[2] != 0:
                raise SystemExit(f'first_use_bench.py: the first JVM extracted {first[2]} files, '
                                 f'the second {second[2]}')
            cold.append(first)
            warm.append(second)
    for name, runs, what in (('first use', cold, 'extract + check + load'),
                             ('later start', warm, 'check + load')):
        natives = [r[0] for r in runs]
        shared = [r[1] for r in runs]
        print(f'{name} ({what}, {runs[0][2] + runs[0][3]} files): natives median '
              f'{statistics.median(natives):.1f} ms (range {min(natives):.1f}-{max(natives):.1f}); '
              f'Registry.shared() with the plugins median {statistics.median(shared):.1f} ms '
              f'(range {min(shared):.1f}-{max(shared):.1f}); {rounds} JVMs')
    return 0


if __name__ == '__main__':
    sys.exit(main())
