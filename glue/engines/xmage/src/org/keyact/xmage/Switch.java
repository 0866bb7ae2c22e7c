/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;

/**
 * The switch that sends every discover and cascade of an XMage JVM through keyact:
 * {@code java -javaagent:keyact-xmage.jar ...}. As XMage loads its
 * {@code mage.abilities.effects.keyword.DiscoverEffect} and {@code mage.abilities.keyword.CascadeAbility},
 * this agent gives the JVM keyact's stand-ins instead (subclasses of {@link KeyactDiscoverEffect}
 * and {@link KeyactCascadeAbility} with XMage's public constructors, copy and static
 * {@code doDiscover}, stored in this jar under {@code org/keyact/xmage/switch/}), so the cards that
 * construct the effect and those that call its static both reach keyact, without a card or an
 * XMage class edited. Without the flag nothing changes.
 */
public final class Switch {
    private static final String[] REPLACED = {"mage/abilities/effects/keyword/DiscoverEffect",
        "mage/abilities/keyword/CascadeAbility"};

    private Switch() {}

    /** The agent's entry point (the jar's Premain-Class). */
    public static void premain(String args, Instrumentation instrumentation) {
        instrumentation.addTransformer(new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain,
                                    byte[] bytes) {
                for (String replaced : REPLACED)
                    if (replaced.equals(name))
                        return standIn(name);
                return null;
            }
        });
    }

    private static byte[] standIn(String name) {
        try (InputStream in = Switch.class.getResourceAsStream("/org/keyact/xmage/switch/" + name + ".bin")) {
            if (in == null)
                throw new IllegalStateException("keyact-xmage.jar has no stand-in for " + name);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) > 0; )
                out.write(buffer, 0, n);
            return out.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException("keyact-xmage.jar: cannot read the stand-in for " + name, e);
        }
    }
}
