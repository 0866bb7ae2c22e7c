/* SPDX-License-Identifier: MIT */
package org.keyact.bench;

import java.util.Locale;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.keyact.Registry;

/**
 * One JVM's first use of keyact from the jar's natives (run by tests/jar/first_use_bench.py,
 * a fresh JVM per measure): the time {@link Registry#shared()} takes in this JVM, that is
 * finding, extracting or verifying and loading the natives (the loader's own figure, read off
 * its FINE line) and then loading the jar's plugins. Prints one line:
 * {@code first-use natives_ms=N shared_ms=N extracted=N verified=N plugins=N}.
 */
public final class FirstUse {
    private FirstUse() {}

    public static void main(String[] args) {
        String[] line = {""};
        Logger log = Logger.getLogger("org.keyact");
        log.setLevel(Level.FINE);
        log.addHandler(new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getMessage().startsWith("keyact natives: "))
                    line[0] = r.getMessage();
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        });
        long start = System.nanoTime();
        int plugins = Registry.shared().plugins().size();
        double shared = (System.nanoTime() - start) / 1e6;
        java.util.regex.Matcher m = java.util.regex.Pattern
            .compile("\\((\\d+) verified, (\\d+) extracted, ([0-9.]+) ms\\)").matcher(line[0]);
        if (!m.find())
            throw new IllegalStateException("no natives line from the jar's loader: \"" + line[0] + "\"");
        System.out.println(String.format(Locale.ROOT, "first-use natives_ms=%s shared_ms=%.1f extracted=%s verified=%s plugins=%d",
            m.group(3), shared, m.group(2), m.group(1), plugins));
    }
}
