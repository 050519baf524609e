#pragma once
// A position's material read off the board: the contract's Material (contract/material.hpp:
// signatures, the one strong-side rule) of the men it has, and the bridge between the
// contract's kinds of men and the chess core's piece types.

#include "contract/material.hpp"
#include "engine/chess/position.hpp"

#include <string>

namespace al0 {

// The contract's kinds are the chess core's piece types less one (KING = 1, ..., PAWN = 6).
constexpr contract::Kind kind_of(PieceType pt) { return contract::Kind(int(pt) - int(KING)); }
constexpr PieceType piece_type_of(contract::Kind k) { return PieceType(int(k) + int(KING)); }

// Returns the material on the board, White's men first.
contract::Material material_of(const Position& pos);
// Returns the stronger side by the contract's rule (Material::black_is_strong).
Color stronger_side(const Position& pos);
// Returns the signature of the material on the board, stronger side first: "KRK" for White's
// rook or Black's.
std::string material_signature(const Position& pos);

} // namespace al0
