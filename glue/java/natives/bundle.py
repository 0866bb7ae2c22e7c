#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The natives keyact.jar carries: one folder per platform (linux-x86_64, linux-aarch64...).

bundle.py stage --platform P --root DIR --stamp FILE --version V --libraries JSON
                --readelf R --strip S --patchelf P --libdir D... --object FILE FOLDER STATIC...
    Lay out DIR/P/: each --object (keyact's own files: the JNI and host libraries, the
    plugins, the helper) under FOLDER ('.' or 'plugins'), named by its SONAME when it has one,
    stripped; STATIC: the libraries of JSON linked into it statically (','-separated sonames,
    '' for none: the helper's libseccomp), named in its notice with their own licence and
    package; then every shared library they need that is not glibc's own, found in the
    --libdir folders (the build's multiarch directory: a cross build gives the target's), and
    what those need, flat in DIR/P/ under the name the objects ask for (unmodified: Debian's are
    stripped already). keyact's objects get DT_RPATH $ORIGIN (or $ORIGIN/.. in plugins/), so
    the dynamic loader finds the bundled copies before any system one, for the whole chain: a
    DT_RPATH, unlike a DT_RUNPATH, also serves the libraries those libraries need. Writes
    DIR/P/INDEX (SHA-256, mode and path of each file: what the Java loader checks) and
    DIR/P.json (where each file came from and its licence, for NOTICES), copies each bundled
    package's copyright file (and the licence texts they refer to) into DIR/licenses/, and
    writes FILE (meson's output) last. A library needed but absent from JSON (libraries.json:
    soname -> project, Debian package, licence) is an error: nothing goes into the jar without
    its licence.

bundle.py merge --into DIR --stamp FILE --version V ROOT...
    Copy every platform folder of each ROOT (a staged DIR: this build's, and other builds',
    such as CI's aarch64 cross build) into DIR/org/keyact/native/ (DIR made anew: the jar's
    resources), with one NOTICES listing every file of every platform, its origin and licence,
    licenses/, and PLATFORMS (one per line: what the loader names when the running platform is
    missing). A platform present twice is an error (one copy of each library). FILE (meson's
    output) lists the platforms.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

# glibc's own libraries: every Linux system has them, so they are never bundled. What the
# natives need of them (symbol versions) is the glibc floor, which tests/jar checks.
GLIBC = re.compile(r'^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|'
                   r'libresolv\.so\.2|libutil\.so\.1|libanl\.so\.1|ld-linux[-\w.]*\.so\.\d+)$')

INDEX_HEADER = ('# keyact {version} natives for {platform}: the newest glibc symbol version they '
                'need, then each file\'s SHA-256, mode and path. The Java loader extracts them '
                'into one directory named by this file\'s own SHA-256 and checks every file '
                'against it before loading.\n')


def run(*cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def dynamic(readelf, path):
    """(soname or None, [needed...]) from the dynamic section."""
    out = run(readelf, '-d', '-W', path)
    soname = re.search(r'\(SONAME\)\s+Library soname: \[(.*?)\]', out)
    return (soname.group(1) if soname else None,
            re.findall(r'\(NEEDED\)\s+Shared library: \[(.*?)\]', out))


def is_executable(readelf, path):
    """A program (it asks for an interpreter), not a library: extracted with its exec bit."""
    return 'Requesting program interpreter' in run(readelf, '-l', '-W', path)


def glibc_needs(readelf, path):
    """The newest GLIBC_x.y symbol version the file asks for (its version-needs section)."""
    found = re.findall(r'Name: GLIBC_([0-9.]+)', run(readelf, '-V', '-W', path))
    return max((tuple(int(n) for n in v.split('.')) for v in found), default=(0,))


def sha256(path):
    h = hashlib.sha256()
    with open(path, 'rb') as f:
        for block in iter(lambda: f.read(1 << 16), b''):
            h.update(block)
    return h.hexdigest()


def debian_origin(path):
    """(package:arch, version, source, source version) of the file, or None off Debian."""
    real = os.path.realpath(path)
    candidates = [real]
    # Merged /usr: dpkg lists a file under the path its package shipped.
    if real.startswith('/usr/lib/'):
        candidates.append(real[len('/usr'):])
    elif real.startswith('/lib/'):
        candidates.append('/usr' + real)
    for candidate in candidates:
        found = subprocess.run(['dpkg-query', '-S', candidate], capture_output=True, text=True)
        if found.returncode == 0:
            package = found.stdout.split(': ', 1)[0].split(', ')[0]
            version, source, source_version = run(
                'dpkg-query', '-W', '-f=${Version}\t${source:Package}\t${source:Version}',
                package).split('\t')
            return package, version, source, source_version
    return None


def library_origin(args, known, name, static=False):
    """(origin text, licence, licence files copied into licenses/) of a library of JSON: its
    shared object, or (static) the archive linked into one of keyact's files."""
    info = known.get(name)
    if info is None:
        raise SystemExit(f'bundle.py: {name} is not in {args.libraries}: add its project, '
                         'Debian package and licence there to bundle it')
    file = re.sub(r'\.so(\.\d+)*$', '.a', name) if static else name
    found = next((os.path.join(d, file) for d in args.libdir if os.path.exists(os.path.join(d, file))), None)
    if found is None:
        raise SystemExit(f'bundle.py: {file} is found in none of {args.libdir}')
    how = 'statically linked' if static else 'unmodified'
    files = []
    debian = debian_origin(found)
    if debian is not None:
        package, version, src, src_version = debian
        origin = (f'{info["project"]}: {os.path.basename(os.path.realpath(found))} of the Debian '
                  f'package {package} {version} (source package {src} {src_version}), {how}')
        copyright_file = f'/usr/share/doc/{package.split(":")[0]}/copyright'
        if os.path.exists(copyright_file):
            target = f'{package.split(":")[0]}.copyright'
            shutil.copyfile(copyright_file, os.path.join(args.root, 'licenses', target))
            files.append(target)
    else:
        origin = f'{info["project"]}: {os.path.realpath(found)} of the build machine, {how}'
    text = info.get('license_text')
    if text:
        common = f'/usr/share/common-licenses/{text}'
        if not os.path.exists(common):
            raise SystemExit(f'bundle.py: {name} is {info["licence"]}, and {common} is missing')
        shutil.copyfile(common, os.path.join(args.root, 'licenses', text))
        files.append(text)
    return origin, info['licence'], files


def stage(args):
    with open(args.libraries, encoding='utf-8') as f:
        known = json.load(f)
    top = os.path.join(args.root, args.platform)
    shutil.rmtree(top, ignore_errors=True)
    os.makedirs(top)
    licenses = os.path.join(args.root, 'licenses')
    os.makedirs(licenses, exist_ok=True)

    entries = []       # (relative path, absolute path, origin text, licence, license files)
    placed = {}        # relative path -> source
    wanted = []        # (needed name, asked by)

    for source, folder, static in args.object:
        soname, needed = dynamic(args.readelf, source)
        name = soname or os.path.basename(source)
        rel = name if folder == '.' else f'{folder}/{name}'
        if rel in placed:
            raise SystemExit(f'bundle.py: {rel} given twice ({placed[rel]}, {source})')
        placed[rel] = source
        dest = os.path.join(top, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(source, dest)
        executable = is_executable(args.readelf, dest)
        run(args.strip, '--strip-all' if executable else '--strip-unneeded', dest)
        private = [n for n in needed if not GLIBC.match(n)]
        if private:
            origin = '$ORIGIN' if folder == '.' else '$ORIGIN/' + os.path.relpath('.', folder)
            run(args.patchelf, '--force-rpath', '--set-rpath', origin, dest)
        origin, licence, files = f'keyact {args.version}', 'MIT', ['keyact.LICENSE']
        for name in filter(None, static.split(',')):
            what, their_licence, their_files = library_origin(args, known, name, static=True)
            origin += f'; with {what}'
            licence += f' (and {their_licence} for {known[name]["project"]})'
            files += [f for f in their_files if f not in files]
        entries.append((rel, dest, origin, licence, files))
        wanted += [(n, rel) for n in private]

    shutil.copyfile(args.license, os.path.join(licenses, 'keyact.LICENSE'))
    while wanted:
        name, asker = wanted.pop(0)
        if name in placed:
            continue
        if name not in known:
            raise SystemExit(f'bundle.py: {asker} needs {name}, which is not in {args.libraries}: '
                             'add its project, Debian package and licence there to bundle it')
        found = next((os.path.join(d, name) for d in args.libdir
                      if os.path.exists(os.path.join(d, name))), None)
        if found is None:
            raise SystemExit(f'bundle.py: {asker} needs {name}, found in none of {args.libdir}')
        dest = os.path.join(top, name)
        shutil.copyfile(found, dest)   # follows the symlink: the library itself, unmodified
        placed[name] = found
        origin, licence, files = library_origin(args, known, name)
        entries.append((name, dest, origin, licence, files))
        wanted += [(n, name) for n in dynamic(args.readelf, dest)[1] if not GLIBC.match(n)]

    floor = max(glibc_needs(args.readelf, path) for _, path, _, _, _ in entries)
    index = [INDEX_HEADER.format(version=args.version, platform=args.platform),
             'glibc ' + '.'.join(map(str, floor)) + '\n']
    notices = []
    for rel, path, origin, licence, files in sorted(entries):
        mode = 0o500 if is_executable(args.readelf, path) else 0o400
        index.append(f'{sha256(path)} {mode:04o} {rel}\n')
        notices.append({'path': rel, 'size': os.path.getsize(path), 'origin': origin,
                        'licence': licence, 'files': files})
    with open(os.path.join(top, 'INDEX'), 'w', encoding='utf-8') as f:
        f.writelines(index)
    with open(os.path.join(args.root, args.platform + '.json'), 'w', encoding='utf-8') as f:
        json.dump({'platform': args.platform, 'files': notices}, f, indent=1)
    with open(args.stamp, 'w', encoding='utf-8') as f:
        f.write(args.platform + '\n')


NOTICES_HEAD = """\
keyact {version}: the native files in this jar, where each came from, and its licence.

The Java loader (org.keyact.NativeLoader) extracts the folder of the running
platform, org/keyact/native/PLATFORM/, into a private directory and loads it from
there (see the Java binding's README, "Natives"). keyact's own files are MIT
(licenses/keyact.LICENSE). The other libraries are what keyact's natives need
beyond glibc, so that a machine with only a Java runtime runs keyact: each is the
unmodified shared library of the package named below, dynamically linked
(keyact's libraries find it beside them through DT_RPATH $ORIGIN), never linked
into keyact's own files. GLib and GModule are LGPL-2.1-or-later
(licenses/LGPL-2.1). To run keyact with your own build of them: load keyact from
system libraries (-Dorg.keyact.jni.library=FILE, your GLib where the dynamic
loader finds it), or build this jar from keyact's source with yours
(glue/java/natives/bundle.py takes them from the build machine). Their source is
the source package named (on Debian: apt-get source PACKAGE=VERSION). A file
"with" a library has it linked in statically (keyact-plugin-helper: libseccomp,
LGPL-2.1): keyact's source builds it again against yours. Each package's
copyright file is in licenses/.
"""


def merge(args):
    shutil.rmtree(args.into, ignore_errors=True)
    out = os.path.join(args.into, 'org', 'keyact', 'native')
    os.makedirs(os.path.join(out, 'licenses'), exist_ok=True)
    sections = []
    seen = {}
    for root in args.root:
        for entry in sorted(os.listdir(root)):
            fragment = os.path.join(root, entry)
            if not entry.endswith('.json'):
                continue
            platform = entry[:-len('.json')]
            if platform in seen:
                raise SystemExit(f'bundle.py: {platform} is in both {seen[platform]} and {root}')
            seen[platform] = root
            shutil.copytree(os.path.join(root, platform), os.path.join(out, platform))
            with open(fragment, encoding='utf-8') as f:
                sections.append(json.load(f))
        licenses = os.path.join(root, 'licenses')
        for name in sorted(os.listdir(licenses)) if os.path.isdir(licenses) else []:
            shutil.copyfile(os.path.join(licenses, name), os.path.join(out, 'licenses', name))
    if not sections:
        raise SystemExit(f'bundle.py: no platform folder in {args.root}')
    text = [NOTICES_HEAD.format(version=args.version)]
    for section in sorted(sections, key=lambda s: s['platform']):
        text.append(f'\n{section["platform"]} (org/keyact/native/{section["platform"]}/)\n')
        for f in section['files']:
            files = ', '.join('licenses/' + n for n in f['files'])
            text.append(f'  {f["path"]} ({f["size"]} bytes)\n'
                        f'    {f["origin"]}\n    licence: {f["licence"]}; {files}\n')
    with open(os.path.join(out, 'NOTICES'), 'w', encoding='utf-8') as f:
        f.writelines(text)
    with open(os.path.join(out, 'PLATFORMS'), 'w', encoding='utf-8') as f:
        f.writelines(p + '\n' for p in sorted(seen))
    with open(args.stamp, 'w', encoding='utf-8') as f:
        f.writelines(p + '\n' for p in sorted(seen))


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = p.add_subparsers(dest='command', required=True)
    s = sub.add_parser('stage')
    s.add_argument('--platform', required=True)
    s.add_argument('--root', required=True)
    s.add_argument('--stamp', required=True)
    s.add_argument('--version', required=True)
    s.add_argument('--libraries', required=True)
    s.add_argument('--license', required=True, help="keyact's LICENSE file")
    s.add_argument('--readelf', required=True)
    s.add_argument('--strip', required=True)
    s.add_argument('--patchelf', required=True)
    s.add_argument('--libdir', action='append', default=[])
    s.add_argument('--object', nargs=3, action='append', default=[], metavar=('FILE', 'FOLDER', 'STATIC'))
    m = sub.add_parser('merge')
    m.add_argument('--into', required=True)
    m.add_argument('--stamp', required=True)
    m.add_argument('--version', required=True)
    m.add_argument('root', nargs='+')
    args = p.parse_args()
    stage(args) if args.command == 'stage' else merge(args)
    return 0


if __name__ == '__main__':
    sys.exit(main())
