/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;

/**
 * Printed mana costs, symbol by symbol (CR 107.4, 202.3), in halves (x2) so
 * half mana ({HW}, {½}) stays exact.
 *
 * Two readings: {@link #spellValue} is the host's own, the mana value of a
 * spell on the stack with X as cast (what the host hands to cascade as N);
 * {@link #faceValue} is the plugin's reading of a card in a library or in
 * exile, used only to show mana values in the log (the plugin stays the
 * authority on them; this mirrors its rules extension).
 */
public final class ManaCost {
    private ManaCost() {}

    /** A cost this host cannot value; the message names the cost and the byte. */
    public static final class BadCostException extends Exception {
        private static final long serialVersionUID = 1L;

        BadCostException(String message) {
            super(message);
        }
    }

    private static final long MAX_GENERIC = 1_000_000L;

    private static boolean isColour(int c) {
        return c == 'W' || c == 'U' || c == 'B' || c == 'R' || c == 'G';
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    /** Halves of one symbol body for {@link #spellValue}, or -1. */
    private static long spellSymbol(String body, int x) {
        int len = body.length();
        if (len > 0 && body.chars().allMatch(ManaCost::isDigit)) {
            java.math.BigInteger generic = new java.math.BigInteger(body);
            return generic.compareTo(java.math.BigInteger.valueOf(MAX_GENERIC)) <= 0
                    ? generic.longValue() * 2 : -1;
        }
        if (body.equals("X") || body.equals("Y") || body.equals("Z"))
            return (long) x * 2;
        if (len == 1 && (isColour(body.charAt(0)) || body.charAt(0) == 'C' || body.charAt(0) == 'S'))
            return 2;
        if ((len == 2 && body.charAt(0) == 'H' && isColour(body.charAt(1))) || body.equals("\u00BD"))
            return 1;
        if (len == 3 && body.charAt(1) == '/') {
            char a = body.charAt(0), b = body.charAt(2);
            if (a == '2' && isColour(b))
                return 4;
            if ((isColour(a) || a == 'C') && (isColour(b) || b == 'P'))
                return 2;
        }
        if (len == 5 && body.charAt(1) == '/' && body.charAt(3) == '/' && body.charAt(4) == 'P'
                && isColour(body.charAt(0)) && isColour(body.charAt(2)))
            return 2;
        return -1;
    }

    /**
     * The mana value x2 of a spell with printed cost {@code cost} and each
     * {X} counted as {@code x} (CR 202.3e). "" is 0.
     *
     * @throws BadCostException naming the byte offset of the symbol it cannot value
     */
    public static int spellValue(String cost, int x) throws BadCostException {
        long total = 0;
        int p = 0;
        while (p < cost.length()) {
            int close = cost.charAt(p) == '{' ? cost.indexOf('}', p) : -1;
            long halves = close < 0 ? -1 : spellSymbol(cost.substring(p + 1, close), x);
            if (halves < 0)
                throw new BadCostException("the mana cost \"" + cost + "\" has a symbol this host "
                        + "cannot value at byte " + utf8Length(cost.substring(0, p)));
            total += halves;
            if (total > Integer.MAX_VALUE)
                throw new BadCostException("the mana cost \"" + cost + "\" is too large");
            p = close + 1;
        }
        return (int) total;
    }

    private static int utf8Length(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /* ---- the plugin's reading (kp_mana_cost.c), for the log ---- */

    private static final int MAX_BODY = 10;
    private static final int MAX_BYTES = 256;

    private static long cardSymbol(byte[] b, int from, int len) {
        if (len >= 1 && isDigit(b[from]) && !(len >= 2 && b[from + 1] == '/')) {
            if (len > 1 && b[from] == '0')
                return -1;
            long value = 0;
            for (int i = 0; i < len; i++) {
                if (!isDigit(b[from + i]))
                    return -1;
                value = value * 10 + (b[from + i] - '0');
            }
            return value * 2;
        }
        switch (len) {
        case 1: {
            int c = b[from];
            if (c == 'X' || c == 'Y' || c == 'Z')
                return 0;
            return isColour(c) || c == 'C' || c == 'S' ? 2 : -1;
        }
        case 2:
            if ((b[from] == 'H' && isColour(b[from + 1]))
                    || ((b[from] & 0xFF) == 0xC2 && (b[from + 1] & 0xFF) == 0xBD))
                return 1;
            return -1;
        case 3: {
            int a = b[from], c = b[from + 2];
            if (b[from + 1] != '/')
                return -1;
            if (a == '2' && isColour(c))
                return 4;
            if (isColour(a) && c == 'P')
                return 2;
            boolean pair = a != c && (a == 'C' ? isColour(c) : isColour(a) && (isColour(c) || c == 'C'));
            return pair ? 2 : -1;
        }
        case 5:
            if (b[from + 1] == '/' && b[from + 3] == '/' && b[from + 4] == 'P' && isColour(b[from])
                    && isColour(b[from + 2]) && b[from] != b[from + 2])
                return 2;
            return -1;
        default:
            return -1;
        }
    }

    /** The plugin's value x2 of one printed cost (X counts 0), or empty when it refuses it. */
    static OptionalInt faceValue(String cost) {
        byte[] b = cost.getBytes(StandardCharsets.UTF_8);
        long total = 0;
        int pos = 0;
        while (pos < b.length) {
            int start = pos;
            if (b[pos] != '{')
                return OptionalInt.empty();
            pos++;
            int len = 0;
            while (pos < b.length && b[pos] != '}' && b[pos] != '{' && len <= MAX_BODY) {
                pos++;
                len++;
            }
            if (pos >= b.length || b[pos] != '}' || len > MAX_BODY)
                return OptionalInt.empty();
            pos++;
            if (pos > MAX_BYTES)
                return OptionalInt.empty();
            long halves = cardSymbol(b, start + 1, len);
            if (halves < 0)
                return OptionalInt.empty();
            total += halves;
            if (total > 0xFFFFFFFFL)
                return OptionalInt.empty();
        }
        return OptionalInt.of((int) total);
    }
}
