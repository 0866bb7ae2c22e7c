#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every scenario of the scenario suites played by `keyact run` resolving in
steps (--resolve=stepped, every question waiting) and blocking
(--resolve=blocking): the JSON document byte for byte the same, and the
same as the expected file; the log the same; a failing scenario fails the
same way. Then the stepped run under the validation layer (--validate,
KEYACT_VALIDATE=fatal, G_DEBUG=fatal-warnings): the same document and
nothing on standard error. And every one of these runs again with the
plugins isolated (--isolated: each in its sandboxed helper process): the
same document, log, standard error and exit status byte for byte as the
same run in-process.

The scenarios are found by listing the folders, so a new case is covered
without a line here.

usage: resolve_test.py KEYACT DISCOVER_SO CASCADE_SO SCENARIO_DIR VERSION
"""
import json
import os
import subprocess
import sys

# folder under SCENARIO_DIR -> the plugins its expected documents name
FOLDERS = {
    'cases': ('discover',),
    'cascade/cases': ('discover', 'cascade'),
    'engine-error': ('discover',),
    'cascade/engine-error': ('discover', 'cascade'),
}


def environment(validate):
    env = dict(os.environ)
    # Only the plugins given with --plugin; no pin, no layer unless asked.
    env.update(KEYACT_PLUGIN_PATH='', KEYACT_IMPL='', KEYACT_VALIDATE='', G_DEBUG='')
    if validate:
        env.update(KEYACT_VALIDATE='fatal', G_DEBUG='fatal-warnings')
    return env


def run(keyact, plugins, scenario, resolve, json_out, validate=False, isolated=False):
    command = [keyact, 'run', '--resolve=' + resolve]
    if isolated:
        command.append('--isolated')
    for plugin in plugins:
        command += ['--plugin', plugin]
    if json_out:
        command.append('--json')
    if validate:
        command.append('--validate')
    command.append(scenario)
    return subprocess.run(command, capture_output=True, env=environment(validate), timeout=120)


def expected_document(path, substitutions):
    text = open(path, encoding='utf-8').read()
    for name, value in substitutions.items():
        text = text.replace('@' + name + '@', json.dumps(value)[1:-1])
    return json.loads(text)


def main():
    keyact, discover, cascade, root, version = sys.argv[1:6]
    modules = {'discover': discover, 'cascade': cascade}
    substitutions = {'DISCOVER_SO': discover, 'CASCADE_SO': cascade, 'VERSION': version}
    failures = []
    played = 0

    def check(ok, what):
        if not ok:
            failures.append(what)
            print('FAIL: ' + what)

    for folder, names in FOLDERS.items():
        plugins = [modules[n] for n in names]
        directory = os.path.join(root, folder)
        for entry in sorted(os.listdir(directory)):
            if not entry.endswith('.json') or entry.endswith('.expected.json') \
                    or entry == 'cards.json':
                continue
            scenario = os.path.join(directory, entry)
            where = folder + '/' + entry
            played += 1
            stepped = {}
            for json_out in (True, False):
                kind = 'document' if json_out else 'log'
                stepped[kind] = run(keyact, plugins, scenario, 'stepped', json_out)
                blocking = run(keyact, plugins, scenario, 'blocking', json_out)
                for resolve, in_process in (('stepped', stepped[kind]), ('blocking', blocking)):
                    isolated = run(keyact, plugins, scenario, resolve, json_out, isolated=True)
                    check((isolated.returncode, isolated.stdout, isolated.stderr) ==
                          (in_process.returncode, in_process.stdout, in_process.stderr),
                          '%s, %s: the %s differs in-process and isolated (exit %d, %d):\n%s'
                          % (where, resolve, kind, in_process.returncode, isolated.returncode,
                             isolated.stderr.decode()))
                check(stepped[kind].returncode == blocking.returncode,
                      '%s: exit %d stepped, %d blocking' % (where, stepped[kind].returncode,
                                                           blocking.returncode))
                check(stepped[kind].stdout == blocking.stdout,
                      '%s: the %s differs stepped and blocking' % (where, kind))
                check(stepped[kind].stderr == blocking.stderr,
                      '%s: stderr differs stepped and blocking:\n%s\n%s'
                      % (where, stepped[kind].stderr.decode(), blocking.stderr.decode()))
            expected = scenario[:-len('.json')] + '.expected.json'
            if os.path.exists(expected):
                document = stepped['document'].stdout
                check(stepped['document'].returncode == 0 and
                      json.loads(document) == expected_document(expected, substitutions),
                      '%s: the document is not %s' % (where, os.path.basename(expected)))
                validated = run(keyact, plugins, scenario, 'stepped', True, validate=True)
                check(validated.returncode == 0 and validated.stdout == document,
                      '%s: under --validate the document changed (exit %d)'
                      % (where, validated.returncode))
                check(validated.stderr == b'',
                      '%s: --validate reported:\n%s' % (where, validated.stderr.decode()))
                validated = run(keyact, plugins, scenario, 'stepped', True, validate=True,
                                isolated=True)
                check(validated.returncode == 0 and validated.stdout == document
                      and validated.stderr == b'',
                      '%s: isolated, under --validate the document changed or a report came '
                      '(exit %d):\n%s' % (where, validated.returncode, validated.stderr.decode()))
    check(played >= 30, 'only %d scenarios found under %s' % (played, root))
    print('%d scenarios: stepped and blocking the same, in-process and isolated the same, '
          '%d failures' % (played, len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
