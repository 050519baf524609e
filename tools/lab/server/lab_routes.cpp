#include "tools/lab/server/lab_routes.hpp"

#include "tools/lab/server/lab_engine.hpp"
#include "tools/lab/server/lab_practice.hpp"

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <utility>

namespace al0::tools::lab {
namespace {

using Stop = std::atomic<bool>;

// At most this many of the person's moves in a game sent to /api/play.
constexpr std::size_t max_game_moves = 1000;

Reply json_reply(int status, const Json& body) { return {status, "application/json", body.dump()}; }
Reply error_reply(int status, const std::string& message) {
    return json_reply(status, {{"error", message}});
}

// The request's body as a JSON object; throws BadRequest otherwise.
Json body_object(const Request& r) {
    Json j = Json::parse(r.body, nullptr, false);
    if (j.is_discarded() || !j.is_object()) throw BadRequest("the body must be a JSON object");
    return j;
}

std::string string_field(const Json& j, const char* name) {
    auto it = j.find(name);
    if (it == j.end() || !it->is_string())
        throw BadRequest(std::string("field '") + name + "' must be a string");
    return it->get<std::string>();
}

std::vector<std::string> moves_field(const Json& j) {
    auto it = j.find("moves");
    if (it == j.end()) return {};
    if (!it->is_array() || it->size() > max_game_moves)
        throw BadRequest("field 'moves' must be an array of at most " +
                         std::to_string(max_game_moves) + " UCI moves");
    std::vector<std::string> moves;
    for (const Json& m : *it) {
        if (!m.is_string()) throw BadRequest("field 'moves' must hold strings (UCI moves)");
        moves.push_back(m.get<std::string>());
    }
    return moves;
}

// An optional unsigned number field; DEFAULT when absent.
std::uint64_t count_field(const Json& j, const char* name, std::uint64_t fallback,
                          std::uint64_t most) {
    auto it = j.find(name);
    if (it == j.end()) return fallback;
    if (!it->is_number_unsigned() || it->get<std::uint64_t>() > most)
        throw BadRequest(std::string("field '") + name + "' must be a whole number from 0 to " +
                         std::to_string(most));
    return it->get<std::uint64_t>();
}

const char* content_type_of(const std::string& file) {
    if (file.ends_with(".js")) return "text/javascript; charset=utf-8";
    if (file.ends_with(".css")) return "text/css; charset=utf-8";
    return "text/html; charset=utf-8";
}

} // namespace

Routes::Routes(std::filesystem::path page, TableFolder tables)
    : page_(std::move(page)), tables_(std::move(tables)) {}

Answer Routes::handle(const Request& r) {
    if (!hosts_.allows_host(r.host))
        return error_reply(403, "Host '" + r.host + "' is not this server's address");
    // Why: a page of another site may send simple requests (no preflight); only the lab's own
    // page may change anything.
    if (r.method != "GET" && !r.origin.empty() && !hosts_.allows_origin(r.origin))
        return error_reply(403, "Origin '" + r.origin + "' is not this server's page");
    Request plain = r;
    plain.target = r.target.substr(0, r.target.find('?')); // the query string means nothing here
    if (plain.target.starts_with("/api/")) {
        try {
            Answer answer = api(plain);
            if (answer.later)
                answer.later = [work = std::move(answer.later)](const std::atomic<bool>* stop) {
                    try {
                        return work(stop);
                    } catch (const BadRequest& e) {
                        return error_reply(400, e.what());
                    }
                };
            return answer;
        } catch (const BadRequest& e) {
            return error_reply(400, e.what());
        }
    }
    if (r.method != "GET") return error_reply(405, "the page's files are read with GET");
    return page_file(plain.target);
}

Reply Routes::page_file(const std::string& target) const {
    // Only these files, by name: no path from the request reaches the file system.
    static const std::vector<std::string> files = {"index.html", "lab.js", "lab.css"};
    const std::string name = target == "/" ? "index.html" : target.substr(1);
    if (std::find(files.begin(), files.end(), name) == files.end())
        return error_reply(404, "no such page: " + target);
    std::ifstream in(page_ / name, std::ios::binary);
    if (!in) return error_reply(503, "the page is not built: run al0 lab without --no-build");
    std::ostringstream text;
    text << in.rdbuf();
    return {200, content_type_of(name), text.str()};
}

Answer Routes::api(const Request& r) {
    const std::string path = r.target.substr(5); // after "/api/"
    const auto method = [&](const char* m) {
        if (r.method != m) throw BadRequest("use " + std::string(m) + " for /api/" + path);
    };
    if (path == "tables" || path.starts_with("tables/"))
        return tables(r, path == "tables" ? "" : path.substr(7));
    if (path == "verify" || path.starts_with("verify/")) return verification(r, path.substr(6));
    if (path == "status") {
        method("GET");
        return status();
    }
    // The rest is heavy work, for a worker thread; its fields are read here.
    if (path == "check") {
        method("POST");
        return Answer("", [text = string_field(body_object(r), "text")](const Stop*) {
            return json_reply(200, check_table(text));
        });
    }
    if (path == "advise") {
        method("POST");
        const Json j = body_object(r);
        return Answer("advise",
                      [table = string_field(j, "table"), fen = string_field(j, "fen")](
                          const Stop* stop) { return json_reply(200, advise(table, fen, stop)); });
    }
    if (path == "play") {
        method("POST");
        const Json j = body_object(r);
        return Answer("play", [table = string_field(j, "table"), start = string_field(j, "start"),
                               moves = moves_field(j)](const Stop* stop) {
            return json_reply(200, play(table, start, moves, stop));
        });
    }
    if (path == "reach") {
        method("POST");
        const Json j = body_object(r);
        if (j.contains("constraints") && !j["constraints"].is_boolean())
            throw BadRequest("field 'constraints' must be true or false");
        return Answer("reach",
                      [table = string_field(j, "table"), advice = string_field(j, "advice"),
                       constraints = j.value("constraints", false)](const Stop* stop) {
                          return json_reply(200, reach(table, advice, constraints, stop));
                      });
    }
    if (path == "start") {
        method("POST");
        const Json j = body_object(r);
        const std::string strong = j.contains("strong") ? string_field(j, "strong") : "white";
        if (strong != "white" && strong != "black")
            throw BadRequest("field 'strong' must be \"white\" or \"black\"");
        return Answer("", [material = string_field(j, "material"),
                           seed = count_field(j, "seed", 1, UINT64_MAX),
                           black = strong == "black"](const Stop*) {
            return json_reply(200, start_position(material, seed, black));
        });
    }
    if (path == "practice") {
        method("POST");
        const Json j = body_object(r);
        if (j.contains("hint") && !j["hint"].is_boolean())
            throw BadRequest("field 'hint' must be true or false");
        const bool hint = j.value("hint", false);
        return json_reply(200, practice(string_field(j, "start"), moves_field(j), hint));
    }
    if (path == "moves") {
        method("POST");
        return Answer("", [fen = string_field(body_object(r), "fen")](const Stop*) {
            return json_reply(200, moves(fen));
        });
    }
    return error_reply(404, "no such API: /api/" + path);
}

Reply Routes::status() const {
    const WorkPool::Load load = pool_ ? pool_->load() : WorkPool::Load{};
    const auto stopped = [&](StopReason why) { return load.stopped[int(why)]; };
    return json_reply(200, {{"workers", load.workers},
                            {"running", load.running},
                            {"waiting", load.queued},
                            {"stopped",
                             {{"client_gone", stopped(StopReason::client_gone)},
                              {"replaced", stopped(StopReason::replaced)},
                              {"time_up", stopped(StopReason::time_up)}}}});
}

Reply Routes::tables(const Request& r, const std::string& name) {
    if (name.empty()) {
        if (r.method != "GET") throw BadRequest("use GET for /api/tables");
        return json_reply(
            200, {{"builtin", builtin_tables()},
                  {"materials", shipped_materials_json()},
                  {"shipped", shipped_tables_json()},
                  {"folder", tables_.present() ? Json(tables_.dir().string()) : Json(nullptr)},
                  {"files", tables_.list()}});
    }
    if (r.method == "GET") {
        auto text = tables_.read(name);
        if (!text) return error_reply(404, text.error());
        return json_reply(200, {{"name", name}, {"text", *text}});
    }
    if (r.method == "PUT") {
        auto written = tables_.write(name, string_field(body_object(r), "text"));
        if (!written) return error_reply(400, written.error());
        return json_reply(200, {{"name", name}, {"saved", true}});
    }
    throw BadRequest("use GET or PUT for /api/tables/NAME");
}

Answer Routes::verification(const Request& r, const std::string& rest) {
    if (rest.empty() && r.method == "GET") return json_reply(200, job_.status());
    if (rest.empty() && r.method == "POST") {
        const Json j = body_object(r);
        // The table is compiled on a worker thread, then verified on the job's.
        return Answer(
            "", [this, table = string_field(j, "table"),
                 sample = std::uint32_t(count_field(j, "sample", 0, UINT32_MAX))](const Stop*) {
                // Shared: the job's work is a std::function, which must be copyable.
                auto input = std::make_shared<const VerifyInput>(table, sample);
                auto work = [input](const verify::Progress& progress, const Stop* stop) {
                    return input->run(progress, stop);
                };
                if (auto why = job_.start(std::move(work))) return error_reply(409, *why);
                return json_reply(202, job_.status());
            });
    }
    if (rest == "/cancel" && r.method == "POST") {
        if (!job_.cancel()) return error_reply(409, "no verification is running");
        return json_reply(200, job_.status());
    }
    if (rest.empty() || rest == "/cancel")
        throw BadRequest("use GET or POST for /api/verify, POST for /api/verify/cancel");
    return error_reply(404, "no such API: /api/verify" + rest);
}

} // namespace al0::tools::lab
