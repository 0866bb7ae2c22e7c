#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run a few tests again under a hostile environment: the one a user of the
installed command might have, with KEYACT_PLUGIN_PATH pointing at both built
plugins, KEYACT_IMPL pinning implementations that do not exist, a bogus
KEYACT_CARD_POOL and GLib debug output on. They must pass exactly as in a
clean shell, because every test sets or clears what it reads (tests/meson.build).

    run_hostile.py MESON BUILD_DIR DISCOVER_DIR CASCADE_DIR TEST...

Runs `meson test --no-rebuild` on the named tests this build defines, in
BUILD_DIR, with its own log files (--logbase), so the outer run's logs are
untouched. Exit 0 when every one passed (or skipped as in a clean shell), 1
otherwise, 77 when the build defines none of them.
"""
import json
import os
import subprocess
import sys


def defined_tests(meson, build):
    """The names of the tests this build defines (some depend on options)."""
    listing = subprocess.run([meson, 'introspect', '--tests', build], check=True,
                             stdout=subprocess.PIPE, text=True).stdout
    return {test['name'] for test in json.loads(listing)}


def main():
    meson, build, discover_dir, cascade_dir, *wanted = sys.argv[1:]
    defined = defined_tests(meson, build)
    tests = [name for name in wanted if name in defined]
    for name in wanted:
        if name not in defined:
            print(f'not in this build: {name}')
    if not tests:
        print('SKIP: none of the representative tests is in this build')
        return 77
    env = dict(os.environ,
               KEYACT_PLUGIN_PATH=f'{discover_dir}:{cascade_dir}',
               KEYACT_IMPL='discover=org.example.none,cascade=org.example.none',
               KEYACT_CARD_POOL='/nonexistent/cards.json.gz',
               KEYACT_DISCOVER_MODULE='/nonexistent/keyact-discover.so',
               G_MESSAGES_DEBUG='all')
    print('hostile environment:')
    for name in ('KEYACT_PLUGIN_PATH', 'KEYACT_IMPL', 'KEYACT_CARD_POOL',
                 'KEYACT_DISCOVER_MODULE', 'G_MESSAGES_DEBUG'):
        print(f'  {name}={env[name]}')
    proc = subprocess.run([meson, 'test', '-C', build, '--no-rebuild', '--logbase',
                           'hostile-env', '--print-errorlogs', *tests],
                          env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, check=False)
    print(proc.stdout)
    if proc.returncode != 0:
        print(f'FAIL: {len(tests)} tests under the hostile environment: meson test exited '
              f'{proc.returncode}')
        return 1
    print(f'ok: {len(tests)} tests pass under the hostile environment')
    return 0


if __name__ == '__main__':
    sys.exit(main())
