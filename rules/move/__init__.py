"""The steps of one move, in the order the rules play them (M6-3), one module per concern;
`rules/replay_move.py` `apply` calls them in turn:

- `plan`: whether the move needs the championship rules' and options' `Plan` (`rules/advanced.py`);
- `gear`: the gear and over-revving (G2–G4, paid before the roll), then the die (G1, X2);
- `total`: the slide, bonus or handicap (W2), the brakes (C4): the move's total;
- `path`: the path (T1, T2), its walk with the plan's slipstreams and pit lane (S1, S2, A3), and
  its length against the total (C7, C5 blocking);
- `arrive`: the car on its stop: the line (T3), the corner exits (C2, C3, C6), the options after
  the move;
- `tests`: the d20 rolls: handling (D5), the options' accidents (A14), blocking (C5), the plan's
  mid tests, collisions (D3), engine (D4), the options' late tests, weather (W1).

This package imports nothing of itself here: each module is imported by name.
"""
