#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""cards_test.py - `keyact cards`: the built-in set and a card file listed
with each card's layout, mana value (as the loaded plugin computes it) and
keyword action, the --layout and --discover filters, and --json.

The expected facts are the cards' printed ones (Comprehensive Rules 202.3:
a split card's mana value in library is the total of both halves, a
transforming or modal card's is its front face's), not the command's output.
Usage: cards_test.py KEYACT PLUGIN BUILTIN_CARDS_JSON
"""
import json
import os
import subprocess
import sys
import tempfile

KEYACT, PLUGIN, BUILTIN = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def run(*args):
    env = dict(os.environ, KEYACT_PLUGIN_PATH='', KEYACT_IMPL='')
    done = subprocess.run([KEYACT, 'cards', *args, '--plugin', PLUGIN], env=env,
                          capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


def check(label, condition, detail=''):
    if not condition:
        failures.append(f'{label}' + (f': {detail}' if detail else ''))


def cards_json(*args):
    code, out, err = run('--json', *args)
    check(f'cards --json {" ".join(args)} exits 0', code == 0, err)
    return json.loads(out) if code == 0 else {'cards': []}


# What the built-in set holds, read from its own data file.
with open(BUILTIN, encoding='utf-8') as f:
    builtin = json.load(f)['cards']
builtin_names = sorted(c['name'] for c in builtin)
builtin_discover = sorted(c['name'] for c in builtin if 'discover' in c)

listed = cards_json()
check('json source is builtin', listed.get('source') == 'builtin', listed.get('source'))
names = sorted(c['name'] for c in listed['cards'])
check('every built-in card listed once', names == builtin_names,
      f'{len(names)} listed, {len(builtin_names)} in the data')
by_name = {c['name']: c for c in listed['cards']}

# A few known cards, by their printed facts.
known = {
    # name: (layout, mana value, land, discover N or None, cascade instances)
    'Geological Appraiser': ('normal', 4, False, 3, 0),
    'Fire // Ice': ('split', 4, False, None, 0),
    'Mountain': ('normal', 0, True, None, 0),
    'Bloodbraid Elf': ('normal', 4, False, None, 1),
    'Maelstrom Wanderer': ('normal', 8, False, None, 2),
    'Hurl into History': ('normal', 5, False, 'X', 0),
}
for name, (layout, mv, land, discover, cascade) in known.items():
    card = by_name.get(name)
    if card is None:
        check(f'{name} listed', False)
        continue
    check(f'{name} layout', card['layout'] == layout, card['layout'])
    check(f'{name} mana value', card['mana_value'] == mv, card['mana_value'])
    check(f'{name} land', card['land'] == land, card['land'])
    got = card['discover']['n'] if card['discover'] else None
    check(f'{name} discover N', got == discover, got)
    check(f'{name} cascade', card['cascade'] == cascade, card['cascade'])

# Filters.
split = cards_json('--layout', 'split')
check('--layout split lists only split cards',
      {c['layout'] for c in split['cards']} == {'split'}, split['cards'])
check('--layout split finds Fire // Ice', 'Fire // Ice' in [c['name'] for c in split['cards']])
check('--layout split count',
      len(split['cards']) == sum(1 for c in builtin if c['layout'] == 'split'))
discover = cards_json('--discover')
check('--discover lists the cards that discover',
      sorted(c['name'] for c in discover['cards']) == builtin_discover,
      f'{len(discover["cards"])} listed, {len(builtin_discover)} in the data')
both = cards_json('--discover', '--layout', 'adventure')
check('--discover --layout adventure',
      [c['name'] for c in both['cards']] ==
      [c['name'] for c in builtin if c['layout'] == 'adventure' and 'discover' in c],
      both['cards'])

# The text: a count, a header, one line per card.
code, out, err = run()
lines = out.splitlines()
check('text exits 0', code == 0, err)
check('text count line', lines[:1] == [f'{len(builtin)} cards in the built-in set'], lines[:1])
check('text one line per card', len(lines) == len(builtin) + 2, len(lines))
appraiser = [l for l in lines if l.startswith('Geological Appraiser ')]
check('text Geological Appraiser line',
      len(appraiser) == 1 and appraiser[0].split()[-4:] == ['normal', '4', 'discover', '3'],
      appraiser)
code, out, err = run('--layout', 'no-such-layout')
check('text unknown layout lists none', code == 0 and out == '0 cards in the built-in set\n',
      repr(out))

# A card file (Scryfall's shape): half mana and a modal card.
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, 'cards.json')
    with open(path, 'w', encoding='utf-8') as f:
        json.dump([
            {'name': 'Little Girl', 'layout': 'normal', 'mana_cost': '{HW}', 'cmc': 0.5,
             'type_line': 'Creature — Human Child', 'oracle_text': ''},
            {'name': "Agadeem's Awakening // Agadeem, the Undercrypt", 'layout': 'modal_dfc',
             'mana_cost': None, 'cmc': 3.0, 'type_line': 'Sorcery // Land', 'oracle_text': None,
             'card_faces': [
                 {'name': "Agadeem's Awakening", 'mana_cost': '{X}{B}{B}{B}',
                  'type_line': 'Sorcery', 'oracle_text': ''},
                 {'name': 'Agadeem, the Undercrypt', 'mana_cost': '', 'type_line': 'Land',
                  'oracle_text': ''}]},
        ], f)
    listed = cards_json('--cards', path)
    check('--cards source', listed.get('source') == path, listed.get('source'))
    got = {c['name']: c['mana_value'] for c in listed['cards']}
    check('--cards values', got == {'Little Girl': 0.5,
                                    "Agadeem's Awakening // Agadeem, the Undercrypt": 3}, got)
    # json-glib's parse errors in keyact's words: file, line:column, what was expected.
    bad = os.path.join(tmp, 'bad.json')
    with open(bad, 'w', encoding='utf-8') as f:
        f.write('[\n  {"name": "x",]\n')
    code, out, err = run('--cards', bad)
    check('--cards bad JSON exits 2, one line', code == 2 and out == '' and
          err == f"keyact cards: cards: {bad}:2:15: not valid JSON: expected a member name "
                 "in double quotes after ','\n", repr(err))
    with open(bad, 'w', encoding='utf-8') as f:
        f.write('[{"name": tru}]')
    code, out, err = run('--cards', bad)
    check('--cards bare word', code == 2 and 'found the bare word tru (strings need double '
          'quotes)' in err and 'Parse error' not in err, repr(err))
    code, out, err = run('--cards', os.path.join(tmp, 'absent.json'))
    check('--cards missing file exits 2', code == 2 and out == '' and 'absent.json' in err, err)

code, out, err = run('extra')
check('an argument is refused', code == 2 and 'no arguments' in err, err)

if failures:
    print(f'{len(failures)} failures:')
    for f in failures:
        print('  ' + f)
    sys.exit(1)
print('ok: keyact cards')
