#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""cli_test.py - `keyact mv` and `keyact card` against the loaded plugin.

Checks printed values, exit statuses and error messages: halves shown as
"0.5", a bad symbol named with its byte offset, an unknown card answered
with close names, the faces discover lets the player cast per layout (a
small Scryfall file written here covers modal, land-backed and pathway
cards, which the built-in set lacks).
Usage: cli_test.py KEYACT PLUGIN
"""
import json
import os
import subprocess
import sys
import tempfile

KEYACT, PLUGIN = sys.argv[1], sys.argv[2]
failures = []


def run(*args):
    env = dict(os.environ, KEYACT_PLUGIN_PATH='')
    plugin = [] if '--plugin' in args else ['--plugin', PLUGIN]
    done = subprocess.run([KEYACT, *args, *plugin], env=env,
                          capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


def expect(label, args, status, stdout=(), stderr=(), exact=None):
    code, out, err = run(*args)
    problems = []
    if code != status:
        problems.append(f'exit {code}, expected {status}')
    if exact is not None and out != exact:
        problems.append(f'stdout {out!r}, expected {exact!r}')
    problems += [f'stdout lacks {s!r}' for s in stdout if s not in out]
    problems += [f'stderr lacks {s!r}' for s in stderr if s not in err]
    if problems:
        failures.append(f'{label}: ' + '; '.join(problems) + f'\n    stdout: {out!r}\n    stderr: {err!r}')


def card(name, cost, type_line, face_value=None):
    return {'name': name, 'mana_cost': cost, 'type_line': type_line,
            'oracle_text': '', 'face_mana_value': face_value}


# Real cards in the shared pool's shape (Scryfall fields + face_mana_value).
SMALL_POOL = [
    {'name': 'Valki, God of Lies // Tibalt, Cosmic Impostor', 'layout': 'modal_dfc',
     'mana_cost': None, 'cmc': 2.0, 'type_line': 'Legendary Creature — God // Legendary Planeswalker — Tibalt',
     'oracle_text': None,
     'card_faces': [card('Valki, God of Lies', '{1}{B}', 'Legendary Creature — God'),
                    card('Tibalt, Cosmic Impostor', '{5}{B}{R}', 'Legendary Planeswalker — Tibalt')]},
    {'name': "Agadeem's Awakening // Agadeem, the Undercrypt", 'layout': 'modal_dfc',
     'mana_cost': None, 'cmc': 3.0, 'type_line': 'Sorcery // Land', 'oracle_text': None,
     'card_faces': [card("Agadeem's Awakening", '{X}{B}{B}{B}', 'Sorcery'),
                    card('Agadeem, the Undercrypt', '', 'Land')]},
    {'name': 'Brightclimb Pathway // Grimclimb Pathway', 'layout': 'modal_dfc',
     'mana_cost': None, 'cmc': 0.0, 'type_line': 'Land // Land', 'oracle_text': None,
     'card_faces': [card('Brightclimb Pathway', '', 'Land'), card('Grimclimb Pathway', '', 'Land')]},
    {'name': 'Commit // Memory', 'layout': 'aftermath', 'mana_cost': '{3}{U} // {4}{U}{U}',
     'cmc': 10.0, 'type_line': 'Instant // Sorcery', 'oracle_text': None,
     'card_faces': [card('Commit', '{3}{U}', 'Instant', 4.0), card('Memory', '{4}{U}{U}', 'Sorcery', 6.0)]},
    {'name': 'Little Girl', 'layout': 'normal', 'mana_cost': '{HW}', 'cmc': 0.5,
     'type_line': 'Creature — Human Child', 'oracle_text': ''},
]

# keyact mv
expect('mv phyrexian and X', ['mv', '{2}{U/P}{X}'], 0, exact='3\n')
expect('mv half mana', ['mv', '{HW}'], 0, exact='0.5\n')
expect('mv empty cost', ['mv', ''], 0, exact='0\n')
expect('mv monocolored hybrid', ['mv', '{2/W}{2/U}'], 0, exact='4\n')
expect('mv unknown symbol', ['mv', '{2}{Q}'], 2, stderr=['"{Q}"', 'byte 3'])
expect('mv infinity refused', ['mv', '{∞}'], 2, stderr=['"{∞}"', 'byte 0'])
expect('mv unclosed symbol', ['mv', '{2}{U'], 2, stderr=['unclosed', '"{U"', 'byte 3'])
expect('mv stray character', ['mv', '1{U}'], 2, stderr=['"1"', 'byte 0'])
expect('mv number too large', ['mv', '{99999999999999999999}'], 2,
       stderr=['the number in "{99999999999999999999}" at byte 0 is too large'])
expect('mv total too large', ['mv', '{2147483647}{1}'], 2,
       stderr=['the total mana value is too large once "{1}" at byte 12 is added'])
expect('mv leading zero is not a number', ['mv', '{01}'], 2,
       stderr=['unknown mana symbol "{01}" at byte 0'])
expect('mv no cost given', ['mv'], 2, stderr=['one cost'])
expect('mv missing plugin', ['mv', '{1}', '--plugin', '/nonexistent/keyact-discover.so'], 1,
       stderr=['cannot load'])

# keyact card, built-in set
expect('card split', ['card', 'Fire // Ice', '--discover', '4'], 0,
       stdout=['layout: split', 'cost {1}{R}, mana value 2', 'mana value 4, not a land',
               'discover 4: hit', 'Fire (face 0), Ice (face 1)'])
expect('card by face name, miss', ['card', 'ice', '--discover', '3'], 0,
       stdout=['Fire // Ice', 'discover 3: not a hit (mana value 4 > 3)'])
expect('card unquoted words', ['card', 'Geological', 'Appraiser'], 0,
       stdout=['Geological Appraiser', 'mana value 4, not a land'])
expect('card unknown, suggestion', ['card', 'Geological Apraiser'], 2,
       stderr=['no card named "Geological Apraiser"', 'Geological Appraiser'])
expect('card bad N', ['card', 'Fire // Ice', '--discover', 'x'], 2, stderr=['--discover'])
expect('card no name', ['card'], 2, stderr=['card name'])

# keyact card --cards FILE
with tempfile.TemporaryDirectory() as tmp:
    pool = os.path.join(tmp, 'cards.json')
    with open(pool, 'w', encoding='utf-8') as f:
        json.dump(SMALL_POOL, f)
    expect('card modal back face too dear', ['card', 'Valki, God of Lies', '--cards', pool, '--discover', '3'], 0,
           stdout=['layout: modal_dfc', 'cost {5}{B}{R}, mana value 7',
                   'discover 3: hit; the rules let the player cast Valki, God of Lies (face 0)\n'])
    expect('card modal both faces', ['card', 'Tibalt, Cosmic Impostor', '--cards', pool, '--discover', '7'], 0,
           stdout=['Valki, God of Lies (face 0), Tibalt, Cosmic Impostor (face 1)'])
    expect('card land back face never cast', ['card', "Agadeem's Awakening", '--cards', pool, '--discover', '5'], 0,
           stdout=['mana value 0, land', "cast Agadeem's Awakening (face 0)\n"])
    expect('card pathway is a land', ['card', 'Grimclimb Pathway', '--cards', pool, '--discover', '16'], 0,
           stdout=['mana value 0, a land', 'discover 16: not a hit (a land)'])
    expect('card aftermath first half only', ['card', 'Memory', '--cards', pool, '--discover', '10'], 0,
           stdout=['mana value 10, not a land', 'cast Commit (face 0)\n'])
    expect('card half mana', ['card', 'little girl', '--cards', pool, '--discover', '0'], 0,
           stdout=['mana value 0.5', 'discover 0: not a hit (mana value 0.5 > 0)'])
    expect('card unknown in file', ['card', 'Fire // Ice', '--cards', pool], 2,
           stderr=['no card named "Fire // Ice" in ' + pool])
    expect('card unreadable file', ['card', 'Valki', '--cards', os.path.join(tmp, 'absent.json')], 2,
           stderr=['cards:'])

for failure in failures:
    print('FAIL ' + failure)
print(f'{len(failures)} failure(s)')
sys.exit(1 if failures else 0)
