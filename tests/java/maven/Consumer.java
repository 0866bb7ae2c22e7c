/* SPDX-License-Identifier: MIT */
package org.example.keyactconsumer;

import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.keyact.CardDescription;
import org.keyact.Choice;
import org.keyact.Host;
import org.keyact.Option;
import org.keyact.Plugin;
import org.keyact.Registry;
import org.keyact.Result;
import org.keyact.Zone;

/**
 * The one class of the Maven consumer (maven-consumer.sh): org.keyact:keyact comes from the
 * Maven repository the install laid out. With no argument it takes everything from the jar
 * (Registry.shared(): the natives and plugins keyact.jar carries); with a plugin file it loads
 * that one. Either way it resolves discover 3 on a three-card library and prints what happened.
 */
public final class Consumer {
    /** Card i is CARDS[i - 1]: a land, then a spell of mana value 1 (the hit), then one of 4. */
    static final class ThreeCards implements Host {
        static final CardDescription[] CARDS = {
            CardDescription.normal("Forest", "", true),
            CardDescription.normal("Opt", "{U}", false),
            CardDescription.normal("Hill Giant", "{3}{R}", false),
        };
        final List<Long> library = new ArrayList<>(Arrays.asList(1L, 2L, 3L));
        final List<Long> elsewhere = new ArrayList<>();

        public int librarySize(long game, long player) { return library.size(); }
        public long libraryCard(long game, long player, int i) { return library.get(i); }
        public CardDescription describeCard(long game, long card) { return CARDS[(int) card - 1]; }
        public boolean canCastFace(long game, long player, long card, int face) { return true; }
        public int randomBelow(long game, int bound) { return 0; }
        public boolean castFree(long game, long player, long card, int face) { return true; }
        public Choice decide(long game, long player, long card, List<Option> options) { return Choice.cast(0); }

        public void moveCard(long game, long player, long card, Zone to, int index, boolean reveal) {
            library.remove(card);
            elsewhere.remove(card);
            if (to == Zone.LIBRARY)
                library.add(index == LIBRARY_BOTTOM ? library.size() : index, card);
            else
                elsewhere.add(card);
        }
    }

    public static void main(String[] args) {
        Registry registry = args.length == 0 ? Registry.shared() : new Registry();
        if (args.length > 0)
            registry.load(Paths.get(args[0]));
        for (Plugin plugin : registry.plugins())
            System.out.println("consumer: plugin " + plugin.id() + " " + plugin.version() + " from " + plugin.file());
        ThreeCards host = new ThreeCards();
        Result r = registry.action("discover").resolve(host, 1, 1, 3);
        System.out.println("consumer: discover 3 " + r.outcome() + " "
            + ThreeCards.CARDS[(int) r.discovered().getAsLong() - 1].faces().get(0).name()
            + ", library " + host.library);
    }
}
