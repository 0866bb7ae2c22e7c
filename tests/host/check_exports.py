#!/usr/bin/env python3
"""check_exports.py - libkeyact-host exports exactly the API of its headers.

Three lists must agree: the functions declared in the public headers
(keyact-host.h, keyact-trace.h), the global names in keyact-host.map, and
the functions the built library exports.
Usage: check_exports.py MAP LIBRARY NM HEADER [HEADER...]
"""
import re
import subprocess
import sys


def header_functions(path):
    text = open(path, encoding='utf-8').read()
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    # A declaration: return type, then "keyact_name(" at the top level.
    return set(re.findall(r'^[A-Za-z_][\w \*]*?\b(keyact_\w+)\s*\(', text, flags=re.M))


def map_globals(path):
    text = open(path, encoding='utf-8').read()
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    body = re.search(r'global:(.*?)local:', text, flags=re.S).group(1)
    return set(re.findall(r'(\w+)\s*;', body))


def library_exports(library, nm):
    out = subprocess.run([nm, '-D', '--defined-only', library], check=True,
                         capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in ('T', 'W', 'D', 'B', 'R'):
            names.add(fields[2].split('@')[0])
    return names


def main():
    version_map, library, nm = sys.argv[1:4]
    headers = sys.argv[4:]
    declared = set()
    for header in headers:
        declared |= header_functions(header)
    lists = {
        'the headers': declared,
        'keyact-host.map': map_globals(version_map),
        'the library': library_exports(library, nm),
    }
    ok = True
    reference = lists['the headers']
    if not reference:
        print('no declarations found in', ' '.join(headers))
        return 1
    for name, found in lists.items():
        for missing in sorted(reference - found):
            print(f'{missing}: declared in a header, missing from {name}')
            ok = False
        for extra in sorted(found - reference):
            print(f'{extra}: in {name}, not declared in a header')
            ok = False
    print(f'{len(reference)} functions checked')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
