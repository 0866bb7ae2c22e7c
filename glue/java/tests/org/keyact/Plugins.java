/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.nio.file.Path;

/** Where meson put the plugins and fixtures (environment variables set by the test). */
final class Plugins {
    private Plugins() {}

    static Path env(String name) {
        String v = System.getenv(name);
        if (v == null || v.isEmpty())
            throw new IllegalStateException(name + " is not set (run through meson test)");
        return Path.of(v);
    }

    static Path discover() {
        return env("KEYACT_TEST_DISCOVER");
    }

    static Path cascade() {
        return env("KEYACT_TEST_CASCADE");
    }

    /** A registry with both plugins loaded by path. */
    static Registry registry() {
        Registry r = new Registry();
        r.load(discover());
        r.load(cascade());
        return r;
    }
}
