/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.keyact.Registry;
import org.keyact.SelectedBy;
import org.keyact.Selection;

/**
 * Which implementation serves each action and why, as the top of the log
 * and the "implementations" member of the JSON show it (the C host's
 * {@code selection-report.c}): discover always, cascade when one is loaded.
 */
final class Implementations {
    private Implementations() {}

    private record Shown(String name, Selection selection) {}

    private static List<Shown> shown(Registry registry) {
        List<Shown> out = new ArrayList<>();
        for (String name : new String[] {"discover", "cascade"}) {
            Selection s = registry.selection(name);
            if (name.equals("discover") || s.by() != SelectedBy.NONE)
                out.add(new Shown(name, s));
        }
        return out;
    }

    /** "Implementations:" and one entry per action with its "why:", then a blank line. */
    static String text(Registry registry) {
        StringBuilder b = new StringBuilder("Implementations:\n");
        for (Shown a : shown(registry)) {
            Selection s = a.selection();
            if (s.by() == SelectedBy.NONE || s.implementation().isEmpty())
                b.append(String.format("  %-10s no implementation\n", a.name()));
            else
                b.append(String.format("  %-10s %s %s from %s\n", a.name(), s.implementation().get().implId(),
                        s.version().orElse(""), s.file().map(Object::toString).orElse("")));
            b.append("             why: ").append(s.reason()).append('\n');
        }
        return b.append('\n').toString();
    }

    /** The "implementations" array. */
    static ArrayNode json(Registry registry) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (Shown a : shown(registry)) {
            Selection s = a.selection();
            ObjectNode o = array.addObject();
            o.put("name", a.name());
            o.put("selected_by", s.by().name().toLowerCase(Locale.ROOT));
            o.put("reason", s.reason());
            if (s.by() != SelectedBy.NONE && s.implementation().isPresent()) {
                o.put("impl_id", s.implementation().get().implId());
                o.put("version", s.version().orElse(""));
                o.put("path", s.file().map(Object::toString).orElse(""));
            }
        }
        return array;
    }
}
