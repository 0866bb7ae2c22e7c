/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Directories only this process's user (or root) can change: where the bundled natives are
 * extracted (package-private). The rules are libkeyact-host's for a plugin's file and directory
 * (glue/host/safety.c), applied to the whole chain, as OpenSSH's StrictModes does: every
 * directory from the root down is owned by this user or root and writable by nobody else, but a
 * sticky one (/tmp: nobody can rename or remove another user's entry there). A directory this
 * user owns is made 0700; anything else is refused with the path and the fix. The chain checked
 * is the real one (symlinks resolved first, as libkeyact-host does), and that real path is what
 * the caller goes on to use, so a link swapped afterwards changes nothing.
 */
final class PrivateDirectory {
    private static final int S_IFMT = 0170000, S_IFDIR = 0040000, S_IFREG = 0100000, S_ISVTX = 01000;
    private static final int WRITABLE_BY_OTHERS = 0022;

    /** This process's effective user id. */
    static final int UID = effectiveUid();

    private PrivateDirectory() {}

    /** The effective uid, from /proc/self/status ("Uid: real effective saved fs"). */
    private static int effectiveUid() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                Files.newInputStream(Paths.get("/proc/self/status")), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; )
                if (line.startsWith("Uid:"))
                    return Integer.parseInt(line.substring(4).trim().split("\\s+")[1]);
        } catch (IOException | RuntimeException e) {
            // below: no /proc (the JVM itself needs it on Linux, so this is unexpected)
        }
        throw new IllegalStateException("keyact: cannot read this process's user id from /proc/self/status");
    }

    static int mode(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
    }

    static int owner(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * Make {@code dir} (absolute) 0700, with any missing parent, or check the existing one: it
     * and its parents must be safe (see the class comment); {@code dir} itself, when this user
     * owns it, is made 0700 (its parents are left as they are). Returns its real path: use that.
     *
     * @throws IOException a directory cannot be made; {@link SecurityException}: one is unsafe
     */
    static Path ensure(Path dir) throws IOException {
        Path asked = dir.toAbsolutePath().normalize();
        Path existing = asked;
        while (existing.getParent() != null && !Files.exists(existing))
            existing = existing.getParent();
        Path abs = existing.toRealPath().resolve(existing.relativize(asked));
        Path at = abs.getRoot();
        check(at, false);
        for (Path part : abs) {
            at = at.resolve(part);
            if (!Files.exists(at, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createDirectory(at, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
                } catch (FileAlreadyExistsException raced) {
                    // another JVM made it: checked below like any existing one
                }
            }
            check(at, at.equals(abs));
        }
        return abs;
    }

    /** One directory of the chain; {@code last}: the one asked for, made 0700 when ours. */
    private static void check(Path dir, boolean last) throws IOException {
        int mode = mode(dir);
        if ((mode & S_IFMT) != S_IFDIR)
            throw new SecurityException("keyact: " + dir + " is not a directory (a symlink or a file planted there?)"
                + FIX);
        int uid = owner(dir);
        if (uid != UID && uid != 0)
            throw new SecurityException("keyact: " + dir + " is owned by user " + uid + ", neither this process's user ("
                + UID + ") nor root" + FIX);
        if (last && uid == UID) {
            if ((mode & 07777) != 0700)
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            return;
        }
        if ((mode & WRITABLE_BY_OTHERS) != 0 && (mode & S_ISVTX) == 0)
            throw new SecurityException("keyact: " + dir + " is writable by others (mode "
                + String.format("%04o", mode & 07777) + ") and not sticky" + FIX);
    }

    private static final String FIX = "; keyact extracts its natives only into a directory no other user can change:"
        + " choose one with -Dorg.keyact.native.dir=DIR (or KEYACT_NATIVE_DIR), or load system libraries"
        + " with -Dorg.keyact.jni.library=FILE";

    /**
     * Whether {@code file} is a regular file (not a symlink) of this user or root that nobody
     * else may write: the precondition for trusting its content after its hash is checked.
     */
    static boolean isPrivateFile(Path file) throws IOException {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS))
            return false;
        int mode = mode(file), uid = owner(file);
        return (mode & S_IFMT) == S_IFREG && (uid == UID || uid == 0) && (mode & WRITABLE_BY_OTHERS) == 0;
    }
}
