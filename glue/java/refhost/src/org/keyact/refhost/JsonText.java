/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * JSON text to a tree, with the checks the C host makes before it parses
 * untrusted text: UTF-8 without NUL bytes, nesting at most 64 levels,
 * nothing after the first value. Errors read "LABEL:LINE:COLUMN: what",
 * columns counted in characters.
 */
final class JsonText {
    private JsonText() {}

    static final int MAX_DEPTH = 64;

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

    /** Text that is not JSON; the message has the label, line and column. */
    static final class ParseException extends Exception {
        private static final long serialVersionUID = 1L;
        final String body; // the message without "LABEL:"

        ParseException(String label, String body, Throwable cause) {
            super(label + ":" + body, cause);
            this.body = body;
        }
    }

    private static String position(byte[] text, int offset) {
        int line = 1, column = 1;
        for (int i = 0; i < offset; i++) {
            if (text[i] == '\n') {
                line++;
                column = 1;
            } else if ((text[i] & 0xC0) != 0x80) {
                column++;
            }
        }
        return line + ":" + column;
    }

    /** Offset of the first byte that is not valid UTF-8 (or a NUL), or -1. */
    private static int invalidUtf8(byte[] b) {
        int i = 0;
        while (i < b.length) {
            int c = b[i] & 0xFF;
            if (c == 0)
                return i;
            if (c < 0x80) {
                i++;
                continue;
            }
            int n, min;
            if (c >= 0xC2 && c <= 0xDF) { n = 1; min = 0x80; }
            else if (c >= 0xE0 && c <= 0xEF) { n = 2; min = 0x800; }
            else if (c >= 0xF0 && c <= 0xF4) { n = 3; min = 0x10000; }
            else return i;
            int cp = c & (0x3F >> n);
            for (int k = 1; k <= n; k++) {
                if (i + k >= b.length || (b[i + k] & 0xC0) != 0x80)
                    return i;
                cp = (cp << 6) | (b[i + k] & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
                return i;
            i += n + 1;
        }
        return -1;
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static boolean fitsLong(String digits) {
        try {
            Long.parseLong(digits);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The member name whose value starts at text[at] ("key": value), or null. */
    private static String memberBefore(byte[] text, int at) {
        int j = at;
        while (j > 0 && isSpace(text[j - 1]))
            j--;
        if (j == 0 || text[--j] != ':')
            return null;
        while (j > 0 && isSpace(text[j - 1]))
            j--;
        if (j == 0 || text[--j] != '"')
            return null;
        int end = j;
        while (j > 0 && text[j - 1] != '"' && text[j - 1] != '\\')
            j--;
        if (j == 0 || text[j - 1] != '"')
            return null;
        return new String(text, j, end - j, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The prescan (as libkeyact's reference host's, whose json-glib would wrap a huge integer); throws with the position of the first problem. */
    static void prescan(byte[] text, String label) throws ParseException {
        int bad = invalidUtf8(text);
        if (bad >= 0)
            throw new ParseException(label, position(text, bad) + ": not UTF-8 text (or contains a NUL byte)", null);
        final int before = 0, scalar = 1, container = 2, after = 3;
        int state = before, depth = 0;
        boolean inString = false, escaped = false;
        for (int i = 0; i < text.length; i++) {
            byte c = text[i];
            if (inString) {
                if (escaped) {
                    escaped = false;
                } else if (c == '\\') {
                    escaped = true;
                } else if (c == '"') {
                    inString = false;
                    if (depth == 0)
                        state = after;
                }
                continue;
            }
            if (state == after) {
                if (!isSpace(c))
                    throw new ParseException(label, position(text, i) + ": unexpected content after the JSON value", null);
                continue;
            }
            if (state == before) {
                if (isSpace(c))
                    continue;
                state = (c == '[' || c == '{') ? container : scalar;
            }
            if (state == scalar && depth == 0 && isSpace(c)) {
                state = after;
                continue;
            }
            if (c == '"') {
                inString = true;
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                int end = i;
                boolean integer = true;
                while (end < text.length && ((text[end] >= '0' && text[end] <= '9') || "+-.eE".indexOf(text[end]) >= 0)) {
                    integer &= ".eE".indexOf(text[end]) < 0;
                    end++;
                }
                String token = new String(text, i, end - i, java.nio.charset.StandardCharsets.US_ASCII);
                if (integer && token.matches("-?[0-9]+") && !fitsLong(token)) {
                    String key = memberBefore(text, i);
                    boolean negative = c == '-';
                    throw new ParseException(label, position(text, i) + ": " + (key != null ? "key \"" + key + "\": " : "")
                        + "the number " + token + " is too " + (negative ? "small" : "large") + " for an integer ("
                        + (negative ? "at least " + Long.MIN_VALUE : "at most " + Long.MAX_VALUE) + ")", null);
                }
                i = end - 1;
            } else if (c == '[' || c == '{') {
                if (++depth > MAX_DEPTH)
                    throw new ParseException(label, position(text, i) + ": JSON nested deeper than "
                            + MAX_DEPTH + " levels", null);
            } else if ((c == ']' || c == '}') && depth > 0) {
                if (--depth == 0 && state == container)
                    state = after;
            }
        }
    }

    /**
     * Parse after the prescan. Returns null for an empty text (no value).
     *
     * @throws ParseException "LABEL:LINE:COLUMN: message"
     */
    static JsonNode parse(byte[] text, String label) throws ParseException {
        prescan(text, label);
        boolean blank = true;
        for (byte c : text)
            blank &= isSpace(c);
        if (blank)
            return null;
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at != null && at.getLineNr() > 0 ? at.getLineNr() + ":" + at.getColumnNr() : "1:1";
            throw new ParseException(label, where + ": " + e.getOriginalMessage(), e);
        } catch (java.io.IOException e) {
            throw new ParseException(label, "1:1: " + e.getMessage(), e);
        }
    }

    static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
