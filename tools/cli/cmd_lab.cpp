// al0 lab [--port N] [--host H] [--tables DIR] [--no-build]: the table lab, a local web page
// to write a table, try it on positions, see its forcing trees, play against it and verify it.

#include "tools/cli/command.hpp"
#include "tools/cli/count_option.hpp"
#include "tools/lab/server/lab_server.hpp"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>

namespace al0::tools {
namespace cmd_lab {

namespace fs = std::filesystem;

struct LabOptions {
    lab::ServerOptions server;
    std::string tables;
    bool no_build = false;
};

// The page is served from next to the binary: build/tools/lab/.
fs::path page_dir() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return (ec ? fs::current_path() : exe.parent_path()) / "lab";
}

// Builds the page (npm packages and esbuild; quick when it is up to date) by the source tree's
// script. Its output goes to stderr: stdout carries only the address.
int build_page(const fs::path& out) {
    const fs::path script = fs::path(AL0_SOURCE_DIR) / "tools" / "lab" / "build.sh";
    if (!fs::exists(script)) {
        if (fs::exists(out / "lab.js")) return EXIT_OK; // no sources here: serve what is built
        return fail("the lab's page is not built and its sources are not at " + script.string());
    }
    const std::string command = "'" + script.string() + "' '" + out.string() + "' >&2";
    if (std::system(command.c_str()) != 0)
        return fail("could not build the lab's page (" + script.string() + ")");
    return EXIT_OK;
}

int run_lab(const LabOptions& o) {
    fs::path tables;
    if (!o.tables.empty()) {
        std::error_code ec;
        if (!fs::is_directory(o.tables, ec))
            return fail("--tables " + o.tables + " is not a folder");
        tables = fs::canonical(o.tables, ec);
    }
    const fs::path page = page_dir();
    if (!o.no_build)
        if (int status = build_page(page); status != EXIT_OK) return status;
    lab::Routes routes(page, lab::TableFolder(tables));
    const std::string error = lab::serve(o.server, routes, [&](const std::string& address) {
        std::cout << "al0 lab: serving " << address
                  << " (tables: " << (tables.empty() ? "built-in only" : tables.string())
                  << "; Ctrl-C stops)" << std::endl;
    });
    return fail(error);
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<LabOptions>();
    auto* app = parent.add_subcommand(
        "lab", "The table lab: a local web page to write, try, play and verify advice tables");
    add_count(app, "--port", o->server.port, "TCP port (0: any free port)",
              static_cast<unsigned short>(0));
    app->add_option("--host", o->server.host,
                    "IP address to listen on; only requests naming it in their Host header are "
                    "answered")
        ->capture_default_str();
    app->add_option("--time-limit", o->server.time_limit,
                    "Seconds a search (advise, play) may run before it is stopped and the "
                    "request answered with an error")
        ->check(CLI::Range(0.001, 86400.0))
        ->capture_default_str();
    app->add_option("--tables", o->tables,
                    "Folder whose *.al0 tables the page may list, open and save (no other file "
                    "is ever read or written)");
    app->add_flag("--no-build", o->no_build,
                  "Serve the page as already built next to the binary; do not build it");
    return {app, [o] { return run_lab(*o); }};
}

const RegisterCommand registered(75, setup);

} // namespace cmd_lab
} // namespace al0::tools
