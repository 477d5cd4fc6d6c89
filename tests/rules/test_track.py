"""Circuits: building the track graph, levels, and rejecting bad documents (circuit@1, and circuit@2 through
`load_circuit`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.track import CircuitError, load_circuit

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "circuits"


def test_it_builds_the_oval(ovale):
    assert (ovale.id, ovale.laps, ovale.lap_length) == ("ovale", 2, 32)
    assert len(ovale.squares) == 3 * 8 + 12 + 3 * 10 + 12 + 3 * 6 + 6
    assert ovale.grid[:2] == ("S3-b6", "S3-a5")
    assert [s.id for s in ovale.corners] == ["T1", "T2"]
    assert ovale.corner_of("T2-a1").stops == 2 and ovale.corner_of("S2-a1") is None


def test_straight_squares_lead_forward_and_diagonally(ovale):
    assert set(ovale.successors("S1-a3")) == {"S1-a4", "S1-b4"}
    assert set(ovale.successors("S1-b3")) == {"S1-a4", "S1-b4", "S1-c4"}


def test_corner_squares_follow_their_lane_or_cross_to_a_further_square(ovale):
    # T1 lanes a/b/c have 3/4/5 squares over 4 levels
    assert ovale.level("T1-a1") == pytest.approx(8 + 4 / 3)
    assert set(ovale.successors("T1-b1")) == {"T1-b2", "T1-a1", "T1-c2"}
    assert set(ovale.successors("T1-a3")) == {"S2-a1", "S2-b1"}


def test_the_last_segment_loops_to_the_first_across_the_line(ovale):
    assert set(ovale.successors("S3-b6")) == {"S1-a1", "S1-b1", "S1-c1"}
    assert ovale.level("S3-b6") == 32 and ovale.level("S1-b1") == 1


def test_the_pit_lane_runs_from_entry_to_exit(ovale):
    assert "PIT-1" in ovale.successors("S3-c2")
    assert ovale.successors("PIT-6") == ("S1-c3",)
    assert ovale.is_pit("PIT-3") and ovale.lane("PIT-3") == -1


def test_side_by_side_means_adjacent_lanes_less_than_half_a_level_apart(ovale):
    assert ovale.is_side_by_side("S1-a4", "S1-b4")
    assert not ovale.is_side_by_side("S1-a4", "S1-c4")
    assert not ovale.is_side_by_side("S1-a4", "S1-b5")
    assert ovale.is_side_by_side("T2-a2", "T2-b3")  # 24.67 and 25


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["weather"].update(sun=[10, 20]), "weather"),
        (lambda d: d["grid"].__setitem__(2, "S9-b1"), "grid[2]"),
        (lambda d: d["segments"][3]["corner"].pop("stops"), "segments[3].corner.stops"),
        (lambda d: d["segments"][3]["corner"].update(stops=4), "segments[3].corner.stops"),
        (lambda d: d["segments"][2].update(id="S1"), "segments[2].id"),
        (lambda d: d.update(format="formule-de/circuit@3"), "format"),
        (lambda d: d.update(colour="red"), "colour"),
        (lambda d: d["pit"].update(entry="S3-z2"), "pit.entry"),
        (lambda d: d.update(segments=[]), "segments"),
    ],
)
def test_it_rejects_a_bad_circuit_naming_the_field(ovale_doc, change, field):
    change(ovale_doc)
    with pytest.raises(CircuitError) as err:
        load_circuit(ovale_doc)
    assert err.value.field == field
    assert str(err.value).startswith(field)


@pytest.mark.parametrize(
    "path", sorted(FIXTURES.glob("*.json")) if FIXTURES.is_dir() else [], ids=lambda p: p.stem
)
def test_the_project_circuits_load(path):
    track = load_circuit(json.loads(path.read_text()))
    assert track.id == path.stem and track.lap_length > 0


def test_it_reads_an_at_2_document_too(ovale_doc):
    from rules.circuits import compile_v1

    compiled = json.loads(json.dumps(compile_v1(ovale_doc)))
    track = load_circuit(compiled)
    assert (track.id, track.lap_length, track.document, track.compiled) == ("ovale", 32, compiled, compiled)
    assert track.level("T1-a1") == load_circuit(ovale_doc).level("T1-a1")  # 28/3 back from a float
    assert load_circuit(ovale_doc).compiled == compiled


def test_a_section_names_its_squares_per_lane(ovale):
    t1 = ovale.segment("T1")
    assert [t1.square(2, i) for i in range(1, 6)] == [f"T1-c{i}" for i in range(1, 6)]
    assert (t1.rank("T1-c4"), t1.rank("S1-a1")) == (4, 0)
    assert (t1.start_level, t1.length, ovale.segment("S2").start_level) == (8, 4, 12)


def test_it_rejects_a_bad_at_2_document_naming_the_field_and_the_first_problem(ovale_doc):
    from rules.circuits import compile_v1

    compiled = compile_v1(ovale_doc)
    compiled["edges"].append(["S1-a1", "S1-c2"])
    with pytest.raises(CircuitError) as err:
        load_circuit(compiled)
    assert (err.value.field, err.value.code.value) == (
        f"edges[{len(compiled['edges']) - 1}]",
        "read.lane_skip",
    )
    assert (
        str(err.value)
        == f"{err.value.field}: the arrow S1-a1 → S1-c2 skips a lane: an arrow leads to the next lane at most"
    )
