#pragma once
// What `al0 reach` reads of a program (the value slots, root values and primitive instances of
// the goals and constraints it evaluates) and which materials and roles that lets it visit.

#include "contract/chess_library.hpp"
#include "engine/endgame/roles.hpp"
#include "engine/search/program.hpp"
#include "engine/tablebase/material.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace al0::verify::reach_reads {

using search::GoalId;
using search::Instance;
using search::Program;
using tablebase::Material;

// What the analysis reads of the program: the value slots of the goals it evaluates at every
// position, the root values they compare with, and every instance whose meaning on symmetric
// boards and for which roles matters.
struct Reads {
    std::set<std::uint16_t> slots, roots;
    std::vector<Instance> instances;
    int deepest_test = -1; // the largest n of a depth test of the move constraints

    void goal(const Program& p, GoalId g, bool cached) {
        const search::GoalNode& n = p.goal_nodes[g];
        switch (n.op) {
        case search::GoalOp::predicate:
            return;
        case search::GoalOp::negation:
            return goal(p, n.lhs, cached);
        case search::GoalOp::conjunction:
        case search::GoalOp::disjunction:
            goal(p, n.lhs, cached);
            return goal(p, n.rhs, cached);
        case search::GoalOp::test:
            return slot(p, std::uint16_t(n.lhs), cached);
        case search::GoalOp::compare:
            expr(p, std::uint16_t(n.lhs), cached);
            return expr(p, std::uint16_t(n.rhs), cached);
        }
    }
    void expr(const Program& p, std::uint16_t e, bool cached) {
        const search::ExprNode& n = p.expr_nodes[e];
        if (n.op == search::ExprOp::value) return slot(p, n.lhs, cached);
        if (n.op == search::ExprOp::root) {
            roots.insert(n.lhs);
            return expr(p, p.root_values[n.lhs], false);
        }
        search::for_each_operand(n, [&](std::uint16_t o) { expr(p, o, cached); });
    }
    void slot(const Program& p, std::uint16_t s, bool cached) {
        if (cached) slots.insert(s);
        instances.push_back(p.value_slots[s]);
    }
    // The moves a constraint allows as a set: its filters' goals and depth tests matter, the
    // order of `by` does not.
    void constraint(const Program& p, const search::MoveConstraint& c) {
        for (const search::Conjunction& alt : c.alternatives) {
            for (const search::DepthTest& t : alt.depth_tests)
                deepest_test = std::max(deepest_test, int(t.n));
            for (std::uint16_t g : alt.generators) {
                const search::GeneratorNode& n = p.generators[g];
                if (n.op == search::GeneratorOp::primitive) {
                    instances.push_back(n.instance);
                    continue;
                }
                if (n.op == search::GeneratorOp::filter) goal(p, n.goal, false);
                constraint(p, p.constraints[n.inner]);
            }
        }
    }
};

// How a goal's truth moves with the one root value it reads: `rising` when, holding for a root
// value, it holds for every larger one; `falling` for every smaller one; `none` when it reads no
// root value; `mixed` when neither is sure (an equality, a product of two measures, ...).
enum class Trend { none, rising, falling, mixed };

// Returns the trend of goal G in the root value it reads (one at most: more are `mixed`).
Trend goal_trend(const Program& p, GoalId g);

// Returns the trend of A and B together (`mixed` when they move apart).
Trend combined(Trend a, Trend b);

// Returns the first primitive read whose value may differ between two symmetric boards (the
// contract's measures that are not symmetric: file, rank), or nothing.
std::optional<std::string> asymmetric(const Reads& r);

// Returns M and every material its captures and promotions lead to, M last and each material
// after those it leads to (us stays White: nothing is colour-flipped).
std::vector<Material> materials_from(const Material& m);

// Returns why the roles read cannot be told apart on some board reach visits: a side with two
// men of one kind (its roles follow the pieces from a search's root, which a position does not
// tell), or nothing.
std::optional<std::string> ambiguous_roles(const endgame::Roles& roles,
                                           const std::vector<Material>& materials,
                                           const Reads& reads);

} // namespace al0::verify::reach_reads
