"""A remote race end to end through the API: the site opens it at its time, each driver plays
only his own car in its turn with the site's dice, a deadline passes and the autopilot plays,
the finished table is a valid sheet whose every site roll the revealed seed gives back."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone
from rest_framework.throttling import ScopedRateThrottle

from live.models import LiveStep, LiveTable
from races.models import Race
from remote.models import CarClock
from remote.tasks import sweep
from rules.fair_dice_verify import verify
from rules.formats import read_race_log
from sheets.models import RaceEvent, RaceSheet
from tests.remote.remote_race import play_move, remote_oval

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_throttle(monkeypatch, english):
    monkeypatch.setattr(
        ScopedRateThrottle, "THROTTLE_RATES", {**ScopedRateThrottle.THROTTLE_RATES, "tables": None}
    )


def to_play(remote, table: int) -> str | None:
    state = remote.client(remote.oval.steward).get(f"/api/tables/{table}/").json()
    return state["to_play"]["car"] if state["to_play"] else None


def test_a_remote_race_opens_is_played_by_its_drivers_and_the_autopilot_and_becomes_a_valid_sheet():
    remote = remote_oval(laps=2)

    assert sweep()["opened"] == 1
    table = remote.table()
    assert table.mode == "remote" and table.status == "playing"
    first = to_play(remote, table.pk)
    clock = CarClock.objects.get(table=table, car=first)
    assert clock.user == remote.drivers[first] and clock.step == 0
    assert clock.due_at - clock.waiting_since == timedelta(hours=24)
    told = [m for m in mail.outbox if m.to == [remote.drivers[first].email]]
    # in the driver's language (his profile's: the site's, French), with the link into the move
    assert (
        len(told) == 1
        and "À vous de jouer" in told[0].subject
        and f"/live/tables/{table.pk}/" in told[0].body
    )

    # each car's driver plays his own; one deadline passes (the clock moved on a day)
    missed = None
    for _ in range(400):
        car = to_play(remote, table.pk)
        if car is None:
            break
        if missed is None and car == "3":
            clock = CarClock.objects.get(table=table, car=car)
            done = sweep(now=clock.due_at + timedelta(seconds=1))
            assert done["autopilot"] == 1
            missed = LiveStep.objects.filter(table=table).order_by("-index").first()
            assert missed.auto == "deadline" and missed.body["car"] == "3" and missed.by is None
            continue
        answer = play_move(remote.client(remote.drivers[car]), table.pk)
        assert answer["status"] == 201, answer
    table.refresh_from_db()
    assert missed is not None
    assert table.status == LiveTable.Status.FINISHED

    sheet = RaceSheet.objects.get(pk=table.sheet_id)
    assert sheet.status == RaceSheet.Status.VALID, sheet.verdict.get("violations", [])[:3]
    log = sheet.log
    assert {"turn", "move", "car", "why"} <= set(log["autopilot"][0]) and log["autopilot"][0]["car"] == "3"
    assert [m for m in mail.outbox if "pilote automatique a joué la voiture 3" in m.subject]
    remote.race.refresh_from_db()
    assert remote.race.results.count() == 3
    # the results are in the season's standings, each car's points the verdict's
    standings = remote.client(None).get(f"/api/seasons/{remote.race.season_id}/standings/").json()
    rows = {row["car_number"]: row for row in standings["drivers"]}
    points = sheet.verdict["points"]
    assert {car: (rows[int(car)]["races"], rows[int(car)]["total_points"]) for car in points} == {
        car: (1, n) for car, n in points.items()
    }
    assert sum(points.values()) > 0, (sheet.verdict["classification"], sheet.verdict["cars"])

    # every roll of the log is the site's, and the revealed seed gives each back
    read = read_race_log(log)
    rolls = len(read.dice.rolls)
    moves = [m for t in read.turns for m in t.moves if m.wait is None]
    assert rolls >= len(moves) + sum(len(m.tests) for m in moves)
    committed, differences = verify(read, bytes.fromhex(table.dice_seed))
    assert committed and differences == []
    turn = next(t for t in log["turns"] if t["moves"])
    turn["moves"][0]["roll"] = turn["moves"][0]["roll"] % 2 + 1 if turn["moves"][0]["gear"] == 1 else 1
    committed, differences = verify(
        read_race_log(json.loads(json.dumps(log))), bytes.fromhex(table.dice_seed)
    )
    assert committed and len(differences) == 1 and differences[0].ref.turn == turn["turn"]


def test_a_driver_plays_only_his_own_car_and_only_in_its_turn():
    remote = remote_oval(laps=1)
    sweep()
    table = remote.table()
    car = to_play(remote, table.pk)
    other = next(c for c in ("7", "3", "8") if c != car)
    owner, intruder = remote.drivers[car], remote.drivers[other]

    # another driver's car: 403, for the roll and for the move
    assert (
        remote.client(intruder)
        .post(f"/api/tables/{table.pk}/rolls/", {"die": "2"}, format="json")
        .status_code
        == 403
    )
    state = remote.client(owner).get(f"/api/tables/{table.pk}/").json()
    square = next(c["square"] for c in state["cars"] if c["car"] == car)
    move = {"car": car, "gear": 1, "roll": 1, "to": square}
    assert (
        remote.client(intruder)
        .post(f"/api/tables/{table.pk}/moves/", {"move": move}, format="json")
        .status_code
        == 403
    )

    # his own car out of turn: 409 with the code
    answer = remote.client(intruder).post(
        f"/api/tables/{table.pk}/moves/", {"move": {**move, "car": other}}, format="json"
    )
    assert answer.status_code == 409 and answer.json()["code"] == "live.not_your_turn"
    assert answer.json()["params"] == {"car": other, "to_play": car}

    # one gear's die per move: asked again, the same roll; another gear's, a conflict
    client = remote.client(owner)
    first = client.post(f"/api/tables/{table.pk}/rolls/", {"die": "1"}, format="json").json()
    again = client.post(f"/api/tables/{table.pk}/rolls/", {"die": "1"}, format="json").json()
    assert first == again and first["car"] == car
    # a gear's roll comes with its stops, as the choices give them for that gear and roll
    stops = client.get(f"/api/tables/{table.pk}/choices/", {"gear": 1, "roll": first["roll"]}).json()
    assert first["choices"] == stops and first["choices"]["stops"]
    other_gear = client.post(f"/api/tables/{table.pk}/rolls/", {"die": "2"}, format="json")
    assert other_gear.status_code == 409 and other_gear.json()["code"] == "site.remote_gear_committed"

    # a number the site did not roll is refused, nothing stored
    typed = client.post(
        f"/api/tables/{table.pk}/moves/",
        {"move": {"car": car, "gear": 1, "roll": 3 - first["roll"], "to": square}},
        format="json",
    )
    assert typed.status_code == 400
    assert LiveStep.objects.filter(table=table).count() == 0

    # a steward takes a move back only with a reason, which the race's history keeps
    assert play_move(client, table.pk, gear=1)["status"] == 201
    steward = remote.client(remote.oval.steward)
    assert remote.client(owner).delete(f"/api/tables/{table.pk}/moves/last/?reason=oops").status_code == 403
    assert steward.delete(f"/api/tables/{table.pk}/moves/last/").status_code == 400
    assert steward.delete(f"/api/tables/{table.pk}/moves/last/?reason=wrong+tap").status_code == 200
    event = RaceEvent.objects.get(race=remote.race, kind=RaceEvent.Kind.MOVE_UNDONE)
    assert event.why == "wrong tap" and event.public


def test_my_moves_lists_the_tables_waiting_on_me():
    remote = remote_oval(laps=1)
    sweep()
    table = remote.table()
    car = to_play(remote, table.pk)
    mine = remote.client(remote.drivers[car]).get("/api/me/moves/").json()
    assert [(m["table"], m["car"], m["steps"]) for m in mine] == [(table.pk, car, 0)]
    others = [u for c, u in remote.drivers.items() if c != car]
    assert all(remote.client(u).get("/api/me/moves/").json() == [] for u in others)
    assert remote.client(None).get("/api/me/moves/").status_code in (401, 403)


def test_a_race_not_remote_is_not_opened_by_the_site():
    remote = remote_oval(laps=1)
    Race.objects.filter(pk=remote.race.pk).update(mode=Race.Mode.TABLE)
    assert sweep()["opened"] == 0
    assert not LiveTable.objects.filter(race=remote.race).exists()
    # a season whose races are remote opens its races that leave it to the season
    Race.objects.filter(pk=remote.race.pk).update(mode=Race.Mode.SEASON)
    remote.race.season.remote_races = True
    remote.race.season.save(update_fields=["remote_races"])
    assert sweep(now=timezone.now())["opened"] == 1


def test_the_api_sets_a_race_remote_and_says_so_with_the_seasons_hours():
    remote = remote_oval(laps=1)
    Race.objects.filter(pk=remote.race.pk).update(mode=Race.Mode.SEASON)
    admin = remote.client(remote.oval.steward)
    admin.force_authenticate(type(remote.oval.steward).objects.create_superuser("boss", "b@example.org", "x"))
    season = admin.patch(
        f"/api/seasons/{remote.race.season_id}/", {"remote_races": True, "move_hours": 36}, format="json"
    )
    assert season.status_code == 200, season.json()
    assert (season.json()["remote_races"], season.json()["move_hours"]) == (True, 36)
    race = admin.get(f"/api/races/{remote.race.pk}/").json()
    assert (race["mode"], race["is_remote"]) == ("", True)
    race = admin.patch(f"/api/races/{remote.race.pk}/", {"mode": "table"}, format="json").json()
    assert (race["mode"], race["is_remote"]) == ("table", False)
    assert admin.patch(f"/api/races/{remote.race.pk}/", {"mode": "phone"}, format="json").status_code == 400


def test_nobody_opens_a_remote_race_at_a_table_the_site_opens_it():
    remote = remote_oval(laps=1)
    alice = remote.client(remote.oval.alice)
    header = {"format": "formule-de/race-log@1", "circuit": "ovale", "weather": {"race": 5}, "cars": []}
    refused = alice.post(f"/api/races/{remote.race.pk}/tables/", header, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "live.remote_race"
    from django.test import Client

    page = Client()
    page.force_login(remote.oval.alice)
    answer = page.get(f"/races/{remote.race.pk}/live/", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200 and "played remotely" in answer.content.decode()
    assert not LiveTable.objects.filter(race=remote.race).exists()
    # once the site opened it, the page goes to the table; its weather is the seed's, listed
    sweep()
    assert page.get(f"/races/{remote.race.pk}/live/").status_code == 302
    weather = remote.table().site_rolls.get(die="weather")
    assert weather.roll == remote.table().header["weather"]["race"]


def test_the_autopilot_keeps_the_gear_and_roll_its_driver_rolled_before_his_time_ran_out():
    remote = remote_oval(laps=1)
    sweep()
    table = remote.table()
    car = to_play(remote, table.pk)
    client = remote.client(remote.drivers[car])
    rolled = client.post(f"/api/tables/{table.pk}/rolls/", {"die": "1"}, format="json").json()
    clock = CarClock.objects.get(table=table, car=car)

    assert sweep(now=clock.due_at + timedelta(seconds=1))["autopilot"] == 1

    played = LiveStep.objects.get(table=table, index=0)
    assert played.auto == "deadline"
    assert (played.body["gear"], played.body["roll"]) == (1, rolled["roll"])
    assert table.site_rolls.exclude(die__in=("d20", "weather")).count() == 1  # no second gear die


def test_the_header_leads_a_driver_to_the_table_waiting_on_his_move():
    from django.test import Client

    remote = remote_oval(laps=1)
    sweep()
    table = remote.table()
    car = to_play(remote, table.pk)
    page = Client(HTTP_ACCEPT_LANGUAGE="en")
    page.force_login(remote.drivers[car])
    assert (
        f'<a href="/live/tables/{table.pk}/" class="your-move">Your move</a>'
        in page.get("/").content.decode()
    )
    other = next(u for c, u in remote.drivers.items() if c != car)
    page.force_login(other)
    assert "your-move" not in page.get("/").content.decode()


def _order(remote, table: int) -> list[str]:
    state = remote.client(remote.oval.steward).get(f"/api/tables/{table}/").json()
    return [c["car"] for c in state["cars"]]


def test_a_gear_set_in_advance_is_played_when_its_car_comes_and_an_illegal_one_waits_for_its_driver():
    remote = remote_oval(laps=1)
    sweep()
    table = remote.table()
    first = to_play(remote, table.pk)
    second, third = [c for c in ("7", "3", "8") if c != first][:2]  # grid order: 7, 3, 8
    # 1st gear is offered from the grid; 6th is not
    ok = remote.client(remote.drivers["3"]).post(
        f"/api/tables/{table.pk}/advance/", {"car": "3", "gear": 1}, format="json"
    )
    assert ok.status_code == 200 and ok.json()["advance_gear"] == 1
    remote.client(remote.drivers["8"]).post(
        f"/api/tables/{table.pk}/advance/", {"car": "8", "gear": 6}, format="json"
    )
    # another driver's car, a bad gear
    assert (
        remote.client(remote.drivers["8"])
        .post(f"/api/tables/{table.pk}/advance/", {"car": "3", "gear": 2}, format="json")
        .status_code
        == 403
    )
    assert (
        remote.client(remote.drivers["3"])
        .post(f"/api/tables/{table.pk}/advance/", {"car": "3", "gear": 9}, format="json")
        .status_code
        == 400
    )
    # the advance gear is the driver's own business: others do not see it
    clocks = remote.client(remote.drivers["8"]).get(f"/api/tables/{table.pk}/clocks/").json()
    assert {c["car"]: c["advance_gear"] for c in clocks}["3"] is None

    assert first == "7"
    assert play_move(remote.client(remote.drivers["7"]), table.pk)["status"] == 201

    played = LiveStep.objects.get(table=table, index=1)
    assert played.auto == "advance" and played.body["car"] == "3" and played.body["gear"] == 1
    # 6th was not legal for car 8: its driver plays himself, his clock runs
    assert to_play(remote, table.pk) == "8"
    clock = CarClock.objects.get(table=table, car="8")
    assert clock.step == 2 and clock.due_at is not None and clock.advance_gear is None


def test_three_missed_moves_keep_a_car_on_autopilot_until_its_driver_is_back():
    remote = remote_oval(laps=2)
    sweep()
    table = remote.table()
    for _missed in range(3):
        for _ in range(10):  # the others play; car 8's time runs out
            car = to_play(remote, table.pk)
            if car == "8":
                clock = CarClock.objects.get(table=table, car="8")
                assert sweep(now=clock.due_at + timedelta(seconds=1))["autopilot"] == 1
                break
            assert play_move(remote.client(remote.drivers[car]), table.pk)["status"] == 201
    clock = CarClock.objects.get(table=table, car="8")
    assert clock.autopilot and clock.missed == 3
    # its next move is played as soon as it comes, flagged `away`
    for _ in range(3):
        car = to_play(remote, table.pk)
        assert car != "8"
        play_move(remote.client(remote.drivers[car]), table.pk)
    assert LiveStep.objects.filter(table=table, auto="away", body__car="8").exists()
    back = remote.client(remote.drivers["8"]).post(f"/api/tables/{table.pk}/back/")
    assert back.status_code == 200 and back.json() == {"cars": 1}
    clock.refresh_from_db()
    assert not clock.autopilot and clock.missed == 0


def test_a_move_a_steward_takes_back_gives_its_driver_his_whole_time_again():
    remote = remote_oval(laps=1)
    sweep()
    table = remote.table()
    first = to_play(remote, table.pk)
    assert play_move(remote.client(remote.drivers[first]), table.pk)["status"] == 201
    second = to_play(remote, table.pk)
    steward = remote.client(remote.oval.steward)
    assert steward.delete(f"/api/tables/{table.pk}/moves/last/?reason=misclick").status_code == 200
    mine = CarClock.objects.get(table=table, car=first)
    assert mine.step == 0 and mine.due_at - mine.waiting_since == timedelta(hours=24)
    assert CarClock.objects.get(table=table, car=second).step is None
    # played again, the next car's clock starts afresh
    assert play_move(remote.client(remote.drivers[first]), table.pk)["status"] == 201
    theirs = CarClock.objects.get(table=table, car=second)
    assert theirs.step == 1 and theirs.waiting_since > mine.waiting_since


def test_a_lone_car_whose_third_move_is_missed_is_driven_to_the_flag_by_the_autopilot():
    # its next turn comes in the wake of the autopilot's move: the miss must be counted first
    remote = remote_oval(laps=1)
    from races.models import RaceEntry

    RaceEntry.objects.filter(race=remote.race).exclude(season_entry=remote.oval.car7).update(dns=True)
    sweep()
    table = remote.table()
    assert [c["car"] for c in table.header["cars"]] == ["7"]
    CarClock.objects.filter(table=table, car="7").update(missed=2)
    clock = CarClock.objects.get(table=table, car="7")

    assert sweep(now=clock.due_at + timedelta(seconds=1))["autopilot"] == 1

    table.refresh_from_db()
    assert table.status == LiveTable.Status.FINISHED
    autos = list(LiveStep.objects.filter(table=table).values_list("auto", flat=True))
    assert autos[0] == "deadline" and set(autos[1:]) == {"away"} and len(autos) > 3
