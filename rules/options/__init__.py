"""The advanced options A1–A19 ("Règles avancées ++" v2.1), one module per option.

Each module holds what its option changes; `rules/advanced.py` calls them when
the season plays the option and the move or the car uses it. A7, A8, A14 and
A17 were played by the core engine already (`scoring.py`, `weather.py`,
`corners.py`, `damage.py`); A3 lives with the pits (`rules/pits.py`).
"""
