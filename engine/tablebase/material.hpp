#pragma once
// A material signature such as "KBNK": the strong side's king and pieces, then the weak side's,
// each side's pieces strongest first (Q, R, B, N, P); the strong side as the chess core's
// material_signature names it. Tables exist for the strong side as White; a position where the
// strong side is Black is looked up colour-flipped.

#include "contract/expected.hpp"
#include "engine/chess/types.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace al0::tablebase {

// The kinds of men, strongest first after the king; the tablebase's own names, so that it does
// not depend on which piece types the chess core knows.
enum Kind : std::uint8_t { K_KING, K_QUEEN, K_ROOK, K_BISHOP, K_KNIGHT, K_PAWN, KIND_NB };

char kind_letter(Kind k); // "KQRBNP"

// The tablebase's kinds are the chess core's piece types less one (KING = 1, ..., PAWN = 6).
constexpr Kind kind_of(PieceType pt) { return Kind(int(pt) - int(KING)); }
constexpr PieceType piece_type_of(Kind k) { return PieceType(int(k) + int(KING)); }

class Material {
  public:
    static constexpr int MAX_EXTRAS = 3; // pieces besides the kings (five men in all)

    Material() = default;
    // Returns the material with these extra pieces per side (any order), White first.
    Material(std::vector<Kind> white, std::vector<Kind> black);
    // Parses "KBNK", "kbnk" or "KKBN" (both kings given, any case); refuses anything else.
    static Expected<Material> parse(std::string_view text);
    // Adds one extra man, keeping the side's men strongest first (no allocation: the solver
    // calls it per capture).
    void add(Color c, Kind k);

    [[nodiscard]] std::string name() const; // "KBNK": White's men, then Black's
    [[nodiscard]] int count(Color c) const { return n_[c]; }
    [[nodiscard]] Kind extra(Color c, int i) const { return extras_[c][i]; }
    [[nodiscard]] int men() const { return 2 + n_[WHITE] + n_[BLACK]; }
    [[nodiscard]] bool has_pawns() const;

    // Whether Black is the stronger side by the chess core's rule (stronger_side in
    // engine/chess/material.hpp): then the table is the one of flipped().
    [[nodiscard]] bool black_is_strong() const;
    [[nodiscard]] Material flipped() const;
    // Returns the material with the strong side as White.
    [[nodiscard]] Material canonical() const { return black_is_strong() ? flipped() : *this; }
    // Whether a side can never mate, whatever the other does (K, KB, KN against a lone king).
    [[nodiscard]] bool insufficient() const;

    // A compact key, equal exactly for equal materials.
    [[nodiscard]] std::uint32_t key() const;
    bool operator==(const Material& o) const { return key() == o.key(); }

  private:
    std::array<std::array<Kind, MAX_EXTRAS>, COLOR_NB> extras_{};
    std::array<std::uint8_t, COLOR_NB> n_{};
};

// Every canonical material of three and four men, three-man ones first (35 in all).
std::vector<Material> all_materials_up_to_four();

} // namespace al0::tablebase
