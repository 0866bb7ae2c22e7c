#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""release_matrix.py - every pairing of each old release with this tree,
from their DESTDIR stages (release-matrix.sh builds them; README.md, "The
release matrix", says what each cell means).

Rows are pairings of the three parts a distribution upgrades one package at
a time: the `keyact` binary, libkeyact-host.so.1 (chosen with
LD_LIBRARY_PATH) and the plugins (KEYACT_PLUGIN_PATH), each from one old
release or this tree (old releases are not mixed with each other). Each row
is compared with the old release's own row (its binary, library and
plugins); the row that is this tree alone with every old release's. Columns:

  lib       the binary really loaded that stage's libkeyact-host.so.1 (ldd)
  list      `keyact list --json`: both plugins load from the stage, none is
            refused, each has its release's plugin_version, and the ABI
            negotiated is min(library's minor, plugin's minor)
  demo      `keyact demo` and `keyact demo --json`: exit 0, and the output
            equal line for line to the old release's own (old binary, old
            library, old plugins), apart from the documented changes of the
            parts that are new in this row (release-log-changes.txt)
  run       the same for `keyact run` and `keyact run --json` on every
            scenario under tests/scenarios (malformed ones included: same
            exit status, same message); the card-pool scenarios only when
            the pool is there
  check     `keyact check` (this row's binary and library) passes both plugins,
            but for the checks a check-fails entry expects this tree's
            keyact to fail on an old release's plugins (a case added later)
  validate  in the rows with this tree's library: every demo and run again
            with KEYACT_VALIDATE=1 (the host validation layer, read by the
            library, so old binaries get it without a rebuild): the same
            exit status, stdout and stderr as without it, and no report on
            the "keyact-validate" log domain, but for the reports
            release-log-changes.txt expects (a scenario whose host is wrong)

Then abidiff: the new library and plugins against each old release's files
and against packaging/abi's baselines, with packaging/abi/keyact.abignore:
additions only (nothing removed, nothing changed, no incompatible change).

Exit 0 only when every cell holds.
"""
import argparse
import concurrent.futures
import difflib
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

COMPONENTS = ('keyact', 'library', 'plugins')
KINDS = ('added', 'added-block', 'removed', 'reworded', 'sub-new', 'continued',
         'added-member', 'changed-member', 'validate-report', 'validate-note', 'check-fails')
VALIDATE_DOMAIN = 'keyact-validate'
# GLib's default log line: "(keyact:1234): DOMAIN-WARNING **: 12:34:56.789: text"
# ("DOMAIN-Message: 12:34:56.789: text" for a message); without the process
# id and the time it reads "DOMAIN-WARNING: text".
GLIB_LOG_LINE = re.compile(r'(?:\([^()]*:\d+\): )?(\S+-(?:WARNING|Message|CRITICAL))'
                           r'(?: \*\*)?: \d\d:\d\d:\d\d\.\d+: ')


def version_tuple(text):
    return tuple(int(part) for part in re.findall(r'\d+', text))


class Stage:
    """One release installed with DESTDIR: where its files are."""

    def __init__(self, name, root, source, version):
        self.name = name
        self.source = source
        self.root = os.path.abspath(root)
        self.version = version
        self.keyact = os.path.join(self.root, 'usr', 'bin', 'keyact')
        libs = glob.glob(os.path.join(self.root, 'usr', 'lib', '*', 'libkeyact-host.so.1')) + \
            glob.glob(os.path.join(self.root, 'usr', 'lib', 'libkeyact-host.so.1'))
        if len(libs) != 1:
            sys.exit(f'release_matrix: {root}: expected one libkeyact-host.so.1, found {libs}')
        self.library = libs[0]
        self.libdir = os.path.dirname(self.library)
        self.plugindir = os.path.join(self.libdir, 'keyact-1', 'plugins')
        self.plugins = {name: os.path.join(self.plugindir, f'keyact-{name}.so')
                        for name in ('discover', 'cascade')}
        self.include = os.path.join(self.root, 'usr', 'include', 'keyact-1')
        for path in [self.keyact, self.include, *self.plugins.values()]:
            if not os.path.exists(path):
                sys.exit(f'release_matrix: {path} is not in the stage')
        # The host validation layer (issue 18) is in the library when it
        # exports its switch; KEYACT_VALIDATE means nothing to one without.
        symbols = subprocess.run(['readelf', '--dyn-syms', '--wide', self.library],
                                 capture_output=True, text=True).stdout
        self.validates = re.search(r'\skeyact_registry_set_validation@', symbols) is not None
        version_h = open(os.path.join(self.include, 'keyact', 'version.h'), encoding='utf-8').read()
        self.abi_minor = int(re.search(r'#define KEYACT_ABI_MINOR (\d+)u', version_h).group(1))


class Change:
    """One documented difference between the two releases' output."""

    def __init__(self, component, kind, pattern, replacement, why, where, after):
        self.after = after  # made after this release: applies against it and older ones
        self.component = component
        self.kind = kind
        self.pattern = re.compile(pattern)
        self.replacement = replacement
        self.why = why
        self.where = where
        self.seen = {}  # (old line, new line) -> count, for the report

    def note(self, old, new):
        self.seen[(old, new)] = self.seen.get((old, new), 0) + 1

    def applies(self, old, new_parts):
        return self.component in new_parts and version_tuple(old.version) <= self.after


def read_changes(path):
    """release-log-changes.txt: `after VERSION` lines open the sections;
    in each, a comment (the why), then one entry per line:
    COMPONENT added REGEX | COMPONENT added-block REGEX => LINE-REGEX |
    COMPONENT removed REGEX | COMPONENT reworded REGEX => REPLACEMENT |
    COMPONENT added-member PATH | COMPONENT changed-member PATH => OLD => NEW |
    COMPONENT validate-report SCENARIO => LINE
    (the file's header says what each means)."""
    changes, why, after = [], [], None
    for number, line in enumerate(open(path, encoding='utf-8'), 1):
        line = line.rstrip('\n')
        section = re.fullmatch(r'after (\d+\.\d+\.\d+)', line)
        if section:
            after, why = version_tuple(section.group(1)), []
            continue
        if line.startswith('#'):
            why.append(line.lstrip('# ').strip())
            continue
        if not line.strip():
            why = []
            continue
        where = f'{os.path.basename(path)}:{number}'
        component, kind, rest = (line.split(' ', 2) + ['', ''])[:3]
        if component not in COMPONENTS or kind not in KINDS:
            sys.exit(f'release_matrix: {where}: "COMPONENT KIND ...", COMPONENT one of '
                     f'{", ".join(COMPONENTS)}, KIND one of {", ".join(KINDS)}')
        if not why or why[0].startswith('SPDX'):
            sys.exit(f'release_matrix: {where}: every change needs a comment saying why')
        if after is None:
            sys.exit(f'release_matrix: {where}: an entry before the first "after VERSION" line')
        replacement = None
        parts = {'reworded': 2, 'added-block': 2, 'continued': 2, 'sub-new': 3,
                 'changed-member': 3, 'validate-report': 2, 'check-fails': 2}.get(kind, 1)
        if kind == 'check-fails' and component not in ('keyact', 'plugins'):
            sys.exit(f'release_matrix: {where}: check-fails is the command\'s (this tree\'s check '
                     f'on old plugins) or the plugins\' (an old check on this tree\'s)')
        if kind.startswith('validate-') and component != 'library':
            sys.exit(f'release_matrix: {where}: the validation layer is the library\'s: '
                     f'library {kind}')
        if parts > 1:
            fields = re.split(r' =>(?: |$)', rest)  # "X =>" at the end: an empty field
            if len(fields) != parts:
                sys.exit(f'release_matrix: {where}: {kind} takes {parts} fields joined by " => "')
            rest, replacement = fields[0], fields[1:] if parts == 3 else fields[1]
        changes.append(Change(component, kind, rest, replacement, ' '.join(why), where, after))
    return changes


def run(argv, env, timeout=120):
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def members(doc, path):
    """(container, key) of every member PATH names in doc: PATH is
    dot-separated, each part a key, * (any key or element) or KEY=VALUE (the
    elements, or members, that are objects whose KEY is VALUE: a string's
    text, else its JSON text)."""
    head, _, rest = path.partition('.')
    field, is_selector, want = head.partition('=')
    keys = range(len(doc)) if isinstance(doc, list) else list(doc) if isinstance(doc, dict) else []
    if is_selector:
        keys = [key for key in keys if isinstance(doc[key], dict) and field in doc[key]
                and (doc[key][field] if isinstance(doc[key][field], str)
                     else json.dumps(doc[key][field])) == want]
    elif head != '*':
        keys = [head] if isinstance(doc, dict) and head in doc else []
    if not rest:
        return [(doc, key) for key in keys]
    return [found for key in keys for found in members(doc[key], rest)]


def drop_member(doc, path):
    """Remove the members (or list elements) PATH names; returns how many."""
    found = members(doc, path)
    for at, key in reversed(found):  # a list's later elements first
        del at[key]
    return len(found)


def change_members(mine, theirs, changes):
    """The changed-member entries: where the new document's member PATH holds
    a value matching NEW (its JSON text) and the old document's same member
    one matching OLD, the new value reads as the old one. Both documents are
    walked alike (the same keys, list elements by position), so only members
    at the same place are paired."""
    for change in changes:
        if change.kind != 'changed-member':
            continue
        old_value, new_value = (re.compile(r) for r in change.replacement)
        path = change.pattern.pattern
        for (new_at, key), (old_at, old_key) in zip(members(mine, path), members(theirs, path)):
            if key != old_key:
                continue
            before, after = json.dumps(old_at[key]), json.dumps(new_at[key])
            if before != after and old_value.fullmatch(before) and new_value.fullmatch(after):
                change.note(f'{path}: {before}', f'{path}: {after}')
                new_at[key] = old_at[key]


def json_pair(mine, theirs, changes):
    """The new and the old JSON document as comparable lines (sorted keys, no
    trailing commas), after removing from the new one the members only it
    has (added-member) and reading the changed members as the old ones."""
    try:
        new, old = json.loads(mine), json.loads(theirs)
    except ValueError:
        return mine.splitlines(), theirs.splitlines()
    for change in changes:
        if change.kind == 'added-member':
            for _ in range(drop_member(new, change.pattern.pattern)):
                change.note(None, change.pattern.pattern)
    change_members(new, old, changes)
    return [[line.rstrip(',') for line in json.dumps(doc, indent=1, sort_keys=True).splitlines()]
            for doc in (new, old)]


def drop_block(lines, change):
    """Drop each block that starts with a line matching the change's REGEX,
    goes on with lines matching its LINE-REGEX and ends with an empty line
    (or the end). A block with any other line in it is kept whole."""
    kept, i = [], 0
    body = re.compile(change.replacement)
    while i < len(lines):
        if change.pattern.fullmatch(lines[i]):
            end = i + 1
            while end < len(lines) and lines[end] and body.fullmatch(lines[end]):
                end += 1
            if end == len(lines) or not lines[end]:
                block = lines[i:end + 1]
                change.note(None, '\n'.join(block))
                i = end + 1
                continue
        kept.append(lines[i])
        i += 1
    return kept


def sub_new(lines, change):
    """In each new line matching the change's LINE-REGEX, PATTERN -> REPL
    everywhere: the line as 1.1.0 printed it."""
    pattern, replacement = re.compile(change.replacement[0]), change.replacement[1]
    out = []
    for line in lines:
        if change.pattern.fullmatch(line):
            old = pattern.sub(replacement, line)
            if old != line:
                change.note(old, line)
            line = old
        out.append(line)
    return out


def continued(lines, change):
    """A new line matching REGEX continues the line before it, as
    TEMPLATE: 1.1.0 printed the two as one line."""
    out = []
    for line in lines:
        match = change.pattern.fullmatch(line)
        if match and out:
            change.note(None, line)
            out[-1] += match.expand(change.replacement)
        else:
            out.append(line)
    return out


def text_lines(text, changes, side):
    lines = text.splitlines()
    for change in changes:
        if side == 'new' and change.kind == 'sub-new':
            lines = sub_new(lines, change)
        elif side == 'new' and change.kind == 'continued':
            lines = continued(lines, change)
        elif side == 'new' and change.kind == 'added-block':
            lines = drop_block(lines, change)
        elif side == 'new' and change.kind == 'added':
            kept = []
            for line in lines:
                if change.pattern.fullmatch(line):
                    change.note(None, line)
                else:
                    kept.append(line)
            lines = kept
        elif side == 'old' and change.kind == 'removed':
            kept = []
            for line in lines:
                if change.pattern.fullmatch(line):
                    change.note(line, None)
                else:
                    kept.append(line)
            lines = kept
        elif side == 'old' and change.kind == 'reworded':
            reworded = []
            for line in lines:
                match = change.pattern.fullmatch(line)
                if match:
                    new = match.expand(change.replacement)
                    change.note(line, new)
                    line = new
                reworded.append(line)
            lines = reworded
    return lines


class Row:
    def __init__(self, label, binary, library, plugins, against=(), promised=True):
        self.label = label
        self.binary, self.library, self.plugins = binary, library, plugins
        self.against = list(against)  # the old releases whose own row it must match
        self.promised = promised
        self.cells = {}      # column -> (ok, text)
        self.details = []    # lines printed under the table

    def new_parts(self, old):
        parts = zip(COMPONENTS, (self.binary, self.library, self.plugins))
        return {name for name, stage in parts if stage is not old}

    def env(self, base):
        env = dict(base)
        env['LD_LIBRARY_PATH'] = self.library.libdir
        env['KEYACT_PLUGIN_PATH'] = self.plugins.plugindir
        return env

    def cell(self, column, ok, text):
        self.cells[column] = (ok, text)


def run_all(jobs, workers):
    """run() each (argv, env, timeout) job, `workers` at a time (each is a
    process of its own: the CI machine's cores shorten the matrix); the
    results in the jobs' order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda job: run(*job), jobs))


def check_lib(row, env):
    code, out, err = run(['ldd', row.binary.keyact], env)
    line = next((l for l in out.splitlines() if 'libkeyact-host.so.1' in l), '')
    loaded = line.split('=>')[-1].split('(')[0].strip()
    real = os.path.realpath(loaded)
    ok = code == 0 and real == os.path.realpath(row.library.library)
    row.cell('lib', ok, os.path.basename(real) if ok else f'ldd: {loaded or err.strip()}')


def check_list(row, env):
    code, out, err = run([row.binary.keyact, 'list', '--json'], env)
    if code != 0:
        row.cell('list', False, f'exit {code}: {err.strip()[:60]}')
        return
    doc = json.loads(out)
    want_abi = f'1.{min(row.library.abi_minor, row.plugins.abi_minor)}'
    problems = []
    plugins = doc.get('plugins', [])
    for name, path in row.plugins.plugins.items():
        found = [p for p in plugins if os.path.realpath(p['path']) == os.path.realpath(path)]
        if not found:
            problems.append(f'{name} not loaded')
            continue
        if found[0]['version'] != row.plugins.version:
            problems.append(f'{name} version {found[0]["version"]}')
        if found[0]['abi'] != want_abi:
            problems.append(f'{name} ABI {found[0]["abi"]}, expected {want_abi}')
    if doc.get('refused'):
        problems.append(f'{len(doc["refused"])} refused: {doc["refused"][0]["reason"][:60]}')
    actions = {a['name']: a for a in doc.get('actions', [])}
    for name in row.plugins.plugins:
        if actions.get(name, {}).get('version') != row.plugins.version:
            problems.append(f'action {name} not from the stage')
    abis = sorted({p['abi'] for p in plugins})
    row.cell('list', not problems,
             '; '.join(problems) if problems else f'2 plugins {row.plugins.version}, ABI {"/".join(abis)}')


def compare(row, reference, key, result, changes, old):
    """Compare one output of this row with the old release's own row's;
    returns a problem or None."""
    ref = reference.outputs[key]
    code, out, err = result
    what = ' '.join(part for part in key if part)
    if code != ref[0]:
        return f'{what}: exit {code}, {old.name} gave {ref[0]}'
    new_parts = row.new_parts(old)
    applicable = [c for c in changes if c.applies(old, new_parts)]
    as_json = '--json' in key[1]
    for name, mine, theirs in (('stdout', out, ref[1]), ('stderr', err, ref[2])):
        if as_json and name == 'stdout':
            new_lines, old_lines = json_pair(mine, theirs, applicable)
        else:
            new_lines = text_lines(mine, applicable, 'new')
            old_lines = text_lines(theirs, applicable, 'old')
        if new_lines != old_lines:
            diff = difflib.unified_diff(old_lines, new_lines, f'{old.name} {name}',
                                        f'{row.label} {name}', lineterm='', n=1)
            row.details.append(f'{row.label}: {what}, {name} differs from {old.name}\'s:')
            row.details += ['    ' + line for line in list(diff)[:40]]
            return f'{what}: {name} differs'
    return None


def play_commands(scenarios, cards):
    """(key, arguments) of every demo and run of a row."""
    commands = [(('demo', ''), ['demo']), (('demo', '--json'), ['demo', '--json'])]
    for rel, path in scenarios:
        extra = ['--cards', cards] if rel.startswith('pool/') else []
        commands.append((('run', rel), ['run'] + extra + [path]))
        commands.append((('run', rel + ' --json'), ['run', '--json'] + extra + [path]))
    return commands


def record(row, env, commands, roots, workers):
    """Every demo and run with this row's parts: {key: (exit, stdout, stderr)}."""
    results = run_all([([row.binary.keyact] + args, env, 120) for _, args in commands], workers)
    outputs = {}
    for (key, _), (code, out, err) in zip(commands, results):
        # Paths differ by stage, not by release.
        for root in roots:
            out, err = out.replace(root, '$STAGE'), err.replace(root, '$STAGE')
        outputs[key] = (code, out, err)
    return outputs


def play(row, env, references, commands, new_only, changes, roots, workers):
    """demo and run cells: this row's outputs against each old release's own
    row in references ({old stage: its row}). A scenario only this tree has,
    and that the old release refuses as bad input (exit 2), is not one both
    versions accept: it is not compared."""
    row.outputs = record(row, env, commands, roots, workers)
    row.not_compared = set()
    problems = {'demo': [], 'run': []}
    if not row.against:
        for key, _ in commands:
            if key[0] == 'demo' and row.outputs[key][0] != 0:
                problems['demo'].append(f'{" ".join(p for p in key if p)}: exit {row.outputs[key][0]}')
    for old in row.against:
        reference = references[old]
        for key, _ in commands:
            if (key[0] == 'run' and key[1].split(' ')[0] in new_only[old]
                    and reference.outputs[key][0] == 2):
                row.not_compared.add((old.name, key[1]))
                continue
            problem = compare(row, reference, key, row.outputs[key], changes, old)
            if problem:
                problems[key[0]].append(problem)
    n_runs = len(commands) - 2
    accepted = sum(1 for key, _ in commands if key[0] == 'run' and row.outputs[key][0] == 0)
    same = ('the same as ' + ' and '.join(old.name for old in row.against)
            if row.against else 'recorded')
    row.cell('demo', not problems['demo'],
             problems['demo'][0] if problems['demo'] else f'text + json exit 0, {same}')
    if row.not_compared:
        same += f' ({len(row.not_compared)} new-only runs an old release refuses not compared)'
    row.cell('run', not problems['run'],
             f'{len(problems["run"])} of {n_runs} differ: {problems["run"][0]}' if problems['run']
             else f'{n_runs} runs ({accepted} exit 0), {same}')


def log_lines(text):
    """stderr's lines, GLib's log lines without the process id and time,
    nor the empty line GLib writes before a warning."""
    lines = []
    for line in text.splitlines():
        match = GLIB_LOG_LINE.match(line)
        if match and not match.group(1).endswith('Message') and lines and not lines[-1]:
            lines.pop()
        lines.append(GLIB_LOG_LINE.sub(r'\1: ', line, count=1))
    return lines


def check_validation(row, env, commands, changes, roots, workers):
    """The validate cell: every demo and run again with KEYACT_VALIDATE=1.
    The layer never changes what the plugin or the host do and says nothing
    when all is well, so each output must equal the run without it, but for
    the reports a validate-report entry expects for that scenario (each of
    which must be there) and the notes a validate-note entry allows."""
    reports_wanted = [c for c in changes if c.kind == 'validate-report']
    notes = [c for c in changes if c.kind == 'validate-note']
    on = record(row, dict(env, KEYACT_VALIDATE='1'), commands, roots, workers)
    problems, reports = [], 0
    for key, _ in commands:
        what = ' '.join(part for part in key if part)
        code, out, err = on[key]
        off = row.outputs[key]
        scenario = key[1].split(' ')[0]
        wanted = [c for c in reports_wanted if key[0] == 'run' and c.pattern.fullmatch(scenario)]
        kept, found = [], set()
        for line in log_lines(err):
            report = next((c for c in wanted if re.fullmatch(c.replacement, line)), None)
            note = next((c for c in notes if c.pattern.fullmatch(line)), None)
            if report:
                report.note(None, f'{what}: {line}')
                found.add(report)
                reports += 1
            elif note:
                note.note(None, line)
            else:
                kept.append(line)
        missing = [c for c in wanted if c not in found]
        if (code, out, kept) == (off[0], off[1], log_lines(off[2])) and not missing:
            continue
        unexpected = [line for line in kept if VALIDATE_DOMAIN in line]
        problem = (f'{what}: exit {code}, {off[0]} without' if code != off[0] else
                   f'{what}: expected report missing ({missing[0].where})' if missing else
                   f'{what}: {unexpected[0][:100]}' if unexpected else
                   f'{what}: output differs')
        problems.append(problem)
        row.details.append(f'{row.label}: KEYACT_VALIDATE=1, {problem}')
        diff = difflib.unified_diff(log_lines(off[2]) + off[1].splitlines(),
                                    log_lines(err) + out.splitlines(),
                                    'without (stderr, stdout)', 'KEYACT_VALIDATE=1',
                                    lineterm='', n=1)
        row.details += ['    ' + line for line in list(diff)[:30]]
    row.cell('validate', not problems,
             f'{len(problems)} of {len(commands)} differ: {problems[0]}' if problems else
             f'{len(commands)} demos and runs with KEYACT_VALIDATE=1 as without it'
             + (f', {reports} expected report(s)' if reports else ', no report'))


def check_plugins(row, env, changes):
    """The check cell: this row's `keyact check --json` on both plugins.
    Every check passes, but where a check-fails entry applies (a `keyact`
    one: this tree's keyact checks an old release's plugins against a case
    added after it; a `plugins` one: an old keyact checks this tree's
    plugins against a case whose ruling changed since): there the check it
    names must fail, with only the case lines it names."""
    names = list(row.plugins.plugins)
    results = run_all([([row.binary.keyact, 'check', '--json', row.plugins.plugins[name]],
                        env, 300) for name in names], len(names))
    documented = [c for old in row.against for c in changes if c.kind == 'check-fails'
                  and c.applies(old, row.new_parts(old))
                  and (row.plugins if c.component == 'keyact' else row.binary) is old]
    texts, ok, seen = [], True, set()
    for name, (code, out, err) in zip(names, results):
        try:
            checks = json.loads(out)['checks']
        except (ValueError, KeyError):
            checks = None
        if code not in (0, 1) or checks is None:
            ok = False
            texts.append(f'{name} FAIL (exit {code})')
            row.details.append(f'{row.label}: keyact check {name}: exit {code}')
            row.details += ['    ' + line for line in (out + err).splitlines()[-20:]]
            continue
        failing, expected = [], []
        for check in checks:
            if check['status'] == 'pass':
                continue
            entry = next((c for c in documented if c.pattern.fullmatch(check['name'])), None)
            if entry and check['details'] and all(re.fullmatch(entry.replacement, d)
                                                  for d in check['details']):
                for detail in check['details']:
                    entry.note(None, f'{name}: {check["name"]}: {detail}')
                seen.add(entry)
                expected.append(check['name'])
            else:
                failing.append(check)
        # "conformance ID (1.x host)": "all N cases pass"
        cases = []
        for check in checks:
            count = re.search(r'all (\d+) cases', check['reason'])
            host = re.search(r'\((1\.\d host)\)', check['name'])
            if check['name'].startswith('conformance ') and check['status'] == 'pass' and count:
                where = (f' on {host.group(1)}' if host else
                         ' contract' if check['name'].startswith('conformance contract') else '')
                cases.append(count.group(1) + where)
        ok = ok and not failing and code == (1 if expected else 0)
        text = f'{name} {len(checks) - len(expected) - len(failing)} of {len(checks)} checks pass'
        if cases:
            text += f' ({" + ".join(cases)} cases)'
        if expected:
            text += f', {len(expected)} fail as documented'
        if failing:
            text += f', {len(failing)} FAIL: {failing[0]["name"]}'
            row.details.append(f'{row.label}: keyact check {name}:')
            for check in failing:
                row.details.append(f'    {check["status"]} {check["name"]}: {check["reason"]}')
                row.details += ['        ' + d for d in check['details'][:10]]
        texts.append(text)
    for entry in documented:
        if entry not in seen:
            ok = False
            texts.append(f'documented failure not seen ({entry.where})')
    row.cell('check', ok, ', '.join(texts))


def version_needs(binary):
    """The symbol versions `binary` needs from libkeyact-host.so.1."""
    out = subprocess.run(['readelf', '-V', '--wide', binary], capture_output=True,
                         text=True).stdout
    needs, current = set(), None
    for line in out.splitlines():
        file_match = re.search(r'File: (\S+)', line)
        if file_match:
            current = file_match.group(1)
        name_match = re.search(r'Name: (\S+)', line)
        if name_match and current == 'libkeyact-host.so.1':
            needs.add(name_match.group(1))
    return needs


def version_defs(library):
    out = subprocess.run(['readelf', '-V', '--wide', library], capture_output=True,
                         text=True).stdout
    return set(re.findall(r'Name: (KEYACT_HOST_[0-9.]+)', out))


def new_binary_on_old_library(row, env):
    """Not promised (a newer binary may need newer symbols), but it must
    either work or be refused by the dynamic loader, naming the version."""
    missing = sorted(version_needs(row.binary.keyact) - version_defs(row.library.library))
    code, out, err = run([row.binary.keyact, 'list', '--json'], env)
    if missing:
        ok = code != 0 and all(f'`{m}\' not found' in err or f"'{m}' not found" in err
                               for m in missing)
        text = (f'refused by ld.so: needs {", ".join(missing)}' if ok
                else f'needs {", ".join(missing)} but exit {code}: {err.strip()[:60]}')
        for column in ('lib', 'list', 'demo', 'run', 'check', 'validate'):
            row.cell(column, ok, text if column == 'lib' else '-')
        return False
    return True


def abidw(tool, library, stage, out):
    """The library's public ABI as abidw XML: only the types declared in the
    headers the stage installs (--hd; abidiff's own --hf/--hd filters drop
    every type against an .abi baseline or crash, abigail-tools 2.2). No
    path of this machine goes into it."""
    subprocess.run([tool, '--drop-private-types', '--hd', stage.include,
                    '--no-corpus-path', '--no-comp-dir-path', '--short-locs',
                    '--out-file', out, library], check=True)
    return out


def write_baselines(args, new):
    """packaging/abi/*.abi from this tree's stage (when the ABI grows on
    purpose; see packaging/abi/README.md)."""
    abidw_tool = os.path.join(os.path.dirname(args.abidiff), 'abidw')
    baselines = os.path.join(args.new_source, 'packaging', 'abi')
    for name, library in (('libkeyact-host.abi', new.library),
                          ('keyact-discover.abi', new.plugins['discover'])):
        abidw(abidw_tool, library, new, os.path.join(baselines, name))
        print(f'release_matrix: wrote packaging/abi/{name} from {library}')


def abidiff(tool, suppressions, old, new):
    args = [tool]
    if suppressions:
        args += ['--suppressions', suppressions]
    proc = subprocess.run(args + [old, new], capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr


def additions_only(code, output):
    """abidiff's verdict: exit bits 1 (error), 2 (usage), 8 (incompatible)
    fail; so does any Removed or Changed in a summary, or a new SONAME."""
    problems = []
    if code & (1 | 2 | 8):
        problems.append(f'abidiff exit {code}')
    for line in output.splitlines():
        match = re.match(r'\s*(.*) changes summary: (\d+) Removed(?:[^,]*), (\d+) Changed', line)
        if match and (int(match.group(2)) or int(match.group(3))):
            problems.append(f'{match.group(1)}: {match.group(2)} removed, {match.group(3)} changed')
        match = re.match(r'\s*(.*) changes summary: (\d+) Removed', line)
        if match and int(match.group(2)) and 'symbols' in match.group(1):
            problems.append(f'{match.group(1)}: {match.group(2)} removed')
        if 'SONAME changed' in line:
            problems.append(line.strip())
    added = re.findall(r'^(Functions|Variables) changes summary: .*, (\d+) Added', output, re.M)
    summary = ', '.join(f'{n} {kind.lower()} added' for kind, n in added if int(n)) or 'no change'
    return problems, summary


def abi_rows(args, olds, new, scratch):
    """abidiff rows. Each library is first written out with abidw (public
    types only); the comparison is of those files, and each must describe
    the struct it exports (so the comparison cannot pass by seeing nothing)."""
    rows, outputs = [], []
    tool = args.abidiff
    abidw_tool = os.path.join(os.path.dirname(tool), 'abidw') if tool else ''
    suppressions = os.path.join(args.new_source, 'packaging', 'abi', 'keyact.abignore')
    baselines = os.path.join(args.new_source, 'packaging', 'abi')
    pairs = []
    for old in olds:
        pairs.append(('libkeyact-host.so.1', old, old.library, new.library, 'keyact_host'))
        for name in ('discover', 'cascade'):
            pairs.append((f'keyact-{name}.so', old, old.plugins[name], new.plugins[name],
                          'keyact_plugin_entry'))
    pairs.append(('libkeyact-host.so.1', None, os.path.join(baselines, 'libkeyact-host.abi'),
                  new.library, 'keyact_host'))
    pairs.append(('keyact-discover.so', None, os.path.join(baselines, 'keyact-discover.abi'),
                  new.plugins['discover'], 'keyact_plugin_entry'))
    for number, (name, old, before, after, must_have) in enumerate(pairs):
        against = old.name if old else 'packaging/abi/' + os.path.basename(before)
        label = f'abidiff {name} against {against}'
        if not tool or not os.path.exists(abidw_tool):
            rows.append((label, False, 'abidiff is not installed (apt-get install abigail-tools)'))
            continue
        if old:
            before = abidw(abidw_tool, before, old, os.path.join(scratch, f'{number}-old.abi'))
        after = abidw(abidw_tool, after, new, os.path.join(scratch, f'{number}-new.abi'))
        problems = [f'{os.path.basename(f)} describes no {must_have}' for f in (before, after)
                    if f"<class-decl name='{must_have}'" not in open(f, encoding='utf-8').read()]
        code, output = abidiff(tool, suppressions, before, after)
        more, summary = additions_only(code, output)
        problems += more
        rows.append((label, not problems, '; '.join(problems) if problems else
                     f'exit {code}, additions only: {summary}'))
        outputs.append((label + ' (with keyact.abignore)', code, output))
        # For the record: what the suppressions accepted (appended members).
        code, output = abidiff(tool, None, before, after)
        outputs.append((label + ' (no suppressions, for the record)', code, output))
    return rows, outputs


def scenario_files(new_source, olds, cards):
    """Every scenario of any tree (this tree's copy when it has it), for
    each old release the ones only this tree has, and the pool ones left
    out."""
    found, in_tree = {}, {}
    for source in [old.source for old in olds] + [new_source]:
        root = os.path.join(source, 'tests', 'scenarios')
        in_tree[source] = set()
        for path in glob.glob(os.path.join(root, '**', '*.json'), recursive=True):
            rel = os.path.relpath(path, root)
            if rel.endswith('.expected.json') or os.path.basename(rel) == 'cards.json':
                continue  # expected results and card lists, not scenarios
            found[rel] = path
            in_tree[source].add(rel)
    new_only = {old: in_tree[new_source] - in_tree[old.source] for old in olds}
    skipped = []
    if not (cards and os.path.exists(cards)):
        skipped = sorted(rel for rel in found if rel.startswith('pool/'))
        for rel in skipped:
            del found[rel]
    return sorted(found.items()), new_only, skipped


def print_table(headers, rows):
    widths = [max(len(str(r[i])) for r in [headers] + rows) for i in range(len(headers))]
    line = '| ' + ' | '.join(h.ljust(w) for h, w in zip(headers, widths)) + ' |'
    print(line)
    print('|' + '|'.join('-' * (w + 2) for w in widths) + '|')
    for r in rows:
        print('| ' + ' | '.join(str(c).ljust(w) for c, w in zip(r, widths)) + ' |')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--release', nargs=4, action='append', required=True,
                        metavar=('NAME', 'STAGE', 'SOURCE', 'VERSION'),
                        help='an old release: its label, DESTDIR stage, source tree and '
                             'project version (oldest first; repeat for each)')
    parser.add_argument('--new-stage', required=True)
    parser.add_argument('--new-source', required=True)
    parser.add_argument('--new-version', required=True)
    parser.add_argument('--known-changes', required=True)
    parser.add_argument('--abidiff', default='')
    parser.add_argument('--cards', default='')
    parser.add_argument('--jobs', type=int, default=os.cpu_count() or 1,
                        help='keyact processes at a time (default: the number of CPUs)')
    parser.add_argument('--write-baselines', action='store_true')
    args = parser.parse_args()

    olds = []
    for name, stage, source, version in args.release:
        olds.append(Stage(name, stage, source, version))
    new = Stage('new', args.new_stage, args.new_source, args.new_version)
    changes = read_changes(args.known_changes)
    if args.write_baselines:
        write_baselines(args, new)
    scenarios, new_only, skipped = scenario_files(args.new_source, olds, args.cards)
    commands = play_commands(scenarios, args.cards)
    roots = [old.root for old in olds] + [new.root]

    base = {k: v for k, v in os.environ.items()
            if not k.startswith('KEYACT_') and k not in ('LD_LIBRARY_PATH', 'LD_PRELOAD')}
    base.update(LANG='C.UTF-8', LC_ALL='C.UTF-8')

    # One row per distinct mix: an old release's own, its five mixes with
    # this tree, then this tree alone (compared with every old release).
    references, rows = {}, []
    for old in olds:
        n = old.name
        references[old] = Row(f'{n} keyact + library, {n} plugins', old, old, old)
        rows += [
            references[old],
            Row(f'{n} keyact + library, new plugins', old, old, new, [old]),
            Row(f'new keyact + library, {n} plugins', new, new, old, [old]),
            Row(f'{n} keyact on the new library, {n} plugins', old, new, old, [old]),
            Row(f'{n} keyact on the new library, new plugins', old, new, new, [old]),
            Row(f'new keyact on the {n} library, new plugins (not promised)', new, old, new,
                [old], promised=False),
        ]
    rows.append(Row('new keyact + library, new plugins', new, new, new, olds))
    columns = ('lib', 'list', 'demo', 'run', 'check', 'validate')
    for row in rows:
        print(f'release_matrix: {row.label}', file=sys.stderr, flush=True)
        env = row.env(base)
        if not row.promised and not new_binary_on_old_library(row, env):
            continue
        check_lib(row, env)
        check_list(row, env)
        play(row, env, references, commands, new_only, changes, roots, args.jobs)
        check_plugins(row, env, changes)
        if row.library.validates:
            check_validation(row, env, commands, changes, roots, args.jobs)
        else:
            row.cell('validate', True, f'- (the {row.library.name} library has no validation layer)')

    table = [[row.label] + [('ok ' if row.cells[c][0] else 'FAIL ') + row.cells[c][1]
                            for c in columns] for row in rows]
    with tempfile.TemporaryDirectory() as scratch:
        abi_table, abi_outputs = abi_rows(args, olds, new, scratch)
    print()
    print('Release matrix: ' + ', '.join(
        f'{old.name} (plugins {old.version}, ABI 1.{old.abi_minor})' for old in olds)
        + f', new = this tree (plugins {new.version}, ABI 1.{new.abi_minor})')
    print(f'{len(scenarios)} scenarios' +
          ''.join(f'; {len(new_only[old])} not in {old.name}' for old in olds) +
          (f'; skipped (no card pool at {args.cards}): {", ".join(skipped)}' if skipped else ''))
    refused = sorted({key for row in rows for key in getattr(row, 'not_compared', [])})
    if refused:
        print('Not compared (only in this tree, the old release refuses them): '
              + ', '.join(f'{rel} ({name})' for name, rel in refused))
    print()
    print_table(['keyact + library, plugins'] + list(columns), table)
    print()
    print_table(['abidiff', 'result'],
                [[label, ('ok ' if ok else 'FAIL ') + text] for label, ok, text in abi_table])

    print('\nDocumented differences seen (release-log-changes.txt):')
    any_seen = False
    for change in changes:
        if not change.seen:
            continue
        any_seen = True
        total = sum(change.seen.values())
        print(f'  {change.where} [{change.component} {change.kind}] {total} time(s): {change.why}')
        for (before, after), count in list(change.seen.items())[:3]:
            print(f'      {count} x  {before!r} -> {after!r}')
    if not any_seen:
        print('  none')
    unused = [c for c in changes if not c.seen]
    for change in unused:
        print(f'  unused: {change.where} [{change.component} {change.kind}] {change.why}')

    details = [line for row in rows for line in row.details]
    if details:
        print('\nDetails of the failing cells:')
        print('\n'.join(details))
    print('\nabidiff output:')
    for label, code, output in abi_outputs:
        print(f'--- {label}: exit {code}')
        print('    ' + (output.strip() or '(nothing)').replace('\n', '\n    '))

    failed = [row.label + ' / ' + c for row in rows for c in columns if not row.cells[c][0]]
    failed += [label for label, ok, _ in abi_table if not ok]
    print()
    if failed:
        print(f'release matrix: {len(failed)} failing cell(s): ' + '; '.join(failed))
        return 1
    print(f'release matrix: every cell holds ({len(rows)} rows, '
          f'{", ".join(old.name for old in olds)} and this tree)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
