#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The helper found beside the library, as in a folder of unpacked natives (a
Java jar's): libkeyact-host.so.1 and keyact-plugin-helper copied into one
private folder, keyact run against that library with KEYACT_PLUGIN_HELPER
unset plays the demo isolated, the same document as in-process. And the
same folder writable by others: the helper is refused, the load fails and
says why.

usage: flat_bundle_test.py KEYACT LIBKEYACT_HOST_SO HELPER DISCOVER_SO
"""
import os
import shutil
import stat
import subprocess
import sys
import tempfile


def run(keyact, folder, plugin, isolated):
    env = dict(os.environ)
    env.pop('KEYACT_PLUGIN_HELPER', None)
    env.update(LD_LIBRARY_PATH=folder, KEYACT_PLUGIN_PATH='', KEYACT_ISOLATE='')
    command = [keyact, 'demo', '--json', '--plugin', plugin]
    if isolated:
        command.append('--isolated')
    return subprocess.run(command, capture_output=True, env=env, timeout=120)


def main():
    keyact, library, helper, plugin = sys.argv[1:5]
    failures = []
    with tempfile.TemporaryDirectory(prefix='keyact-natives-') as folder:
        os.chmod(folder, 0o700)
        shutil.copy(library, os.path.join(folder, 'libkeyact-host.so.1'))
        shutil.copy(helper, os.path.join(folder, 'keyact-plugin-helper'))
        in_process = run(keyact, folder, plugin, False)
        isolated = run(keyact, folder, plugin, True)
        if in_process.returncode != 0:
            failures.append('in-process demo failed: ' + in_process.stderr.decode())
        if isolated.returncode != 0 or isolated.stdout != in_process.stdout:
            failures.append('the helper beside the library did not play the same demo (exit %d): %s'
                            % (isolated.returncode, isolated.stderr.decode()))
        os.chmod(folder, 0o777 | stat.S_ISVTX)
        refused = run(keyact, folder, plugin, True)
        expected = b'refusing to run the plugin helper ' + folder.encode()
        if refused.returncode == 0 or expected not in refused.stderr:
            failures.append('a helper in a folder others can write was not refused: %s'
                            % refused.stderr.decode())
    for failure in failures:
        print('FAIL: ' + failure)
    print('flat bundle: %d failures' % len(failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
