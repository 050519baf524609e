#!/bin/sh
# A UCI engine that never has a move: al0 match must report the opponent that fails.
while read -r line; do
    case "$line" in
    uci) echo "id name no mover"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "bestmove 0000" ;;
    quit) exit 0 ;;
    esac
done
