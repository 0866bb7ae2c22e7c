/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Real UTF-8 both ways, and the NUL-separated field lists the C side returns. */
final class Utf8 {
    private Utf8() {}

    /** NUL-terminated-safe UTF-8 bytes of s; IllegalArgumentException when s contains NUL. */
    static byte[] bytes(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        for (byte x : b)
            if (x == 0)
                throw new IllegalArgumentException("a string crossing to C contains NUL: " + s);
        return b;
    }

    static String string(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    /** The NUL-terminated fields of b. */
    static List<String> fields(byte[] b) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 0) {
                out.add(new String(b, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        return out;
    }
}
