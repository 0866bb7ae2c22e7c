// SPDX-License-Identifier: MIT
// keyact-engine/mana-cost.hpp - a face's printed mana cost for describe_card, built from an
// engine's parsed cost.
//
// Engines keep parsed costs (counts per colour, hybrid pairs, extra costs), not the printed
// text, while a plugin computes every mana value from the text, the same rules for every host:
// so the engine says what its cost holds and this writes it in keyact's notation. The symbols
// come out grouped: {X}, the generic amount, {S}, hybrids, Phyrexian, coloured, each group in
// the order given (a mana value does not depend on the order). A value type; any thread.
#ifndef KEYACT_ENGINE_MANA_COST_HPP
#define KEYACT_ENGINE_MANA_COST_HPP

#include <cctype>
#include <string>

namespace keyact {

class ManaCostText {
public:
    // Adds to the generic amount; negative amounts take off (an engine that counts a snow
    // symbol as generic mana too). Written as one {N} when above 0; a cost of {0} and no cost
    // both come out as "", mana value 0 either way.
    ManaCostText &generic(int amount) { generic_ += amount; return *this; }
    ManaCostText &x(int count = 1) { return add(x_, "X", count); }
    ManaCostText &snow(int count = 1) { return add(snow_, "S", count); }
    // `color`: W U B R G, or C for colourless mana; any case.
    ManaCostText &colored(char color, int count = 1) { return add(colored_, upper(color), count); }
    // A two-colour hybrid {R/W}, and a monocoloured one {2/W} (`generic` mana or one `color`).
    ManaCostText &hybrid(char a, char b) { return add(hybrid_, upper(a) + "/" + upper(b), 1); }
    ManaCostText &hybrid(int generic, char color) { return add(hybrid_, std::to_string(generic) + "/" + upper(color), 1); }
    // A Phyrexian symbol {G/P}.
    ManaCostText &phyrexian(char color, int count = 1) { return add(phyrexian_, upper(color) + "/P", count); }

    std::string str() const
    {
        std::string amount = generic_ > 0 ? "{" + std::to_string(generic_) + "}" : "";
        return x_ + amount + snow_ + hybrid_ + phyrexian_ + colored_;
    }

private:
    static std::string upper(char c) { return std::string(1, (char) std::toupper((unsigned char) c)); }
    ManaCostText &add(std::string &group, const std::string &symbol, int count)
    {
        for (int i = 0; i < count; i++)
            group += "{" + symbol + "}";
        return *this;
    }

    int generic_ = 0;
    std::string x_, snow_, hybrid_, phyrexian_, colored_;
};

}  // namespace keyact

#endif
