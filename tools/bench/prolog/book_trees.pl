% swipl tools/bench/prolog/book_trees.pl TABLE [REPETITIONS]: the book program's forcing tree at
% each of the six book positions, REPETITIONS times (default 300): its search nodes, its CPU
% time per tree, and the median over the positions, as `al0 bench krk` prints al0's.
:- initialization(main, main).
:- ensure_loaded(al0_book).

% White king, rook, black king (file, rank); White to move. The positions of `al0 bench krk`.
book(4, 4, 5, 6, 3, 2, '8/8/4R3/8/3K4/8/2k5/8 w').
book(3, 3, 8, 8, 4, 1, '7R/8/8/8/8/2K5/8/3k4 w').
book(5, 6, 4, 4, 2, 2, '8/8/4K3/8/3R4/8/1k6/8 w').
book(2, 2, 1, 1, 8, 8, '7k/8/8/8/8/8/1K6/R7 w').
book(1, 1, 4, 4, 3, 3, '8/8/8/8/3R4/2k5/8/K7 w').
book(4, 4, 2, 1, 3, 2, '8/8/8/8/3K4/8/2k5/1R6 w').

trees(0, _) :- !.
trees(N, P) :- ( strategy(P, _, _) -> true ; true ), N1 is N - 1, trees(N1, P).

% The tree at P once, counting its nodes, then timed.
time_position(Reps, Fen, P, Micros) :-
    retractall(nodes(_)), assertz(nodes(0)), counting(on),
    ( strategy(P, Name, Move-_) -> true ; Name = none, Move = none ),
    nodes(Nodes), counting(off),
    statistics(cputime, T0), trees(Reps, P), statistics(cputime, T1),
    Micros is (T1 - T0) / Reps * 1.0e6,
    format("  ~w: ~3f us/tree (CPU), ~w nodes, ~w ~w~n", [Fen, Micros, Nodes, Name, Move]).

main :-
    current_prolog_flag(argv, Argv),
    ( Argv = [Table, RepsA | _] -> atom_number(RepsA, Reps)
    ; Argv = [Table] -> Reps = 300
    ; format(user_error, "usage: swipl book_trees.pl TABLE [REPETITIONS]~n", []), halt(2) ),
    consult(Table),
    format("the book program, ~w trees per position:~n", [Reps]),
    findall(Us, ( book(A, B, C, D, E, F, Fen),
                  time_position(Reps, Fen, pos(w, A, B, C, D, E, F, 0), Us) ), Times),
    msort(Times, [_, _, M1, M2, _, _]), Median is (M1 + M2) / 2,
    format("median over the book positions: ~3f us per forcing tree (CPU)~n", [Median]).
