"""The rules engine's messages in French at display time (`races/engine_messages.py`)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from races.engine_messages import MESSAGES, translate_engine_message
from races.replay.frames import race_replay
from rules import LogFormatError, RuleSet, load_circuit, read_race_log, replay
from rules.bot import write_race
from tests.races.replay_setup import build_oval, make_steward, submit

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "fixtures" / "race_logs"
CIRCUITS = ROOT / "fixtures" / "circuits"
# English words that give away a message left untranslated
GIVEAWAYS = (
    " the ",
    " with ",
    " past ",
    " and ",
    " squares",
    " car ",
    " turn ",
    " not ",
    " left ",
    " roll ",
    " gear ",
)
BOT_RACES = (
    ("ovale", 6, ("A7",), False),
    ("montreal", 10, ("A7",), False),
    ("monaco", 8, ("A7",), True),
)


@cache
def _track(circuit: str):
    return load_circuit(json.loads((CIRCUITS / f"{circuit}.json").read_text(encoding="utf-8")))


def _ruleset(spec: dict | None) -> RuleSet | None:
    if spec is None:
        return None
    return RuleSet.from_options(
        spec.get("options", ["A7"]), **{k: v for k, v in spec.items() if k != "options"}
    )


def _engine_messages() -> tuple[set[str], set[str]]:
    """Every violation message and event text of the golden logs and a few bot races."""
    violations: set[str] = set()
    events: set[str] = set()
    verdicts = []
    for folder in ("core", "advanced"):
        for path in sorted((LOGS / folder).rglob("*.json")):
            if path.name.endswith(".expected.json"):
                continue
            data = path.read_bytes()
            if json.loads(data).get("format") != "formule-de/race-log@1":
                continue
            expected = path.with_name(path.name.removesuffix(".json") + ".expected.json")
            spec = json.loads(expected.read_text()).get("ruleset") if expected.exists() else None
            try:
                log = read_race_log(data)
            except LogFormatError:
                continue
            verdicts.append(replay(log, _track(log.circuit), _ruleset(spec)))
    for circuit, cars, options, pits in BOT_RACES:
        track = _track(circuit)
        doc = write_race(track, cars=min(cars, len(track.grid)), seed=3, options=options, pits=pits)
        verdicts.append(replay(read_race_log(json.dumps(doc)), track))
    for verdict in verdicts:
        violations.update(v.message for v in verdict.violations)
        events.update(e.message for e in verdict.events)
    return violations, events


def _translated(message: str) -> bool:
    french = translate_engine_message(message, "fr")
    return french != message and not any(word in f" {french} " for word in GIVEAWAYS)


@pytest.mark.slow
def test_nearly_every_engine_message_reads_in_french():
    violations, events = _engine_messages()
    messages = violations | events
    assert len(violations) > 50 and len(events) > 30  # the corpus is the engine's, not an empty one

    untranslated = sorted(m for m in messages if not _translated(m))
    assert len(untranslated) <= 0.1 * len(messages), "untranslated:\n" + "\n".join(untranslated)
    missed_violations = sorted(m for m in violations if not _translated(m))
    assert not missed_violations, "violations left in English:\n" + "\n".join(missed_violations)


@pytest.mark.parametrize(
    ("english", "french"),
    [
        ("gear 2 → 4 skips a gear going up", "passage de la 2e à la 4e : une vitesse sautée en montant"),
        (
            "gear 4 → 1 skips 2 gears with 0 brake points",
            "passage de la 4e à la 1re : 2 vitesses sautées avec 0 point de freins",
        ),
        (
            "2 squares past corner T1 with 0 of 1 stops: 2 tyre points, 3 left (C2)",
            "2 cases après le virage T1 avec 0 arrêt sur 1 : 2 points de pneus, il en reste 3 (C2)",
        ),
        (
            "1 square past corner T2 with 1 of 2 stops with no tyre points left: spin (C6)",
            "1 case après le virage T2 avec 1 arrêt sur 2 sans point de pneus restant : tête-à-queue (C6)",
        ),
        (
            "loses 1 body point (collision with car 3, rolled 2), 2 left",
            "perd 1 point de carrosserie (collision avec la voiture 3, jet 2), il en reste 2",
        ),
        (
            "car 7 did not roll its collision test (touched by car 3)",
            "la voiture 7 n'a pas jeté son test de collision (touchée par la voiture 3)",
        ),
        (
            "S1-a4 → S1-b4 is not a move of one square forward (step 2 of the path): the car left the "
            "track; replay stopped: the rest of the log cannot be checked",
            "S1-a4 → S1-b4 n'est pas un déplacement d'une case vers l'avant (étape 2 du trajet) : la voiture "
            "sort de la piste ; relecture arrêtée : la suite du journal ne peut pas être vérifiée",
        ),
        ("eliminated: no engine points left", "éliminée : plus aucun point de moteur"),
        ("weather roll 2: rain (temporary)", "jet de météo 2 : pluie (temporaire)"),
        (
            "takes 2 bonus square(s); soft tyres give 1 in a straight now",
            "prend 2 case(s) de bonus ; les pneus tendres en donnent 1 en ligne droite en ce moment",
        ),
    ],
)
def test_examples_read_exactly(english, french):
    assert translate_engine_message(english, "fr") == french
    assert translate_engine_message(english, "fr-ca") == french


@pytest.mark.parametrize(
    "english",
    [
        "slipstream 1 behind car 3 in 5: both cars in 4th or higher, the follower (4) at least as high",
        "pit roll 4: leaves its stand 1 of 3 squares but could move 3",
        "repairs 2 body point(s) to 5, above its build of 3",
        "engine test for car 3 not called for: car 3 is not in 5th or 6th gear",
        "handling test for S1-b2 (roll 4) was not called for here",
        "weather roll 12: variable (dry) (A9)",
        "eliminated: engine broken: the inertia move is over (A4)",
        "loses 1 engine point (over-revving 7 → 2), 1 left",
        "pedal to the metal: debris on S1-a3 (rolled 2)",
        "roll 5 does not follow from reroll on a natural 4",
    ],
)
def test_messages_the_golden_logs_do_not_show_read_in_french_too(english):
    assert _translated(english), translate_engine_message(english, "fr")


def test_english_and_unknown_messages_pass_through_unchanged():
    known = "gear 2 → 4 skips a gear going up"
    assert translate_engine_message(known, "en") == known
    for message in ("", "something the engine never said", "la grille ne correspond pas (SITE-3)"):
        assert translate_engine_message(message, "fr") == message


def test_the_active_language_is_the_default():
    known = "gear 2 → 4 skips a gear going up"
    with translation.override("fr"):
        assert translate_engine_message(known).startswith("passage de la 2e")
    with translation.override("en"):
        assert translate_engine_message(known) == known


def test_every_pattern_compiles_and_fills_its_template():
    import re

    for pattern, french in MESSAGES:
        groups = set(re.compile(pattern).groupindex)
        fields = set(re.findall(r"\{(\w+)\}", french))
        assert fields <= groups | {f"{g}_s" for g in groups}, pattern


@pytest.mark.django_db
def test_the_sheet_page_shows_violations_in_the_readers_language(client, examples_dir):
    steward = make_steward()
    oval = build_oval(steward)
    sheet = submit(oval.race, (examples_dir / "race-ovale-gear-skip.json").read_bytes(), steward)
    english = next(v["message"] for v in sheet.verdict["violations"] if v["rule"] == "G2")
    french = translate_engine_message(english, "fr")
    assert french != english
    client.force_login(steward)
    url = reverse("races:sheet", kwargs={"pk": sheet.pk})

    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    with translation.override("fr"):
        html = client.get(url).content.decode()
    assert french.replace("'", "&#x27;") in html and english.replace("'", "&#x27;") not in html

    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    html = client.get(url).content.decode()
    assert english.replace("'", "&#x27;") in html and french not in html


@pytest.mark.django_db
def test_the_replay_events_read_in_the_readers_language(examples_dir):
    steward = make_steward()
    oval = build_oval(steward)
    sheet = submit(oval.race, (examples_dir / "race-ovale-valid.json").read_bytes(), steward)

    def finished_text() -> str:
        frames = race_replay(sheet=sheet)
        return next(e["text"] for t in frames["turns"] for e in t["events"] if e["kind"] == "finished")

    with translation.override("fr"):
        assert finished_text() == "franchit la ligne pour la dernière fois (1 tour)"
    with translation.override("en"):
        assert finished_text() == "crosses the line for the last time (1 laps)"
