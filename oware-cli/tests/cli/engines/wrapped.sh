#!/bin/sh
# A test engine wrapped round `oware uci` (the binary in $OWARE):
#   noisy  after each `bestmove`, a 100 kB line of random bytes (not UTF-8)
#   slow   holds each `bestmove` back 400 ms (past a 50 ms move time and its margin)
#   clock  plays only when told both clocks (`go wtime … btime … winc … binc …`),
#          answering such a `go` within 20 ms; any other `go` gets no answer
mode=$1
if [ "$mode" = clock ]; then
    while IFS= read -r line; do
        case "$line" in
        "go wtime "*" btime "*" winc "*" binc "*) echo "go movetime 20" ;;
        go*) echo "go nonsense" ;;
        *) printf '%s\n' "$line" ;;
        esac
    done | "$OWARE" uci
    exit
fi
"$OWARE" uci | while IFS= read -r line; do
    case "$line" in
    bestmove*)
        [ "$mode" = slow ] && sleep 0.4
        echo "$line"
        if [ "$mode" = noisy ]; then
            head -c 100000 /dev/urandom | tr -d '\n'
            echo
        fi
        ;;
    *) echo "$line" ;;
    esac
done
