#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`keyact run --interactive` on a terminal (a pty): the player answers each
choice on standard input while the resolve waits (the stepped resolve).

On the split-card scenario (tests/scenarios/cases/split.json: discover 3
hits Goblin Tomb Raider, discover 4 hits Fire // Ice):
  - answering as the scenario would (cast the Raider, then Ice): the log
    shows each question with its options, the player's choice, the half
    cast, and the final zones of the scripted run (`keyact run` without
    --interactive);
  - answering otherwise (a number out of range first, then Fire): asked
    again, and Fire is cast instead of Ice.

usage: interactive_test.py KEYACT DISCOVER_SO SCENARIO
"""
import os
import pty
import select
import subprocess
import sys
import time

TIMEOUT = 60.0


def environment():
    env = dict(os.environ)
    env.update(KEYACT_PLUGIN_PATH='', KEYACT_IMPL='', KEYACT_VALIDATE='', G_DEBUG='')
    return env


def play_on_terminal(command, answers):
    """Run `command` on a pty; each time it prompts "choose 1-N: ", type the
    next answer. Returns (exit status, everything it printed, '\\n' lines)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(command[0], command, environment())
    answers = list(answers)
    printed = b''
    answered_at = 0
    deadline = time.monotonic() + TIMEOUT
    while True:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            os.kill(pid, 9)
            raise SystemExit('FAIL: no output for %.0f s; so far:\n%s' % (TIMEOUT, printed.decode()))
        try:
            data = os.read(fd, 4096)
        except OSError:  # the child closed the terminal
            data = b''
        if not data:
            break
        printed += data
        # A new prompt since the last answer: answer it.
        if printed.rstrip(b' ').endswith(b':') and b'choose 1-' in printed[answered_at:]:
            if not answers:
                os.kill(pid, 9)
                raise SystemExit('FAIL: asked more than expected:\n' + printed.decode())
            os.write(fd, answers.pop(0) + b'\n')
            answered_at = len(printed)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    if answers:
        raise SystemExit('FAIL: %d answers left unasked:\n%s' % (len(answers), printed.decode()))
    return os.waitstatus_to_exitcode(status), printed.decode().replace('\r\n', '\n')


def final_zones(log):
    return log[log.index('== Final zones'):]


def main():
    keyact, discover, scenario = sys.argv[1:4]
    command = [keyact, 'run', '--plugin', discover, '--interactive', scenario]
    failures = []

    def expect(text, log, what):
        if text not in log:
            failures.append(what)
            print('FAIL: %s: the log lacks %r' % (what, text))

    scripted = subprocess.run([keyact, 'run', '--plugin', discover, scenario],
                              capture_output=True, text=True, env=environment(), timeout=60)
    if scripted.returncode != 0:
        raise SystemExit('FAIL: the scripted run exited %d: %s' % (scripted.returncode,
                                                                   scripted.stderr))

    status, log = play_on_terminal(command, [b'1', b'2'])
    print(log)
    if status != 0:
        failures.append('exit %d' % status)
    for text in [
        # the exiles before the question, then the question and its options
        '3. exiles Goblin Tomb Raider face up (mana value 1) <- hit: nonland, mana value 1 <= 3\n'
        '\nAlice, what do you do with Goblin Tomb Raider?\n'
        '  1) cast Goblin Tomb Raider without paying its mana cost (mana value 1)\n'
        '  2) put it into your hand\n'
        'choose 1-2: 1\n'
        '  Alice chose [1].\n'
        '  Alice casts Goblin Tomb Raider without paying its mana cost.\n',
        '\nAlice, what do you do with Fire // Ice?\n'
        '  1) cast Fire without paying its mana cost (mana value 2)\n'
        '  2) cast Ice without paying its mana cost (mana value 2)\n'
        '  3) put it into your hand\n'
        'choose 1-3: 2\n'
        '  Alice chose [2].\n'
        '  Alice casts Ice (Fire // Ice) without paying its mana cost.\n',
        'Ice (Fire // Ice) resolves.\n',
    ]:
        expect(text, log, 'answering as the scenario does')
    if '== Final zones' not in log or final_zones(log) != final_zones(scripted.stdout):
        failures.append('final zones')
        print('FAIL: the final zones are not the scripted run\'s:\n' + final_zones(scripted.stdout))

    status, log = play_on_terminal(command, [b'1', b'7', b'1'])
    print(log)
    if status != 0:
        failures.append('exit %d' % status)
    expect('choose 1-3: 7\nplease answer a number from 1 to 3\nchoose 1-3: 1\n'
           '  Alice chose [1].\n'
           '  Alice casts Fire (Fire // Ice) without paying its mana cost.\n',
           log, 'choosing the other half')
    expect('Fire (Fire // Ice) resolves.\n', log, 'choosing the other half')

    print('%d failures' % len(failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
