/* SPDX-License-Identifier: MIT */
// card_builder.h - build a keyact_card_desc the way a host would, for tests
// of the rules code. The builder owns every face and string it points to.
#ifndef KEYACT_TESTS_RULES_CARD_BUILDER_H
#define KEYACT_TESTS_RULES_CARD_BUILDER_H

#include <array>
#include <cstdint>
#include <string>
#include <vector>

extern "C" {
#include <keyact/card.h>
}

namespace keyact_test {

struct FaceSpec {
    std::string name;
    std::string cost;
    uint32_t flags = 0;
};

inline FaceSpec Spell(std::string name, std::string cost)
{
    return FaceSpec{std::move(name), std::move(cost), 0};
}

inline FaceSpec Land(std::string name)
{
    return FaceSpec{std::move(name), "", KEYACT_FACE_LAND};
}

class CardBuilder {
public:
    CardBuilder(uint32_t layout, std::vector<FaceSpec> faces)
        : specs_(std::move(faces)), faces_(specs_.size())
    {
        desc_ = {};
        desc_.struct_size = sizeof desc_;
        desc_.layout = layout;
        desc_.face_count = static_cast<uint32_t>(specs_.size());
        for (size_t i = 0; i < specs_.size(); i++) {
            faces_[i] = {};
            faces_[i].struct_size = sizeof faces_[i];
            faces_[i].flags = specs_[i].flags;
            faces_[i].name = specs_[i].name.c_str();
            faces_[i].mana_cost = specs_[i].cost.c_str();
            if (i < KEYACT_MAX_FACES)
                desc_.faces[i] = &faces_[i];
        }
    }

    CardBuilder(const CardBuilder &) = delete;
    CardBuilder &operator=(const CardBuilder &) = delete;

    keyact_card_desc *desc() { return &desc_; }
    keyact_face_desc *face(size_t i) { return &faces_.at(i); }

private:
    std::vector<FaceSpec> specs_;
    std::vector<keyact_face_desc> faces_;
    keyact_card_desc desc_;
};

} // namespace keyact_test

#endif // KEYACT_TESTS_RULES_CARD_BUILDER_H
