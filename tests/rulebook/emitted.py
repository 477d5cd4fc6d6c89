"""The rule ids a verdict can name, gathered from the code that names them (not from the rules pages)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from rules.messages import Code

ROOT = Path(__file__).resolve().parents[2]
# A rule of the engine: a letter and a number (G2, A13), or O (the log's options vs the season's).
_ENGINE_RULE = re.compile(r"^(?:[A-Z]\d{1,2}|O)$")
_SITE_RULE = re.compile(r"^SITE-[a-z]+$")
# A code's prefix that is a rule (g2.skip_up, a13.…, o.…); the others name what the message is about.
_RULE_PREFIX = re.compile(r"^(?:[a-z]\d{1,2}|o)$")


def _constants(folder: Path, pattern: re.Pattern[str]) -> set[str]:
    found = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and pattern.match(node.value):
                found.add(node.value)
    return found


def engine_rule_ids() -> set[str]:
    """Every rule id written in rules/ (violations name theirs as literals, or the option's id), the
    rule prefixes of the message codes, and the rules of the golden verdicts."""
    ids = _constants(ROOT / "rules", _ENGINE_RULE)
    ids |= {
        code.value.partition(".")[0].upper()
        for code in Code
        if _RULE_PREFIX.match(code.value.partition(".")[0])
    }
    for path in (ROOT / "fixtures" / "race_logs").rglob("*.json"):
        if path.name.endswith((".expected.json", ".verdict.json")):
            document = json.loads(path.read_text(encoding="utf-8"))
            ids |= {v["rule"] for v in document.get("violations", [])}
    return ids


def site_rule_ids() -> set[str]:
    """The site's own checks (`SITE-circuit`…), as the rooms that judge and play races name them."""
    return set().union(*(_constants(ROOT / room, _SITE_RULE) for room in ("core", "races", "sheets", "live")))


def decided_rule_ids() -> set[str]:
    """The rules docs/rules-decisions.md settles: its items open with the ids in bold (`**T4**`, `**C3/C6/A14**`)."""
    text = (ROOT / "docs" / "rules-decisions.md").read_text(encoding="utf-8")
    ids = set()
    for match in re.finditer(r"^- \*\*([A-Z]\d+(?:/[A-Z]\d+)*)\b", text, re.MULTILINE):
        ids |= set(match.group(1).split("/"))
    return ids
