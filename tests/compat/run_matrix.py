#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""run_matrix.py - every plugin against every host, old and new.

Hosts (columns): `real` is libkeyact-host (ABI 1.0), `v1_1` and `v2_0` are
fixture hosts built from the frozen headers in headers/. Plugins (rows): the
toy plugin built from each header version, the real Discover plugin, and the
broken fixtures. Each host prints one line per run (see hosts/*.c); the
expected line of every cell is below and in README.md. A refusal is matched
by its code (the GError code of libkeyact-host, or the fixture host's
COMPAT_REFUSED_* status); a load by the whole line: negotiated version,
what the resolve did, how the card was revealed and (1.1 host) which 1.1
members it could read.
Paths come from KEYACT_COMPAT_HOST_<NAME> / KEYACT_COMPAT_PLUGIN_<NAME>.
"""
import os
import subprocess
import sys

HOSTS = ['real', 'v1_1', 'v2_0']

OK_10_FLAG = 'OK 1.0 resolve=HAND reveal=flag'
ECHO_10 = 'OK 1.0 resolve=NONE reveal=none'

# plugin: {host: expected line, or "REFUSED CODE" for a refusal}
EXPECT = {
    # Old plugin, new host and new plugin, old host both work within major 1.
    'toy_v1_0': {'real': OK_10_FLAG,
                 'v1_1': OK_10_FLAG + ' extras=none',
                 'v2_0': 'REFUSED ABI_MAJOR'},
    # libkeyact-host speaks the real 1.1 (batched calls): the toy 1.1 plugin
    # negotiates 1.1 with it but finds no reveal_card in its table (the toy's
    # member lies past the real 1.1 ones), so it falls back to the flag.
    'toy_v1_1': {'real': 'OK 1.1 resolve=HAND reveal=flag',
                 'v1_1': 'OK 1.1 resolve=HAND reveal=callback extras=entry,action,result',
                 'v2_0': 'REFUSED ABI_MAJOR'},
    # Across majors both sides refuse.
    'toy_v2_0': {'real': 'REFUSED ABI_MAJOR',
                 'v1_1': 'REFUSED ABI_MAJOR',
                 'v2_0': 'OK 2.0 resolve=HAND reveal=flag'},
    # The real plugin speaks 1.4 as libkeyact-host does (1.1 with the 1.1
    # host); these hosts set no batched call, so it makes the 1.0 calls.
    'discover': {'real': 'OK 1.4 resolve=HAND reveal=none',
                 'v1_1': 'OK 1.1 resolve=HAND reveal=none extras=none',
                 'v2_0': 'REFUSED ABI_MAJOR'},
    # Broken plugins (tests/host/fixtures and fixtures/extra_export.c).
    'no_entry': {'real': 'REFUSED NO_ENTRY', 'v1_1': 'REFUSED NO_ENTRY',
                 'v2_0': 'REFUSED NO_ENTRY'},
    'null_resolve': {'real': 'REFUSED MISSING_MEMBER', 'v1_1': 'REFUSED MISSING_MEMBER',
                     'v2_0': 'REFUSED ABI_MAJOR'},
    'size_zero': {'real': 'REFUSED STRUCT_SIZE', 'v1_1': 'REFUSED STRUCT_SIZE',
                  'v2_0': 'REFUSED STRUCT_SIZE'},
    # A 1.3 entry, larger than any of these hosts know: read as 1.0.
    'size_larger': {'real': ECHO_10, 'v1_1': ECHO_10 + ' extras=none',
                    'v2_0': 'REFUSED ABI_MAJOR'},
    'negotiate_lies': {'real': 'REFUSED NEGOTIATE', 'v1_1': 'REFUSED NEGOTIATE',
                       'v2_0': 'REFUSED ABI_MAJOR'},
    'init_fails': {'real': 'REFUSED INIT', 'v1_1': 'REFUSED INIT',
                   'v2_0': 'REFUSED ABI_MAJOR'},
    # Hosts only look the entry up; `keyact check` is what refuses it.
    'extra_export': {'real': ECHO_10, 'v1_1': ECHO_10 + ' extras=none',
                     'v2_0': 'REFUSED ABI_MAJOR'},
}


def run(host, plugin):
    proc = subprocess.run([os.environ['KEYACT_COMPAT_HOST_' + host.upper()],
                           os.environ['KEYACT_COMPAT_PLUGIN_' + plugin.upper()]],
                          capture_output=True, text=True, timeout=60)
    lines = proc.stdout.strip().splitlines()
    line = lines[-1] if lines else f'(no output, exit {proc.returncode}) {proc.stderr.strip()}'
    return proc.returncode, line


def matches(expected, returncode, line):
    if expected.startswith('REFUSED '):
        return returncode == 1 and line.startswith(expected + ':')
    return returncode == 0 and line == expected


def short(line):
    """A cell for the printed table."""
    if line.startswith('REFUSED '):
        return line.split(':', 1)[0].lower().replace('refused ', 'refused: ')
    words = line.split()
    if not words or words[0] != 'OK':
        return line[:30]
    fields = dict(w.split('=', 1) for w in words[2:] if '=' in w)
    cell = f'{words[1]} {fields.get("resolve", "?")}'
    if fields.get('reveal', 'none') != 'none':
        cell += f' {fields["reveal"]}'
    if fields.get('extras', 'none') != 'none':
        cell += ' +1.1'
    return cell


def main():
    failures = []
    table = []
    for plugin, row in EXPECT.items():
        cells = []
        for host in HOSTS:
            returncode, line = run(host, plugin)
            ok = matches(row[host], returncode, line)
            cells.append(short(line) + ('' if ok else ' (!)'))
            if not ok:
                failures.append(f'{plugin} on {host}: got "{line}" (exit {returncode}), '
                                f'expected "{row[host]}"')
        table.append((plugin, cells))

    headers = ['plugin \\ host', 'real 1.0', 'v1_1', 'v2_0']
    widths = [max(len(headers[0]), *(len(p) for p, _ in table))]
    for i in range(len(HOSTS)):
        widths.append(max(len(headers[i + 1]), *(len(c[i]) for _, c in table)))
    print('| ' + ' | '.join(h.ljust(w) for h, w in zip(headers, widths)) + ' |')
    print('|' + '|'.join('-' * (w + 2) for w in widths) + '|')
    for plugin, cells in table:
        print('| ' + ' | '.join(v.ljust(w) for v, w in zip([plugin] + cells, widths)) + ' |')
    print('(cells: negotiated version, resolve outcome, reveal path; +1.1 = the 1.1 host read '
          'the 1.1 members; refused: error code; (!) = not as expected)')

    for failure in failures:
        print('FAIL ' + failure)
    print(f'{len(EXPECT) * len(HOSTS) - len(failures)} of {len(EXPECT) * len(HOSTS)} cells '
          'as expected')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
