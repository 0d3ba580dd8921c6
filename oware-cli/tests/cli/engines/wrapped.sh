#!/bin/sh
# A test engine wrapped round `oware uci` (the binary in $OWARE), which it
# passes every line through, and then after each `bestmove`:
#   noisy  a 100 kB line of random bytes (not UTF-8, no newline until its end)
#   slow   holds the answer back 400 ms (past a 50 ms move time and its margin)
mode=$1
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
