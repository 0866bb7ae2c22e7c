/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Runs an action once its owner is unreachable: java.lang.ref.Cleaner for Java 8 (one daemon
 * thread, started on first use). The action must not refer to the owner.
 */
final class Cleanup extends PhantomReference<Object> {
    private static final ReferenceQueue<Object> QUEUE = new ReferenceQueue<>();
    /** Keeps the references themselves reachable until they are enqueued. */
    private static final Set<Cleanup> PENDING = Collections.synchronizedSet(
        Collections.newSetFromMap(new IdentityHashMap<Cleanup, Boolean>()));

    static {
        Thread t = new Thread(Cleanup::drain, "keyact-cleanup");
        t.setDaemon(true);
        t.start();
    }

    private final Runnable action;

    private Cleanup(Object owner, Runnable action) {
        super(owner, QUEUE);
        this.action = action;
    }

    /** Run action on the cleanup thread after owner becomes phantom reachable. */
    static void register(Object owner, Runnable action) {
        PENDING.add(new Cleanup(owner, action));
    }

    private static void drain() {
        for (;;) {
            try {
                Cleanup c = (Cleanup) QUEUE.remove();
                PENDING.remove(c);
                c.action.run();
            } catch (InterruptedException e) {
                // a daemon thread: keep serving until the JVM exits
            } catch (Throwable t) {
                // an action that fails must not stop the others
            }
        }
    }
}
