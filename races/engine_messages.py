"""The rules engine's violation and event messages, in the reader's language (display time only).

The engine (`rules/`) speaks English and the verdicts are stored as it says them; this module
renders them in French when the page is in French. `MESSAGES` is an ordered table of
`(pattern, french)` pairs built from the engine's message templates: the first pattern that
matches the whole message wins, and the French template is filled with its named groups.

A group's name says how its value is carried over (see `_CONVERT`): `msg…` is itself an engine
message (translated again, so suffixes and nested reasons compose), `gear…` a gear number
("2" → "2e"), `nth…` an English ordinal ("2nd" → "2e"), `part…` a car part, `tyre` a tyre kind,
`weather` a weather label, … ; any other group is copied as it is. Every number group `x` also
gives `{x_s}`: "s" when it is more than 1 (French plural).

To add a message: put `(r"the English template with (?P<name>…) groups", "le gabarit français
{name}")` in `MESSAGES` before any more general pattern that would also match it. A message no
pattern matches is shown in English, unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from django.utils.translation import get_language

_CAR = r"(?P<car>\S+)"
_CAR2 = r"(?P<car2>\S+)"
_SQ = r"(?P<sq>\S+)"
_N = r"(?P<n>-?\d+)"
_R = r"(?P<r>-?\d+)"
# C2, C3, C6: "2 squares past corner T1 with 0 of 1 stops"
_PAST = r"(?P<n>\d+) squares? past corner (?P<corner>\S+) with (?P<s>\d+) of (?P<t>\d+) stops"
_PAST_FR = "{n} case{n_s} après le virage {corner} avec {s} arrêt{s_s} sur {t}"

MESSAGES: list[tuple[str, str]] = [
    # -- suffixes and prefixes: the rest is an engine message of its own
    (
        r"(?P<msg>.+); replay stopped: the rest of the log cannot be checked",
        "{msg} ; relecture arrêtée : la suite du journal ne peut pas être vérifiée",
    ),
    (r"(?P<msg>.+): the car left the track", "{msg} : la voiture sort de la piste"),
    (r"eliminated: (?P<msg>.+)", "éliminée : {msg}"),
    # -- the start, the whole log (replay.py, advanced.py)
    (
        r"the log plays options (?P<a>\[.*\]), the season (?P<b>\[.*\])",
        "le journal joue les options {a}, la saison {b}",
    ),
    (
        r"the season races (?P<n>\d+) laps, the log (?P<m>\d+)",
        "la saison se court en {n} tours, le journal en {m}",
    ),
    (
        r"weather roll (?P<r>-?\d+) is not a d20 roll \(1–20\)",
        "jet de météo {r} : ce n'est pas un jet de d20 (1–20)",
    ),
    (
        r"wear points (?P<n>\d+) over (?P<wear>\{.*\}): a car is built with (?P<allow>.+)",
        "points d'usure {n} pour {wear} : une voiture se construit avec {allow}",
    ),
    (
        r"wear points over (?P<wear>\{.*\}): at least 1 per part",
        "points d'usure pour {wear} : au moins 1 par pièce",
    ),
    (
        r"wear points (?P<n>\d+): one over the build, but team (?P<team>.+) has no experience point to pay for it \(X3\)",
        "points d'usure {n} : un de plus que la construction, mais l'écurie {team} n'a pas de point "
        "d'expérience pour le payer (X3)",
    ),
    (
        r"a (?P<wing>low|high) wing is option (?P<o>\S+), not in force this season",
        "un aileron {wing} est l'option {o}, qui n'est pas en vigueur cette saison",
    ),
    (
        r"a fuel load is option A12, not in force this season",
        "une charge de carburant est l'option A12, qui n'est pas en vigueur cette saison",
    ),
    (
        r"7th gear is option A13, not in force this season",
        "la 7e est l'option A13, qui n'est pas en vigueur cette saison",
    ),
    (
        r"stalling is option A18, not in force this season",
        "caler est l'option A18, qui n'est pas en vigueur cette saison",
    ),
    (
        r"uses (?P<key>.+), but option (?P<o>\S+) is not in force this season",
        "utilise {key}, mais l'option {o} n'est pas en vigueur cette saison",
    ),
    (r"unknown option action (?P<key>.+)", "action d'option inconnue {key}"),
    # -- the play order (replay.py, order.py)
    (rf"car {_CAR} moves twice in turn (?P<t>\d+)", "la voiture {car} joue deux fois au tour de jeu {t}"),
    (
        rf"car {_CAR} was lapped this turn before playing: it loses this move",
        "la voiture {car} a pris un tour avant de jouer : elle perd ce coup",
    ),
    (
        rf"car {_CAR} played before car {_CAR2}, but car (?P=car2) was ahead or in a higher gear at the start of the turn",
        "la voiture {car} a joué avant la voiture {car2}, alors que la voiture {car2} était devant ou dans "
        "une vitesse plus haute au début du tour de jeu",
    ),
    (rf"car {_CAR} did not move in turn (?P<t>\d+)", "la voiture {car} n'a pas joué au tour de jeu {t}"),
    (
        rf"car {_CAR} passed the leader again but did not play its move back",
        "la voiture {car} a repassé le leader mais n'a pas joué le coup récupéré",
    ),
    (
        rf"car {_CAR} finished at turn (?P<t>\d+) and moves no more",
        "la voiture {car} a fini au tour de jeu {t} et ne joue plus",
    ),
    (
        rf"car {_CAR} was eliminated at turn (?P<t>\d+) \((?P<cause>[^)]+)\) and moves no more",
        "la voiture {car} a été éliminée au tour de jeu {t} ({cause}) et ne joue plus",
    ),
    (
        rf"the log ends after turn (?P<t>\d+) with car {_CAR} still racing",
        "le journal s'arrête après le tour de jeu {t} alors que la voiture {car} est encore en course",
    ),
    (
        r"the claimed result (?P<result>.+) differs from the replay's (?P<result2>.+)",
        "le résultat annoncé {result} diffère de celui de la relecture : {result2}",
    ),
    (
        rf"lapped by car {_CAR}: loses this turn's move \(M6-2-5\)",
        "prise d'un tour par la voiture {car} : perd son coup de ce tour de jeu (M6-2-5)",
    ),
    (
        r"passes the leader again: gets its lost move back \(M6-2-5\)",
        "repasse le leader : récupère son coup perdu (M6-2-5)",
    ),
    # -- gears and dice (gearbox.py, replay_move.py, options)
    (r"there is no gear (?P<g>\d+) \(1–(?P<top>\d+)\)", "il n'y a pas de vitesse {g} (1–{top})"),
    (r"the first move is in 1st gear, not (?P<nth>\w+)", "le premier coup se joue en 1re, pas en {nth}"),
    (
        r"after a spin the next move is in 1st gear, not (?P<nth>\w+)",
        "après un tête-à-queue, le coup suivant se joue en 1re, pas en {nth}",
    ),
    (
        r"gear (?P<gear_a>\d+) → (?P<gear_b>\d+) skips a gear going up",
        "passage de la {gear_a} à la {gear_b} : une vitesse sautée en montant",
    ),
    (
        r"gear (?P<gear_a>\d+) → (?P<gear_b>\d+) skips (?P<n>\d+) gears going down \(at most (?P<m>\d+)\)",
        "passage de la {gear_a} à la {gear_b} : {n} vitesses sautées en descendant (au plus {m})",
    ),
    (
        r"gear (?P<gear_a>\d+) → (?P<gear_b>\d+) skips (?P<n>\d+) gears? with 0 (?P<part>gearbox|brake) points",
        "passage de la {gear_a} à la {gear_b} : {n} vitesse{n_s} sautée{n_s} avec 0 point de {part}",
    ),
    (
        r"gear (?P<gear_a>\d+) → (?P<gear_b>\d+) skips (?P<n>\d+) gears? with (?P<m>\d+) engine point left",
        "passage de la {gear_a} à la {gear_b} : {n} vitesse{n_s} sautée{n_s} avec {m} point de moteur restant",
    ),
    (r"over-revving (?P<gear_a>\d+) → (?P<gear_b>\d+)", "surrégime de la {gear_a} à la {gear_b}"),
    (
        r"roll (?P<r>-?\d+) is not on the (?P<nth>\w+) gear die \((?P<lo>\d+)–(?P<hi>\d+)\)",
        "le jet {r} n'est pas sur le dé de la {nth} ({lo}–{hi})",
    ),
    (
        r"natural roll (?P<r>-?\d+) is not on the (?P<nth>\w+) gear die \((?P<lo>\d+)–(?P<hi>\d+)\)",
        "le jet naturel {r} n'est pas sur le dé de la {nth} ({lo}–{hi})",
    ),
    (
        r"roll (?P<r>-?\d+) does not follow from (?P<how>\S+) on a natural (?P<n>-?\d+)",
        "le jet {r} ne découle pas du choix « {how} » sur un jet naturel de {n}",
    ),
    (r"two dice (?P<dice>\[.*\]) are thrown in 7th gear only", "deux dés {dice} ne se jettent qu'en 7e"),
    (
        r"a move in 7th gear throws two dice: roll \[5th die, 6th die\]",
        "un coup en 7e se joue avec deux dés : roll [dé de 5e, dé de 6e]",
    ),
    (
        r"supercharging in gear (?P<gear_a>\d+): 4th–7th only",
        "suralimentation en {gear_a} : de la 4e à la 7e seulement",
    ),
    (
        r"supercharging is forbidden going into or out of the pits",
        "la suralimentation est interdite en entrant aux stands ou en en sortant",
    ),
    (
        r"a second Super Top in this race \(one per race\)",
        "un deuxième Super Top dans cette course (un par course)",
    ),
    (
        r"Super Top (?P<r>-?\d+) is outside the (?P<nth>\w+) gear's range \((?P<lo>\d+)–(?P<hi>\d+)\)",
        "Super Top {r} en dehors de la plage de la {nth} ({lo}–{hi})",
    ),
    (r"a Top adds or takes off 1 square, not (?P<x>.+)", "un Top ajoute ou retire 1 case, pas {x}"),
    (r"a second Top in lap (?P<n>\d+) \(one per lap\)", "un deuxième Top dans le tour {n} (un par tour)"),
    (
        r"Super Top: stays in the race with 1 (?P<part>\S+) point \(A16\)",
        "Super Top : reste en course avec 1 point de {part} (A16)",
    ),
    # -- A14: the serious accident
    (
        rf"no accident roll \(d20\) after a serious road exit from {_SQ}",
        "aucun jet d'accident (d20) après une sortie de route grave en {sq}",
    ),
    (rf"accident roll {_R}: off the track \(A14\)", "jet d'accident {r} : hors de la piste (A14)"),
    (
        rf"accident roll {_R}: bounces back onto the track at {_SQ} \(A14\)",
        "jet d'accident {r} : rebondit sur le rail et revient sur la piste en {sq} (A14)",
    ),
    (
        rf"accident roll {_R}: bounces back across the track at {_SQ} \(A14\)",
        "jet d'accident {r} : rebondit et traverse la piste en {sq} (A14)",
    ),
    (
        rf"accident roll \({_R}\) for car {_CAR}, which the crash did not touch",
        "jet d'accident ({r}) pour la voiture {car}, que l'accident n'a pas touchée",
    ),
    (
        rf"car {_CAR} was touched by car {_CAR2}'s crash: no accident roll",
        "la voiture {car} a été touchée par l'accident de la voiture {car2} : aucun jet d'accident",
    ),
    (rf"hit by car {_CAR} off the road \(A14\)", "touchée par la voiture {car} sortie de la route (A14)"),
    # -- A5: red flag and spare car
    (
        r"red flag \((?P<flag>[^)]+)\) in the last lap: the race is over \(A5\)",
        "drapeau rouge ({flag}) dans le dernier tour : la course est terminée (A5)",
    ),
    (
        rf"red flag \((?P<flag>[^)]+)\): a new standing start, {_N} lap\(s\) to go \(A5\)",
        "drapeau rouge ({flag}) : nouveau départ arrêté, {n} tour{n_s} à courir (A5)",
    ),
    (
        rf"red flag at the end of turn (?P<t>\d+) \((?P<flag>[^)]+)\): turn {_N} must restart the race "
        r"\(a \"restart\" entry\)",
        "drapeau rouge à la fin du tour {t} ({flag}) : le tour {n} doit redonner le départ "
        '(une entrée "restart")',
    ),
    (
        r"the log restarts the race, but option A5 is not in force",
        "le journal redonne le départ, mais l'option A5 n'est pas en vigueur",
    ),
    (
        r"the log restarts the race, but no red flag fell",
        "le journal redonne le départ, mais aucun drapeau rouge n'est tombé",
    ),
    (
        rf"car {_CAR} is not racing: it has nothing to do in the pits",
        "la voiture {car} n'est plus en course : elle n'a rien à faire aux stands",
    ),
    (
        r"a restart at the start repairs every car for free: no pit stop",
        "un nouveau départ au premier virage répare chaque voiture gratuitement : pas d'arrêt aux stands",
    ),
    (r"refuels, but option A12 is not in force", "ravitaille, mais l'option A12 n'est pas en vigueur"),
    (r"takes the spare car in (?P<stand>\S+) \(A5\)", "prend le mulet au stand {stand} (A5)"),
    (
        r"takes the spare car, but option A5 is not in force this season",
        "prend le mulet, mais l'option A5 n'est pas en vigueur cette saison",
    ),
    (rf"car {_CAR} already took its spare car", "la voiture {car} a déjà pris son mulet"),
    (
        rf"the spare car can be taken up to turn (?P<t>\d+), not in turn {_N}",
        "le mulet peut être pris jusqu'au tour {t}, pas au tour {n}",
    ),
    (
        rf"car {_CAR} has no stand \(`stand`\) to leave with the spare car",
        "la voiture {car} n'a pas de stand (`stand`) d'où partir avec le mulet",
    ),
    (
        r"the spare car leaves its stand in (?P<nth_a>\w+) gear at most, not (?P<nth_b>\w+)",
        "le mulet quitte son stand en {nth_a} au plus, pas en {nth_b}",
    ),
    (
        r"the spare car's points off must be parts with whole numbers, not (?P<x>.+)",
        "les points retirés au mulet doivent être des parties avec des nombres entiers, pas {x}",
    ),
    (
        rf"the spare car has (?P<t>\d+) points less than the car's build, not {_N}",
        "le mulet a {t} points de moins que la construction de la voiture, pas {n}",
    ),
    (
        r"the spare car needs at least 1 point in every part",
        "le mulet doit garder au moins 1 point dans chaque partie",
    ),
    (
        rf"car {_CAR} is racing: the spare car is for a retired driver",
        "la voiture {car} est en course : le mulet est pour un pilote qui a abandonné",
    ),
    (
        r"takes a square off in a corner without the high wing",
        "retire une case dans un virage sans l'aileron haut",
    ),
    # -- experience (replay_move.py, team_xp.py)
    (
        r"spends driver experience on a two-dice throw (?P<dice>\[.*\]): the log cannot say which die it changes",
        "dépense de l'expérience pilote sur un jet de deux dés {dice} : le journal ne peut pas dire quel dé elle modifie",
    ),
    (
        r"spends driver experience, but experience \(A7\) is not in force",
        "dépense de l'expérience pilote, mais l'expérience (A7) n'est pas en vigueur",
    ),
    (
        r"spends driver experience a second time in this race \(once per race\)",
        "dépense de l'expérience pilote une deuxième fois dans cette course (une fois par course)",
    ),
    (
        r"spends 1\.0 driver experience point with (?P<dec>[\d.]+)",
        "dépense 1,0 point d'expérience pilote avec {dec}",
    ),
    (
        r"spends team experience, but experience \(A7\) is not in force",
        "dépense de l'expérience d'écurie, mais l'expérience (A7) n'est pas en vigueur",
    ),
    (
        r"team (?P<team>.+) spends 1\.0 point with (?P<dec>[\d.]+)",
        "l'écurie {team} dépense 1,0 point avec {dec}",
    ),
    (
        r"a fast-stop team point is spent on a tyre stop",
        "un point d'écurie d'arrêt rapide se dépense sur un arrêt pneus",
    ),
    (
        r"a team wear point names the part it goes to \(\"part\"\)",
        "un point d'usure d'écurie nomme la pièce qui le reçoit (\"part\")",
    ),
    (
        rf"a second team wear point for car {_CAR} \(1 per car per race\)",
        "un deuxième point d'usure d'écurie pour la voiture {car} (1 par voiture et par course)",
    ),
    (
        rf"team (?P<team>.+) gives car {_CAR} \+1 (?P<part>\S+) point",
        "l'écurie {team} donne +1 point de {part} à la voiture {car}",
    ),
    # -- the move (replay_move.py, moves.py)
    (
        r"(?P<sq>'.*'|\".*\") is not a square of (?P<track>\S+) \(step (?P<i>\d+) of the path\)",
        "{sq} n'est pas une case de {track} (étape {i} du trajet)",
    ),
    (r"(?P<sq>'.*'|\".*\") is not a square of (?P<track>\S+)", "{sq} n'est pas une case de {track}"),
    (
        r"(?P<a>\S+) → (?P<b>\S+) is not a move of one square forward \(step (?P<i>\d+) of the path\)",
        "{a} → {b} n'est pas un déplacement d'une case vers l'avant (étape {i} du trajet)",
    ),
    (
        r"(?P<a>\S+) → (?P<b>\S+) changes lane after an uncontrolled exit \(stay in lane (?P<lane>\S+)\)",
        "{a} → {b} change de file après une sortie non maîtrisée (rester dans la file {lane})",
    ),
    (rf"passes through car {_CAR} on {_SQ}", "passe à travers la voiture {car} en {sq}"),
    (r"shifts more than (?P<n>\d+) lanes in a straight", "change de file plus de {n} fois en ligne droite"),
    (
        rf"zig-zags on the way to {_SQ} though a straighter path was free: (?P<path>.+)",
        "zigzague pour aller en {sq} alors qu'un trajet plus droit était libre : {path}",
    ),
    (
        rf"no legal path of {_N} squares from (?P<a>\S+) to (?P<b>\S+)",
        "aucun trajet légal de {n} cases de {a} à {b}",
    ),
    (
        rf"takes {_N} bonus square\(s\); (?P<tyre>\S+) tyres give (?P<m>\d+) (?P<where>in a corner|in a straight) now",
        "prend {n} case(s) de bonus ; les pneus {tyre} en donnent {m} {where} en ce moment",
    ),
    (
        rf"brakes {_N} square\(s\) with (?P<m>-?\d+) brake point\(s\)",
        "freine de {n} case(s) avec {m} point(s) de freins",
    ),
    (
        rf"moves {_N} squares; its total is (?P<t>-?\d+) \((?P<total>.+)\)",
        "avance de {n} cases ; son total est de {t} ({total})",
    ),
    (
        rf"stops after {_N} of (?P<t>-?\d+) squares \((?P<total>.+)\) but could move (?P<m>\d+)",
        "s'arrête après {n} cases sur {t} ({total}) alors qu'elle pouvait en faire {m}",
    ),
    (
        rf"crosses the line for the last time \({_N} laps\)",
        "franchit la ligne pour la dernière fois ({n} tour{n_s})",
    ),
    # C5: blocking
    (
        rf"blocked {_N} square\(s\) short: (?P<b>\d+) brake and (?P<t>\d+) tyre point\(s\)",
        "bloquée à {n} case(s) de son total : {b} point(s) de freins et {t} point(s) de pneus",
    ),
    (rf"blocked {_N} squares short \(7 or more\)", "bloquée à {n} cases de son total (7 ou plus)"),
    (
        rf"blocked {_N} square\(s\) short: needs (?P<b>\d+) brake and (?P<t>\d+) tyre point\(s\), has (?P<hb>-?\d+) and (?P<ht>-?\d+)",
        "bloquée à {n} case(s) de son total : il faut {b} point(s) de freins et {t} point(s) de pneus, "
        "elle en a {hb} et {ht}",
    ),
    (rf"car {_CAR} was blocked against it", "la voiture {car} a été bloquée contre elle"),
    # C2, C3, C6: corner exits (corners.py)
    (
        r"left corner (?P<corner>\S+) with (?P<s>\d+) of (?P<t>\d+) stops: eliminated \(C3\)",
        "sort du virage {corner} avec {s} arrêt{s_s} sur {t} : éliminée (C3)",
    ),
    (
        rf"{_PAST} with no tyre points left: spin \(C6\)",
        f"{_PAST_FR} sans point de pneus restant : tête-à-queue (C6)",
    ),
    (
        rf"{_PAST} with no tyre points left: off the road, eliminated \(C6\)",
        f"{_PAST_FR} sans point de pneus restant : sortie de route, éliminée (C6)",
    ),
    (
        rf"{_PAST}: (?P<c>\d+) tyre points, has (?P<h>\d+): off the road, eliminated \(C6, A14\)",
        f"{_PAST_FR} : {{c}} point{{c_s}} de pneus, elle en a {{h}} : sortie de route, éliminée (C6, A14)",
    ),
    (
        rf"{_PAST}: (?P<c>\d+) tyre points, the last ones: spin \(C6\)",
        f"{_PAST_FR} : {{c}} point{{c_s}} de pneus, les derniers : tête-à-queue (C6)",
    ),
    (
        rf"{_PAST}: (?P<c>\d+) tyre points, (?P<left>\d+) left \(C2\)",
        f"{_PAST_FR} : {{c}} point{{c_s}} de pneus, il en reste {{left}} (C2)",
    ),
    # -- d20 tests (damage.py)
    (
        r"(?P<test>\w+) test roll (?P<r>-?\d+) is not a d20 roll \(1–20\)",
        "{test} : le jet {r} n'est pas un jet de d20 (1–20)",
    ),
    (
        rf"(?P<test>\w+) test for {_SQ} \(roll {_R}\) was not called for here",
        "{test} pour {sq} non demandé ici (jet {r})",
    ),
    (rf"(?P<test>\w+) test \(roll {_R}\) was not called for here", "{test} non demandé ici (jet {r})"),
    (
        rf"loses {_N} (?P<part>\S+) points? \((?P<msg>.+)\), (?P<left>-?\d+) left",
        "perd {n} point{n_s} de {part} ({msg}), il en reste {left}",
    ),
    (r"no (?P<part>\S+) points left", "plus aucun point de {part}"),
    (
        rf"no handling test rolled for the dangerous square {_SQ}",
        "aucun test de tenue de route jeté pour la case dangereuse {sq}",
    ),
    (
        rf"handling test for {_SQ} rolled by car {_CAR}, not car {_CAR2}",
        "test de tenue de route pour {sq} jeté par la voiture {car}, pas par la voiture {car2}",
    ),
    (
        r"handling test for (?P<a>\S+), but the dangerous square here is (?P<b>\S+)",
        "test de tenue de route pour {a}, mais la case dangereuse ici est {b}",
    ),
    (rf"dangerous square {_SQ}, rolled {_R}", "case dangereuse {sq}, jet {r}"),
    (
        rf"handling test \(roll {_R}\) with no dangerous square left to test",
        "test de tenue de route (jet {r}) sans case dangereuse restant à tester",
    ),
    (
        rf"car {_CAR} rolled its collision test after car {_CAR2}, which caused it and rolls last",
        "la voiture {car} a jeté son test de collision après la voiture {car2}, qui l'a provoquée et jette en dernier",
    ),
    (
        rf"car {_CAR} is not at risk of a collision with car {_CAR2}",
        "la voiture {car} ne risque pas de collision avec la voiture {car2}",
    ),
    (
        rf"car {_CAR} rolled its (?P<test>collision|engine) test twice",
        "la voiture {car} a jeté son {test} deux fois",
    ),
    (rf"collision with car {_CAR}, rolled {_R}", "collision avec la voiture {car}, jet {r}"),
    (
        rf"car {_CAR} did not roll its collision test \(touched by car {_CAR2}\)",
        "la voiture {car} n'a pas jeté son test de collision (touchée par la voiture {car2})",
    ),
    (r"eliminated car (?P<cars>.+) in the collision", "a éliminé la voiture {cars} dans la collision"),
    (
        rf"car {_CAR} did not roll its collision test against car {_CAR2}",
        "la voiture {car} n'a pas jeté son test de collision contre la voiture {car2}",
    ),
    (
        rf"car {_CAR} rolled a collision test \(roll {_R}\) with no car to test against",
        "la voiture {car} a jeté un test de collision (jet {r}) sans voiture contre qui le tester",
    ),
    (
        rf"engine test for car {_CAR} not called for: (?P<msg>.+)",
        "test moteur de la voiture {car} non demandé : {msg}",
    ),
    (r"no 20 in 5th or 30 in 6th was rolled", "aucun 20 en 5e ni 30 en 6e n'a été obtenu"),
    (rf"car {_CAR} is not in 5th or 6th gear", "la voiture {car} n'est ni en 5e ni en 6e"),
    (
        rf"engine test after car {_CAR}'s move, rolled {_R}",
        "test moteur après le coup de la voiture {car}, jet {r}",
    ),
    (
        rf"car {_CAR} did not roll its engine test \(car {_CAR2} pushed its engine\)",
        "la voiture {car} n'a pas jeté son test moteur (la voiture {car2} a poussé son moteur)",
    ),
    # -- weather (replay_move.py, weather.py, A9)
    (
        r"no weather roll after a 20 in 5th or 30 in 6th under variable weather",
        "aucun jet de météo après un 20 en 5e ou un 30 en 6e par temps variable",
    ),
    (
        rf"a second weather roll \({_R}\) for one engine push",
        "un deuxième jet de météo ({r}) pour une seule poussée du moteur",
    ),
    (rf"weather roll {_R}: (?P<weather>.+) \(A9\)", "jet de météo {r} : {weather} (A9)"),
    (rf"weather roll {_R}: (?P<weather>.+)", "jet de météo {r} : {weather}"),
    # -- pits (pits.py, advanced.py)
    (
        rf"car {_CAR} has no stand on (?P<track>\S+) to stop in",
        "la voiture {car} n'a pas de stand sur {track} où s'arrêter",
    ),
    (
        r"a pit stop, but the path does not reach its stand (?P<stand>\S+)",
        "un arrêt au stand, mais le trajet n'atteint pas son stand {stand}",
    ),
    (
        r"a pit stop, but the path does not enter the pit lane",
        "un arrêt au stand, mais le trajet n'entre pas dans la voie des stands",
    ),
    (
        rf"moves {_N} squares to its stand (?P<stand>\S+); its total is (?P<t>-?\d+)",
        "avance de {n} cases jusqu'à son stand {stand} ; son total est de {t}",
    ),
    (
        rf"reaches its stand (?P<stand>\S+) after {_N} of (?P<t>-?\d+) squares: with A3 the car must stop exactly on its stand \(brake to do so\)",
        "atteint son stand {stand} après {n} cases sur {t} : avec A3 la voiture doit s'arrêter exactement "
        "sur son stand (en freinant pour cela)",
    ),
    (
        r"a team point turns a tyre stop into a fast one, not a long stop",
        "un point d'écurie transforme un arrêt pneus en arrêt rapide, pas un arrêt long",
    ),
    (
        r"a long stop: the car waits in its stand (?P<stand>\S+), it moves on next turn",
        "arrêt long : la voiture attend dans son stand {stand}, elle repart au prochain tour de jeu",
    ),
    (
        rf"pit roll {_R}: a missed stop, the car stays in its stand (?P<stand>\S+) until next turn",
        "jet de stand {r} : arrêt manqué, la voiture reste dans son stand {stand} jusqu'au prochain tour de jeu",
    ),
    (
        rf"pit roll {_R}: leaves its stand {_N} squares, not (?P<m>-?\d+)",
        "jet de stand {r} : quitte son stand de {n} cases, pas {m}",
    ),
    (
        rf"pit roll {_R}: leaves its stand {_N} of (?P<t>-?\d+) squares but could move (?P<m>\d+)",
        "jet de stand {r} : quitte son stand de {n} cases sur {t} alors qu'elle pouvait en faire {m}",
    ),
    (r"no pit roll \(d20\) after a tyre stop", "aucun jet de stand (d20) après un arrêt pneus"),
    (rf"a second pit roll \({_R}\) for one stop", "un deuxième jet de stand ({r}) pour un seul arrêt"),
    (
        r"repairs need a long stop \(\"stop\": \"long\"\)",
        'les réparations demandent un arrêt long ("stop": "long")',
    ),
    (
        r"tyre points are regenerated, not repaired with pit points",
        "les points de pneus se régénèrent, ils ne se réparent pas avec des points de stand",
    ),
    (
        rf"repairs {_N} (?P<part>\S+) point\(s\) to (?P<m>\d+), above its build of (?P<c>\d+)",
        "répare {n} point(s) de {part} jusqu'à {m}, au-dessus de sa construction de {c}",
    ),
    (
        rf"repairs {_N} point\(s\) with (?P<m>-?\d+) (?P<keys>keys \(A11\)|pit points) left",
        "répare {n} point(s) avec {m} {keys} restant(s)",
    ),
    (
        rf"(?P<stop>long stop|fast stop|missed stop) in (?P<stand>\S+): (?P<tyre>\S+) tyres, {_N} tyre points",
        "{stop} en {stand} : pneus {tyre}, {n} points de pneus",
    ),
    (
        r"enters the pit lane in (?P<gear_a>\d+)th gear \(6th and 7th are forbidden\)",
        "entre dans la voie des stands en {gear_a} (6e et 7e interdites)",
    ),
    (
        r"enters the pit lane in 5th with no brake point to pay",
        "entre dans la voie des stands en 5e sans point de freins pour payer",
    ),
    (
        r"enters the pit lane in (?P<gear_a>\d+) gear: 3rd at least \(A3\)",
        "entre dans la voie des stands en {gear_a} : 3e au moins (A3)",
    ),
    (
        rf"car {_CAR} waits in the pits but is on {_SQ}",
        "la voiture {car} attend aux stands mais elle est en {sq}",
    ),
    (
        rf"car {_CAR} waits on {_SQ} though the lane ahead is free",
        "la voiture {car} attend en {sq} alors que la voie devant est libre",
    ),
    (
        rf"car {_CAR} stays in its stand, but leaves next turn \(S2, S3\)",
        "la voiture {car} reste dans son stand, mais elle repart au prochain tour de jeu (S2, S3)",
    ),
    (r"leaves its stand in (?P<nth>\w+) gear: 4th at most", "quitte son stand en {nth} : 4e au plus"),
    (
        rf"stops on {_SQ}, where car {_CAR} is in its stand",
        "s'arrête en {sq}, où la voiture {car} est dans son stand",
    ),
    (
        r"drives in the pit lane in (?P<nth>\w+) gear: 4th at most",
        "roule dans la voie des stands en {nth} : 4e au plus",
    ),
    # -- slipstream (slipstream.py)
    (
        r"slipstream in (?P<gear_a>\d+) gear: only in 4th or higher",
        "aspiration en {gear_a} : seulement en 4e ou plus",
    ),
    (
        rf"slipstream (?P<k>\d+) of {_N}: the path ends after (?P<m>\d+) squares, before it begins \(square {_SQ}\)",
        "aspiration {k} sur {n} : le trajet s'arrête après {m} cases, avant qu'elle ne commence (case {sq})",
    ),
    (
        rf"slipstream (?P<k>\d+): no car directly in front of {_SQ} \(the main move must end right behind a car; braking to get there is forbidden\)",
        "aspiration {k} : aucune voiture juste devant {sq} (le déplacement principal doit finir juste derrière "
        "une voiture ; freiner pour y arriver est interdit)",
    ),
    (
        rf"slipstream (?P<k>\d+) behind car {_CAR}, which is not racing",
        "aspiration {k} derrière la voiture {car}, qui n'est pas en course",
    ),
    (
        rf"slipstream (?P<k>\d+) behind car {_CAR} in (?P<gear_a>\d+): both cars in 4th or higher, the follower \((?P<gear_b>\d+)\) at least as high",
        "aspiration {k} derrière la voiture {car} en {gear_a} : les deux voitures en 4e ou plus, "
        "la suiveuse ({gear_b}) au moins aussi haute",
    ),
    (rf"slipstream (?P<k>\d+) must pull out of lane at {_SQ}", "aspiration {k} : doit déboîter en {sq}"),
    (
        r"slipstream (?P<k>\d+) over (?P<path>.+) follows none of the three patterns \(out one lane and back in front, out one lane straight, out two lanes straight\)",
        "aspiration {k} par {path} : ne suit aucun des trois schémas (déboîter d'une file et se rabattre devant, "
        "déboîter d'une file tout droit, déboîter de deux files tout droit)",
    ),
    (
        r"enters a corner by slipstream: (?P<b>\d+) brake point\(s\) due, has (?P<h>-?\d+)",
        "entre dans un virage en aspiration : {b} point(s) de freins dus, elle en a {h}",
    ),
    (
        r"a slipstream cannot be combined with a pit stop here",
        "une aspiration ne peut pas se combiner avec un arrêt au stand ici",
    ),
    # -- other options
    (
        rf"car {_CAR} stalled \(severe spin\): it sits out this turn",
        "la voiture {car} a calé (tête-à-queue grave) : elle passe ce tour de jeu",
    ),
    (
        r"engine broken in 5th or higher: one last move in 4th \(A4\)",
        "moteur cassé en 5e ou plus : un dernier coup en 4e (A4)",
    ),
    (
        r"the inertia move is made in 4th, not gear (?P<g>\d+)",
        "le coup d'inertie se joue en 4e, pas en vitesse {g}",
    ),
    (r"no slipstream for a car in inertia", "pas d'aspiration pour une voiture en inertie"),
    (
        r"a car in inertia may not take the pit lane",
        "une voiture en inertie ne peut pas prendre la voie des stands",
    ),
    (r"engine broken: the inertia move is over \(A4\)", "moteur cassé : le coup d'inertie est terminé (A4)"),
    (
        rf"no scatter roll for the damage to car {_CAR}",
        "aucun jet de dispersion pour les dégâts de la voiture {car}",
    ),
    (rf"debris scattered onto {_SQ} \(rolled {_R}\)", "débris dispersés en {sq} (jet {r})"),
    (rf"scatter roll {_R} with no damage to scatter", "jet de dispersion {r} sans dégâts à disperser"),
    (r"pedal to the metal", "pied au plancher"),
    (
        r"no debris roll \(d20\) after pedal to the metal",
        "aucun jet de débris (d20) après le pied au plancher",
    ),
    (rf"a second debris roll \({_R}\)", "un deuxième jet de débris ({r})"),
    (rf"pedal to the metal: debris on {_SQ} \(rolled {_R}\)", "pied au plancher : débris en {sq} (jet {r})"),
    (r"a tank holds 1–3 thirds, not (?P<x>.+)", "un réservoir contient 1 à 3 tiers, pas {x}"),
    (
        r"starts lap (?P<lap>\d+) with no fuel: its tank of (?P<f>\d+)/3 covered laps (?P<a>\d+)–(?P<b>\d+)",
        "commence le tour {lap} sans carburant : son réservoir de {f}/3 couvrait les tours {a}–{b}",
    ),
    (
        r"no spin roll \(d20\) after a spin \(A18\)",
        "aucun jet de tête-à-queue (d20) après un tête-à-queue (A18)",
    ),
    (rf"a second spin roll \({_R}\)", "un deuxième jet de tête-à-queue ({r})"),
    (
        r"severe spin: stalls, sits out its next turn \(A18\)",
        "tête-à-queue grave : cale, passe son prochain tour de jeu (A18)",
    ),
    (r"severe spin: caught, stays in 3rd \(A18\)", "tête-à-queue grave : rattrapée, reste en 3e (A18)"),
    (
        rf"car {_CAR} sits out a turn but did not stall",
        "la voiture {car} passe un tour de jeu mais n'a pas calé",
    ),
]

_PARTS = {
    "tyres": "pneus",
    "tyre": "pneus",
    "brakes": "freins",
    "brake": "freins",
    "gearbox": "boîte",
    "body": "carrosserie",
    "engine": "moteur",
    "handling": "tenue de route",
}
_TYRES = {"hard": "durs", "soft": "tendres", "rain": "pluie"}
_WEATHER = {"sun": "soleil", "rain": "pluie", "variable": "variable"}
_WEATHER_STATE = {"dry": "sec", "fixed": "fixe", "temporary": "temporaire"}
_CAUSES = {
    "body": "carrosserie",
    "engine": "moteur",
    "handling": "tenue de route",
    "blocking": "blocage",
    "corner": "virage",
    "road-exit": "sortie de route",
    "rules": "règles",
    "out": "hors course",
}
_TESTS = {
    "collision": "test de collision",
    "engine": "test moteur",
    "handling": "test de tenue de route",
    "weather": "jet de météo",
    "pit": "jet de stand",
    "spin": "jet de tête-à-queue",
    "debris": "jet de débris",
    "scatter": "jet de dispersion",
    "accident": "jet d'accident",
}
_WORDS = {
    "where": {"in a corner": "dans un virage", "in a straight": "en ligne droite"},
    "how": {"plus1": "+1", "minus1": "−1", "reroll": "relance"},
    "wing": {"low": "bas", "high": "haut"},
    "keys": {"keys (A11)": "clés (A11)", "pit points": "points de stand"},
    "stop": {"long stop": "arrêt long", "fast stop": "arrêt rapide", "missed stop": "arrêt manqué"},
    "result": {"(none)": "(aucun)", "(no finisher)": "(aucune voiture à l'arrivée)"},
    "flag": {
        "start": "départ",
        "22 dangerous squares": "22 cases dangereuses",
        "3 walls": "3 murs",
    },
}
_TOTAL_WORDS = (("roll", "jet"), ("slide", "glissade"), ("(tyres)", "(pneus)"), ("brake", "freinage"))


def _gear(value: str) -> str:
    return "1re" if value == "1" else f"{value}e"


def _nth(value: str) -> str:
    number = value.rstrip("stndrh")
    return _gear(number) if number.isdigit() else value


def _weather(value: str) -> str:
    kind, _, state = value.partition(" (")
    out = _WEATHER.get(kind, kind)
    if state:
        state = state.rstrip(")")
        out += f" ({_WEATHER_STATE.get(state, state)})"
    return out


def _wear(value: str) -> str:
    for en, fr in _PARTS.items():
        value = value.replace(f"'{en}'", f"'{fr}'")
    return value


def _total(value: str) -> str:
    for en, fr in _TOTAL_WORDS:
        value = value.replace(en, fr)
    return value


def _allow(value: str) -> str:
    return value.replace(
        "structure points, the rest as pit keys", "points de structure, le reste en clés de stand"
    )


def _lookup(words: dict[str, str]) -> Callable[[str, str], str]:
    return lambda value, language: words.get(value, value)


# group name prefix -> how its value is carried over into French (the first prefix that fits)
_CONVERT: dict[str, Callable[[str, str], str]] = {
    "msg": lambda v, lang: translate_engine_message(v, lang),
    "gear": lambda v, lang: _gear(v),
    "nth": lambda v, lang: _nth(v),
    "part": lambda v, lang: _PARTS.get(v, v),
    "tyre": lambda v, lang: _TYRES.get(v, v),
    "weather": lambda v, lang: _weather(v),
    "cause": lambda v, lang: _CAUSES.get(v, v),
    "test": lambda v, lang: _TESTS.get(v, v),
    "dec": lambda v, lang: v.replace(".", ","),
    "wear": lambda v, lang: _wear(v),
    "total": lambda v, lang: _total(v),
    "allow": lambda v, lang: _allow(v),
    **{name: _lookup(words) for name, words in _WORDS.items()},
}


def _converter(name: str) -> Callable[[str, str], str] | None:
    for prefix, convert in _CONVERT.items():
        if name.startswith(prefix):
            return convert
    return None


_TABLE = [
    (re.compile(pattern), french, {name: _converter(name) for name in re.compile(pattern).groupindex})
    for pattern, french in MESSAGES
]


@lru_cache(maxsize=4096)
def _french(message: str, language: str) -> str:
    for pattern, french, converters in _TABLE:
        match = pattern.fullmatch(message)
        if match is None:
            continue
        values: dict[str, str] = {}
        for name, value in match.groupdict().items():
            value = value or ""
            if value.lstrip("-").isdigit():
                values[f"{name}_s"] = "s" if int(value) > 1 else ""
            convert = converters[name]
            values[name] = convert(value, language) if convert is not None else value
        return french.format(**values)
    return message


def translate_engine_message(message: str, language: str | None = None) -> str:
    """An engine message in `language` (default: the active one); English or unknown: unchanged."""
    language = (language or get_language() or "en").lower()
    if not message or not language.startswith("fr"):
        return message
    return _french(message, "fr")
