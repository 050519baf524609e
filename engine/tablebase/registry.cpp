#include "engine/tablebase/registry.hpp"

#include "engine/tablebase/cache_file.hpp"
#include "engine/tablebase/solver.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <thread>

namespace al0::tablebase {

namespace {

// Returns the material without one man (the extra man i of colour c).
Material without(const Material& m, Color c, int i) {
    Material out;
    for (int side = 0; side < COLOR_NB; ++side)
        for (int k = 0; k < m.count(Color(side)); ++k)
            if (side != c || k != i) out.add(Color(side), m.extra(Color(side), k));
    return out;
}

Material promoted(const Material& m, Color c, int i, Kind to) {
    Material out = without(m, c, i);
    out.add(c, to);
    return out;
}

} // namespace

std::vector<Material> conversions_of(const Material& m) {
    std::vector<Material> out;
    auto add = [&](const Material& x) {
        if (x.count(WHITE) + x.count(BLACK) == 0) return; // bare kings: no table
        const Material c = x.canonical();
        if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    };
    for (int c = 0; c < COLOR_NB; ++c)
        for (int i = 0; i < m.count(Color(c)); ++i) {
            const Material captured = without(m, Color(c), i);
            add(captured);
            if (m.extra(Color(c), i) != K_PAWN) continue;
            for (Kind k : {K_QUEEN, K_ROOK, K_BISHOP, K_KNIGHT}) {
                const Material p = promoted(m, Color(c), i, k);
                add(p);
                for (int j = 0; j < p.count(~Color(c)); ++j) add(without(p, ~Color(c), j));
            }
        }
    return out;
}

std::vector<Material> materials_reached(const Material& m) {
    std::vector<Material> out;
    for (std::size_t next = 0;; ++next) { // out grows as it is walked: each material once
        for (const Material& c : conversions_of(next == 0 ? m : out[next - 1]))
            if (c != m.canonical() && std::find(out.begin(), out.end(), c) == out.end())
                out.push_back(c);
        if (next == out.size()) return out;
    }
}

Registry::Registry(CachePolicy policy, int threads)
    : policy_(std::move(policy)),
      threads_(threads > 0 ? threads : int(std::max(1u, std::thread::hardware_concurrency()))) {
    if (policy_.disk && policy_.folder.empty()) policy_.folder = default_cache_dir();
    if (policy_.folder.empty()) policy_.disk = false;
}

const Table& Registry::table(const Material& m) {
    if (m.men() > 4) throw std::invalid_argument("tablebase: more than four men in " + m.name());
    if (m.count(WHITE) + m.count(BLACK) == 0)
        throw std::invalid_argument("tablebase: bare kings have no table");
    const Material c = m.canonical();
    if (auto it = tables_.find(c.key()); it != tables_.end()) return *it->second;
    for (const Material& next : conversions_of(c)) table(next);
    return make(c);
}

const Table& Registry::make(const Material& m) {
    const Layout layout(m);
    TableEvent event;
    const auto start = std::chrono::steady_clock::now();
    std::unique_ptr<Table> t;
    if (policy_.disk)
        if (auto entries = read_table_file(cache_path(policy_.folder, m), layout)) {
            t = std::make_unique<Table>(m, std::move(*entries));
            event.from_cache = true;
        }
    if (!t) {
        // The tables M converts into, by the key of a child's material (either side strong):
        // a probe per capture or promotion, from every solving thread, finds its table in a
        // few comparisons and no lookup that could change meanwhile.
        std::vector<std::pair<std::uint32_t, MaterialTable>> targets{{Material().key(), {}}};
        for (const Material& c : conversions_of(m))
            for (const Material& x : {c, c.flipped()})
                targets.emplace_back(x.key(), known_table(x));
        const auto probe = [&targets](const Board& b) {
            const std::uint32_t key = b.material().key();
            for (const auto& [k, table] : targets)
                if (k == key) return table.value(b);
            throw std::logic_error("tablebase: a conversion into an unbuilt table");
        };
        event.threads = solving_threads(layout.size(), threads_);
        t = std::make_unique<Table>(m, solve(layout, probe, event.threads));
    }
    event.ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (policy_.disk && !event.from_cache) {
        std::error_code ec;
        std::filesystem::create_directories(policy_.folder, ec);
        // A FIFO or a device in the cache is left alone (writing to it could block or vanish).
        const auto path = cache_path(policy_.folder, m);
        if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
            event.cache_error = "cannot write " + path.string() + ": not a regular file";
        else if (auto why = write_table_file(path, *t))
            event.cache_error = *why;
    }
    event.table = t.get();
    const Table& ref = *t;
    tables_.emplace(m.key(), std::move(t));
    if (observer_) observer_(event);
    return ref;
}

MaterialTable Registry::known_table(const Material& m) const {
    if (m.count(WHITE) + m.count(BLACK) == 0) return {};
    const bool flip = m.black_is_strong();
    const auto it = tables_.find((flip ? m.flipped() : m).key());
    if (it == tables_.end()) throw std::logic_error("tablebase: " + m.name() + " is not built");
    return {it->second.get(), flip};
}

MaterialTable Registry::material_table(const Material& m) {
    if (m.count(WHITE) + m.count(BLACK) > 0) table(m);
    return known_table(m);
}

std::uint8_t Registry::value(const Board& b) { return material_table(b.material()).value(b); }

} // namespace al0::tablebase
