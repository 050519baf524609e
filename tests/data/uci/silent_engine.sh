#!/bin/sh
# A UCI engine that completes the handshake and then never answers go: al0 must time out.
while read -r line; do
    case "$line" in
    uci) echo "id name silent"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    esac
done
