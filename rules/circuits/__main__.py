"""`python -m rules.circuits import FILE --from gpo|v1`, `python -m rules.circuits check FILE`."""

from __future__ import annotations

import sys

from rules.circuits.cli import main

sys.exit(main())
