#!/bin/sh
# A UCI engine that answers each go with the next move of the file named by its argument (one
# UCI move a line), so al0 match can replay a game whose defence is known.
exec 3< "$1"
while read -r line; do
    case "$line" in
    uci) echo "id name scripted"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) if read -r move <&3; then echo "bestmove $move"; else echo "bestmove 0000"; fi ;;
    quit) exit 0 ;;
    esac
done
