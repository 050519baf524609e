#!/bin/sh
# A UCI engine that answers every go with an illegal move: al0 match's referee must refuse it.
while read -r line; do
    case "$line" in
    uci) echo "id name illegal mover"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "bestmove a1a1" ;;
    quit) exit 0 ;;
    esac
done
