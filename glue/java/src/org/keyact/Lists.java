/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** Unmodifiable copies of lists with no null elements (Java 8 has no List.copyOf). */
final class Lists {
    private Lists() {}

    static <T> List<T> copy(List<? extends T> list, String what) {
        Objects.requireNonNull(list, what);
        if (list.isEmpty())
            return Collections.emptyList(); // the usual stranded and validationErrors: no copy
        List<T> out = new ArrayList<>(list);
        for (T t : out)
            Objects.requireNonNull(t, () -> what + " contains null");
        return Collections.unmodifiableList(out);
    }
}
