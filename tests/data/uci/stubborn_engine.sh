#!/bin/sh
# A UCI engine that ignores quit and SIGTERM and leaves a process of its own running (its id in
# the file named by its argument), answering every go with an illegal move: al0 must end the
# engine and that process when it is done with them.
trap '' TERM
sleep 1000 &
echo $! > "$1"
while read -r line; do
    case "$line" in
    uci) echo "id name stubborn"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "bestmove a1a1" ;;
    esac
done
exec sleep 1000
