"""The advanced options A1–A19 ("Règles avancées ++" v2.1), one module per option.

Each module holds what its option changes and declares, at its bottom, its hooks and the log
fields it plays (`OPTION = OptionSpec(...)`, `spec.py`); `registry.py` collects them, and the
engine calls the hooks of the options in force (`rules/game.py`, `rules/advanced.py`) — it never
imports an option by name. Some options are mostly played where the core rule they change lives
(A3 `pits.py`, A7 `scoring.py`/`team_xp.py`, A8 `weather.py`, A11 `pits.py`, A17 `damage.py`):
their modules are thin and hook that in.
"""
