"""Every rule id on a verdict page, and in the replay, opens its rules anchor: click each link, the
rules page shows the rule that id names, in the reader's language.

The invalid sheet is fixtures/examples/race-ovale-gear-skip.json (G2 at turn 3, then T1): its first
violation, the knock-on folded under it and the violations table. The lap penalties (C5, C2) sit
on a valid sheet's page. The replay of the invalid version lists G2 at turn 3.
"""

from __future__ import annotations

import pytest

from sheets.models import RaceSheet
from tests.site.conftest import alices_sheet

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# Every rule link in the page's content, the closed <details> opened first (the knock-ons, the
# replay's turn-by-turn events) so that each link can be clicked.
LINKS = """() => {
  for (const d of document.querySelectorAll('main details')) d.open = true;
  return [...document.querySelectorAll('main a.rule-ref, main a.rule-id')].map(a => a.getAttribute('href'));
}"""
IN_VIEW = "el => { const b = el.getBoundingClientRect(); return b.height > 0 && b.top >= 0 && b.top < innerHeight; }"


@pytest.fixture
def sheets(browser_type_launch_args, examples_dir, tasks_inline):
    """The invalid sheet judged inline, and a valid version with two lap penalties."""
    league, invalid = alices_sheet(examples_dir / "race-ovale-gear-skip.json", RaceSheet.Status.INVALID)
    penalties = [
        {"turn": 4, "lap": 1, "rule": "C5", "squares": 1, "multiplier": 1, "tyres": 0},
        {"turn": 9, "lap": 2, "rule": "C2", "squares": 2, "multiplier": 2, "tyres": 4},
    ]
    valid = RaceSheet.objects.create(
        race=league.race,
        version=2,
        raw=b"{}",
        status=RaceSheet.Status.VALID,
        verdict={
            "valid": True,
            "violations": [],
            "classification": [{"position": 1, "car": "7", "status": "finished", "turn": 9, "points": 10}],
            "cars": {"7": {"penalties": penalties}},
        },
    )
    return league, invalid, valid


def follow_each_rule_link(page, url: str, language: str) -> list[str]:
    """Click every rule link of the page at `url` in turn; each must open the rules page on the
    rule it names. The rule ids followed, in the page's order."""
    page.goto(url)
    hrefs = page.evaluate(LINKS)
    followed = []
    for i, href in enumerate(hrefs):
        if i:
            page.goto(url)
            page.evaluate(LINKS)
        path, _, anchor = href.partition("#")
        assert path == "/rules/" and anchor.startswith("rule-"), href
        page.locator("main a.rule-ref, main a.rule-id").nth(i).click()
        page.wait_for_url(f"**/rules/#{anchor}")
        target = page.locator(f"[id='{anchor}']")
        assert target.count() == 1, f"{url}: no element #{anchor} on the rules page"
        assert target.is_visible() and target.evaluate(IN_VIEW), f"{url}: #{anchor} is not shown"
        rule = anchor.removeprefix("rule-")
        assert rule in target.locator("h2, h3").first.inner_text()
        assert page.evaluate("document.documentElement.lang") == language
        followed.append(rule)
    return followed


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_rule_id_on_a_verdict_and_in_the_replay_opens_its_rule(live_server, browser, sheets, language):
    league, invalid, valid = sheets
    context = browser.new_context(locale=language, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    base = live_server.url

    # first violation (its rule), the knock-on, then the violations table's two rows
    followed = follow_each_rule_link(page, base + invalid.get_absolute_url(), language)
    assert followed == ["G2", "T1", "G2", "T1"]
    assert follow_each_rule_link(page, base + valid.get_absolute_url(), language) == ["C5", "C2"]
    # the replay of the invalid version: the violation listed at its turn (drawn by replay.js), and
    # the same in the turn-by-turn list of events
    replay = f"{base}/races/{league.race.pk}/replay/?sheet={invalid.pk}#turn-3"
    page.goto(replay)
    assert page.locator("#replay-violations a.rule-ref").count() == 1
    followed = follow_each_rule_link(page, replay, language)
    assert followed and set(followed) <= {"G2", "T1"} and "G2" in followed
    context.close()
