#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""abi_check.py - the built libraries still match the committed ABI
baselines (packaging/abi/*.abi), and the suppressions there accept appended
struct members and nothing else.

Usage: abi_check.py --abidiff ABIDIFF --suppressions FILE
                    --baseline BASELINE.abi LIBRARY HEADER:HEADER... [--baseline ...]
                    [--probe-base SO --probe-appended SO --probe-midfield SO
                     --probe-current SO]
Only types declared in a library's public HEADERs count (abidw/abidiff
--drop-private-types), so private structs may change freely.
The probes are one tiny library built from headers/v1_0, from headers/v1_1
(members appended) and from abi-probe/midfield (a member inserted in the
middle of keyact_host), and once from today's abi/keyact headers, which must
be the frozen 1.0 ones plus appended members. Exit 77 (skipped) only when
abidiff is missing.
The baselines are written by tests/compat/release-matrix.sh
--write-baselines only (see packaging/abi/README.md).
"""
import argparse
import subprocess
import sys


def header_args(option, headers):
    args = []
    for header in headers.split(':') if headers else []:
        args += [option, header]
    return args


def abidiff(tool, suppressions, old, new, headers=None):
    args = [tool, '--fail-no-debug-info']
    if suppressions:
        args += ['--suppressions', suppressions]
    if headers:
        args += ['--drop-private-types'] + header_args('--hf2', headers)
    proc = subprocess.run(args + [old, new], capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--abidiff', required=True)
    parser.add_argument('--suppressions', required=True)
    parser.add_argument('--baseline', nargs=3, action='append', default=[],
                        metavar=('BASELINE', 'LIBRARY', 'HEADERS'))
    parser.add_argument('--probe-base')
    parser.add_argument('--probe-appended')
    parser.add_argument('--probe-midfield')
    parser.add_argument('--probe-current')
    args = parser.parse_args()
    probes = [args.probe_base, args.probe_appended, args.probe_midfield, args.probe_current]
    if not all(probes):
        parser.error('--probe-base, --probe-appended, --probe-midfield and --probe-current '
                     'are required')
    if not args.abidiff:
        print('SKIP: abidiff is not installed (apt-get install abigail-tools)')
        return 77

    ok = True

    def expect(what, returncode, output, should_pass, must_mention=None):
        nonlocal ok
        passed = returncode == 0
        good = passed == should_pass and (must_mention is None or must_mention in output)
        print(f'{"ok  " if good else "FAIL"} {what}: abidiff exit {returncode}')
        if not good or not passed:
            print('     ' + output.strip().replace('\n', '\n     '))
        ok = ok and good

    for baseline, library, headers in args.baseline:
        code, out = abidiff(args.abidiff, args.suppressions, baseline, library, headers)
        expect(f'{library} against {baseline}', code, out, True)
        # The comparison must be able to fail: a baseline without the types
        # (no debug info when it was written) would compare nothing.
        if '<class-decl' not in open(baseline, encoding='utf-8').read():
            print(f'FAIL {baseline} describes no struct; regenerate it from a -g build')
            ok = False

    code, out = abidiff(args.abidiff, args.suppressions, args.probe_base, args.probe_appended)
    expect('probe: members appended (1.1), with the suppressions', code, out, True)
    code, out = abidiff(args.abidiff, None, args.probe_base, args.probe_appended)
    expect('probe: members appended (1.1), without the suppressions', code, out, False)
    code, out = abidiff(args.abidiff, args.suppressions, args.probe_base, args.probe_midfield)
    expect('probe: a member inserted mid-struct, with the suppressions', code, out, False,
           must_mention='host_version')
    code, out = abidiff(args.abidiff, args.suppressions, args.probe_base, args.probe_current)
    expect('probe: abi/keyact today against the frozen 1.0 headers', code, out, True)
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
