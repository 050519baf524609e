#pragma once
// A table compiled for one domain: every predicate and generator resolved to its id, goals and
// integer expressions as small expression graphs in arrays, move constraints as their `then`
// alternatives. The search evaluates this form and never sees a name.
//
// Domains whose primitives take arguments (roles, as small numbers) are asked for an Instance:
// a primitive with its arguments. Each distinct instance a program uses has one value slot, so
// that a value several goals use at one node is computed once (see Evaluator).

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace al0::search {

// A primitive measure, predicate or generator applied to its arguments.
struct Instance {
    enum class Kind : std::uint8_t { predicate, measure, generator };
    Kind kind = Kind::predicate;
    std::uint8_t primitive = 0;
    std::array<std::uint8_t, 3> args{};
    friend bool operator==(const Instance&, const Instance&) = default;
};

// Per node at most this many distinct value slots, and per program this many root values.
inline constexpr int MAX_VALUE_SLOTS = 256;
inline constexpr int MAX_ROOT_VALUES = 64;

enum class GoalOp : std::uint8_t {
    predicate,   // predicate: a domain predicate id (domains without instances)
    negation,    // lhs
    conjunction, // lhs and rhs
    disjunction, // lhs or rhs
    test,        // lhs: a value slot, true when not 0
    compare,     // lhs, rhs: expression nodes compared by the CompareOp in `predicate`
};

enum class CompareOp : std::uint8_t { eq, ne, lt, le, gt, ge };

// An index into Program::goal_nodes. Why 32 bits: a table within the limits of the front end
// can hold far more than 65536 goal nodes; the compiler refuses a table that would need more
// than GoalId holds, it never wraps.
using GoalId = std::uint32_t;

// One node of a goal expression; children are indices into Program::goal_nodes.
struct GoalNode {
    GoalOp op = GoalOp::predicate;
    std::uint8_t predicate = 0; // predicate: the id; compare: the CompareOp
    // Goal nodes for negation/conjunction/disjunction; a value slot for test; expression nodes
    // for compare.
    GoalId lhs = 0, rhs = 0;
};

enum class ExprOp : std::uint8_t {
    number, // number
    value,  // lhs: a value slot
    root,   // lhs: a root value index (Program::root_values)
    neg,
    add,
    sub,
    mul,
    abs,
    min,
    max,
};

// One node of an integer expression; children are indices into Program::expr_nodes.
struct ExprNode {
    ExprOp op = ExprOp::number;
    std::int32_t number = 0;
    std::uint16_t lhs = 0, rhs = 0;
};

// Calls F with each operand of expression node N, an index into Program::expr_nodes. A number,
// a value slot and a root value have none (a root value's expression is evaluated at the root).
template <class F>
void for_each_operand(const ExprNode& n, F f) {
    switch (n.op) {
    case ExprOp::number:
    case ExprOp::value:
    case ExprOp::root:
        return;
    case ExprOp::neg:
    case ExprOp::abs:
        return f(n.lhs);
    case ExprOp::add:
    case ExprOp::sub:
    case ExprOp::mul:
    case ExprOp::min:
    case ExprOp::max:
        f(n.lhs);
        return f(n.rhs);
    }
}

enum class DepthOp : std::uint8_t { eq, lt, le, gt, ge };

struct DepthTest {
    DepthOp op = DepthOp::eq;
    std::int32_t n = 0; // as the table says it (the parser accepts 0 to 2147483647)
    [[nodiscard]] constexpr bool accepts(int depth) const {
        switch (op) {
        case DepthOp::eq:
            return depth == n;
        case DepthOp::lt:
            return depth < n;
        case DepthOp::le:
            return depth <= n;
        case DepthOp::gt:
            return depth > n;
        case DepthOp::ge:
            return depth >= n;
        }
        return false;
    }
};

// One `then` alternative: its depth tests hold, its first generator enumerates, and each further
// generator must also generate the move (the book's `and`). No generator: no moves. Generators
// are indices into Program::generators.
struct Conjunction {
    std::vector<DepthTest> depth_tests;
    std::vector<std::uint16_t> generators;
    // Bit d: whether the depth tests accept depth d < 64, once mark_depth_masks built it (a
    // program written by hand may have none: then the tests are asked).
    std::uint64_t depth_mask = 0;
    bool depth_masked = false;
};

// A move constraint: the moves of each alternative in turn (the book's `then`).
struct MoveConstraint {
    std::vector<Conjunction> alternatives;
};

// Returns whether some alternative of C with a generator passes its depth tests at DEPTH (then
// the node may have moves there).
[[nodiscard]] inline bool allows_moves(const MoveConstraint& c, int depth) {
    for (const Conjunction& alt : c.alternatives) {
        bool ok = !alt.generators.empty();
        for (const DepthTest& t : alt.depth_tests) ok = ok && t.accepts(depth);
        if (ok) return true;
    }
    return false;
}

// Builds the depth mask of each alternative of C from its tests.
inline void mark_depth_masks(MoveConstraint& c) {
    for (Conjunction& alt : c.alternatives) {
        alt.depth_mask = 0;
        for (int d = 0; d < 64; ++d)
            if (std::all_of(alt.depth_tests.begin(), alt.depth_tests.end(),
                            [d](const DepthTest& t) { return t.accepts(d); }))
                alt.depth_mask |= std::uint64_t{1} << d;
        alt.depth_masked = true;
    }
}

enum class GeneratorOp : std::uint8_t {
    primitive, // the domain's generator `id` (domains without instances) or `instance`
    filter,    // the moves of constraint `inner` after which goal `goal` holds, in order
    order,     // the moves of constraint `inner` by the value of expression `measure` after
               // each move, smallest first; equal values keep their order
};

inline constexpr std::uint32_t ALL_ROLES = ~std::uint32_t{0};

// A function of the machine code compiled for a program (engine/codegen), stored untyped: the
// domain it was compiled for casts it back to its own signature (NodeGoalsDomain).
using NativeFunction = void (*)();

struct GeneratorNode {
    GeneratorOp op = GeneratorOp::primitive;
    std::uint8_t id = 0;
    bool uses_instance = false;
    // primitive: false for a generator of no moves (the vocabulary's nomove), which the search
    // then need not ask (ResolvedConstraint::moving_depths).
    bool generates = true;
    Instance instance;
    std::uint16_t inner = 0; // index into Program::constraints
    GoalId goal = 0;
    std::uint16_t measure = 0;
    // filter: the role arguments (bit r: role r) whose pieces its goal reads, when it reads
    // nothing else of a node (filter_reads.hpp); ALL_ROLES when it does (the side to move, the
    // board), or until known. A move that leaves these pieces alone leaves the goal's value.
    std::uint32_t goal_roles = ALL_ROLES;
    // filter: its goal compiled to machine code (engine/codegen), a function of the node and the
    // root, as CompiledAdvice::native_goals, that returns 1 where it holds, while
    // Program::native_library is loaded; null: the search interprets it.
    NativeFunction native_goal = nullptr;
    // filter: the same goal after a move, a function of the node, the move and the root that
    // plays the move itself (inline, where the goal reads only part of the node); null: the
    // search plays the move and asks native_goal.
    NativeFunction native_goal_after = nullptr;
    // order: its measure after a move, compiled as native_goal_after (its value, not 1 or 0);
    // null: the search plays the move and interprets the measure.
    NativeFunction native_measure_after = nullptr;
    // filter: its goal reads no node, only numbers and root values, so it holds after every move
    // or after none.
    [[nodiscard]] bool node_blind() const { return goal_roles == 0; }
};

// One step of an expression as straight-line code (expr_code.hpp). Its register is its index
// among the expression's steps; a and b name earlier registers, or a value slot (slot), or a
// root value index (root); `number` is the immediate of the *_number steps (number_sub: number
// minus register a).
enum class ExprStepOp : std::uint8_t {
    number,
    slot,
    root,
    neg,
    abs,
    add,
    sub,
    mul,
    min,
    max,
    add_number, // add to max_number: add to max with a number, in the same order
    sub_number,
    mul_number,
    min_number,
    max_number,
    number_sub,
};
struct ExprStep {
    ExprStepOp op = ExprStepOp::number;
    std::uint8_t a = 0, b = 0;
    std::int32_t number = 0;
};
// The steps of one expression: `count` steps from `first`, its value in register `result`;
// count 0: no code (the tree walk).
struct ExprCode {
    std::uint32_t first = 0;
    std::uint16_t count = 0;
    std::uint8_t result = 0;
};
inline constexpr std::size_t MAX_EXPR_STEPS = 255; // per expression

// What a goal step tests (goal_steps.hpp): its literal node, or, for a literal that compares
// value slots, numbers and root values directly, that comparison with its operands in the step
// (a and b: value slots or root value indices, `number`). Every comparison is written as
// x < y or x == y: the step's branches are swapped for >=, =< and \=.
enum class StepTest : std::uint8_t {
    literal,
    predicate,      // the literal's predicate (domains without instances)
    slot_nonzero,   // a
    slot_lt_number, // a < number
    number_lt_slot, // number < a
    slot_eq_number, // a == number
    slot_lt_slot,   // a < b
    slot_eq_slot,   // a == b
    slot_lt_root,   // a < root b
    root_lt_slot,   // root a < b
    slot_eq_root,   // a == root b
};

// One step of a goal flattened into a branching program (goal_steps.hpp): test the literal
// (a predicate, test or comparison node), then go on at the step for its value.
struct GoalStep {
    GoalNode literal;
    std::uint32_t if_true = 0, if_false = 0; // a step index, GOAL_TRUE or GOAL_FALSE
    StepTest test = StepTest::literal;
    std::uint16_t a = 0, b = 0;
    std::int32_t number = 0;
};
inline constexpr std::uint32_t GOAL_TRUE = 0xffffffffu, GOAL_FALSE = 0xfffffffeu;
inline constexpr std::uint32_t NO_GOAL_STEP = 0xffffffffu;
inline constexpr std::size_t MAX_GOAL_STEPS = 1u << 16; // per goal

// A goal whose branching program (goal_steps.hpp) tests predicates alone, in at most MAX steps,
// copied small: the search runs it with no test of each step's kind. Why: the book's KRK goals
// are such, and a step of the general program cost about as much as the predicate it tests.
// Built once per program (add_goal_steps): built per search, it cost about 180 instructions
// an advice tried, 1.7 % of the book trees' instructions.
struct Program;
struct PredicateSteps {
    static constexpr int MAX = 16;
    static constexpr std::uint8_t YES = 0xff, NO = 0xfe; // the goal's value, after the last step
    struct Step {
        std::uint8_t predicate, if_true, if_false; // a step's index below MAX, YES or NO
    };
    std::array<Step, MAX> steps{};
    int count = 0; // 0: the goal is not such

    PredicateSteps() = default;
    PredicateSteps(const Program& p, GoalId g); // below Program

    // Returns the goal's value, where holds(id) is the value of predicate id (count not 0).
    template <class Holds>
    [[gnu::always_inline]] bool run(Holds holds) const {
        std::uint8_t i = 0;
        do {
            const Step& step = steps[i];
            i = holds(step.predicate) ? step.if_true : step.if_false;
        } while (i < NO);
        return i == YES;
    }
};

// What an advice's two goals say of a node, as its goals compiled to machine code return it
// (CompiledAdvice::native_goals): the holding goal fails; it holds and the better goal is met
// (a leaf); or it holds and the better goal is not met (an inner node).
enum class GoalVerdict : int { fails = 0, leaf = 1, inner = 2 };

// CompiledAdvice::failure_class before mark_depth_classes: the advice's own index.
inline constexpr std::uint16_t NO_FAILURE_CLASS = 0xffff;

struct CompiledAdvice {
    std::string name;
    GoalId better_goal = 0; // root indices into Program::goal_nodes
    GoalId holding_goal = 0;
    MoveConstraint us_moves, them_moves;
    // Take the first tree of the smallest depth, not the first tree (search/advice_search.hpp).
    bool shallowest = false;
    // The root values (bit i: Program::root_values[i]) its goals and the filters of its move
    // constraints read (mark_root_reads; all until known). A node fails the same from any two
    // roots where these values are the same.
    std::uint64_t root_reads = ~std::uint64_t{0};
    // The advice whose remembered failures it shares, and its depth numbers' shift against that
    // advice's (mark_depth_classes): its failure at depth d is that one's at d - depth_shift.
    // By default a class of its own.
    std::uint16_t failure_class = NO_FAILURE_CLASS;
    std::int32_t depth_shift = 0;
    // Its goals as PredicateSteps, where they are such (add_goal_steps).
    PredicateSteps better_steps, holding_steps;
    // Its holding and better goal compiled to one function of the node and the root that
    // returns their GoalVerdict (engine/codegen), while Program::native_library is loaded;
    // null: the search interprets the goals.
    NativeFunction native_goals = nullptr;
    // Its whole search compiled for it (search::FixedSearch, engine/codegen), where its move
    // constraints fix a generator per depth and bound the depth; else null.
    NativeFunction native_search = nullptr;
};

struct CompiledRule {
    std::string name;
    GoalId condition = 0;
    std::vector<std::uint16_t> advice; // indices into Program::advice (at most max_advice)
    PredicateSteps condition_steps;    // where the condition is such (add_goal_steps)
};

// A definition that takes no roles, compiled to be shown (compile_definitions): a measure's
// expression node or a predicate's goal.
struct NamedDefinition {
    std::string name;
    bool predicate = false;
    std::uint32_t node = 0; // an index into expr_nodes, or a GoalId for a predicate
};

struct Program {
    std::vector<GoalNode> goal_nodes;
    std::vector<ExprNode> expr_nodes;
    std::vector<Instance> value_slots;      // the distinct instances, by slot
    std::vector<std::uint16_t> root_values; // expression nodes evaluated once at the root
    std::vector<GeneratorNode> generators;
    std::vector<MoveConstraint> constraints; // the inner constraints of filter and order
    std::vector<CompiledAdvice> advice;
    std::vector<CompiledRule> rules;
    // For explanations only: the source text of goal nodes that stand for a named predicate, a
    // primitive with arguments or a comparison ("rookdivides", "lost(our_rook)"); may be short.
    std::vector<std::string> goal_labels;
    // Only in a program of compile_definitions: its definitions, prelude first, in file order.
    std::vector<NamedDefinition> definitions;
    // The goals the search asks at every node as branching programs (add_goal_steps); per goal
    // node its first step or NO_GOAL_STEP. Empty: every goal is walked as a tree.
    std::vector<GoalStep> goal_steps;
    std::vector<std::uint32_t> goal_entry;
    // The expressions the search evaluates at every node as straight-line code (add_expr_code);
    // per expression node its code. Empty: every expression is walked as a tree.
    std::vector<ExprStep> expr_steps;
    std::vector<ExprCode> expr_code;
    // The table declares its material: its primitives are the chess library's, asked as
    // instances (roles as arguments), not the domain's own names.
    bool instances = false;
    // Set by the compiler (new_program_serial): no other program of the process has it, so the
    // failures of its advice may be kept across searches. 0: never kept (a program
    // written by hand, which may be changed after it is built).
    std::uint64_t serial = 0;
    // The loaded library of the advice's native_goals (engine/codegen), kept while any copy of
    // the program may call into it.
    std::shared_ptr<const void> native_library;
    // Which rule applies at a root, compiled with the goals (search::RuleChoiceFn; null: the
    // conditions are asked one by one, rule_choice.hpp).
    NativeFunction native_rule_choice = nullptr;
    // Per root value (root_values), its value at a root compiled with the goals, where they read
    // it: a function of a node and the root, as CompiledAdvice::native_goals, that ignores the
    // node; null, or past the end: walked (Evaluator::root_value).
    std::vector<NativeFunction> native_root_values;

    // Builders, for the compiler and for tests that write a program by hand.
    std::uint16_t generator(std::uint8_t id) {
        GeneratorNode n;
        n.id = id;
        generators.push_back(n);
        return std::uint16_t(generators.size() - 1);
    }
    GoalId add_goal(GoalNode n) {
        goal_nodes.push_back(n);
        return GoalId(goal_nodes.size() - 1);
    }
    GoalId predicate(std::uint8_t id) { return add_goal({GoalOp::predicate, id, 0, 0}); }
    GoalId negation(GoalId g) { return add_goal({GoalOp::negation, 0, g, 0}); }
    GoalId conjunction(GoalId a, GoalId b) { return add_goal({GoalOp::conjunction, 0, a, b}); }
    GoalId disjunction(GoalId a, GoalId b) { return add_goal({GoalOp::disjunction, 0, a, b}); }
    [[nodiscard]] int advice_index(const std::string& name) const {
        for (std::size_t i = 0; i < advice.size(); ++i)
            if (advice[i].name == name) return int(i);
        return -1;
    }
};

// Why the steps read backwards from the entry: add_steps appends a goal's steps right operand
// first, so each step branches to a step appended before it (or to the goal's end).
inline PredicateSteps::PredicateSteps(const Program& p, GoalId g) {
    if (g >= p.goal_entry.size() || p.goal_entry[g] == NO_GOAL_STEP) return;
    const std::uint32_t entry = p.goal_entry[g];
    auto local = [&](std::uint32_t target) -> int {
        if (target == GOAL_TRUE) return YES;
        if (target == GOAL_FALSE) return NO;
        return target <= entry && entry - target < MAX ? int(entry - target) : -1;
    };
    int last = 0; // the furthest step reached so far
    for (int i = 0; i <= last; ++i) {
        const GoalStep& step = p.goal_steps[entry - std::uint32_t(i)];
        const int t = local(step.if_true), f = local(step.if_false);
        if (step.test != StepTest::predicate || t <= i || f <= i) return;
        steps[std::size_t(i)] = {step.literal.predicate, std::uint8_t(t), std::uint8_t(f)};
        last = std::max({last, t < MAX ? t : 0, f < MAX ? f : 0});
    }
    count = last + 1;
}

} // namespace al0::search
