#pragma once
// The syntax tree's structs as Fusion sequences, for the grammar's attribute propagation.
// Locations are not parsed into: the annotation handler fills them in.

#include "advice/ast.hpp"

#include <boost/fusion/include/adapt_struct.hpp>

BOOST_FUSION_ADAPT_STRUCT(al0::advice::ast::Rule, name, condition, advice)
BOOST_FUSION_ADAPT_STRUCT(al0::advice::ast::Advice, name, better, holding, us_moves, them_moves,
                          shallowest)
