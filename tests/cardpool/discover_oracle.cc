/* SPDX-License-Identifier: MIT */
// discover_oracle.cc - the layout rules written once more, apart from the
// plugin's plugin/core/kp_card_rules.c, so the two can be compared card by card.
#include "discover_oracle.h"

#include <sstream>

namespace cardpool {

namespace {

bool CombinesHalves(const std::string &layout)
{
    return layout == "split" || layout == "aftermath";
}

uint32_t FacesTheLayoutAllows(const std::string &layout, size_t face_count)
{
    const uint32_t all = (1u << face_count) - 1u;
    if (layout == "split")
        return all;
    if (layout == "adventure" || layout == "modal_dfc")
        return all & 0x3u;
    return 0x1u;
}

}  // namespace

bool TypeLineHasLand(const char *type_line)
{
    std::istringstream words(type_line != nullptr ? type_line : "");
    std::string word;
    while (words >> word) {
        if (word == "\u2014" || word == "//")
            return false;  // subtypes, or the next face, follow
        if (word == "Land")
            return true;
    }
    return false;
}

bool OracleIsLand(const OracleCard &card)
{
    if (card.faces.empty())
        return false;
    if (!CombinesHalves(card.layout))
        return card.faces[0].land;
    for (const OracleFace &face : card.faces) {
        if (face.land)
            return true;
    }
    return false;
}

OracleOptions OracleDiscover(const OracleCard &card, int n)
{
    OracleOptions options;
    const long limit = 2L * n;
    if (OracleIsLand(card) || card.card_halves > limit)
        return options;
    options.hit = true;
    const uint32_t allowed = FacesTheLayoutAllows(card.layout, card.faces.size());
    for (size_t i = 0; i < card.faces.size(); i++) {
        const OracleFace &face = card.faces[i];
        if ((allowed & (1u << i)) != 0 && !face.land && face.halves <= limit)
            options.faces |= 1u << i;
    }
    return options;
}

}  // namespace cardpool
