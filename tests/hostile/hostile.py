#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""hostile.py - the hostile plugins, in-process and isolated (issue 31).

    hostile.py --engine ENGINE --good DISCOVER.so --keyact KEYACT --helper HELPER \\
               [--sanitize none] [--table] [--only ACT] --plugin HOSTILE.so ...

Each hostile plugin (plugins/act_*.c) is a working discover that does one
harmful thing during a resolve. Each runs twice in keyact-hostile-engine
(engine.c), once in the engine's own process and once isolated
(KEYACT_ISOLATE=1), always with KEYACT_VALIDATE=fatal, in a scratch
directory of its own: the plugin is copied there with its configuration
written into the copy (that arms it), HOME and the working directory are
scratch directories, a secret file and a TCP listener on 127.0.0.1 wait
for it, and the engine runs under a sacrificial parent process this script
owns. This script is a child subreaper, so any process the engine leaves
behind comes back to it.

In-process, each act must work (that proves the plugin is live, so that
"blocked" below means something); in a sanitizer build that column is not
run. Isolated, for every plugin: the engine survives and reaches its end;
the resolve returns the plugin's status (ISOLATED_STATUS); no card is lost
(the cards a failed resolve exiled are listed as stranded, the engine puts
them back, and every card is in exactly one zone); the act is blocked (the
secret reaches no output, no file and not the listener; no file appears in
HOME, the working directory, /tmp or /; the listener sees no connection;
the /bin/sh trace does not exist; the sacrificial parent lives; no process
is left behind); and the next resolve in the same engine, with the real
discover, works. A plugin that crashes in init fails to load with
KEYACT_HOST_ERROR_ISOLATION naming its file.

Also: `keyact check` passes each plugin's file and negotiation checks.

Output: TAP, one test point per plugin and column, then the table (as TAP
comments), then each failing test point again with what went wrong.
--table prints only the table, as Markdown (README.md's copy). What
isolation does not hold yet (KNOWN_FAILURES) is a TAP TODO: it fails, and
the day it passes meson says so.
"""
import argparse
import ctypes
import json
import os
import re
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

# Acts that never end on their own: in-process the test's timeout stops
# them, isolated the library's deadline. Only for these is a time the
# expected outcome, so only these get short ones (the test's run time).
HANGS = ('endless-loop', 'sleep', 'orphan', 'chatty')
HANG_TIMEOUT = 3.0          # seconds before the test kills an in-process engine that hangs
HANG_DEADLINE_MS = 1000     # KEYACT_ISOLATE_DEADLINE_MS of an isolated act that hangs
# Every other time here is a safety net, far from what a run takes (about
# 0.1 s, allocate 0.8 s, on an idle machine): a busy CI machine must not
# turn one into a failure. The engine's control plugin always has the
# library's default deadline (engine.c).
SAFETY_TIMEOUT = 30.0       # seconds before the test kills any other engine
DEADLINE_MS = 5000          # the library's default, for every other isolated act
# allocate touches a gigabyte as it goes, and must meet the helper's
# address-space cap (1 GiB) well before its deadline.
DEADLINE_MS_OF = {'allocate': 20000}
ENGINE_MEMORY_KIB = 256 << 10  # an isolated engine's peak RSS stays under this
INPROCESS_MEMORY = 1 << 30  # RLIMIT_AS of an in-process engine
LEFTOVER_GRACE = 5.0        # seconds a helper may take to go after the engine exits
STRUCK_CARDS = [1, 2]       # the engine's top two library cards: in exile when an act strikes

# `keyact check`'s checks of the file and the negotiation; the others run
# the plugin's code (init, resolves).
FILE_AND_NEGOTIATION = ('elf', 'exports', 'load', 'entry', 'members', 'negotiate')

# Statuses an isolated resolve may return, per act. Every forbidden system
# call kills the helper (the sandbox's allow list), so acts that make one
# die. KEYACT_OK only where the plugin carries on harmlessly: its memory
# refused at the helper's cap, its read in init refused, its overrun in
# the helper's own heap (which may also crash the helper).
DIES = {'KEYACT_E_PLUGIN'}
ISOLATED_STATUS = {
    'null-write': DIES, 'abort': DIES, 'exit-zero': DIES, 'endless-loop': DIES,
    'sleep': DIES, 'leak-log': DIES, 'leak-name': DIES, 'leak-file': DIES,
    'leak-socket': DIES, 'write-files': DIES, 'connect': DIES, 'fork-exec': DIES,
    'kill-parent': DIES,
    'allocate': {'KEYACT_OK'}, 'leak-init': {'KEYACT_OK'},
    'overrun': {'KEYACT_OK', 'KEYACT_E_PLUGIN'},
    'foreign-card': {'KEYACT_E_DENIED'}, 'foreign-player': {'KEYACT_E_DENIED'},
    'foreign-peek': {'KEYACT_E_DENIED'}, 'forged-result': {'KEYACT_E_DENIED'},
    'init-crash': None,     # never resolves: its load fails
    'proto-garbage': DIES, 'proto-truncated': DIES, 'proto-huge': DIES,
    'proto-out-of-order': DIES, 'chatty': DIES,
    'orphan': None,         # its init clears the parent-death signal: the load filter
                            # kills the helper there, so the load fails, named
}

# Acts during which the test kills the engine (SIGKILL to the engine's pid
# alone, as a crash ends an engine) once the plugin says it struck: what is
# left of the plugin afterwards is the point. None since the load filter
# keeps the parent-death signal (orphan is now refused at its load); the
# isolate suite kills an engine mid-resolve with an ordinary plugin.
ENGINE_CRASHES = ()

# Acts that need an isolating host: in-process there is no helper socket
# to break (the test point is skipped; the table says what happened).
ISOLATED_ONLY = ('proto-garbage', 'proto-truncated', 'proto-huge', 'proto-out-of-order')

# What isolation does not hold yet: each test point is a TAP TODO (it
# fails; the day it passes meson reports an unexpected pass, and the entry
# goes). README.md says more of each.
KNOWN_FAILURES = {
    # act: (the columns whose test point fails, why)
}
# Documented (keyact-host.h, "isolated plugins"): without Landlock in the
# kernel, a plugin can read, while it loads, the files the engine's user
# can read, and hand them to the host's log callback later.
NO_LANDLOCK_GAPS = {
    'leak-init': (('isolated',), 'gap: this kernel has no Landlock, so a plugin reads files '
                  'while it loads and logs them through the host'),
}

SYS_LANDLOCK_CREATE_RULESET = 444       # the same number on every architecture
LANDLOCK_CREATE_RULESET_VERSION = 1


def kernel_has_landlock():
    """Whether this kernel offers Landlock (its ABI version, asked as the
    helper asks it)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return libc.syscall(ctypes.c_long(SYS_LANDLOCK_CREATE_RULESET), None, ctypes.c_size_t(0),
                        ctypes.c_uint32(LANDLOCK_CREATE_RULESET_VERSION)) >= 1


def deadline_ms(act):
    """KEYACT_ISOLATE_DEADLINE_MS of an act's runs."""
    return HANG_DEADLINE_MS if act in HANGS else DEADLINE_MS_OF.get(act, DEADLINE_MS)


PR_SET_CHILD_SUBREAPER = 36


# hostile.c: the configuration follows this marker in the plugin file.
CONF_MARKER = b'keyact-hostile-conf:'
CONF_BYTES = 2048


def arm(plugin, copy, conf):
    """Copy `plugin` to `copy` with `conf` written into it, after the marker."""
    with open(plugin, 'rb') as f:
        data = bytearray(f.read())
    at = data.find(CONF_MARKER)
    if at < 0 or data.find(CONF_MARKER, at + 1) >= 0:
        raise RuntimeError(f'{plugin}: not exactly one configuration marker')
    start = at + len(CONF_MARKER)
    room = data[start:start + CONF_BYTES]
    text = conf.encode()
    if len(text) >= CONF_BYTES or any(room):
        raise RuntimeError(f'{plugin}: no room for the configuration')
    data[start:start + len(text)] = text
    with open(copy, 'wb') as f:
        f.write(data)
    os.chmod(copy, 0o755)


def act_of(plugin):
    name = os.path.basename(plugin)
    return name[len('keyact-hostile-'):-len('.so')]


# ---- one run of the engine ------------------------------------------------

class Run:
    """Everything one engine run did and left behind."""

    def __init__(self, act, isolated):
        self.act = act
        self.isolated = isolated
        self.fate = None            # ('exit', code) | ('signal', name) | ('timeout', seconds)
        self.lines = []             # the engine's JSON lines
        self.stdout = ''
        self.stderr = ''
        self.parent_killed = False
        self.leftovers = []         # 'pid cmdline' of processes left behind
        self.connections = 0
        self.received = b''
        self.secret = ''
        self.secret_places = []     # where the secret was found
        self.files = []             # files the act made (by their token name)
        self.trace = False
        self.engine_pid = None
        self.scratch = ''
        self.token = ''
        self.crashed_by_test = False    # the test killed the engine mid-resolve

    def stage(self, name):
        found = [line for line in self.lines if line.get('stage') == name]
        return found[-1] if found else None

    def logs(self):
        return [line['message'] for line in self.lines if line.get('stage') == 'log']

    def act_logs(self):
        prefix = f'hostile {self.act}: '
        return [m[len(prefix):] for m in self.logs() if m.startswith(prefix)]

    def plugin_pid(self):
        for message in self.act_logs():
            if message.startswith('pid '):
                return int(message[4:])
        return None


def signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return f'signal {number}'


def fate_of(status):
    if os.WIFSIGNALED(status):
        return ('signal', signal_name(os.WTERMSIG(status)))
    return ('exit', os.WEXITSTATUS(status))


def child_pids():
    """Processes whose parent is this one (left-behind helpers come here)."""
    me = str(os.getpid())
    pids = []
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open(f'/proc/{entry}/stat') as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(')') + 2:].split()
        if fields[1] == me and fields[0] != 'Z':
            pids.append(int(entry))
    return pids


def cmdline(pid):
    try:
        with open(f'/proc/{pid}/cmdline', 'rb') as f:
            return f.read().replace(b'\0', b' ').decode(errors='replace').strip()
    except OSError:
        return '?'


def read_text(path):
    """A file's text, '' when it is not there (yet)."""
    try:
        with open(path, errors='replace') as f:
            return f.read()
    except FileNotFoundError:
        return ''


def reap_all():
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


class Harness:
    def __init__(self, args):
        self.engine = os.path.abspath(args.engine)
        self.good = os.path.abspath(args.good)
        self.helper = os.path.abspath(args.helper)
        self.sanitized = args.sanitize not in ('', 'none')
        self.passthrough = {k: v for k, v in os.environ.items()
                            if k in ('ASAN_OPTIONS', 'UBSAN_OPTIONS', 'LSAN_OPTIONS', 'G_SLICE')}

    def environment(self, act, home, isolated):
        env = {
            'PATH': '/usr/bin:/bin',
            'HOME': home,
            'LC_ALL': 'C.UTF-8',
            'KEYACT_PLUGIN_PATH': '',
            'KEYACT_IMPL': '',
            'KEYACT_VALIDATE': 'fatal',
            'KEYACT_ISOLATE': '1' if isolated else '0',
            'KEYACT_ISOLATE_DEADLINE_MS': str(deadline_ms(act)),
            'KEYACT_PLUGIN_HELPER': self.helper,
            'G_MESSAGES_DEBUG': '',
        }
        # A sanitizer build's runtime settings come from the caller (CI).
        env.update(self.passthrough)
        return env

    def run(self, plugin, isolated):
        act = act_of(plugin)
        run = Run(act, isolated)
        scratch = tempfile.mkdtemp(prefix=f'keyact-hostile-{act}-')
        token = secrets.token_hex(8)
        run.scratch, run.token = scratch, token
        run.secret = 'keyact-hostile-secret-' + secrets.token_hex(16)
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            home, work, plugdir = (os.path.join(scratch, d) for d in ('home', 'work', 'plugin'))
            for d in (home, work, plugdir):
                os.mkdir(d, 0o700)
            secret_path = os.path.join(scratch, 'secret.txt')
            with open(secret_path, 'w') as f:
                f.write(run.secret + '\n')
            trace = os.path.join(scratch, 'trace.txt')
            listener.bind(('127.0.0.1', 0))
            listener.listen(16)
            listener.setblocking(False)
            copy = os.path.join(plugdir, os.path.basename(plugin))
            arm(plugin, copy, f'token={token}\nsecret={secret_path}\nhome={home}\n'
                              f'trace={trace}\nport={listener.getsockname()[1]}\n')
            started = time.time() - 1
            out_path = os.path.join(scratch, 'engine.out')
            err_path = os.path.join(scratch, 'engine.err')
            crash_when = f'hostile {act}: striking' if isolated and act in ENGINE_CRASHES \
                else None
            self.launch(run, [self.engine, copy, self.good],
                        self.environment(act, home, isolated), work, out_path, err_path,
                        isolated, crash_when)
            run.stdout = read_text(out_path)
            run.stderr = read_text(err_path)
            for text in run.stdout.splitlines():
                try:
                    run.lines.append(json.loads(text))
                except ValueError:
                    pass
            self.look_at_listener(run, listener)
            self.look_for_files(run, scratch, token, started,
                                skip={secret_path, out_path, err_path})
            run.trace = os.path.exists(trace)
        finally:
            listener.close()
            shutil.rmtree(scratch, ignore_errors=True)
            for path in run.files:
                if not path.startswith(scratch):
                    try:
                        os.unlink(path)
                    except OSError:
                        pass
        return run

    def launch(self, run, argv, env, cwd, out_path, err_path, isolated, crash_when=None):
        """Run the engine under a sacrificial parent; collect its fate. With
        `crash_when`, SIGKILL the engine alone once its output holds it."""
        limit = None if (isolated or self.sanitized) else INPROCESS_MEMORY
        report_r, report_w = os.pipe()
        parent = os.fork()
        if parent == 0:
            # The sacrificial parent: fork the engine, report its pid, and
            # only then let it exec (so it cannot kill this process before
            # the pid is out), wait, report its status.
            try:
                os.close(report_r)
                go_r, go_w = os.pipe()
                engine = os.fork()
                if engine == 0:
                    try:
                        os.close(go_w)
                        os.read(go_r, 1)
                        os.setsid()
                        # Python ignores SIGPIPE and SIGXFSZ; an engine does not.
                        for number in (signal.SIGPIPE, signal.SIGXFSZ):
                            signal.signal(number, signal.SIG_DFL)
                        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
                        if limit is not None:
                            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
                        os.chdir(cwd)
                        null = os.open(os.devnull, os.O_RDONLY)
                        out = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                        err = os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                        for fd, target in ((null, 0), (out, 1), (err, 2)):
                            os.dup2(fd, target)
                        os.closerange(3, 1024)
                        os.execve(argv[0], argv, env)
                    except BaseException as e:
                        os.write(2, f'cannot start the engine: {e!r}\n'.encode())
                    finally:
                        os._exit(127)
                os.close(go_r)
                os.write(report_w, f'pid {engine}\n'.encode())
                os.write(go_w, b'g')
                # Wait without reaping: the engine's status stays for this
                # script, which inherits the zombie when this process ends,
                # even when the engine kills this process right then.
                os.waitid(os.P_PID, engine, os.WEXITED | os.WNOWAIT)
            finally:
                os._exit(0)
        os.close(report_w)
        timeout = HANG_TIMEOUT if run.act in HANGS and not isolated else SAFETY_TIMEOUT
        deadline = time.monotonic() + timeout
        report = b''
        while not report.endswith(b'\n'):
            chunk = os.read(report_r, 64)
            if not chunk:
                raise RuntimeError('the sacrificial parent ended before it started the engine')
            report += chunk
        os.close(report_r)
        run.engine_pid = int(report.split()[1])
        parent_status = None
        engine_status = None
        while parent_status is None or engine_status is None:
            if parent_status is None:
                pid, status = os.waitpid(parent, os.WNOHANG)
                if pid:
                    parent_status = status
            if parent_status is not None:
                # The engine is this script's child once its parent is gone.
                pid, status = os.waitpid(run.engine_pid, os.WNOHANG)
                if pid:
                    engine_status = status
            if crash_when is not None and not run.crashed_by_test and engine_status is None \
                    and crash_when in read_text(out_path):
                os.kill(run.engine_pid, signal.SIGKILL)
                run.crashed_by_test = True
            if engine_status is None and time.monotonic() > deadline and run.fate is None:
                run.fate = ('timeout', timeout)
                try:
                    os.killpg(run.engine_pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.005)
        if run.fate is None:
            run.fate = fate_of(engine_status)
        run.parent_killed = os.WIFSIGNALED(parent_status)
        # Whatever the engine left behind comes to this subreaper.
        grace = time.monotonic() + LEFTOVER_GRACE
        while True:
            reap_all()
            left = child_pids()
            if not left or time.monotonic() > grace:
                break
            time.sleep(0.02)
        for pid in left:
            run.leftovers.append(f'{pid} {cmdline(pid)}')
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.05)
        reap_all()

    def look_at_listener(self, run, listener):
        while True:
            try:
                conn, _ = listener.accept()
            except (BlockingIOError, OSError):
                return
            run.connections += 1
            conn.settimeout(0.5)
            try:
                while True:
                    data = conn.recv(4096)
                    if not data:
                        break
                    run.received += data
            except OSError:
                pass
            conn.close()

    def look_for_files(self, run, scratch, token, started, skip):
        """The act's files (named by its token) in the scratch directories,
        /tmp and /; the secret in any file made during the run there, and in
        the engine's output and what the listener received."""
        secret = run.secret.encode()
        if secret in run.stdout.encode() or secret in run.stderr.encode():
            run.secret_places.append("the engine's output")
        if secret in run.received:
            run.secret_places.append('the TCP listener')
        candidates = []
        for root, _, names in os.walk(scratch):
            candidates += [os.path.join(root, n) for n in names]
        for top in ('/tmp', '/'):
            try:
                candidates += [os.path.join(top, n) for n in os.listdir(top)]
            except OSError:
                pass
        for path in candidates:
            if path in skip or not os.path.isfile(path) or os.path.islink(path):
                continue
            if token in os.path.basename(path):
                run.files.append(path)
            try:
                st = os.stat(path)
                if st.st_mtime < started or st.st_size > (1 << 20):
                    continue
                with open(path, 'rb') as f:
                    if secret in f.read():
                        run.secret_places.append(path)
            except OSError:
                pass


# ---- what each column must show -------------------------------------------

def fate_text(run):
    kind, value = run.fate
    if run.crashed_by_test:
        return 'the test killed the engine mid-resolve (SIGKILL), as a crash would'
    if kind == 'signal':
        return f'engine killed by {value}'
    if kind == 'timeout':
        return f'engine hung: killed by the test after {value:g} s'
    if run.stage('end') is None:
        return f'engine exited with status {value} in the middle of the resolve, no result'
    return None


def status_text(run):
    load = run.stage('load')
    if load is not None and not load['ok']:
        return f"load refused: {load['code_name']}: {load['message']}"
    resolve = run.stage('resolve')
    if resolve is None:
        return None
    return f"resolve {resolve['status']}"


def escapes(run):
    """What got out of the engine's hands, as this script saw it: each of
    these is an act that worked."""
    said = []
    if run.secret_places:
        said.append('secret reached ' + ', '.join(p if p.startswith('the ') else 'file ' + p
                                                  for p in run.secret_places))
    if run.files:
        said.append('files written: ' + ', '.join(run.files))
    if run.connections:
        said.append(f'listener saw {run.connections} connection(s)')
    if run.trace:
        said.append('/bin/sh ran (its trace file exists)')
    if run.parent_killed:
        said.append("the engine's parent was killed")
    if run.leftovers:
        said.append('processes left behind (killed by the test): '
                    + '; '.join(os.path.basename(p.split(' ')[1]) for p in run.leftovers))
    return said


def effects(run):
    """What the act achieved, as the engine and this script saw it."""
    said = escapes(run)
    account = run.stage('account')
    if account is not None:
        if account['names_changed']:
            said.append('card names changed in the engine: ' + '; '.join(
                f"{c['card']} {c['was']!r} -> {c['now']!r}" for c in account['names_changed']))
        if account['in_exile'] or account['not_in_exactly_one_zone']:
            said.append(f"cards lost: {account['in_exile']} left in exile unlisted, "
                        f"{account['not_in_exactly_one_zone']} not in exactly one zone")
    for message in run.act_logs():
        if any(word in message for word in ('malloc refused', 'never refused', 'accepted',
                                            'refused with', 'no socket', 'failed:',
                                            'read in init')):
            said.append('plugin: ' + message)
    resolve = run.stage('resolve')
    if resolve is not None and resolve['stranded_not_in_exile']:
        said.append(f"the result lists as stranded {len(resolve['stranded_not_in_exile'])} "
                    f"cards not in exile ({ids_text(resolve['stranded_not_in_exile'])})")
    if resolve is not None and resolve['conservation'] is not None:
        said.append('conservation check: ' + resolve['conservation'])
    end = run.stage('end') or resolve
    if end is not None and end.get('peak_rss_kib', 0) > 200 * 1024:
        said.append(f"engine grew to {end['peak_rss_kib'] // 1024} MiB"
                    + ('' if run.isolated else
                       f' (stopped by the test\'s own {INPROCESS_MEMORY >> 30} GiB RLIMIT_AS)'))
    elif end is not None and any('malloc refused' in m for m in run.act_logs()):
        said.append(f"the engine's own peak RSS {end['peak_rss_kib'] // 1024} MiB")
    return said


def library_says(run):
    """What libkeyact-host's warnings said of the plugin (the part after the
    plugin's name, up to the first ';'), and whom the validation layer
    blamed."""
    said = []
    for line in run.stderr.splitlines():
        if '-WARNING **' in line and f'hostile.{run.act})' in line:
            said.append(line.split(f'hostile.{run.act}): ', 1)[1].split('; ')[0])
        blamed = re.search(r'keyact-validate-WARNING .*host "[^"]*": (\w+)', line)
        if blamed:
            said.append(f"the validation layer blamed the host's {blamed.group(1)}")
    return said


def tidy(text, run):
    """The run's scratch paths, token and secret in words that stay the
    same from run to run (the table in README.md is a copy)."""
    text = text.replace(os.path.join(run.scratch, 'home'), '$HOME')
    text = text.replace(os.path.join(run.scratch, 'work'), '.')
    text = text.replace(run.scratch, 'SCRATCH')
    text = text.replace(run.token, 'TOKEN')
    return re.sub(r'keyact-hostile-secret-[0-9a-f]+', 'keyact-hostile-secret-...', text)


def summary(run):
    status = status_text(run)
    warnings = library_says(run)
    if status and warnings:
        status += ' (' + '; '.join(warnings) + ')'
    parts = [p for p in (fate_text(run), status) if p]
    return tidy('; '.join(parts + effects(run)) or 'nothing', run)


# Acts on cards and players the resolve never handed over: libkeyact-host's
# guard refuses them in both modes.
GUARDED = ('foreign-card', 'foreign-peek', 'foreign-player', 'forged-result')


def guard_failures(run):
    """What got past the guard: the resolve must return KEYACT_E_DENIED, no
    foreign call may have been accepted, and the result must name no card
    out of place."""
    wrong = []
    resolve = run.stage('resolve')
    if resolve is None:
        return [f'no resolve result: {fate_text(run) or run.fate}']
    if resolve['status'] != 'KEYACT_E_DENIED':
        wrong.append(f"resolve returned {resolve['status']}, not KEYACT_E_DENIED")
    for message in run.act_logs():
        accepted = re.search(r'(\d+) of \d+ accepted', message)
        if (accepted and accepted.group(1) != '0') or 'exiled its top card' in message:
            wrong.append('accepted: ' + message)
    if resolve['conservation'] is not None:
        wrong.append('the conservation check failed: ' + resolve['conservation'])
    if resolve['stranded_not_in_exile']:
        wrong.append(f"the result lists as stranded cards not in exile: "
                     f"{resolve['stranded_not_in_exile']}")
    return wrong


def check_inprocess(run):
    """The act's effect in the engine's own process: proof the plugin is live."""
    act, fate = run.act, run.fate
    resolve = run.stage('resolve')
    logs = run.act_logs()
    if act in ('null-write', 'init-crash'):
        return fate == ('signal', 'SIGSEGV')
    if act == 'abort':
        return fate == ('signal', 'SIGABRT')
    if act == 'exit-zero':
        return fate == ('exit', 0) and resolve is None and run.stage('end') is None
    if act in HANGS:
        return fate[0] == 'timeout'
    if act in ('leak-log', 'leak-init'):
        return "the engine's output" in run.secret_places
    if act == 'leak-name':
        account = run.stage('account')
        return account is not None and any(run.secret[:len(c['now'])] == c['now']
                                           for c in account['names_changed'])
    if act == 'leak-file':
        return any(p.startswith('/tmp/') for p in run.secret_places)
    if act == 'leak-socket':
        return 'the TCP listener' in run.secret_places
    if act == 'write-files':
        return any(p.endswith('-home') for p in run.files) and \
            any(p.endswith('-cwd') for p in run.files)
    if act == 'connect':
        return run.connections > 0
    if act == 'fork-exec':
        return run.trace
    if act == 'kill-parent':
        return run.parent_killed
    if act == 'allocate':
        end = run.stage('end')
        return any('malloc refused' in m for m in logs) and end is not None and \
            end['peak_rss_kib'] > (INPROCESS_MEMORY >> 10) // 2
    if act in GUARDED:
        return not guard_failures(run)
    if act == 'overrun':
        # Something the engine can see: a crash, or other cards' names changed.
        account = run.stage('account')
        return fate[0] == 'signal' or (account is not None and account['names_changed'])
    return False


def check_isolated(run):
    """Contained: returns the list of what went wrong (empty: all held)."""
    end = run.stage('end')
    wrong = escapes(run)
    if run.act in ENGINE_CRASHES:
        # Only what outlives the engine counts here.
        if not run.crashed_by_test:
            wrong.append(f'the plugin never struck: {fate_text(run) or run.fate}')
        return wrong
    if run.fate != ('exit', 0) or end is None:
        wrong.append(f'the engine did not survive: {fate_text(run) or run.fate}')
    load = run.stage('load')
    allowed = ISOLATED_STATUS[run.act]
    if allowed is None:
        # Crashes in init: the load fails, named, and nothing resolves.
        if load is None or load['ok']:
            wrong.append('the load did not fail')
        else:
            if load['code_name'] != 'ISOLATION':
                wrong.append(f"the load failed with {load['code_name']}, not ISOLATION")
            if os.path.basename(load['plugin']) not in load['message']:
                wrong.append(f"the load's message does not name the plugin: {load['message']}")
    else:
        resolve = run.stage('resolve')
        if load is None or not load['ok']:
            wrong.append(f'the load failed: {load}')
        elif not load['isolated']:
            wrong.append('the plugin was loaded in-process, not isolated')
        elif resolve is None:
            wrong.append('no resolve result')
        else:
            pid = run.plugin_pid()
            if pid is None or 'armed' not in run.act_logs():
                wrong.append('the plugin did not say it was armed (its log did not arrive)')
            elif pid == run.engine_pid:
                wrong.append("the plugin ran in the engine's process: not isolated")
            if resolve['status'] not in allowed:
                wrong.append(f"resolve returned {resolve['status']}, not "
                             + ' or '.join(sorted(allowed)))
            if resolve['conservation'] is not None:
                wrong.append('the conservation check failed: ' + resolve['conservation'])
            if resolve['stranded_not_in_exile']:
                wrong.append(f"the result lists as stranded cards not in exile: "
                             f"{resolve['stranded_not_in_exile']}")
            if run.act in GUARDED:
                wrong += [w for w in guard_failures(run) if w not in wrong]
            recover = run.stage('recover')
            if resolve['status'] == 'KEYACT_E_PLUGIN':
                if resolve['stranded'] != STRUCK_CARDS:
                    wrong.append(f"stranded {resolve['stranded']}, not the cards exiled "
                                 f'before the act, {STRUCK_CARDS}')
                if recover is None or recover['moved_back'] != STRUCK_CARDS:
                    wrong.append(f'the engine did not get the stranded cards back: {recover}')
            elif resolve['status'] == 'KEYACT_OK' and not resolve['complete']:
                wrong.append('KEYACT_OK but the resolve is not complete')
            if any('never refused' in m for m in run.act_logs()):
                wrong.append('allocation was never refused')
    for account in [line for line in run.lines if line.get('stage') == 'account']:
        if account['not_in_exactly_one_zone'] or account['in_exile']:
            wrong.append(f"cards not accounted for: {account}")
        if account['names_changed']:
            wrong.append(f"card names changed in the engine: {account['names_changed']}")
    if end is not None and end['peak_rss_kib'] > ENGINE_MEMORY_KIB:
        wrong.append(f"the engine grew to {end['peak_rss_kib'] >> 10} MiB")
    good = run.stage('good')
    if good is None:
        wrong.append('the next resolve, with the real discover, did not run')
    elif good['status'] != 'KEYACT_OK' or not good['complete'] or good['conservation']:
        wrong.append(f'the next resolve, with the real discover, failed: {good}')
    return wrong


def ids_text(ids):
    """Card ids for people: the distinct ones, in order."""
    distinct = list(dict.fromkeys(ids))
    text = ', '.join(map(str, distinct))
    return text if len(distinct) == len(ids) else f'{text}, repeated'


def stranded_text(run):
    resolve = run.stage('resolve')
    if resolve is None:
        return '-'
    if not resolve['stranded']:
        return 'none'
    moved = (run.stage('recover') or {'moved_back': []})['moved_back']
    if moved == resolve['stranded']:
        back = 'all put back'
    elif not moved:
        back = 'none put back (none in exile)'
    else:
        back = f'put back: {ids_text(moved)}'
    return f"{len(resolve['stranded'])} (cards {ids_text(resolve['stranded'])}), {back}"


# ---- keyact check -----------------------------------------------------------

def check_file_and_negotiation(keyact, plugin):
    """The failing file and negotiation checks of `keyact check`, or []."""
    scratch = tempfile.mkdtemp(prefix='keyact-hostile-check-')
    try:
        env = {'PATH': '/usr/bin:/bin', 'HOME': scratch, 'LC_ALL': 'C.UTF-8',
               'KEYACT_PLUGIN_PATH': '', 'KEYACT_IMPL': '', 'KEYACT_VALIDATE': '',
               'KEYACT_ISOLATE': '0', 'G_MESSAGES_DEBUG': ''}
        proc = subprocess.run([keyact, 'check', '--json', '--timeout', '5', plugin], env=env,
                              cwd=scratch, capture_output=True, text=True, timeout=120)
        report = json.loads(proc.stdout)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    checks = [c for c in report['checks'] if c['name'].split(' ')[0] in FILE_AND_NEGOTIATION]
    failing = [f"{c['name']}: {c['status']} ({c['reason']})" for c in checks
               if c['status'] != 'pass']
    names = {c['name'].split(' ')[0] for c in checks}
    failing += [f'{n}: not reported' for n in FILE_AND_NEGOTIATION if n not in names]
    return failing


def describe(engine, plugin):
    env = {'PATH': '/usr/bin:/bin', 'LC_ALL': 'C.UTF-8', 'KEYACT_PLUGIN_PATH': '',
           'KEYACT_IMPL': '', 'KEYACT_VALIDATE': '', 'KEYACT_ISOLATE': '0'}
    proc = subprocess.run([engine, '--describe', os.path.abspath(plugin)], env=env,
                          capture_output=True, text=True, timeout=30)
    line = json.loads(proc.stdout.splitlines()[-1])
    return line['description'].removeprefix('hostile test plugin: ')


# ---- main -------------------------------------------------------------------

def known_failure(act, column):
    """The TAP TODO directive of a known failure, or None."""
    known = dict(KNOWN_FAILURES)
    if not kernel_has_landlock():
        known.update(NO_LANDLOCK_GAPS)
    columns, why = known.get(act, ((), ''))
    return f'TODO {why}' if column in columns else None


def table(rows):
    out = ['| plugin | what it tried | in-process | isolated | cards stranded (isolated) |',
           '|---|---|---|---|---|']
    for row in rows:
        out.append('| ' + ' | '.join(cell.replace('|', '\\|') for cell in row) + ' |')
    return '\n'.join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--engine', required=True)
    parser.add_argument('--good', required=True)
    parser.add_argument('--keyact', required=True)
    parser.add_argument('--helper', required=True, help='keyact-plugin-helper of the build')
    parser.add_argument('--sanitize', default='none')
    parser.add_argument('--plugin', action='append', default=[])
    parser.add_argument('--table', action='store_true', help='print the Markdown table only')
    parser.add_argument('--only', action='append', default=[], help='run only this act')
    args = parser.parse_args()
    # meson passes paths relative to the build directory; runs happen elsewhere.
    args.keyact = os.path.abspath(args.keyact)
    args.plugin = [os.path.abspath(p) for p in args.plugin]
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        print('Bail out! cannot become a child subreaper (prctl)')
        return 1

    harness = Harness(args)
    plugins = [p for p in args.plugin if not args.only or act_of(p) in args.only]
    points = []
    failed = []     # (line, notes) of each failing test point
    rows = []

    def point(ok, name, notes, directive=None):
        """One TAP test point, printed at once (a timeout still shows how
        far the run got). `directive`: 'SKIP reason' or 'TODO reason'."""
        points.append(ok or directive is not None and directive.startswith(('SKIP', 'TODO')))
        if args.table:
            return
        line = f"{'ok' if ok else 'not ok'} {len(points)} - {name}"
        print(line + (f' # {directive}' if directive else ''), flush=True)
        if not ok or directive:
            for note in notes:
                print(f'#   {note}', flush=True)
        if not points[-1]:
            failed.append((line, notes))

    for plugin in plugins:
        act = act_of(plugin)
        tries = describe(harness.engine, plugin)
        if not args.table:
            failing = check_file_and_negotiation(args.keyact, plugin)
            point(not failing, f'{act}: keyact check passes the file and negotiation checks',
                  failing)
        if harness.sanitized:
            inprocess = 'not run in a sanitizer build'
        else:
            run = harness.run(plugin, isolated=False)
            inprocess = summary(run)
            if act in ISOLATED_ONLY:
                point(True, f'{act} in-process', [inprocess],
                      'SKIP breaks an isolating host\'s protocol: no helper in-process')
            else:
                point(check_inprocess(run), f'{act} in-process: the act works', [inprocess],
                      known_failure(act, 'in-process'))
        name = f'{act} isolated: contained, nothing lost, the next resolve works'
        if harness.sanitized and act == 'allocate':
            point(True, name, [], 'SKIP a sanitizer build\'s helper has no address-space cap '
                  '(the runtime\'s shadow memory)')
            rows.append((act, tries, inprocess, 'not run in a sanitizer build', '-'))
            continue
        run = harness.run(plugin, isolated=True)
        wrong = check_isolated(run)
        point(not wrong, name, wrong + [summary(run)], known_failure(act, 'isolated'))
        rows.append((act, tries, inprocess, summary(run), stranded_text(run)))

    if args.table:
        print(table(rows))
        return 0
    print(f'1..{len(points)}')
    for line in table(rows).splitlines():
        print('# ' + line)
    # Again, last: a log that keeps only its tail (CI's) still names them.
    for line, notes in failed:
        print(f'# FAILED: {line}')
        for note in notes:
            print(f'#   {note}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
