#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_exports.py - a shared object exports exactly what its version
script (.map) lists, and, for a library, what its headers declare.

With headers (libkeyact-host: keyact-host.h, keyact-trace.h) three lists
must agree: the functions the headers declare, the global names in the
map, and the symbols the built library exports. Without headers (a plugin:
keyact-discover.map) the library's exports must be the map's globals.
Usage: check_exports.py MAP LIBRARY NM [HEADER...]
"""
import os
import re
import subprocess
import sys


def header_functions(path):
    text = open(path, encoding='utf-8').read()
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    # A declaration: return type, then "keyact_name(" at the top level.
    # A name in parentheses, `void (keyact_x)(...)`, declares the function
    # behind a function-like macro of the same name.
    return set(re.findall(r'^[A-Za-z_][\w \*]*?\(?\b(keyact_\w+)\)?\s*\(', text, flags=re.M))


def map_globals(path):
    text = open(path, encoding='utf-8').read()
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    # Every version node's global: list (a node ends at local: or '}').
    names = set()
    for body in re.findall(r'global:(.*?)(?:local:|\})', text, flags=re.S):
        names |= set(re.findall(r'(\w+)\s*;', body))
    return names


def library_exports(library, nm):
    out = subprocess.run([nm, '-D', '--defined-only', library], check=True,
                         capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        fields = line.split()
        # Every defined symbol counts (code, data, weak, unique, TLS), except
        # the absolute ones the linker makes for version nodes.
        if len(fields) == 3 and fields[1] != 'A':
            names.add(fields[2].split('@')[0])
    return names


def main():
    version_map, library, nm = sys.argv[1:4]
    headers = sys.argv[4:]
    map_name = os.path.basename(version_map)
    lists = {map_name: map_globals(version_map)}
    if headers:
        declared = set()
        for header in headers:
            declared |= header_functions(header)
        if not declared:
            print('no declarations found in', ' '.join(headers))
            return 1
        lists = {'the headers': declared, **lists}
    lists['the library'] = library_exports(library, nm)
    reference_name = next(iter(lists))
    reference = lists[reference_name]
    if not reference:
        print(f'{reference_name} lists nothing')
        return 1
    ok = True
    for name, found in lists.items():
        for missing in sorted(reference - found):
            print(f'{missing}: in {reference_name}, missing from {name}')
            ok = False
        for extra in sorted(found - reference):
            print(f'{extra}: in {name}, not in {reference_name}')
            ok = False
    print(f'{os.path.basename(library)}: {len(reference)} symbols checked')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
