/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The validation layer's reports of one resolve (package-private): the C side (jni/validate.c)
 * collects them during the resolve without calling into Java, and hands them over afterwards as
 * one byte array of UTF-8 fields, six per report (callback, card id, card name or "", answer,
 * rule, message).
 */
final class ValidationReports {
    /** Where each report is logged, one warning line each. */
    static final Logger LOG = Logger.getLogger("org.keyact.validate");
    private static final int FIELDS = 6;

    private ValidationReports() {}

    static List<ValidationException> parse(byte[] packed) {
        if (packed == null)
            return Collections.emptyList();
        List<String> f = Utf8.fields(packed);
        List<ValidationException> out = new ArrayList<>(f.size() / FIELDS);
        for (int i = 0; i + FIELDS <= f.size(); i += FIELDS) {
            long card = Long.parseUnsignedLong(f.get(i + 1));
            String name = f.get(i + 2);
            out.add(new ValidationException(f.get(i), card != 0 ? OptionalLong.of(card) : OptionalLong.empty(),
                name.isEmpty() ? Optional.<String>empty() : Optional.of(name), f.get(i + 3), f.get(i + 4),
                f.get(i + 5)));
        }
        return Collections.unmodifiableList(out);
    }

    /** The Host classes told which checks are skipped for them. */
    private static final java.util.Set<Class<?>> SKIP_NOTED =
        java.util.Collections.newSetFromMap(new java.util.concurrent.ConcurrentHashMap<Class<?>, Boolean>());

    /** The checks skipped for a Host class, once per class, at level INFO. */
    static void logSkipped(Class<?> hostClass, Optional<String> skipped) {
        if (skipped.isPresent() && SKIP_NOTED.add(hostClass))
            LOG.log(Level.INFO, "keyact-validate: {0}", skipped.get());
    }

    /** One warning per report, in the C library's log domain's words. */
    static void log(List<ValidationException> errors) {
        for (ValidationException e : errors)
            LOG.log(Level.WARNING, "keyact-validate: {0}", e.getMessage());
    }
}
