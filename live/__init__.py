"""Race night: a race refereed at the table, move by move (`rules.play`), stored as it is played,
and turned into a race sheet once over. Models in `models.py` (registered by `races.models`),
writes in `services.py`, reads in `selectors.py`, the HTTP API in `api.py`."""
