#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The natives inside keyact.jar and keyact-xmage.jar (glue/java/natives/bundle.py lays them out).

jar_natives.py contents JAR --readelf R [--expect PLATFORM]... [--same-natives-as JAR2]
    Prints which platforms JAR carries and its size per platform (compressed, as the jar
    stores them, and extracted), then checks: every expected platform is there and PLATFORMS
    lists exactly the folders; each folder's INDEX lists exactly its files with their SHA-256
    and mode (0500 for a program, 0400 for a library); every file is an ELF for the folder's
    CPU, stripped (no .symtab, no .debug_*), present once; keyact's own files carry DT_RPATH
    $ORIGIN ($ORIGIN/.. in plugins/) and no DT_RUNPATH; every library a file needs is glibc's
    or in the folder (nothing else is asked of the machine); NOTICES names every file with its
    licence and the licence files it cites are in the jar. --same-natives-as: JAR's natives are
    exactly JAR2's (keyact-xmage.jar carries keyact.jar's, one copy).
jar_natives.py glibc-floor JAR --readelf R --max X.Y
    Per platform and file, the newest GLIBC_ symbol version needed (the version-needs
    section, as objdump -T shows per symbol); fails when a platform needs one newer than X.Y
    (Debian 12's glibc, 2.36) or differs from the floor its INDEX records.
"""
import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import zipfile

ROOT = 'org/keyact/native/'
MACHINES = {'x86_64': 'Advanced Micro Devices X86-64', 'aarch64': 'AArch64'}
GLIBC = re.compile(r'^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|'
                   r'libresolv\.so\.2|libutil\.so\.1|libanl\.so\.1|ld-linux[-\w.]*\.so\.\d+)$')


def platforms(z):
    return sorted(n[len(ROOT):-len('/INDEX')] for n in z.namelist()
                  if n.startswith(ROOT) and n.endswith('/INDEX') and n.count('/') == 4)


def parse_index(text):
    floor, entries = None, {}
    for line in text.splitlines():
        if not line or line.startswith('#'):
            continue
        f = line.split(' ')
        if f[0] == 'glibc':
            floor = f[1]
        else:
            entries[f[2]] = (f[0], f[1])
    return floor, entries


def readelf(tool, *args):
    return subprocess.run([tool, *args], check=True, capture_output=True, text=True).stdout


def version(v):
    return tuple(int(n) for n in v.split('.'))


class Checker:
    def __init__(self):
        self.failures = []

    def check(self, ok, message):
        if not ok:
            self.failures.append(message)
            print(f'FAIL: {message}', file=sys.stderr)


def extract(z, platform, tmp):
    """The platform's files written out (for readelf): {relative path: file}."""
    out = {}
    prefix = f'{ROOT}{platform}/'
    for n in z.namelist():
        if n.startswith(prefix) and not n.endswith('/') and n != prefix + 'INDEX':
            rel = n[len(prefix):]
            path = os.path.join(tmp, platform, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'wb') as f:
                f.write(z.read(n))
            out[rel] = path
    return out


def contents(args):
    c = Checker()
    with zipfile.ZipFile(args.jar) as z, tempfile.TemporaryDirectory() as tmp:
        names = z.namelist()
        carried = platforms(z)
        size = os.path.getsize(args.jar)
        print(f'{os.path.basename(args.jar)}: {size} bytes ({size / 1048576:.2f} MiB); '
              f'natives for {", ".join(carried) if carried else "no platform"}')
        for p in args.expect:
            c.check(p in carried, f'{args.jar} carries no natives for {p}')
        listed = z.read(ROOT + 'PLATFORMS').decode().split() if ROOT + 'PLATFORMS' in names else []
        c.check(listed == carried, f'PLATFORMS lists {listed}, the folders are {carried}')
        notices = z.read(ROOT + 'NOTICES').decode() if ROOT + 'NOTICES' in names else ''
        c.check(notices != '', 'no NOTICES')
        for cited in sorted(set(re.findall(r'licenses/[\w+-](?:[\w.+-]*[\w+-])?', notices))):
            c.check(ROOT + cited in names, f'NOTICES cites {cited}, which is not in the jar')

        for platform in carried:
            prefix = f'{ROOT}{platform}/'
            infos = [i for i in z.infolist() if i.filename.startswith(prefix) and not i.is_dir()]
            packed = sum(i.compress_size for i in infos)
            unpacked = sum(i.file_size for i in infos)
            print(f'  {platform}: {len(infos) - 1} files, {packed} bytes in the jar '
                  f'({packed / 1048576:.2f} MiB), {unpacked} bytes extracted')
            floor, entries = parse_index(z.read(prefix + 'INDEX').decode())
            section = next((t for t in re.split(r'\n(?=\S+ \(org/keyact/native/)', notices)
                            if t.startswith(f'{platform} (')), '')
            files = extract(z, platform, tmp)
            c.check(sorted(files) == sorted(entries),
                    f'{platform}: INDEX lists {sorted(entries)}, the folder holds {sorted(files)}')
            hashes = {}
            cpu = platform.split('-', 1)[1]
            for rel, path in sorted(files.items()):
                data = open(path, 'rb').read()
                digest = hashlib.sha256(data).hexdigest()
                c.check(digest not in hashes, f'{platform}: {rel} is a second copy of {hashes.get(digest)}')
                hashes[digest] = rel
                if rel not in entries:
                    continue
                c.check(entries[rel][0] == digest, f'{platform}/{rel}: SHA-256 {digest}, INDEX says {entries[rel][0]}')
                header = readelf(args.readelf, '-h', '-l', '-S', '-d', '-W', path)
                machine = re.search(r'Machine:\s+(.*)', header).group(1).strip()
                c.check(machine == MACHINES.get(cpu), f'{platform}/{rel} is for {machine}')
                program = 'Requesting program interpreter' in header
                c.check(entries[rel][1] == ('0500' if program else '0400'),
                        f'{platform}/{rel}: mode {entries[rel][1]} for a {"program" if program else "library"}')
                sections = re.findall(r'\]\s+(\.\S+)', header)
                c.check(not [s for s in sections if s == '.symtab' or s.startswith('.debug')],
                        f'{platform}/{rel} is not stripped')
                rpath = re.findall(r'\((RPATH|RUNPATH)\)\s+Library r(?:un)?path: \[(.*?)\]', header)
                ours = os.path.basename(rel).startswith(('libkeyact-', 'keyact-'))
                if ours:
                    want = '$ORIGIN' if '/' not in rel else '$ORIGIN/..'
                    needs_any = [n for n in re.findall(r'\(NEEDED\)\s+Shared library: \[(.*?)\]', header)
                                 if not GLIBC.match(n)]
                    c.check(not needs_any or rpath == [('RPATH', want)],
                            f'{platform}/{rel}: {rpath}, not DT_RPATH {want}')
                for needed in re.findall(r'\(NEEDED\)\s+Shared library: \[(.*?)\]', header):
                    c.check(GLIBC.match(needed) or needed in files,
                            f'{platform}/{rel} needs {needed}, which is neither glibc\'s nor bundled')
                c.check(re.search(rf'^  {re.escape(rel)} \(\d+ bytes\)\n.*\n    licence: \S', section, re.M)
                        is not None, f'NOTICES does not give {platform}/{rel} a licence')
            c.check(floor is not None, f'{platform}: INDEX records no glibc floor')

        elsewhere = [n for n in names if re.search(r'\.so(\.\d+)*$', n) and not n.startswith(ROOT)]
        c.check(not elsewhere, f'libraries outside {ROOT}: {elsewhere}')
        if args.same_natives_as:
            with zipfile.ZipFile(args.same_natives_as) as other:
                ours = {i.filename: i.CRC for i in z.infolist() if i.filename.startswith(ROOT)}
                theirs = {i.filename: i.CRC for i in other.infolist() if i.filename.startswith(ROOT)}
                c.check(ours == theirs, f'{args.jar}\'s natives differ from {args.same_natives_as}\'s')
    if c.failures:
        return 1
    print(f'PASS: {os.path.basename(args.jar)} carries {", ".join(carried)}, every file listed, '
          'stripped, self-contained beyond glibc and licensed')
    return 0


def glibc_floor(args):
    c = Checker()
    limit = version(args.max)
    with zipfile.ZipFile(args.jar) as z, tempfile.TemporaryDirectory() as tmp:
        carried = platforms(z)
        c.check(carried != [], f'{args.jar} carries no natives')
        for platform in carried:
            recorded, _ = parse_index(z.read(f'{ROOT}{platform}/INDEX').decode())
            newest = (0,)
            for rel, path in sorted(extract(z, platform, tmp).items()):
                needs = [version(v) for v in
                         re.findall(r'Name: GLIBC_([0-9.]+)', readelf(args.readelf, '-V', '-W', path))]
                mine = max(needs, default=(0,))
                print(f'  {platform}/{rel}: GLIBC_{".".join(map(str, mine))}')
                newest = max(newest, mine)
            floor = '.'.join(map(str, newest))
            print(f'{platform}: glibc floor {floor} (limit {args.max}, Debian 12)')
            c.check(newest <= limit, f'{platform} needs glibc {floor}, newer than {args.max}')
            c.check(recorded == floor, f'{platform}: INDEX records glibc {recorded}, the files need {floor}')
    if c.failures:
        return 1
    print(f'PASS: every platform\'s natives run on glibc {args.max}')
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = p.add_subparsers(dest='command', required=True)
    s = sub.add_parser('contents')
    s.add_argument('jar')
    s.add_argument('--readelf', required=True)
    s.add_argument('--expect', action='append', default=[])
    s.add_argument('--same-natives-as')
    g = sub.add_parser('glibc-floor')
    g.add_argument('jar')
    g.add_argument('--readelf', required=True)
    g.add_argument('--max', required=True)
    args = p.parse_args()
    return contents(args) if args.command == 'contents' else glibc_floor(args)


if __name__ == '__main__':
    sys.exit(main())
