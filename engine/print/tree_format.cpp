#include "engine/print/tree_format.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"

namespace al0::print {

namespace {

std::string move_number(const Position& pos) {
    return std::to_string(pos.fullmove_number()) + (pos.side_to_move() == WHITE ? ". " : "... ");
}

void text(const Tree& tree, const Position& pos, std::uint32_t node, int indent, std::string& out) {
    for (const auto& e : tree.children(node)) {
        out.append(std::size_t(indent) * 2, ' ');
        out += move_number(pos) + to_san(pos, e.move);
        if (tree.node(e.child).kind == search::NodeKind::leaf) out += "  (goal)";
        out += '\n';
        text(tree, pos.after(e.move), e.child, indent + 1, out);
    }
}

void dot(const Tree& tree, const Position& pos, std::uint32_t node, std::string& out) {
    const auto kind = tree.node(node).kind;
    out += "  n" + std::to_string(node) + " [label=\"" +
           (kind == search::NodeKind::leaf ? std::string("goal") : move_number(pos)) +
           "\", shape=" +
           (kind == search::NodeKind::us     ? "box"
            : kind == search::NodeKind::them ? "ellipse"
                                             : "doublecircle") +
           "];\n";
    for (const auto& e : tree.children(node)) {
        out += "  n" + std::to_string(node) + " -> n" + std::to_string(e.child) + " [label=\"" +
               to_san(pos, e.move) + "\"];\n";
        dot(tree, pos.after(e.move), e.child, out);
    }
}

} // namespace

std::string tree_text(const Tree& tree, const Position& root, std::uint32_t node) {
    std::string out;
    if (!tree.empty()) text(tree, root, node, 0, out);
    return out;
}

std::string tree_dot(const Tree& tree, const Position& root, const std::string& title) {
    std::string out = "digraph forcing_tree {\n  label=\"" + title + "\";\n";
    if (!tree.empty()) dot(tree, root, 0, out);
    return out + "}\n";
}

nlohmann::json tree_json(const Tree& tree, const Position& root, std::uint32_t node) {
    using nlohmann::json;
    const auto kind = tree.node(node).kind;
    if (kind == search::NodeKind::leaf) return json{{"kind", "leaf"}};
    auto edge = [&](const search::TreeEdge<Move>& e) {
        return json{{"move", to_uci(e.move)},
                    {"san", to_san(root, e.move)},
                    {"next", tree_json(tree, root.after(e.move), e.child)}};
    };
    if (kind == search::NodeKind::us) {
        json j = edge(tree.children(node)[0]);
        j["kind"] = "us";
        return j;
    }
    json replies = json::array();
    for (const auto& e : tree.children(node)) replies.push_back(edge(e));
    return json{{"kind", "them"}, {"replies", replies}};
}

} // namespace al0::print
