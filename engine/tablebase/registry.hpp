#pragma once
// Tables built on demand, in dependency order (a material after the materials its captures and
// promotions convert into), kept in memory and cached on disk.

#include "engine/tablebase/table.hpp"

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>

namespace al0::tablebase {

struct CachePolicy {
    bool disk = true;             // false: --no-cache, never read or write files
    std::filesystem::path folder; // empty: default_cache_dir()
};

// What happened to one table: built (and how long it took) or read from the cache.
struct TableEvent {
    const Table* table = nullptr;
    double ms = 0;
    bool from_cache = false;
    int threads = 0;         // how many threads solved it (0: read from the cache)
    std::string cache_error; // why the cache could not be written, if it could not
};

// One material's table as a board of it is looked up: bare kings have none (DRAWN), and a
// material whose strong side is Black is its colour-flipped table. For callers that look up many
// boards of few materials (no lookup by material per board).
struct MaterialTable {
    const Table* table = nullptr;
    bool flip = false;
    [[nodiscard]] std::uint8_t value(const Board& b) const {
        return table ? table->value(flip ? b.flipped() : b) : DRAWN;
    }
};

class Registry {
  public:
    // THREADS solve each table of at least PARALLEL_MIN_SLOTS slots (0: one per core).
    explicit Registry(CachePolicy policy = {}, int threads = 0);

    // Returns the table of a material of up to four men (either side strong: the table is the
    // canonical one), building or loading it and its dependencies first.
    const Table& table(const Material& m);
    // Returns the entry of any legal board of up to four men, building what it needs. A board
    // with bare kings is DRAWN.
    std::uint8_t value(const Board& b);
    // Returns how boards of M are looked up, building its table first.
    MaterialTable material_table(const Material& m);
    // Called after each table is built or loaded.
    void on_table(std::function<void(const TableEvent&)> observer) {
        observer_ = std::move(observer);
    }

  private:
    // Returns how boards of M are looked up, its table already there.
    [[nodiscard]] MaterialTable known_table(const Material& m) const;
    const Table& make(const Material& canonical);

    CachePolicy policy_;
    int threads_;
    std::unordered_map<std::uint32_t, std::unique_ptr<Table>> tables_;
    std::function<void(const TableEvent&)> observer_;
};

// Returns the canonical materials a material converts into by one capture or promotion.
std::vector<Material> conversions_of(const Material& m);

// Returns every canonical material M turns into by captures and promotions, one after another
// (KPK: KQK, KRK, KBK, KNK), M itself not counted.
std::vector<Material> materials_reached(const Material& m);

} // namespace al0::tablebase
