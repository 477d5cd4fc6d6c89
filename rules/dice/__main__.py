"""`python -m rules.dice verify LOG.json --seed HEX`: the site's rolls of a log recomputed."""

from __future__ import annotations

import sys

from rules.fair_dice_verify import main

sys.exit(main())
