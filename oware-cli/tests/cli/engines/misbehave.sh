#!/bin/sh
# A test engine that speaks the handshake properly and then misbehaves when
# asked to move, in the way its first argument names:
#   crash    exits with status 3
#   hang     never answers
#   illegal  answers a house of the seat not to move
#   garbage  prints bytes that are not UTF-8 and a 200 kB line, then `bestmove Z?`
#   quiet    never finishes the handshake (no uciok)
mode=$1
while IFS= read -r line; do
    case "$line" in
    uci)
        [ "$mode" = quiet ] && continue
        echo "id name $mode"
        echo uciok
        ;;
    isready) echo readyok ;;
    position*)
        # `position startpos moves EcAb`: an even count of moves is South to move.
        set -- $line
        moves=${4:-}
        ;;
    go*)
        case "$mode" in
        crash) exit 3 ;;
        hang) ;;
        illegal)
            if [ $((${#moves} % 2)) -eq 0 ]; then echo "bestmove a"; else echo "bestmove A"; fi
            ;;
        garbage)
            printf 'info \377\376\375 string\n'
            head -c 200000 /dev/zero | tr '\0' 'x'
            echo
            echo "bestmove Z?"
            ;;
        esac
        ;;
    quit) exit 0 ;;
    esac
done
