% swipl tools/bench/prolog/book_verify.pl TABLE: the book program's forcing tree at every legal
% KRK position with White to move (175,168), in CPU time: the trees `al0 verify` builds for the
% same table, without its walk over the defences, so a lower bound of a verification in Prolog.
:- initialization(main, main).
:- ensure_loaded(al0_book).

square(X, Y) :- coord(X), coord(Y).
% A legal position with White to move: three squares, the black king not in check.
start(pos(w, WX, WY, RX, RY, BX, BY, 0)) :-
    square(WX, WY), square(RX, RY), (RX, RY) \== (WX, WY),
    square(BX, BY), (BX, BY) \== (WX, WY), (BX, BY) \== (RX, RY),
    \+ check(pos(b, WX, WY, RX, RY, BX, BY, 0)).

main :-
    current_prolog_flag(argv, Argv),
    ( Argv = [Table | _] -> true
    ; format(user_error, "usage: swipl book_verify.pl TABLE~n", []), halt(2) ),
    consult(Table),
    statistics(cputime, T0),
    aggregate_all(count, start(_), Positions),
    aggregate_all(count, ( start(P), strategy(P, _, _) ), Trees),
    statistics(cputime, T1), Seconds is T1 - T0,
    format("~w positions, a tree at ~w, ~3f s CPU (~3f us per position)~n",
           [Positions, Trees, Seconds, Seconds / Positions * 1.0e6]).
