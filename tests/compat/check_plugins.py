#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_plugins.py - `keyact check` passes the good plugins and fails each
broken one at the right check, with its own message; the wrong discovers
fail conformance naming exactly the rulings they break. Conformance runs
once on a 1.0 host and once on a 1.1 host (the batched calls); a wrong
discover's bug is in its 1.0 calls, which it makes on both, so the 1.0
host's item is the first to fail.

Usage: check_plugins.py TIMEOUT TOOL [TOOL_ARGS...]
The plugins come from KEYACT_COMPAT_PLUGIN_<NAME> environment variables.
Each run uses --json; a few more check the readable output.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

# name, expected exit status, first failing check, regex its reason must match
EXPECT = [
    ('discover', 0, None, None),
    ('cascade', 0, None, None),
    ('good', 0, None, None),
    ('size_larger', 0, None, None),
    ('toy_v1_0', 0, None, None),
    ('toy_v1_1', 0, None, None),
    ('not_elf', 1, 'elf', r'not an ELF file'),
    ('no_entry', 1, 'exports', r'no keyact_plugin_entry symbol is exported'),
    ('extra_export', 1, 'exports', r'2 symbols exported; .*extra: keyact_fixture_helper'),
    ('size_zero', 1, 'entry', r'struct_size 0 is too small'),
    ('abi_major_2', 1, 'entry', r'built for ABI 2\.0; this host speaks major 1'),
    ('toy_v2_0', 1, 'entry', r'built for ABI 2\.0; this host speaks major 1'),
    ('null_resolve', 1, 'members', r'action 1 \(broken\) has no resolve \(required\)'),
    ('negotiate_lies', 1, 'negotiate host', r'answered 1\.9, which was not offered'),
    ('negotiate_error', 1, 'negotiate host', r'returned KEYACT_E_\w+, though it speaks one'),
    ('init_fails', 1, 'lifecycle', r'init with version 1\.0 returned KEYACT_E_NOMEM'),
    ('init_crashes', 1, 'lifecycle', r'crashed: signal 11 \(.*\) during init #1'),
    ('init_exits', 1, 'lifecycle', r'ended the process: exit\(3\) during init #1'),
    ('init_hangs', 1, 'lifecycle', r'hung: no answer within 2 s during init #1'),
    ('wrong_discover', 1, 'conformance org.keyact.test.compat.discover.v1.0 (1.0 host)',
     r'^\d+ of \d+ cases fail$'),
    ('wrong_cascade', 1, 'conformance org.keyact.test.compat.cascade.v1.0 (1.0 host)',
     r'^\d+ of \d+ cases fail$'),
    ('wrong_bottom_order', 1, 'conformance org.keyact.test.wrong_bottom_order (1.0 host)',
     r'^1 of \d+ cases fail$'),
    ('wrong_no_hand', 1, 'conformance org.keyact.test.wrong_no_hand (1.0 host)', r'^9 of \d+ cases fail$'),
    # The host-call contract (host.h): every card ends where the rules put
    # it, so the rulings pass; how the host was asked fails its own check.
    ('wrong_decline_first', 1, 'conformance contract org.keyact.test.wrong_decline_first',
     r'^36 of 47 cases break the host-call contract$'),
    ('wrong_choose_uncastable', 1,
     'conformance contract org.keyact.test.wrong_choose_uncastable',
     r'^3 of 47 cases break the host-call contract$'),
    ('wrong_exile_hidden', 1, 'conformance contract org.keyact.test.wrong_exile_hidden',
     r'^45 of 47 cases break the host-call contract$'),
    # What the contract leaves free: describing a card before it is exiled.
    ('free_describe_first', 0, None, None),
    # Right when blocking, wrong when stepped (a decline read as a cast):
    # only the stepped conformance run fails.
    ('wrong_stepped_answer', 1,
     'conformance org.keyact.test.wrong_stepped_answer (1.2 host, stepped)',
     r'^\d+ of \d+ cases fail$'),
]

# The real discover with one planted bug (fixtures/wrong_*.c): the details of
# the failing conformance check, one line per failing case, each naming the
# case and the ruling it breaks. Exactly these, in the table's order.
HAND = r': library card \d \([^)]+\) ended in the library, expected the hand$'
RULINGS = {
    'wrong_bottom_order': [
        r'^bottom_random_order \(701\.57a: the other exiled cards go to the bottom in a random '
        r'order\): 1 of 6 orders seen in 200 resolves: always exile order$',
    ],
    'wrong_no_hand': [
        r'^no_legal_targets_hand \(701\.57a: a card that cannot be cast \(no legal targets\) '
        r'goes to hand\)' + HAND,
        r'^host_forbids_casting \(.*goes to hand\)' + HAND,
        r'^player_chooses_hand \(casting is optional \("you may"\); declined, the card goes to '
        r'hand\)' + HAND,
        r'^cast_fails_hand \(.*goes to hand\)' + HAND,
        r'^choose_fails_hand \(.*\)' + HAND,
        r'^choose_out_of_range_hand \(.*\)' + HAND,
        r'^can_cast_fails_not_castable \(.*\)' + HAND,
        r'^cast_free_fails_hand \(.*\)' + HAND,
        r'^cast_free_garbage_hand \(.*\)' + HAND,
    ],
    'wrong_choose_uncastable': [
        r'^no_legal_targets_hand: choose for Fire // Ice offered TO_HAND \(host call \d+\); '
        r'the contract: choose is not called when no face is castable',
        r'^host_forbids_casting: choose for Geological Appraiser offered TO_HAND ',
        r'^can_cast_fails_not_castable: choose for Geological Appraiser offered TO_HAND ',
    ],
}
# Every detail line of these failing contract checks matches one pattern.
CONTRACT = {
    'wrong_decline_first': r'^\w+: choose for .+ offered TO_HAND, cast [^;]+ \(host call \d+\); '
                           r'the contract: exactly one decline option, the last$',
    'wrong_exile_hidden': r'^\w+: .+ moved to exile without KEYACT_MOVE_REVEAL \(host call \d+\); '
                          r'the contract: every move to exile carries KEYACT_MOVE_REVEAL',
}


def plugin_path(name):
    return os.environ['KEYACT_COMPAT_PLUGIN_' + name.upper()]


def run(tool, timeout, path, *extra):
    return subprocess.run(tool + ['--timeout', timeout, *extra, path],
                          capture_output=True, text=True, timeout=120)


def check_one(tool, timeout, name, status, first_fail, pattern):
    proc = run(tool, timeout, plugin_path(name), '--json')
    if proc.returncode != status:
        return f'exit status {proc.returncode}, expected {status}\n{proc.stdout}{proc.stderr}'
    report = json.loads(proc.stdout)
    failing = [c for c in report['checks'] if c['status'] != 'pass']
    if status == 0:
        if failing or not report['passed']:
            return f'expected every check to pass: {failing}'
        return None
    if not failing:
        return 'exit status 1 but no failing check'
    first = failing[0]
    if first['name'] != first_fail or first['status'] != 'fail':
        return f'first failing check is {first["name"]} ({first["status"]}: ' \
               f'{first["reason"]}), expected {first_fail}'
    if not re.search(pattern, first['reason']):
        return f'{first_fail} says "{first["reason"]}", expected /{pattern}/'
    if name in CONTRACT:
        wrong = [d for d in first['details'] if not re.search(CONTRACT[name], d)]
        if wrong or not first['details']:
            return 'details not in the contract wording:\n  ' + '\n  '.join(wrong)
    return details_problem(first['details'], RULINGS.get(name))


def details_problem(details, patterns):
    """None when each detail line matches its pattern (or none are expected)."""
    if patterns is None:
        return None
    if len(details) != len(patterns) or not all(
            re.search(p, d) for p, d in zip(patterns, details)):
        return 'details:\n  ' + '\n  '.join(details) + '\nexpected:\n  ' + \
               '\n  '.join(patterns)
    return None


def main():
    timeout, tool = sys.argv[1], sys.argv[2:]
    errors = 0
    for name, status, first_fail, pattern in EXPECT:
        problem = check_one(tool, timeout, name, status, first_fail, pattern)
        verdict = 'ok  ' if problem is None else 'FAIL'
        what = 'passes' if status == 0 else f'fails at {first_fail}'
        print(f'{verdict} {name:18} {what}')
        if problem is not None:
            print('     ' + problem.replace('\n', '\n     '))
            errors += 1

    # The readable output: one line per check and a verdict line.
    text = run(tool, timeout, plugin_path('discover'))
    if text.returncode != 0 or not re.search(r'^PASS: all \d+ checks passed$', text.stdout, re.M) \
            or not all(re.search(r'^  pass  conformance org\.keyact\.discover\S* \(%s host\) +all '
                                 r'\d+ cases pass$' % v, text.stdout, re.M) for v in ('1\\.0', '1\\.1')):
        print('FAIL readable output of the real plugin:\n' + text.stdout + text.stderr)
        errors += 1
    else:
        print(text.stdout, end='')
    text = run(tool, timeout, plugin_path('cascade'))
    if text.returncode != 0 \
            or not all(re.search(r'^  pass  conformance org\.keyact\.cascade\.cr702_85 \(%s host\) '
                                 r'+all \d+ cases pass$' % v, text.stdout, re.M)
                       for v in ('1\\.0', '1\\.1')):
        print('FAIL readable output of the cascade plugin:\n' + text.stdout + text.stderr)
        errors += 1
    else:
        print(text.stdout, end='')
    # The wrong discovers' readable output names each broken ruling under
    # the failing conformance line.
    for name in RULINGS:
        text = run(tool, timeout, plugin_path(name))
        lines = [line.strip() for line in text.stdout.splitlines()]
        if text.returncode != 1 or not all(any(re.search(p, line) for line in lines)
                                           for p in RULINGS[name]):
            print(f'FAIL readable output of {name}:\n' + text.stdout + text.stderr)
            errors += 1
        else:
            print(text.stdout, end='')
    # Failure details name cards, faces and outcomes, never raw handles,
    # numbers or bit masks.
    proc = run(tool, timeout, plugin_path('wrong_discover'), '--json')
    details = [d for c in json.loads(proc.stdout)['checks'] for d in c['details']]
    named = [d for d in details
             if re.search(r': outcome KEYACT_OUTCOME_[A-Z]+, expected KEYACT_OUTCOME_[A-Z]+$', d)]
    raw = [d for d in details if re.search(r'0x[0-9a-f]|card \d+,|outcome \d', d)]
    if not named or raw:
        print('FAIL failure details by name: ' + '\n  '.join(raw or details))
        errors += 1
    else:
        print(f'ok   failure details by name, e.g. {named[0]}')

    broken = run(tool, timeout, plugin_path('init_crashes'))
    if broken.returncode != 1 or not re.search(r'^  skip  host-load', broken.stdout, re.M):
        print('FAIL readable output of a crashing plugin:\n' + broken.stdout + broken.stderr)
        errors += 1
    else:
        print(broken.stdout, end='')

    # Damaged files are failed checks, never a crash of the checker.
    with tempfile.TemporaryDirectory() as scratch:
        real = open(plugin_path('discover'), 'rb').read()
        damaged = {
            'magic only': (b'\x7fELF', r'truncated ELF file \(4 bytes\)'),
            'header only': (real[:64], r'outside the file|corrupt|no dynamic symbol table'),
            'half a file': (real[:len(real) // 2], r'outside the file|corrupt|exports'),
        }
        for what, (data, pattern) in damaged.items():
            path = os.path.join(scratch, what.replace(' ', '_') + '.so')
            with open(path, 'wb') as out:
                out.write(data)
            proc = run(tool, timeout, path, '--json')
            reasons = ' | '.join(c['reason'] for c in json.loads(proc.stdout)['checks']
                                 if c['status'] == 'fail') if proc.returncode == 1 else ''
            if proc.returncode != 1 or not re.search(pattern, reasons):
                print(f'FAIL damaged file ({what}): exit {proc.returncode}: '
                      f'{reasons or proc.stdout + proc.stderr}')
                errors += 1
            else:
                print(f'ok   damaged file ({what}): {reasons}')

    usage = subprocess.run(tool + [], capture_output=True, text=True)
    if usage.returncode != 2:
        print(f'FAIL no plugin argument gave exit status {usage.returncode}, expected 2')
        errors += 1
    print(f'{errors} problem(s); {len(EXPECT)} plugins checked')
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
