#!/usr/bin/env bash
# Builds the lab's page into OUTDIR (al0 lab calls it with build/tools/lab; ./tools/test too):
# installs Debian's nodejs and npm when node is missing, the npm packages of package-lock.json
# when they changed, then bundles with esbuild when a source is newer than the bundle.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:?usage: build.sh OUTDIR}
mkdir -p "$out" && out=$(cd "$out" && pwd)

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
        echo "al0: error: the lab's page needs node and npm: apt-get install nodejs npm" >&2
        exit 2
    fi
    echo "al0: installing nodejs npm ..." >&2
    { DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm; } >&2
fi

cd "$here"
# npm ci when node_modules is missing or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "al0: installing the lab's npm packages ..." >&2
    npm ci --no-audit --no-fund --loglevel=error >&2
fi

if [ -f "$out/lab.js" ] && [ -z "$(find src index.html build.mjs package-lock.json -newer "$out/lab.js" -print -quit)" ]; then
    exit 0
fi
echo "al0: bundling the lab's page into $out ..." >&2
node build.mjs "$out"
