#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""keyact check --isolated: the steps through libkeyact-host load the plugin
isolated. The Discover plugin passes every check so; a plugin that opens a
file during its resolves (which in-process nothing stops) fails its
conformance cases, each resolve killed by the sandbox and named.

usage: check_test.py KEYACT DISCOVER_SO OPENS_A_FILE_SO
"""
import json
import subprocess
import sys


def check(keyact, plugin):
    return subprocess.run([keyact, 'check', '--isolated', '--json', plugin],
                          capture_output=True, timeout=300)


def main():
    keyact, discover, opens = sys.argv[1:4]
    failures = []

    good = check(keyact, discover)
    report = json.loads(good.stdout)
    items = {c['name']: c for c in report['checks']}
    if good.returncode != 0 or not report['passed']:
        failures.append('the Discover plugin does not pass isolated:\n' + good.stdout.decode())
    if 'isolated in its sandboxed helper' not in items.get('host-load', {}).get('reason', ''):
        failures.append('host-load does not say the load was isolated')
    if not any(name.endswith(', isolated)') for name in items):
        failures.append('no conformance item ran isolated: %s' % sorted(items))

    bad = check(keyact, opens)
    report = json.loads(bad.stdout)
    failed = [c['name'] for c in report['checks'] if c['status'] == 'fail']
    if bad.returncode != 1:
        failures.append('a plugin the sandbox kills passes (exit %d)' % bad.returncode)
    if not failed or not all(name.startswith('conformance ') for name in failed):
        failures.append('expected only conformance items to fail, got %s' % failed)
    if b'killed by SIGSYS: it made a system call its sandbox forbids' not in bad.stderr:
        failures.append('the sandbox\'s kill is not named on stderr')

    for failure in failures:
        print('FAIL: ' + failure)
    print('keyact check --isolated: %d failures' % len(failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
