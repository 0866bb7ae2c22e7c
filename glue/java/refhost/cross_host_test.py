#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Cross-host conformance: every scenario through `keyact run` (the C host)
and `keyact-jvm run` (the Java host), which must agree.

For each scenario file under --scenarios (discover and cascade; good,
engine-error and malformed) and, with --pool, for --generated scenarios made
from the shared card pool (KEYACT_CARD_POOL), both hosts run it
  - with --json: the documents must be JSON-equal, the exit codes equal, and
    for a failure the first stderr line equal (after the program name; a JSON
    syntax error is compared up to "not valid JSON at", the parsers word it
    differently);
  - without --json: the text logs must be byte-identical.
Every file runs with the Discover plugin alone and with Discover and
Cascade, so "no cascade plugin" errors are compared too; the generated ones
run with both, --json only. With --validate both hosts run under the
validation layer (`run --validate`), --json only, and any report on either
host's stderr ("warning: host ...") is a failure, except in engine-error
scenarios, whose bad card data both hosts must report alike. Prints how many
agreed, by directory; exits 1 on any disagreement, 77 (skip) when asked for
the pool and KEYACT_CARD_POOL names no file.
"""
import argparse
import concurrent.futures
import gzip
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict

PARSE = 'not valid JSON at'


def first_line(stderr, prefix):
    line = stderr.decode('utf-8', 'replace').split('\n', 1)[0]
    if line.startswith(prefix):
        line = line[len(prefix):]
    if PARSE in line:
        line = line[:line.index(PARSE) + len(PARSE)]
    return line


def run(command, env):
    done = subprocess.run(command, capture_output=True, env=env, timeout=600)
    return done.returncode, done.stdout, done.stderr


REPORT = b': warning: host "'


def compare(args, env, scenario, plugins, extra, modes):
    """(what differs, empty when both agree; C's exit code; discovers and cascades played)."""
    problems = []
    if args.validate:
        extra = ['--validate'] + extra
    played = 0
    status = None
    # The search path holds exactly the plugins given, so a discover-only
    # run has no cascade to fall back on.
    env = dict(env, KEYACT_PLUGIN_PATH=os.pathsep.join(
        os.path.dirname(p) for p in plugins if p != '--plugin'))
    for mode in modes:
        c = run([args.keyact, 'run'] + mode + plugins + extra + [scenario], env)
        j = run([args.keyact_jvm, 'run'] + mode + plugins + extra + [scenario], env)
        what = 'json' if mode else 'text'
        status = c[0]
        # An engine-error scenario's bad data (an unreadable cost) is what the layer reports:
        # there both hosts must report the same; everywhere else neither may report.
        reports = [[line.split(b'": ', 1)[-1] for line in done[2].split(b'\n') if REPORT in line]
                   for done in (c, j)]
        if os.sep + 'engine-error' + os.sep in scenario:
            if reports[0] != reports[1]:
                problems.append(f'{what}: validation reports differ: C {reports[0]} vs Java {reports[1]}')
        else:
            for host, found in zip(('C', 'Java'), reports):
                for line in found:
                    problems.append(f'{what}: {host} validation: {line.decode("utf-8", "replace")}')
        if c[0] != j[0]:
            problems.append(f'{what}: exit {c[0]} (C) vs {j[0]} (Java)')
        if c[0] != 0 or j[0] != 0:
            # The first line after the validation reports (compared above).
            lc, lj = (first_line(b'\n'.join(l for l in d[2].split(b'\n') if REPORT not in l), prefix)
                      for d, prefix in ((c, 'keyact: '), (j, 'keyact-jvm: ')))
            if lc != lj:
                problems.append(f'{what}: stderr\n    C:    {lc}\n    Java: {lj}')
            continue
        if mode:
            try:
                dc, dj = json.loads(c[1]), json.loads(j[1])
            except ValueError as e:
                problems.append(f'json: not JSON: {e}')
                continue
            played = len(dc.get('discoveries', [])) + len(dc.get('cascades', []))
            if dc != dj:
                problems.append('json: documents differ:\n' + first_difference(dc, dj))
        elif c[1] != j[1]:
            problems.append('text: logs differ:\n' + first_text_difference(c[1], j[1]))
    return problems, status, played


def first_difference(a, b, path='$'):
    if type(a) != type(b) and not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
        return f'    {path}: {a!r} vs {b!r}'
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f'    {path}.{k}: only in {"C" if k in a else "Java"}'
            if a[k] != b[k]:
                return first_difference(a[k], b[k], f'{path}.{k}')
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f'{path}[{i}]')
        if len(a) != len(b):
            return f'    {path}: length {len(a)} vs {len(b)}'
    return f'    {path}: {a!r} vs {b!r}'


def first_text_difference(a, b):
    la, lb = a.decode('utf-8', 'replace').split('\n'), b.decode('utf-8', 'replace').split('\n')
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f'    line {i + 1}:\n    C:    {x}\n    Java: {y}'
    return f'    {len(la)} vs {len(lb)} lines'


def scenario_files(root):
    found = []
    for directory, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith('.json') or name.endswith('.expected.json') or name.startswith('cards'):
                continue
            found.append(os.path.join(directory, name))
    return sorted(found)


# ---- scenarios generated from the shared card pool ----

def generate(pool_cards, rng, index, directory):
    """One scenario: two players with random libraries and hands from the pool,
    and a mix of discover, cascade and cast steps with random choices."""
    def pick(n):
        return [rng.choice(pool_cards) for _ in range(n)]

    used = {}
    players = []
    for name in ('Alice', 'Bob'):
        library = pick(rng.randint(0, 24))
        hand = pick(rng.randint(0, 3))
        for c in library + hand:
            used[c['name']] = c
        players.append({'name': name, 'library': [c['name'] for c in library],
                        'hand': [c['name'] for c in hand]})
    names = list(used)
    steps = []
    for _ in range(rng.randint(1, 5)):
        who = rng.choice(players)
        kind = rng.random()
        step = {'player': who['name']}
        spells = [n for n in who['hand'] if 'Land' not in used[n].get('type_line', '')]
        if kind < 0.15 and spells:
            step['cast'] = rng.choice(spells)
        elif kind < 0.55:
            step['cascade'] = rng.randint(0, 8)
            step['choose'] = rng.choice(['cast', 'bottom', ['bottom', 'cast']])
        else:
            step['discover'] = rng.randint(0, 8)
            step['choose'] = rng.choice(['cast', 'hand', ['hand', 'cast']])
        if names and rng.random() < 0.3:
            step['cannot_cast'] = rng.sample(names, min(len(names), 3))
        if names and rng.random() < 0.3:
            step['cast_fails'] = rng.sample(names, min(len(names), 3))
        if rng.random() < 0.3:
            step['x'] = rng.randint(0, 6)
        steps.append(step)
    gz = index % 2 == 1
    card_file = f'cards-{index}.json' + ('.gz' if gz else '')
    data = json.dumps(list(used.values())).encode('utf-8')
    with open(os.path.join(directory, card_file), 'wb') as f:
        f.write(gzip.compress(data) if gz else data)
    scenario = {'description': f'generated from the card pool, case {index}', 'seed': rng.randint(0, 2**40),
                'cards': card_file, 'players': players, 'steps': steps}
    path = os.path.join(directory, f'pool-{index}.json')
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(scenario, f, ensure_ascii=False)
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--keyact', required=True)
    parser.add_argument('--keyact-jvm', required=True)
    parser.add_argument('--discover', required=True)
    parser.add_argument('--cascade', required=True)
    parser.add_argument('--scenarios', help='the tests/scenarios directory')
    parser.add_argument('--generated', type=int, default=0,
                        help='this many scenarios from the card pool (KEYACT_CARD_POOL)')
    parser.add_argument('--jobs', type=int, default=2)
    parser.add_argument('--validate', action='store_true',
                        help='run both hosts with --validate (--json only); any report fails')
    args = parser.parse_args()

    env = dict(os.environ)
    env.pop('KEYACT_IMPL', None)
    pool = env.get('KEYACT_CARD_POOL', '')
    discover_only = ['--plugin', args.discover]
    both = discover_only + ['--plugin', args.cascade]

    jobs = []  # (label, scenario, plugins, extra, modes)
    json_and_text = (['--json'],) if args.validate else (['--json'], [])
    if args.scenarios:
        for path in scenario_files(args.scenarios):
            label = os.path.relpath(os.path.dirname(path), args.scenarios)
            extra = []
            if label == 'pool':
                if not os.path.isfile(pool):
                    continue
                extra = ['--cards', pool]
            for plugins in (discover_only, both):
                jobs.append((label, path, plugins, extra, json_and_text))

        # The flags: the seed, the card file, the implementation, a missing file.
        case = os.path.join(args.scenarios, 'cases', 'normal-hit.json')
        for extra in (['--seed', '99'], ['--seed', 'seven'], ['--seed', '99999999999999999999'],
                      ['--cards', os.path.join(args.scenarios, 'engine-error', 'cards.json')],
                      ['--cards', os.path.join(args.scenarios, 'no-such-cards.json.gz')],
                      ['--impl', 'org.keyact.discover.cr701_57'], ['--impl', 'no.such.impl']):
            jobs.append(('command line', case, both, extra, json_and_text))
        jobs.append(('command line', os.path.join(args.scenarios, 'no-such-scenario.json'), both, [],
                     json_and_text))
        if os.path.isfile(pool):
            jobs.append(('command line', os.path.join(args.scenarios, 'cascade', 'cases', 'split.json'),
                         both, ['--cards', pool], json_and_text))

    tmp = tempfile.TemporaryDirectory()
    if args.generated:
        if not os.path.isfile(pool):
            print(f'SKIP: KEYACT_CARD_POOL ({pool or "unset"}) is not a file; the shared card pool '
                  'is in CI and beside the development tree, not in a fresh clone')
            return 77
        with gzip.open(pool, 'rt', encoding='utf-8') as f:
            cards = json.load(f)
        rng = random.Random(20261201)
        for i in range(args.generated):
            jobs.append(('generated from the pool', generate(cards, rng, i, tmp.name), both, [],
                         (['--json'],)))

    agreed, total, exits, played = Counter(), Counter(), defaultdict(Counter), Counter()
    failures = defaultdict(list)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool_exec:
        futures = {pool_exec.submit(compare, args, env, s, p, e, m): (label, s, p)
                   for label, s, p, e, m in jobs}
        for future in concurrent.futures.as_completed(futures):
            label, scenario, plugins = futures[future]
            total[label] += 1
            problems, status, resolved = future.result()
            exits[label][status] += 1
            played[label] += resolved
            if problems:
                which = 'discover+cascade' if plugins is both else 'discover'
                failures[label].append(f'{scenario} ({which}):\n  ' + '\n  '.join(problems))
            else:
                agreed[label] += 1

    for label in sorted(total):
        codes = ', '.join(f'{n} exit {code}' for code, n in sorted(exits[label].items()))
        print(f'{label}: {agreed[label]} of {total[label]} runs agreed ({codes}; '
              f'{played[label]} discovers and cascades played)')
        for failure in failures[label]:
            print('  DIFFERS ' + failure)
    print(f'{sum(agreed.values())} of {sum(total.values())} scenario runs agreed')
    return 0 if sum(agreed.values()) == sum(total.values()) and total else 1


if __name__ == '__main__':
    sys.exit(main())
