# Sourced by tools/al0 and tools/test: installs the Debian packages al0 needs when any is
# missing, then configures (first use) and builds Release into build/ (incrementally).
# Build output goes to stderr so that `tools/al0 ... --json` keeps stdout clean. A caller that
# needs only some targets names them first: al0_targets=(--target al0).

al0_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
al0_build="$al0_root/build"
al0_packages=(g++ cmake ninja-build libboost-dev libspdlog-dev catch2 libcli11-dev
              nlohmann-json3-dev libedit-dev ${AL0_EXTRA_PACKAGES:-})

al0_install_missing() {
    local missing=() p
    for p in "${al0_packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
            missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
        echo "al0: error: missing Debian packages: ${missing[*]}" >&2
        echo "al0: install them as root: apt-get install ${missing[*]}" >&2
        exit 2
    fi
    echo "al0: installing ${missing[*]} ..." >&2
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >&2 || {
        echo "al0: error: apt-get could not install: ${missing[*]}" >&2
        exit 2
    }
}

al0_build() {
    if [ ! -f "$al0_build/build.ninja" ]; then
        # ccache, when the machine has it, makes rebuilds in fresh clones cheap; it is optional.
        local launcher=()
        command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
        cmake -S "$al0_root" -B "$al0_build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >&2 ||
            exit 2
    fi
    # Why the filter: a build with nothing to do should not add lines to every al0 run.
    cmake --build "$al0_build" -j "$(nproc)" "${al0_targets[@]}" 2>&1 |
        grep --line-buffered -v -e '^ninja: no work to do\.$' -e 'Re-checking globbed directories' >&2
    [ "${PIPESTATUS[0]}" -eq 0 ] || {
        echo "al0: error: build failed" >&2
        exit 2
    }
}

[[ -v al0_targets ]] || al0_targets=()
al0_install_missing
al0_build
