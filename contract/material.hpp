#pragma once
// Materials: the men on the board as a signature such as "KBNK" (White's king and pieces, then
// Black's, a side's pieces strongest first: Q R B N P), the one rule that says which side is the
// stronger, and the roles a table over the material names. The advice checker, the compiler,
// the chess core, the tablebase, the endgame library and the checker's reference library all
// read materials here.

#include "contract/expected.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace al0::contract {

// The kinds of men, strongest first after the king: the order of a signature.
enum Kind : std::uint8_t { K_KING, K_QUEEN, K_ROOK, K_BISHOP, K_KNIGHT, K_PAWN, KIND_NB };

char kind_letter(Kind k);           // "KQRBNP"
std::string_view kind_name(Kind k); // "king", "queen", ..., as roles spell it

// A role of a material: `our_king`, `their_king`, then one per piece of us (side 0, White) and
// of them (side 1), in signature order; a kind doubled on a side is numbered from 1
// (our_bishop1, our_bishop2).
struct Role {
    std::string name;
    int side = 0;
    Kind kind = K_KING;
};

// Sides are numbered 0 (White, written first) and 1 (Black).
class Material {
  public:
    static constexpr int MAX_EXTRAS = 3; // pieces besides the kings (five men in all)

    Material() = default;
    // Returns the material with these extra pieces per side (any order), White first.
    Material(std::vector<Kind> white, std::vector<Kind> black);
    // Parses "KBNK", "kbnk" or "KKBN" (both kings given, any case, a side's pieces in any
    // order); refuses anything else, saying why.
    static Expected<Material> parse(std::string_view text);
    // Adds one extra man, keeping the side's men strongest first (no allocation: the tablebase
    // solver calls it per capture).
    void add(int side, Kind k);

    [[nodiscard]] std::string name() const; // "KBNK": White's men, then Black's
    [[nodiscard]] int count(int side) const { return n_[std::size_t(side)]; }
    [[nodiscard]] Kind extra(int side, int i) const {
        return extras_[std::size_t(side)][std::size_t(i)];
    }
    [[nodiscard]] int men() const { return 2 + n_[0] + n_[1]; }
    [[nodiscard]] bool has_pawns() const;

    // The strong-side rule: the stronger side has the larger sum of the usual values (Q 9, R 5,
    // B 3, N 3, P 1); on a tie, more of the first of Q, R, B, N, P whose counts differ (a bishop
    // is stronger than a knight); on equal material, White. Returns whether Black is stronger.
    [[nodiscard]] bool black_is_strong() const;
    [[nodiscard]] Material flipped() const;
    // Returns the material with the strong side as White.
    [[nodiscard]] Material canonical() const { return black_is_strong() ? flipped() : *this; }
    // Whether a side can never mate, whatever the other does (K, KB, KN against a lone king).
    [[nodiscard]] bool insufficient() const;
    // Returns the roles, with White as us.
    [[nodiscard]] std::vector<Role> roles() const;

    // A compact key, equal exactly for equal materials.
    [[nodiscard]] std::uint32_t key() const;
    bool operator==(const Material& o) const { return key() == o.key(); }

  private:
    std::array<std::array<Kind, MAX_EXTRAS>, 2> extras_{};
    std::array<std::uint8_t, 2> n_{};
};

// The most men of a material, kings included.
inline constexpr int MAX_MEN = 2 + Material::MAX_EXTRAS;

// Returns whether NAME has the shape of a role of some material (our_..., their_...).
[[nodiscard]] bool looks_like_role(std::string_view name);

} // namespace al0::contract
