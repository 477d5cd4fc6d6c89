from __future__ import annotations

import sys

from rules.cli import main

sys.exit(main())
