#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""list_test.py - `keyact list`, and the precedence it reports, on real files.

Builds a search path of two directories holding the Discover plugin, two
builds of one echo implementation (1.0.0 and 1.10.0) and a plugin built for
ABI 2.0, then checks `keyact list --json` for each way of choosing: the
highest version, KEYACT_IMPL, --plugin and --impl, a pin nothing provides,
and the refused file with its reason. Also the text form's lines.
Usage: list_test.py KEYACT DISCOVER_SO GOOD_SO NEWER_SO ABI_MAJOR_2_SO
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

KEYACT, DISCOVER, GOOD, NEWER, BROKEN = sys.argv[1:6]
failures = []


def check(label, condition, detail=''):
    if not condition:
        failures.append(f'{label}: {detail}')


def run(env_extra, *args):
    env = {**os.environ, 'KEYACT_IMPL': '', **env_extra}
    done = subprocess.run([KEYACT, 'list', *args], env=env, capture_output=True, text=True,
                          timeout=60)
    return done.returncode, done.stdout, done.stderr


def listing(env_extra, *args):
    code, out, err = run(env_extra, '--json', *args)
    if code != 0:
        failures.append(f'list {args} exit {code}: {err}')
        return None
    return json.loads(out)


def action(data, name):
    return next(a for a in data['actions'] if a['name'] == name)


with tempfile.TemporaryDirectory() as tmp:
    first, second = os.path.join(tmp, 'first'), os.path.join(tmp, 'second')
    os.mkdir(first, 0o700)
    os.mkdir(second, 0o700)
    files = {
        'discover': shutil.copy(DISCOVER, os.path.join(first, 'keyact-discover.so')),
        'good': shutil.copy(GOOD, os.path.join(first, 'echo-1.0.0.so')),
        'newer': shutil.copy(NEWER, os.path.join(second, 'echo-1.10.0.so')),
        'broken': shutil.copy(BROKEN, os.path.join(second, 'abi-2.so')),
    }
    env = {'KEYACT_PLUGIN_PATH': f'{first}:{second}'}

    # The highest version serves; 1.10.0 is above 1.0.0 (not string order).
    data = listing(env)
    if data is not None:
        check('search path order', data['search_path'][:2] == [first, second], data['search_path'])
        paths = [p['path'] for p in data['plugins']]
        check('plugins found', paths == [files['good'], files['discover'], files['newer']], paths)
        check('refused', [r['path'] for r in data['refused']] == [files['broken']], data['refused'])
        check('refusal reason', 'ABI 2.0' in data['refused'][0]['reason'], data['refused'])
        echo = action(data, 'echo')
        check('echo by version', echo['selected_by'] == 'version' and echo['path'] == files['newer']
              and echo['version'] == '1.10.0', echo)
        check('echo reason names the loser', f"1.0.0 ({files['good']})" in echo['reason'], echo)
        discover = action(data, 'discover')
        check('discover only one', discover['selected_by'] == 'version'
              and discover['reason'] == 'the only implementation', discover)
        check('discover impl', discover['impl_id'] == 'org.keyact.discover.cr701_57', discover)

    # KEYACT_IMPL pins by path; --plugin and --impl are explicit and win.
    data = listing(dict(env, KEYACT_IMPL=f"echo={files['good']}"))
    if data is not None:
        echo = action(data, 'echo')
        check('echo pinned', echo['selected_by'] == 'environment' and echo['path'] == files['good'],
              echo)
    data = listing(dict(env, KEYACT_IMPL=f"echo={files['good']}"), '--plugin', files['newer'])
    if data is not None:
        echo = action(data, 'echo')
        check('--plugin beats the pin', echo['selected_by'] == 'explicit'
              and echo['path'] == files['newer'], echo)
    data = listing(env, '--impl', 'org.keyact.test.echo.v1')
    if data is not None:
        check('--impl', action(data, 'echo')['selected_by'] == 'explicit', action(data, 'echo'))

    # A pin nothing provides leaves the action without implementation.
    data = listing(dict(env, KEYACT_IMPL='discover=org.keyact.discover.certified'))
    if data is not None:
        discover = action(data, 'discover')
        check('unmet pin', discover['selected_by'] == 'none' and 'path' not in discover
              and 'no loaded plugin provides it' in discover['reason'], discover)

    # The text form says the same for people.
    code, out, err = run(env)
    check('text exit', code == 0, err)
    for line in (f"  {files['broken']}", 'Refused (1):', 'Plugins (3):',
                 f"  echo       org.keyact.test.echo.v1 1.10.0 from {files['newer']}",
                 '             why: the highest version on the search path: '
                 f"org.keyact.test.echo.v1 1.10.0, over org.keyact.test.echo.v1 1.0.0 ({files['good']})"):
        check('text line', line in out.splitlines(), f'{line!r} not in {out!r}')

    # Choices that cannot be met are refused with one message, exit 2.
    code, out, err = run(env, '--impl', 'org.keyact.nothing')
    check('unknown --impl', code == 2 and 'org.keyact.nothing' in err, (code, err))
    code, out, err = run(env, '--plugin', os.path.join(tmp, 'missing.so'))
    check('missing --plugin', code == 2 and 'no such file' in err, (code, err))
    code, out, err = run(env, 'extra')
    check('extra argument', code == 2, (code, err))

for failure in failures:
    print('FAIL', failure)
print(f'list: {len(failures)} failures')
sys.exit(1 if failures else 0)
