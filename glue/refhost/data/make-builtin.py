#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate builtin-cards.json, the reference host's built-in card set.

Reads the shared card pool (default: ../shared/carddata/cards.json.gz next to
the repository) and writes only printed facts: name, layout, type line, mana
cost, faces, a structured "discover" field and a "cascade" count. No rules
or oracle text is copied; the discover kind and N and the cascade count are
derived here from the oracle text, with the same rules as the C loader
(carddb-discover.c, carddb-cascade.c).

Usage: make-builtin.py [POOL] [OUTPUT]
"""
import gzip
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, '..', '..', '..'))
DEFAULT_POOL = os.path.join(REPO, '..', 'shared', 'carddata', 'cards.json.gz')
DEFAULT_OUT = os.path.join(HERE, 'builtin-cards.json')

# Cards from other sets that exercise every layout and cost form.
EXTRA = [
    'Fire // Ice',                                     # split
    'Cut // Ribbons',                                  # aftermath
    'Galvanic Giant // Storm Reading',                 # adventure
    'Valki, God of Lies // Tibalt, Cosmic Impostor',   # modal_dfc
    'Delver of Secrets // Insectile Aberration',       # transform
    'Akki Lavarunner // Tok-Tok, Volcano Born',        # flip
    'Brightclimb Pathway // Grimclimb Pathway',        # land modal_dfc
    'Fireball',                                        # {X} spell
    'Gitaxian Probe',                                  # Phyrexian mana
    'Dismember',                                       # Phyrexian mana
    'Spectral Procession',                             # {2/W} hybrid
]
# Cascade cards (CR 702.85) for the cascade scenarios: each mana value the
# suite needs, a spell and permanents, and two instances on one card.
CASCADE = [
    'Ardent Plea',              # 3, enchantment
    'Shardless Agent',          # 3, artifact creature
    'Violent Outburst',         # 3, instant
    'Bloodbraid Elf',           # 4, creature
    'Bituminous Blast',         # 5, instant with a target
    'Enlisted Wurm',            # 6, creature
    'Maelstrom Wanderer',       # 8, "Cascade, cascade"
]
BASICS = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest']
COLOURS = 'WUBRG'
# Nonland cards per colour, by mana value: a playable curve 1..7.
CURVE = {1: 2, 2: 3, 3: 3, 4: 2, 5: 1, 6: 1, 7: 1}

REMINDER = re.compile(r'\([^)]*\)')
DISCOVER_N = re.compile(r'\b[Dd]iscover (\d+|X)\b')
DISCOVER_WORD = re.compile(r'\bdiscover\b', re.I)
# What a discovering card does with the discovered card (carddb-discover.c).
TREASURES_BELOW = re.compile(r"If the discovered card's mana value is less than (\d+), create a "
                             r"number of tapped Treasure tokens equal to the difference\.")


def type_words(type_line):
    return (type_line or '').split('\u2014')[0].split()


def discover_of_text(text, type_line):
    """(kind, n) of one face's oracle text; mirrors carddb-discover.c."""
    text = REMINDER.sub('', text or '')
    spell = any(w in ('Instant', 'Sorcery') for w in type_words(type_line))
    first_other = None
    for m in DISCOVER_N.finditer(text):
        n = -1 if m.group(1) == 'X' else int(m.group(1))
        start = max(text.rfind('.', 0, m.start()), text.rfind('\n', 0, m.start())) + 1
        sentence = text[start:m.start()].strip()
        # An enters trigger whose effect is the discover ("When ... enters
        # ...,"); "When " with its space, so "Whenever ..." is not one.
        if (sentence.startswith('When ') and 'enters' in sentence
                and sentence.endswith(',')):
            return ('etb_if_cast' if sentence.endswith('if you cast it,') else 'etb', n)
        if spell and sentence == '' and m.group(0)[0] == 'D':
            return ('on_resolve', n)
        if first_other is None:
            first_other = ('other', n)
    if first_other:
        return first_other
    if DISCOVER_WORD.search(text):
        return ('other', 0)
    return None


def discover_of_card(card):
    faces = card.get('card_faces') or [card]
    found = [discover_of_text(f.get('oracle_text'), f.get('type_line')) for f in faces]
    found = [f for f in found if f]
    for kind, n in found:
        if kind != 'other':
            return (kind, n)
    return found[0] if found else None


def cascade_of_text(text):
    """Instances of cascade on one face; mirrors carddb-cascade.c: each
    comma-separated item of a line that is exactly "cascade", reminder text
    removed."""
    text = REMINDER.sub('', text or '')
    return sum(1 for line in text.split('\n') for item in line.split(',')
               if item.strip().lower() == 'cascade')


def colours(card):
    faces = card.get('card_faces') or [card]
    return set(re.findall('[WUBRG]', faces[0].get('mana_cost') or ''))


def fact(card):
    out = {
        'name': card['name'],
        'layout': card['layout'],
        'type_line': card['type_line'],
        'mana_cost': card['mana_cost'] or '',
    }
    if card.get('card_faces'):
        out['faces'] = [{'name': f['name'], 'mana_cost': f['mana_cost'] or '',
                         'type_line': f['type_line']} for f in card['card_faces']]
        for face, src in zip(out['faces'], card['card_faces']):
            if cascade_of_text(src.get('oracle_text')):
                face['cascade'] = cascade_of_text(src.get('oracle_text'))
    elif cascade_of_text(card.get('oracle_text')):
        out['cascade'] = cascade_of_text(card.get('oracle_text'))
    d = discover_of_card(card)
    if d:
        out['discover'] = {'kind': d[0], 'n': 'X' if d[1] < 0 else d[1]}
        for f in card.get('card_faces') or [card]:
            m = TREASURES_BELOW.search(f.get('oracle_text') or '')
            if m:
                out['discover']['treasures_below'] = int(m.group(1))
                break
    return out


def main():
    pool_path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_POOL
    out_path = sys.argv[2] if len(sys.argv) > 2 else DEFAULT_OUT
    with gzip.open(pool_path, 'rt', encoding='utf-8') as f:
        pool = json.load(f)
    by_name = {c['name']: c for c in pool}
    lci = sorted((c for c in pool if c['set'] == 'LCI'), key=lambda c: c['name'])

    chosen = [c for c in lci if discover_of_card(c)]
    taken = {c['name'] for c in chosen}
    for colour in COLOURS:
        for mv, count in CURVE.items():
            # Creatures first, then other spells; normal one-face cards only.
            pick = [c for c in lci
                    if c['name'] not in taken and c['layout'] == 'normal'
                    and colours(c) == {colour} and int(c['cmc']) == mv
                    and 'Land' not in type_words(c['type_line'])]
            pick.sort(key=lambda c: ('Creature' not in type_words(c['type_line']), c['name']))
            for c in pick[:count]:
                chosen.append(c)
                taken.add(c['name'])
    chosen += [by_name[n] for n in BASICS + EXTRA + CASCADE]

    doc = {
        'format': 'keyact-carddb',
        'version': 1,
        'source': 'MTGJSON v5 via the shared card pool; generated by make-builtin.py',
        'cards': [fact(c) for c in chosen],
    }
    with open(out_path, 'w', encoding='utf-8') as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write('\n')
    print(f'{out_path}: {len(chosen)} cards')


if __name__ == '__main__':
    main()
