/* SPDX-License-Identifier: MIT */
package org.keyact;

/**
 * The binding's count of JNI upcalls made by this thread's resolves, for the benchmark (in the
 * binding's package to reach the package-private counter, as UpcallsTest does).
 */
public final class UpcallCount {
    private UpcallCount() {}

    /** Upcalls made so far by this thread's resolves. */
    public static long ofThisThread() {
        return Native.upcalls();
    }
}
