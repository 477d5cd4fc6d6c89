"""The league's rules reference in English (ids as the engine's verdicts name them)."""

from __future__ import annotations

from league.rulebook.entries import chapter, rule

CHAPTERS = (
    chapter(
        "G",
        "Gearbox and dice",
        "Each gear has its own die; the gear a car is in decides how far it may go.",
        rule(
            "G1",
            "Gears and their dice",
            "There are six gears. 1st throws a d4 marked 1 to 2, 2nd a d6 marked 2 to 4, 3rd a d8 "
            "marked 4 to 8, 4th a d12 marked 7 to 12, 5th a d20 marked 11 to 20 and 6th a d30 marked "
            "21 to 30. With option A13 a 7th gear throws the 5th and 6th dice together (32 to 50).",
            "Every test (collision, engine, road holding, weather, pit stop…) is thrown with the black "
            "d20, 1 to 20. A roll a die cannot show is a broken rule.",
            decided=(
                "A test roll outside 1–20 is a G1 violation and changes nothing.",
                "With a driver's experience point on the die (X2), `roll` is the die after the point "
                "(it may leave the die's range) and `natural` the face thrown; for a re-roll, "
                "`natural` is the first throw. Engine tests and weather follow the die as it finally lies.",
                "A throw in 7th cannot say which of its two dice a driver's point changes: such a spend "
                "is an X2 violation.",
            ),
        ),
        rule(
            "G2",
            "Changing gear",
            "Going up, one gear at a time. Going down, as many as wanted, but never more than three "
            "gears skipped: 6th to 2nd is allowed, 6th to 1st is not. In 7th gear (A13), 7th to 2nd "
            "is allowed.",
        ),
        rule(
            "G3",
            "Over-revving",
            "Skipping gears on the way down costs wear points, paid before the die is thrown: one gear "
            "skipped costs 1 gearbox point; two cost 1 gearbox and 1 brake point; three cost 1 gearbox, "
            "1 brake and 1 engine point; four (7th to 2nd, A13) add one more point of the driver's choice.",
            "With no gearbox point left no gear may be skipped; with no brake point, no more than one; "
            "with a single engine point, never three.",
        ),
        rule(
            "G4",
            "Starting gear",
            "Every car starts in neutral and makes its first move in 1st. After a spin the next move is "
            "in 1st again; out of the pits a car leaves in 4th at most.",
            decided="Neutral counts as gear 0, so the first move must be in 1st.",
        ),
    ),
    chapter(
        "T",
        "Track and order of play",
        "The track is a graph of squares in three lanes; a game turn is one move per car, in a fixed order.",
        rule(
            "T1",
            "Moving on the track",
            "A car moves square by square along the track's links: straight ahead or diagonally "
            "forward, never backwards, never through or over a square another car holds (it goes "
            "around).",
        ),
        rule(
            "T2",
            "Changing lanes in a straight",
            "In a straight a move may change lanes twice at most in all, and may not weave (move over "
            "and back) unless coming back is needed to pass a car or to avoid a dangerous square. The "
            "path must be as short as possible.",
            decided=(
                "Lane changes are counted on every link that touches a straight, and the count starts "
                "again at each corner: changes in two straights with a corner between them are not a weave.",
                "Weaving is allowed when no path of the same length without it reaches the same stop "
                "around the cars and over no more dangerous squares.",
            ),
        ),
        rule(
            "T3",
            "Inside corners",
            "Inside a corner only the arrows drawn on the board (the track's links) may be followed.",
        ),
        rule(
            "T4",
            "Order of play",
            "Each game turn the car furthest along the track plays first, laps counted; level cars: the "
            "higher gear first; same gear: the one that got there first.",
            "A car about to be lapped does not play before the car that laps it; a car that loses a "
            "move that way gets it back if it passes the leader again.",
            decided=(
                "The order is fixed when the turn starts; on the grid, by grid slot. Only the first move "
                "out of order in a turn is reported.",
                "Once the field spans a lap, the order runs from the leader around the loop. A car passed "
                "by a lapping car before it played loses that move; a move that only draws level does not "
                "lap it. A car owed a move that passes the leader plays once more at the end of that turn.",
                "Pit lane cars play after every track car already past the pit entry and before the "
                "others, the one further down the lane first.",
            ),
        ),
        rule(
            "T5",
            "A game turn",
            "In each game turn every car still racing moves once, in the order of T4.",
            decided="A racing car missing from a turn, a car moving twice, or a finished or eliminated car "
            "moving breaks T5.",
        ),
    ),
    chapter(
        "C",
        "Corners, braking and blocking",
        "Corners ask for stops; leaving one too early costs tyres, or the race.",
        rule(
            "C1",
            "Stops in corners",
            "The square where a move ends is its stop. A stop inside a corner counts for that corner. "
            "Each corner asks for 1, 2 or 3 stops, counted again on each passage.",
            decided="The count starts again each time the car enters the corner.",
        ),
        rule(
            "C2",
            "Leaving a corner too early",
            "A car that leaves a corner with fewer stops than it asks for makes an uncontrolled exit: "
            "each square it moves past the corner in that move costs tyre points, times the tyres' "
            "multiplier (W3). It must stay in the lane it left by; a stop made that way in the next "
            "corner does not count for it; if it runs into a car it cannot go around and is blocked (C5).",
            decided=(
                "The exit is judged on the stops of earlier moves of this passage: a corner entered and "
                "left in one move has no stop.",
                "The lane lock starts with the link that leaves the corner and lasts to the end of the "
                "move; several uncontrolled exits in one move are each charged.",
            ),
        ),
        rule(
            "C3",
            "Eliminated in a corner",
            "A car that leaves a 2-stop corner without any stop, or a 3-stop corner with fewer than two, "
            "is out of the race at once.",
            decided="It leaves the track at once and leaves no dangerous square, like a road exit.",
        ),
        rule(
            "C4",
            "Braking",
            "A car may move fewer squares than its total; each square left unplayed costs 1 brake point, "
            "and braking may shorten or cancel an uncontrolled exit. With no brake point left a car "
            "cannot brake.",
            decided="Brake points are declared in the move and lower its total; more than the car has is a "
            "C4 violation.",
        ),
        rule(
            "C5",
            "Blocking",
            "A car stopped short of its total by cars it cannot go around moves as far as it can, and "
            "pays for the squares left: 1 to 3 squares cost 1, 2, 3 brake points; 4, 5, 6 squares cost "
            "3 brake points and 1, 2, 3 tyre points. Not enough points, or 7 squares or more: the car is "
            "out, and the car in front loses 1 body point.",
            decided=(
                "A path shorter than the total is a claim of blocking: if a legal path could go further "
                "the move stopped short (C7 when nothing blocked it at all, C5 otherwise).",
                "Blocking points are not multiplied by the tyres. A car eliminated by blocking stays on "
                "the track as an obstacle. A car with every square ahead taken moves 0 squares and pays "
                "for its whole total.",
            ),
        ),
        rule(
            "C6",
            "Spins",
            "A car whose tyre points fall to 0 by an uncontrolled exit spins: it stays where its move "
            "ends and plays its next move in 1st. A tyre loss larger than the tyres left eliminates it. "
            "With no tyres left, a 1-square exit is another spin and 2 squares or more eliminate.",
            decided="A loss equal to the tyres left is a spin; a car eliminated on the exit leaves the track "
            "at once and leaves no dangerous square.",
        ),
        rule(
            "C7",
            "A move's total",
            "A move's total is the die, plus the slide the weather imposes (or minus 1), plus the tyre "
            "bonus when taken, plus 3 for each slipstream, minus the squares braked. The path must be "
            "exactly that long, unless the car is blocked (C5).",
            decided="The lap on the tyre set that picks the tyre table's column is the car's lap when the "
            "move starts.",
        ),
    ),
    chapter(
        "D",
        "Damage and wear points",
        "A car is built from wear points over six parts; losing them slows it, then puts it out.",
        rule(
            "D1",
            "Building a car",
            "A car has 20 wear points over six parts: tyres, brakes, gearbox, body, engine and road "
            "holding, at least 1 each. With A11 it has 22 structure points. A team's experience may add "
            "one point (X3).",
            decided="A build of 21 or 22 points without A11 breaks D1.",
        ),
        rule(
            "D2",
            "Parts at zero",
            "Body, engine or road holding at 0 puts the car out. Brakes at 0: no more braking; gearbox "
            "at 0: no more skipping gears; tyres at 0: see C6. A car out on body, engine or by blocking "
            "stays on its square as an obstacle until its next turn would have come; one out in a corner "
            "or on road holding leaves the track at once.",
            decided="Finished cars leave the track at the end of the game turn in which they finished; "
            "until then they may be touched, take engine tests and give slipstreams.",
        ),
        rule(
            "D3",
            "Collisions",
            "A car ending its move beside another car or right behind it may touch it; ending in front "
            "is no risk. Each car at risk throws the d20 once, and the car that moved throws once for "
            "each car it may touch, last. A 1 (dry) or 1–2 (rain) costs 1 body point. Touching a car "
            "already out on body or by blocking is worse: 1–2 dry, 1–3 rain.",
            decided=(
                "Beside means in a next lane, less than half a row apart; cars one link ahead are at "
                "risk too, cars behind are not. Pit squares are never at risk.",
                "Obstacles do not throw; the moving car throws against them, at the worse odds.",
            ),
        ),
        rule(
            "D4",
            "Engine tests",
            "A 20 in 5th or a 30 in 6th strains the engines: after the move that car and every car in "
            "5th or 6th throw the d20; 1–4 dry, 1–3 rain costs 1 engine point. A car that crossed the "
            "line may still break its engine in that turn, and is then not classified.",
            decided="The car that threw and every car on the track in 5th or 6th (its gear of its last move) "
            "test, in any order; the odds are the ones above.",
        ),
        rule(
            "D5",
            "Dangerous squares",
            "Where a car loses a body or engine point, or is put out, the square becomes dangerous. A car "
            "moving over or stopping on one throws the d20 for each: 1–4 dry, 1–5 rain costs 1 road "
            "holding point. With A17, not in 1st gear.",
            decided=(
                "For over-revving the dangerous square is where the move starts. One throw per dangerous "
                "square entered, in path order; none after a car is out on road holding.",
                "Tests in a move come in this order: road holding, blocking, collision, engine, weather. "
                "A missing throw is a violation and counts as harmless.",
            ),
        ),
    ),
    chapter(
        "W",
        "Weather and tyres",
        "The weather decides how tyres grip in corners and in straights.",
        rule(
            "W1",
            "Weather",
            "Each circuit has its weather scale on the d20: rain, variable or sun, thrown before "
            "qualifying and before the race. Under variable weather the race starts dry, and every 20 in "
            "5th or 30 in 6th calls for a new throw: sun or rain for a while, variable back to dry; the "
            "same sun or rain twice in a row stays to the end. Variable counts as sun for the tyres.",
            decided="The weather throw is in the tests of the move that caused it and applies at once (with "
            "A9, at the end of the turn).",
        ),
        rule(
            "W2",
            "Tyres",
            "Hard, soft or rain tyres give, by weather and by lap on the set, a bonus in corners, a bonus "
            "in straights and the multiplier of corner-exit penalties. A bonus may be taken or left; a "
            "slide or a −1 must be played. A slide applies to a move in a corner. With A8, tyres other "
            "than rain tyres slide at most 1 in 1st and 2 in 2nd.",
            decided=(
                "A move is in a corner when it starts in, enters or crosses one. Laps after the third use "
                "the third lap's column.",
                "The lap on a set starts again at 1 after a pit stop that changes or renews the tyres.",
            ),
        ),
        rule(
            "W3",
            "Exit multiplier",
            "The tyres' multiplier applies to every corner-exit penalty: tyre points in the race, extra "
            "throws in qualifying.",
        ),
    ),
    chapter(
        "S",
        "Slipstream and pits",
        "Following close behind gains squares; the pits give new tyres and repairs.",
        rule(
            "S1",
            "Slipstream",
            "A car in 4th or higher that stops right behind a car in 4th or higher, in a gear at least "
            "as high, may add exactly 3 squares, by one of three patterns: out one lane and back in "
            "front, out one lane and straight on, or out two lanes and straight on. It may do it again; "
            "entering a corner that way costs 1 brake point; braking to get a slipstream is forbidden.",
            decided=(
                "Right behind means one link ahead in the same lane. Braking comes last, so the main move "
                "is the die, slide, bonus and option squares.",
                "A car that has just crossed the line is still on the track in that turn and gives a "
                "slipstream; a car out (an obstacle) does not.",
                "Out of a fast pit stop the car counts as in 4th and may take a slipstream; the log must "
                "then give the path.",
            ),
        ),
        rule(
            "S2",
            "Tyre stops",
            "A car that reaches its own stand changes or renews its tyres. It throws the d20: 1–10, it "
            "leaves at once in 4th for half the throw (rounded up); 11–20, it waits for its next turn, "
            "then leaves in 4th at most. With A3 it enters the pit lane in 4th at most (5th costs a brake "
            "point, 6th and 7th are forbidden).",
            decided=(
                "A car in its stand does not block the lane, but no car may stop on it. Without A3 any "
                "throw reaching the stand stops there; with A3 the car must reach it exactly.",
                "Entering the lane in 1st or 2nd is allowed only when 3rd could not be engaged. The new "
                "set's first lap is the next lap begun. Leaving a missed stop in 5th or higher breaks S2.",
            ),
        ),
        rule(
            "S3",
            "Long stops",
            "A long stop, announced on arrival, also repairs brakes, gearbox, body, engine and road "
            "holding from the car's 2 pit points (or A11 keys); the car leaves at its next turn in 4th "
            "at most.",
            decided="The 2 points are for the race, not for each stop; a repair never goes above the build; "
            "tyres are renewed, not repaired.",
        ),
    ),
    chapter(
        "F",
        "Race, qualifying and results",
        "How a race is timed, finished and scored.",
        rule(
            "F1",
            "Qualifying",
            "Each driver runs one lap from the middle lane, wear points ignored. Its time is the number "
            "of throws, plus 1 per square of corner exit (times the multiplier), plus 1 per whole minute "
            "on the clock. The fewest throws take pole, ties go to the clock. Leaving a corner without "
            "the stops C3 asks for ends the lap: that driver starts last.",
            decided="An unfinished lap starts behind every finished one; equal times keep the sheet's order.",
        ),
        rule(
            "F2",
            "Race length",
            "A race is 3 laps unless the season sets another length. A car finishes when it crosses the "
            "line at the end of its last lap, and is classified once that game turn is over.",
            decided="The length is the log's, else the season's, else the circuit's; a log and a season that "
            "disagree break F2, and so does a log that ends with cars still racing.",
        ),
        rule(
            "F3",
            "Order of finish",
            "Finishers rank by the game turn they crossed the line in; within a turn, the car that went "
            "further past the line first, then the order of play. Cars that did not finish come after "
            "them, the later out first.",
            decided="Cars still running when a replay stops are ranked after finishers, furthest first; the "
            "claimed result is then not checked.",
        ),
        rule(
            "F4",
            "Points",
            "The first eight finishers score 10, 8, 6, 5, 4, 3, 2 and 1 points, unless the season sets "
            "another table.",
            decided="Only finishers score.",
        ),
    ),
    chapter(
        "X",
        "Experience (option A7)",
        "Experience points are earned by results and spent to change a die or help a car.",
        rule(
            "X1",
            "Earning experience",
            "A driver earns 0.3 for pole, 0.1 for 2nd on the grid, 0.5 for a win, 0.3 for 2nd and 0.1 "
            "for 3rd. A team earns 0.5 for a win, 0.2 for 2nd, 0.1 for 3rd, 0.3 more for a one-two and "
            "0.1 for a front row of its own. Points count at once: grid points may be spent in the race.",
            decided="Points are kept in tenths, so no rounding drifts; the balance after a race is the start "
            "balance plus what was earned, less what was spent.",
        ),
        rule(
            "X2",
            "A driver's point",
            "Once per race a driver may spend 1 point to add or take 1 off a movement die, or to throw "
            "it again (never the d20).",
            decided="Without A7, a spend is still judged under X2 and its message names A7; no point is earned.",
        ),
        rule(
            "X3",
            "A team's point",
            "A team may spend 1 point to give one of its cars one more wear point, before or during a "
            "race (once per car and race), or to turn a missed pit stop into a fast one.",
            decided=(
                "Before the race, the build is one point over; during it, the move says so; once per car.",
                "A fast stop bought that way moves half the throw; spending it on a stop that was fast "
                "anyway, or on a long stop, breaks X3.",
            ),
        ),
    ),
    chapter(
        "A",
        "Options (A1–A19)",
        (
            "A season may switch on any of the nineteen options of the advanced rules. An action an "
            "option allows, made while the option is off, breaks the rule named after that option.",
        ),
        rule(
            "O",
            "The log's options and the season's",
            "A log must play the options of its season, no more and no fewer.",
            decided="An option id outside A1–A19 makes the log unreadable.",
        ),
        rule(
            "A1",
            "Low wing",
            "The car moves 1 square more in 4th and higher gears, and pays 1 more tyre point per square "
            "of corner exit in those gears.",
            decided="A car's wing is set in the log; with only one of A1 and A2 on, every car runs it.",
        ),
        rule(
            "A2",
            "High wing",
            "In a corner the car may move one square less; in a straight its die counts no more than 11 "
            "in 4th, 18 in 5th, 26 in 6th and 44 in 7th.",
            decided="A 20 or a 30 thrown still calls for engine tests.",
        ),
        rule(
            "A3",
            "Pit rules",
            "The pit lane has a speed limit: in at 4th at most (5th costs a brake point, 6th and 7th are "
            "forbidden) and 3rd at least when it can be engaged; down the lane in 4th at most; the stop "
            "must be exactly on the car's stand.",
        ),
        rule(
            "A4",
            "Engine failure inertia",
            "A car in 5th or higher whose engine breaks makes one last move in 4th at its next turn, "
            "then stays as an obstacle on a new dangerous square. In 4th or lower, or after a spin, it "
            "is taken off at once.",
            decided="The car waiting for its last move gives a slipstream; it takes none itself.",
        ),
        rule(
            "A5",
            "Red flag and spare car",
            "Too many dangerous squares (the 22nd on the track, the third wall across the lanes, or the "
            "6th before the end of the first corner) bring out the red flag: the turn is played out, then "
            "the race starts again with the laps left. A driver out early may take the spare car from "
            "his stand, in 4th at most, with two wear points less.",
            decided=(
                "A flag in lap l of L laps restarts for L − l laps; in the last lap the race ends in the "
                "order of play. A flag at the start restarts from the grid, every car repaired.",
                "Every car restarts on the lead lap, in 1st, with no obstacle left; dangerous squares stay. "
                "The spare car is taken once, up to turn 8, as the last move of its turn.",
            ),
        ),
        rule(
            "A6",
            "Debris scatter",
            "Each body or engine point lost on a d20 or by blocking calls for one more d20: 1–9 the usual "
            "dangerous square; 10–15 another one beside it, right if even, left if odd; 16–20 one on each side.",
            decided="Scatter throws come after the move's other tests; between two squares as near, the one behind.",
        ),
        rule(
            "A7",
            "Experience",
            "Switches on the experience rules X1 to X3: points earned on the grid and at the finish, "
            "spent on dice and on cars.",
            decided="With A7 off, a spend is still judged under the rule it uses (X2, X3), its message "
            "naming A7, and no point is earned.",
        ),
        rule(
            "A8",
            "Slide by gear",
            "In a corner, on tyres other than rain tyres, the slide is 1 square at most in 1st and 2 in 2nd.",
        ),
        rule(
            "A9",
            "Alternative weather timing",
            "The weather throw a 20 in 5th or a 30 in 6th calls for is made once the turn is over, and "
            "applies to every car from the next turn.",
            decided="The throw is written in the tests of the move that caused it.",
        ),
        rule(
            "A10",
            "Pedal to the metal",
            "A car may add 1 square for 1 engine point, then throws for debris: 1 (dry) or 1–2 (rain) "
            "leaves a dangerous square under it.",
            decided="The engine point lost that way leaves no dangerous square by itself.",
        ),
        rule(
            "A11",
            "Structure points",
            "A car is built with 22 points; those over 20 are pit keys that long stops repair with, "
            "instead of S3's 2 pit points.",
        ),
        rule(
            "A12",
            "Refuelling",
            "A car starts with a tank of one, two or three thirds of the race and refuels in the pits. A "
            "light tank gives tyre points: in lap 1, +3 with a third and +2 with two thirds; in lap 2, +2 "
            "with a third; one less in the rain.",
            decided="A tank of k thirds lasts k laps; starting a lap it does not cover breaks A12.",
        ),
        rule(
            "A13",
            "7th gear",
            "The 5th and 6th dice are thrown together. Every throw in 7th calls for an engine test, two "
            "with a 20 or a 30; both at once make every car in 5th to 7th test. 7th to 2nd costs one more "
            "point of the driver's choice.",
            decided="A Super Top in 7th throws no dice: the car tests once, and the others only on a 49 or 50 (A16).",
        ),
        rule(
            "A14",
            "Road exit",
            "A car in 4th or higher that leaves a corner by more than 2 unpaid squares throws the d20: "
            "1–10 it leaves the track; 11–15 it bounces back onto the track and may touch the cars "
            "beside; 16–20 it crosses the track and may touch every car across it.",
            decided="Each car touched throws once: a 1 costs a body point and turns it round (next move in 1st).",
        ),
        rule(
            "A15",
            "Supercharging",
            "Announced before the throw, in 4th to 7th and never in the pits: a throw in the top half of "
            "the die adds 2, 3, 4 or 5 squares; either way the car tests its engine (1–4 loses a point).",
            decided="This test replaces the car's own engine test after a 20 or a 30, which then loses on 1–6.",
        ),
        rule(
            "A16",
            "Super Top",
            "Once per race the driver chooses the number instead of throwing the die. It may also save "
            "the car from going out on engine, road holding or body.",
            decided="A car that still has its Super Top uses it to stay in the race, without a word in the log.",
        ),
        rule(
            "A17",
            "Road holding in 1st",
            "A car in 1st gear throws no road holding test for the dangerous squares it passes.",
        ),
        rule(
            "A18",
            "Severe spin",
            "Every spin calls for a d20: 1, the car stalls and sits out its next turn; 20, the driver "
            "catches it and stays in 3rd; otherwise, an ordinary spin.",
            decided="The spin throw comes after the road holding and blocking tests.",
        ),
        rule(
            "A19",
            "Top",
            "Once per lap a car may move one square more or one less; a Top not used before the line is lost.",
        ),
    ),
    chapter(
        "SITE",
        "The site's checks",
        "Besides the game's rules, the site checks that a sheet tells the race it was sent for.",
        rule(
            "SITE-format",
            "A readable sheet",
            "A sheet must be a race log or a qualifying sheet in the league's format; one that cannot be "
            "read is refused with the place of the problem.",
        ),
        rule(
            "SITE-circuit",
            "The right circuit",
            "The log must be for the circuit the race is run on.",
        ),
        rule(
            "SITE-entries",
            "The entered cars",
            "Every car of the log must be entered in the race, with the driver and team entered, and "
            "every car entered must be in the log.",
        ),
        rule(
            "SITE-grid",
            "The grid",
            "Each car starts from the grid slot its qualifying gave it, and a circuit has room for so many cars.",
        ),
        rule(
            "SITE-experience",
            "The experience ledger",
            "A driver or team cannot spend more experience points than the league's ledger gives them.",
        ),
        rule(
            "SITE-dice",
            "Dice rolled by the site",
            "At a race-night table, a die the site rolls for a move is that move's roll: a move typed "
            "with another value is refused, and an undone move's rolls no longer count.",
        ),
    ),
)
