#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""messages_test.py - what `keyact` says about plugins it cannot use, on
standard error: each library warning one "keyact COMMAND: warning: ..."
line (never GLib's "keyact-host-WARNING **"), a relative KEYACT_PLUGIN_PATH
entry warned about once, a refused unsafe plugin named with the chmod that
fixes it, and `keyact list` showing a refusal in its Refused section only.
Usage: messages_test.py KEYACT PLUGIN
"""
import os
import shutil
import subprocess
import sys
import tempfile

KEYACT, PLUGIN = sys.argv[1], sys.argv[2]
failures = []


def run(plugin_path, *args):
    env = dict(os.environ, KEYACT_PLUGIN_PATH=plugin_path, KEYACT_IMPL='')
    done = subprocess.run([KEYACT, *args], env=env, capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


def check(label, condition, detail=''):
    if not condition:
        failures.append(f'{label}' + (f':\n    {detail}' if detail else ''))


with tempfile.TemporaryDirectory() as tmp:
    os.chmod(tmp, 0o700)
    unsafe = os.path.join(tmp, 'keyact-discover.so')
    shutil.copy(PLUGIN, unsafe)
    os.chmod(unsafe, 0o777)
    path = f'{tmp}:relative/plugins'

    # keyact list: the refusal in Refused, the relative entry once on stderr.
    code, out, err = run(path, 'list')
    lines = err.splitlines()
    check('list exits 0', code == 0, err)
    check('list: no GLib warning line', 'WARNING' not in err, err)
    check('list: one stderr line, the relative entry',
          lines == ['keyact list: warning: ignoring relative entry "relative/plugins" in '
                    'KEYACT_PLUGIN_PATH: only full paths are searched'], err)
    check('list: Refused names the file', f'Refused (1):\n  {unsafe}\n' in out, out)
    check('list: the refusal says the chmod that fixes it',
          f'is writable by others (mode 0777); fix it with chmod go-w {unsafe}' in out, out)

    # keyact mv (any other command): each warning one line in keyact's words.
    code, out, err = run(path, 'mv', '{2}', '--plugin', PLUGIN)
    lines = err.splitlines()
    check('mv exits 0 with the given plugin', code == 0 and out == '2\n', f'{code} {out!r} {err!r}')
    check('mv: no GLib warning line', 'WARNING' not in err, err)
    check('mv: the relative entry once', sum('relative/plugins' in l for l in lines) == 1, err)
    check('mv: the refused plugin, one line with its fix',
          sum(l.startswith('keyact mv: warning: skipping plugin: refusing to load plugin '
                           + unsafe) and f'fix it with chmod go-w {unsafe}' in l
              for l in lines) == 1, err)
    check('mv: two stderr lines in all', len(lines) == 2, err)

    # JSON output stays JSON: warnings go to stderr only.
    code, out, err = run(path, 'list', '--json')
    check('list --json: stdout starts with {', out.startswith('{'), out[:80])
    check('list --json: no GLib warning line', 'WARNING' not in err, err)

if failures:
    print(f'{len(failures)} failures:')
    for f in failures:
        print('  ' + f)
    sys.exit(1)
print('ok: keyact messages about plugins it cannot use')
