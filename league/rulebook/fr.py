"""Le règlement de la ligue en français (numéroté comme les verdicts du moteur)."""

from __future__ import annotations

from league.rulebook.entries import chapter, rule

CHAPTERS = (
    chapter(
        "G",
        "Boîte de vitesses et dés",
        "Chaque rapport a son dé : la vitesse engagée décide de la distance qu’une voiture peut parcourir.",
        rule(
            "G1",
            "Les rapports et leurs dés",
            "Il y a six rapports. La 1re lance un d4 marqué de 1 à 2, la 2e un d6 de 2 à 4, la 3e un "
            "d8 de 4 à 8, la 4e un d12 de 7 à 12, la 5e un d20 de 11 à 20 et la 6e un d30 de 21 à 30. "
            "Avec l’option A13, une 7e lance ensemble les dés de 5e et de 6e (32 à 50).",
            "Tous les tests (collision, moteur, tenue de route, météo, arrêt aux stands…) se lancent au "
            "d20 noir, de 1 à 20. Un résultat qu’un dé ne peut pas donner enfreint la règle.",
            decided=(
                "Un jet de test hors de 1–20 est une infraction G1 et reste sans effet.",
                "Avec un point d’expérience du pilote sur le dé (X2), `roll` est le dé après le point "
                "(il peut sortir de la plage du dé) et `natural` la face lancée ; pour une relance, "
                "`natural` est le premier jet. Les tests moteur et la météo suivent le dé tel qu’il reste.",
                "Un jet en 7e ne peut pas dire lequel de ses deux dés le point du pilote modifie : une "
                "telle dépense est une infraction X2.",
            ),
        ),
        rule(
            "G2",
            "Changer de rapport",
            "En montant, un rapport à la fois. En descendant, autant qu’on veut, mais jamais plus de "
            "trois rapports sautés : de 6e en 2e, oui ; de 6e en 1re, non. En 7e (A13), de 7e en 2e est permis.",
        ),
        rule(
            "G3",
            "Le sur-régime",
            "Sauter des rapports en descendant coûte des points d’usure, payés avant de lancer le dé : un "
            "rapport sauté coûte 1 point de boîte ; deux, 1 de boîte et 1 de freins ; trois, 1 de boîte, "
            "1 de freins et 1 de moteur ; quatre (7e vers 2e, A13) ajoutent un point au choix du pilote.",
            "Sans point de boîte, aucun rapport ne peut être sauté ; sans point de freins, un seul au "
            "plus ; avec un seul point de moteur, jamais trois.",
        ),
        rule(
            "G4",
            "Le rapport de départ",
            "Chaque voiture part au point mort et joue son premier coup en 1re. Après un tête-à-queue, "
            "le coup suivant se joue de nouveau en 1re ; à la sortie des stands, en 4e au plus.",
            decided="Le point mort compte comme le rapport 0 : le premier coup se joue donc en 1re.",
        ),
    ),
    chapter(
        "T",
        "Piste et ordre de jeu",
        "La piste est un réseau de cases sur trois files ; un tour de jeu, c’est un coup par voiture, "
        "dans un ordre fixé.",
        rule(
            "T1",
            "Avancer sur la piste",
            "Une voiture avance case par case en suivant les liaisons de la piste : tout droit ou en "
            "diagonale vers l’avant, jamais en arrière, jamais à travers ni par-dessus une case occupée "
            "(elle la contourne).",
        ),
        rule(
            "T2",
            "Changer de file en ligne droite",
            "En ligne droite, un coup change de file deux fois au plus en tout, et ne zigzague pas "
            "(s’écarter puis revenir), sauf si le retour est nécessaire pour dépasser une voiture ou "
            "éviter une case dangereuse. Le chemin doit être le plus court possible.",
            decided=(
                "Les changements de file se comptent sur chaque liaison qui touche une ligne droite, et le "
                "compte repart à chaque virage : des changements dans deux lignes droites séparées par un "
                "virage ne font pas un zigzag.",
                "Le zigzag est permis quand aucun chemin de même longueur sans zigzag n’atteint le même "
                "arrêt en contournant les voitures et sans passer par plus de cases dangereuses.",
            ),
        ),
        rule(
            "T3",
            "Dans les virages",
            "Dans un virage, on ne suit que les flèches dessinées sur le plateau (les liaisons de la piste).",
        ),
        rule(
            "T4",
            "L’ordre de jeu",
            "À chaque tour de jeu, la voiture la plus avancée sur la piste joue la première, tours "
            "comptés ; à hauteur égale, le rapport le plus haut d’abord ; même rapport, celle arrivée la "
            "première.",
            "Une voiture sur le point d’être doublée ne joue pas avant celle qui la double ; si elle perd "
            "un coup ainsi, elle le récupère en redoublant la voiture de tête.",
            decided=(
                "L’ordre est fixé au début du tour ; sur la grille, par place de départ. Seul le premier "
                "coup joué hors de son tour est signalé.",
                "Dès que le peloton s’étend sur un tour, l’ordre part du leader et suit la boucle. Une "
                "voiture dépassée par un doubleur avant d’avoir joué perd ce coup ; un coup qui ne fait "
                "que se porter à sa hauteur ne la double pas. Une voiture à qui l’on doit un coup et qui "
                "redouble le leader rejoue une fois à la fin de ce tour.",
                "Les voitures dans la voie des stands jouent après toutes celles de la piste déjà passées "
                "devant l’entrée des stands et avant les autres, la plus avancée dans la voie d’abord.",
            ),
        ),
        rule(
            "T5",
            "Le tour de jeu",
            "À chaque tour de jeu, chaque voiture encore en course joue un coup, dans l’ordre de T4.",
            decided="Une voiture en course absente d’un tour, une voiture qui joue deux fois, ou une voiture "
            "arrivée ou éliminée qui joue, enfreignent T5.",
        ),
    ),
    chapter(
        "C",
        "Virages, freinage et blocage",
        "Les virages demandent des arrêts ; en sortir trop tôt coûte des pneus, voire la course.",
        rule(
            "C1",
            "Les arrêts en virage",
            "La case où s’achève un coup est son arrêt. Un arrêt dans un virage compte pour ce virage. "
            "Chaque virage demande 1, 2 ou 3 arrêts, recomptés à chaque passage.",
            decided="Le compte repart chaque fois que la voiture entre dans le virage.",
        ),
        rule(
            "C2",
            "Sortir trop tôt d’un virage",
            "Une voiture qui quitte un virage avec moins d’arrêts qu’il n’en demande fait une sortie non "
            "contrôlée : chaque case parcourue au-delà du virage dans ce coup coûte des points de pneus, "
            "multipliés par le coefficient des pneus (W3). Elle doit rester dans la file par laquelle "
            "elle est sortie ; un arrêt fait ainsi dans le virage suivant ne compte pas pour lui ; si elle "
            "rencontre une voiture, elle ne peut pas la contourner et elle est bloquée (C5).",
            decided=(
                "La sortie se juge sur les arrêts des coups précédents de ce passage : un virage où l’on "
                "entre et dont on sort dans le même coup n’a aucun arrêt.",
                "L’obligation de rester dans sa file commence avec la liaison qui quitte le virage et dure "
                "jusqu’à la fin du coup ; plusieurs sorties non contrôlées dans un coup se paient chacune.",
            ),
        ),
        rule(
            "C3",
            "Éliminé dans un virage",
            "Une voiture qui quitte un virage à 2 arrêts sans s’y être arrêtée, ou un virage à 3 arrêts "
            "avec moins de deux arrêts, est aussitôt hors course.",
            decided="Elle quitte la piste aussitôt sans laisser de case dangereuse, comme une sortie de route.",
        ),
        rule(
            "C4",
            "Freiner",
            "Une voiture peut parcourir moins de cases que son total ; chaque case non jouée coûte 1 point "
            "de freins, et le freinage peut réduire ou annuler une sortie non contrôlée. Sans point de "
            "freins, une voiture ne peut plus freiner.",
            decided="Les points de freins sont déclarés dans le coup et réduisent son total ; en dépenser "
            "plus que la voiture n’en a est une infraction C4.",
        ),
        rule(
            "C5",
            "Le blocage",
            "Une voiture arrêtée avant son total par des voitures qu’elle ne peut pas contourner avance "
            "aussi loin que possible et paie les cases restantes : 1 à 3 cases coûtent 1, 2, 3 points de "
            "freins ; 4, 5, 6 cases coûtent 3 points de freins et 1, 2, 3 points de pneus. Pas assez de "
            "points, ou 7 cases et plus : la voiture est éliminée et celle de devant perd 1 point de carrosserie.",
            decided=(
                "Un chemin plus court que le total revient à se déclarer bloqué : si un chemin permis "
                "allait plus loin, le coup s’est arrêté trop tôt (C7 si rien ne bloquait, C5 sinon).",
                "Les points de blocage ne sont pas multipliés par les pneus. Une voiture éliminée par "
                "blocage reste sur la piste comme obstacle. Une voiture dont toutes les cases devant sont "
                "prises avance de 0 case et paie tout son total.",
            ),
        ),
        rule(
            "C6",
            "Le tête-à-queue",
            "Une voiture dont les pneus tombent à 0 par une sortie non contrôlée fait un tête-à-queue : "
            "elle reste où s’achève son coup et joue le suivant en 1re. Une perte de pneus plus grande "
            "que ce qui lui reste l’élimine. Sans pneus, une sortie d’une case est un nouveau tête-à-queue, "
            "de deux cases ou plus, l’élimination.",
            decided="Une perte égale aux pneus restants est un tête-à-queue ; une voiture éliminée sur la "
            "sortie quitte aussitôt la piste sans laisser de case dangereuse.",
        ),
        rule(
            "C7",
            "Le total d’un coup",
            "Le total d’un coup est le dé, plus la glissade imposée par la météo (ou moins 1), plus le "
            "bonus des pneus s’il est pris, plus 3 par aspiration, moins les cases freinées. Le chemin "
            "doit avoir exactement cette longueur, sauf blocage (C5).",
            decided="Le tour du train de pneus qui choisit la colonne du tableau des pneus est celui de la "
            "voiture au début du coup.",
        ),
    ),
    chapter(
        "D",
        "Dégâts et points d’usure",
        "Une voiture est construite avec des points d’usure répartis sur six éléments ; les perdre la "
        "ralentit, puis l’élimine.",
        rule(
            "D1",
            "Construire sa voiture",
            "Une voiture a 20 points d’usure répartis sur six éléments : pneus, freins, boîte, "
            "carrosserie, moteur et tenue de route, au moins 1 chacun. Avec A11, elle a 22 points de "
            "structure. L’expérience de l’écurie peut ajouter un point (X3).",
            decided="Une construction de 21 ou 22 points sans A11 enfreint D1.",
        ),
        rule(
            "D2",
            "Les éléments à zéro",
            "Carrosserie, moteur ou tenue de route à 0 : la voiture est éliminée. Freins à 0 : plus de "
            "freinage ; boîte à 0 : plus de rapports sautés ; pneus à 0 : voir C6. Une voiture éliminée "
            "sur la carrosserie, le moteur ou par blocage reste sur sa case comme obstacle jusqu’au moment "
            "où elle aurait rejoué ; éliminée dans un virage ou sur la tenue de route, elle quitte "
            "aussitôt la piste.",
            decided="Les voitures arrivées quittent la piste à la fin du tour de jeu où elles ont franchi la "
            "ligne ; jusque-là on peut les toucher, elles passent les tests moteur et donnent l’aspiration.",
        ),
        rule(
            "D3",
            "Les collisions",
            "Une voiture qui finit son coup à côté d’une autre ou juste derrière elle risque de la "
            "toucher ; finir devant est sans risque. Chaque voiture menacée lance le d20 une fois, et la "
            "voiture qui a joué lance une fois par voiture qu’elle risque de toucher, en dernier. Un 1 "
            "(sec) ou 1–2 (pluie) coûte 1 point de carrosserie. Toucher une voiture déjà éliminée sur la "
            "carrosserie ou par blocage est plus risqué : 1–2 au sec, 1–3 sous la pluie.",
            decided=(
                "À côté veut dire dans une file voisine, à moins d’une demi-rangée ; les voitures à une "
                "liaison devant sont aussi menacées, celles de derrière non. Les cases des stands ne sont "
                "jamais menacées.",
                "Les obstacles ne lancent pas ; la voiture qui joue lance contre eux, au risque aggravé.",
            ),
        ),
        rule(
            "D4",
            "Les tests moteur",
            "Un 20 en 5e ou un 30 en 6e fait souffrir les moteurs : après le coup, cette voiture et "
            "toutes celles en 5e ou en 6e lancent le d20 ; 1–4 au sec, 1–3 sous la pluie coûte 1 point de "
            "moteur. Une voiture qui a franchi la ligne peut encore casser son moteur dans ce tour ; elle "
            "n’est alors pas classée.",
            decided="La voiture qui a lancé et toutes celles de la piste en 5e ou en 6e (le rapport de leur "
            "dernier coup) testent, dans n’importe quel ordre ; les chances sont celles ci-dessus.",
        ),
        rule(
            "D5",
            "Les cases dangereuses",
            "Là où une voiture perd un point de carrosserie ou de moteur, ou est éliminée, la case devient "
            "dangereuse. Une voiture qui passe ou s’arrête sur l’une d’elles lance le d20 pour chacune : "
            "1–4 au sec, 1–5 sous la pluie coûte 1 point de tenue de route. Avec A17, pas en 1re.",
            decided=(
                "Pour un sur-régime, la case dangereuse est celle du départ du coup. Un jet par case "
                "dangereuse traversée, dans l’ordre du chemin ; plus aucun après une élimination sur la "
                "tenue de route.",
                "Les tests d’un coup viennent dans cet ordre : tenue de route, blocage, collision, moteur, "
                "météo. Un jet manquant est une infraction et compte comme sans effet.",
            ),
        ),
    ),
    chapter(
        "W",
        "Météo et pneus",
        "La météo décide de l’adhérence des pneus en virage et en ligne droite.",
        rule(
            "W1",
            "La météo",
            "Chaque circuit a son échelle de météo au d20 : pluie, variable ou soleil, lancée avant les "
            "essais et avant la course. Par temps variable, la course part au sec, et chaque 20 en 5e ou "
            "30 en 6e appelle un nouveau jet : soleil ou pluie pour un temps, variable ramène le sec ; le "
            "même soleil ou la même pluie deux fois de suite reste jusqu’à la fin. Variable compte comme "
            "soleil pour les pneus.",
            decided="Le jet de météo figure dans les tests du coup qui l’a provoqué et s’applique aussitôt "
            "(avec A9, à la fin du tour).",
        ),
        rule(
            "W2",
            "Les pneus",
            "Pneus durs, tendres ou pluie donnent, selon la météo et le tour du train, un bonus en virage, "
            "un bonus en ligne droite et le coefficient des pénalités de sortie de virage. Un bonus se "
            "prend ou se laisse ; une glissade ou un −1 s’imposent. La glissade s’applique à un coup en "
            "virage. Avec A8, les pneus autres que pluie glissent d’une case au plus en 1re et de deux en 2e.",
            decided=(
                "Un coup est en virage quand il part d’un virage, y entre ou le traverse. Au-delà du "
                "troisième tour, on lit la colonne du troisième.",
                "Le tour du train repart à 1 après un arrêt aux stands qui change ou régénère les pneus.",
            ),
        ),
        rule(
            "W3",
            "Le coefficient de sortie",
            "Le coefficient des pneus s’applique à toute pénalité de sortie de virage : points de pneus en "
            "course, jets supplémentaires aux essais.",
        ),
    ),
    chapter(
        "S",
        "Aspiration et stands",
        "Suivre de près fait gagner des cases ; les stands donnent des pneus neufs et des réparations.",
        rule(
            "S1",
            "L’aspiration",
            "Une voiture en 4e ou plus qui s’arrête juste derrière une voiture en 4e ou plus, sur un "
            "rapport au moins aussi haut, peut ajouter exactement 3 cases, selon l’un des trois dessins : "
            "déboîter d’une file et se rabattre devant, déboîter d’une file et filer tout droit, ou "
            "déboîter de deux files et filer tout droit. Elle peut recommencer ; entrer ainsi dans un "
            "virage coûte 1 point de freins ; freiner pour obtenir une aspiration est interdit.",
            decided=(
                "Juste derrière veut dire à une liaison, dans la même file. Le freinage vient en dernier : "
                "le coup principal compte le dé, la glissade, le bonus et les cases d’option.",
                "Une voiture qui vient de franchir la ligne est encore sur la piste dans ce tour et donne "
                "l’aspiration ; une voiture éliminée (un obstacle), non.",
                "À la sortie d’un arrêt rapide, la voiture compte comme en 4e et peut prendre une "
                "aspiration ; la feuille doit alors donner le chemin.",
            ),
        ),
        rule(
            "S2",
            "L’arrêt pneus",
            "Une voiture qui atteint son propre stand change ou régénère ses pneus. Elle lance le d20 : "
            "1–10, elle repart aussitôt en 4e pour la moitié du jet (arrondie au-dessus) ; 11–20, elle "
            "attend son prochain tour, puis repart en 4e au plus. Avec A3, elle entre dans la voie des "
            "stands en 4e au plus (la 5e coûte un point de freins, 6e et 7e sont interdites).",
            decided=(
                "Une voiture à son stand ne bloque pas la voie, mais aucune voiture ne peut s’y arrêter. "
                "Sans A3, tout jet qui atteint le stand s’y arrête ; avec A3, il faut l’atteindre exactement.",
                "Entrer dans la voie en 1re ou en 2e n’est permis que si la 3e ne pouvait pas être "
                "engagée. Le premier tour du nouveau train est le prochain tour commencé. Repartir d’un "
                "arrêt manqué en 5e ou plus enfreint S2.",
            ),
        ),
        rule(
            "S3",
            "L’arrêt long",
            "Un arrêt long, annoncé à l’arrivée, répare aussi freins, boîte, carrosserie, moteur et tenue "
            "de route avec les 2 points de stand de la voiture (ou les clés d’A11) ; la voiture repart à "
            "son tour suivant en 4e au plus.",
            decided="Les 2 points valent pour la course, pas pour chaque arrêt ; une réparation ne dépasse "
            "jamais la construction ; les pneus se régénèrent, ils ne se réparent pas.",
        ),
    ),
    chapter(
        "F",
        "Course, essais et résultats",
        "Comment une course se chronomètre, se termine et se note.",
        rule(
            "F1",
            "Les essais",
            "Chaque pilote fait un tour depuis la file du milieu, sans tenir compte des points d’usure. "
            "Son temps est le nombre de jets, plus 1 par case de sortie de virage (multipliée par le "
            "coefficient), plus 1 par minute pleine au chronomètre. Le moins de jets prend la pole, le "
            "chronomètre départage. Quitter un virage sans les arrêts que demande C3 met fin au tour : ce "
            "pilote part dernier.",
            decided="Un tour inachevé part derrière tous les tours achevés ; à temps égal, l’ordre de la feuille.",
        ),
        rule(
            "F2",
            "La longueur de la course",
            "Une course fait 3 tours, sauf si la saison en décide autrement. Une voiture arrive quand elle "
            "franchit la ligne au bout de son dernier tour, et elle est classée une fois ce tour de jeu achevé.",
            decided="La longueur est celle de la feuille, sinon celle de la saison, sinon celle du circuit ; "
            "une feuille et une saison en désaccord enfreignent F2, comme une feuille qui s’achève avec "
            "des voitures encore en course.",
        ),
        rule(
            "F3",
            "L’ordre d’arrivée",
            "Les voitures arrivées se classent par le tour de jeu où elles ont franchi la ligne ; dans un "
            "même tour, celle qui serait allée le plus loin après la ligne d’abord, puis l’ordre de jeu. "
            "Les voitures qui n’ont pas fini viennent ensuite, la dernière éliminée d’abord.",
            decided="Les voitures encore en course quand un rejeu s’arrête se classent après les arrivées, "
            "la plus avancée d’abord ; le résultat annoncé n’est alors pas vérifié.",
        ),
        rule(
            "F4",
            "Les points",
            "Les huit premières voitures arrivées marquent 10, 8, 6, 5, 4, 3, 2 et 1 points, sauf si la "
            "saison fixe un autre barème.",
            decided="Seules les voitures arrivées marquent.",
        ),
    ),
    chapter(
        "X",
        "Expérience (option A7)",
        "Les points d’expérience se gagnent aux résultats et se dépensent pour changer un dé ou aider une voiture.",
        rule(
            "X1",
            "Gagner de l’expérience",
            "Un pilote gagne 0,3 pour la pole, 0,1 pour la 2e place sur la grille, 0,5 pour une victoire, "
            "0,3 pour la 2e place et 0,1 pour la 3e. Une écurie gagne 0,5 pour une victoire, 0,2 pour la "
            "2e place, 0,1 pour la 3e, 0,3 de plus pour un doublé et 0,1 pour une première ligne à elle "
            "seule. Les points comptent aussitôt : ceux de la grille se dépensent dans la course.",
            decided="Les points se comptent en dixièmes, sans erreur d’arrondi ; le solde après une course "
            "est le solde de départ plus les gains, moins les dépenses.",
        ),
        rule(
            "X2",
            "Le point du pilote",
            "Une fois par course, un pilote peut dépenser 1 point pour ajouter ou retirer 1 à un dé de "
            "déplacement, ou pour le relancer (jamais le d20).",
            decided="Sans A7, une dépense est tout de même jugée selon X2 et son message nomme A7 ; aucun "
            "point n’est gagné.",
        ),
        rule(
            "X3",
            "Le point de l’écurie",
            "Une écurie peut dépenser 1 point pour donner un point d’usure de plus à l’une de ses "
            "voitures, avant ou pendant une course (une fois par voiture et par course), ou pour changer "
            "un arrêt aux stands manqué en arrêt rapide.",
            decided=(
                "Avant la course, la construction a un point de plus ; pendant, le coup le dit ; une fois "
                "par voiture.",
                "Un arrêt rapide acheté ainsi parcourt la moitié du jet ; le dépenser pour un arrêt déjà "
                "rapide, ou pour un arrêt long, enfreint X3.",
            ),
        ),
    ),
    chapter(
        "A",
        "Options (A1–A19)",
        (
            "Une saison peut activer chacune des dix-neuf options des règles avancées. Une action "
            "qu’une option permet, jouée alors que l’option n’est pas en vigueur, enfreint la règle qui "
            "porte son nom.",
        ),
        rule(
            "O",
            "Les options de la feuille et celles de la saison",
            "Une feuille joue les options de sa saison, ni plus ni moins.",
            decided="Un identifiant d’option hors de A1–A19 rend la feuille illisible.",
        ),
        rule(
            "A1",
            "Aileron en position basse",
            "La voiture avance d’une case de plus en 4e et au-dessus, et paie un point de pneus de plus par "
            "case de sortie de virage sur ces rapports.",
            decided="L’aileron de chaque voiture est noté dans la feuille ; si une seule des options A1 et A2 "
            "est en vigueur, toutes les voitures l’ont.",
        ),
        rule(
            "A2",
            "Aileron en position haute",
            "En virage, la voiture peut avancer d’une case de moins ; en ligne droite, son dé compte au "
            "plus 11 en 4e, 18 en 5e, 26 en 6e et 44 en 7e.",
            decided="Un 20 ou un 30 lancé appelle tout de même les tests moteur.",
        ),
        rule(
            "A3",
            "Règles des stands",
            "La voie des stands a sa limite de vitesse : on y entre en 4e au plus (la 5e coûte un point de "
            "freins, 6e et 7e sont interdites) et en 3e au moins quand on peut l’engager ; on la descend "
            "en 4e au plus ; l’arrêt doit tomber exactement sur son stand.",
        ),
        rule(
            "A4",
            "Casse moteur avec inertie",
            "Une voiture en 5e ou plus qui casse son moteur joue un dernier coup en 4e à son tour suivant, "
            "puis reste comme obstacle sur une nouvelle case dangereuse. En 4e ou moins, ou après un "
            "tête-à-queue, elle est retirée aussitôt.",
            decided="La voiture qui attend son dernier coup donne l’aspiration ; elle n’en prend aucune.",
        ),
        rule(
            "A5",
            "Drapeau rouge et mulet",
            "Trop de cases dangereuses (la 22e sur le circuit, le troisième mur en travers des files, ou la "
            "6e avant la fin du premier virage) font sortir le drapeau rouge : on finit le tour de jeu, "
            "puis la course repart pour les tours restants. Un pilote éliminé tôt peut prendre le mulet "
            "depuis son stand, en 4e au plus, avec deux points d’usure de moins.",
            decided=(
                "Un drapeau au tour l d’une course de L tours la relance pour L − l tours ; au dernier "
                "tour, la course s’achève dans l’ordre de jeu. Un drapeau au départ relance depuis la "
                "grille, toutes les voitures réparées.",
                "Toutes les voitures repartent dans le tour du leader, en 1re, sans obstacle sur la piste ; "
                "les cases dangereuses restent. Le mulet se prend une fois, jusqu’au tour 8, en dernier "
                "coup de son tour.",
            ),
        ),
        rule(
            "A6",
            "Éparpillement des débris",
            "Chaque point de carrosserie ou de moteur perdu sur un d20 ou par blocage appelle un d20 de "
            "plus : 1–9, la case dangereuse habituelle ; 10–15, une autre à côté, à droite si pair, à "
            "gauche si impair ; 16–20, une de chaque côté.",
            decided="Ces jets viennent après les autres tests du coup ; entre deux cases aussi proches, celle de derrière.",
        ),
        rule(
            "A7",
            "Expérience",
            "Active les règles d’expérience X1 à X3 : des points gagnés sur la grille et à l’arrivée, "
            "dépensés sur les dés et les voitures.",
            decided="Sans A7, une dépense est tout de même jugée selon sa règle (X2, X3), son message nomme "
            "A7, et aucun point n’est gagné.",
        ),
        rule(
            "A8",
            "Glissade selon le rapport",
            "En virage, sur des pneus autres que pluie, la glissade est d’une case au plus en 1re et de "
            "deux en 2e.",
        ),
        rule(
            "A9",
            "Météo différée",
            "Le jet de météo qu’appelle un 20 en 5e ou un 30 en 6e se fait une fois le tour de jeu fini, "
            "et s’applique à toutes les voitures dès le tour suivant.",
            decided="Le jet s’écrit dans les tests du coup qui l’a provoqué.",
        ),
        rule(
            "A10",
            "Pédale au plancher",
            "Une voiture peut ajouter une case pour un point de moteur, puis lance un d20 de débris : 1 "
            "(sec) ou 1–2 (pluie) laisse une case dangereuse sous elle.",
            decided="Le point de moteur perdu ainsi ne laisse pas, à lui seul, de case dangereuse.",
        ),
        rule(
            "A11",
            "Points de structure",
            "Une voiture est construite avec 22 points ; ceux au-delà de 20 sont des clés de stand avec "
            "lesquelles les arrêts longs réparent, au lieu des 2 points de stand de S3.",
        ),
        rule(
            "A12",
            "Ravitaillement",
            "Une voiture part avec un réservoir d’un, deux ou trois tiers de la course et se ravitaille aux "
            "stands. Un réservoir léger donne des points de pneus : au 1er tour, +3 avec un tiers et +2 "
            "avec deux tiers ; au 2e tour, +2 avec un tiers ; un de moins sous la pluie.",
            decided="Un réservoir de k tiers dure k tours ; commencer un tour qu’il ne couvre pas enfreint A12.",
        ),
        rule(
            "A13",
            "Septième rapport",
            "Les dés de 5e et de 6e se lancent ensemble. Chaque jet en 7e appelle un test moteur, deux avec "
            "un 20 ou un 30 ; les deux à la fois font tester toutes les voitures de la 5e à la 7e. De 7e en "
            "2e coûte un point de plus au choix du pilote.",
            decided="Un Super Top en 7e ne lance aucun dé : la voiture teste une fois, les autres seulement sur "
            "un 49 ou un 50 (A16).",
        ),
        rule(
            "A14",
            "Sortie de route",
            "Une voiture en 4e ou plus qui sort d’un virage de plus de 2 cases non payées lance le d20 : "
            "1–10, elle quitte la piste ; 11–15, elle rebondit sur la piste et peut toucher les voitures à "
            "côté ; 16–20, elle traverse la piste et peut toucher toutes celles qui s’y trouvent.",
            decided="Chaque voiture touchée lance une fois : un 1 lui coûte un point de carrosserie et la fait "
            "pivoter (coup suivant en 1re).",
        ),
        rule(
            "A15",
            "Suralimentation",
            "Annoncée avant le jet, de la 4e à la 7e et jamais aux stands : un jet dans la moitié haute du "
            "dé ajoute 2, 3, 4 ou 5 cases ; dans tous les cas la voiture teste son moteur (1–4 perd un point).",
            decided="Ce test remplace celui de la voiture après un 20 ou un 30, qui perd alors sur 1–6.",
        ),
        rule(
            "A16",
            "Super Top",
            "Une fois par course, le pilote choisit le nombre au lieu de lancer le dé. Le Super Top peut "
            "aussi éviter une élimination sur le moteur, la tenue de route ou la carrosserie.",
            decided="Une voiture qui a encore son Super Top s’en sert pour rester en course, sans rien noter "
            "dans la feuille.",
        ),
        rule(
            "A17",
            "Tenue de route en 1re",
            "Une voiture en 1re ne lance pas de test de tenue de route pour les cases dangereuses qu’elle traverse.",
        ),
        rule(
            "A18",
            "Tête-à-queue grave",
            "Chaque tête-à-queue appelle un d20 : 1, la voiture cale et passe son tour suivant ; 20, le "
            "pilote la rattrape et reste en 3e ; sinon, un tête-à-queue ordinaire.",
            decided="Ce jet vient après les tests de tenue de route et de blocage.",
        ),
        rule(
            "A19",
            "Top",
            "Une fois par tour de circuit, une voiture peut avancer d’une case de plus ou de moins ; un Top "
            "non utilisé avant la ligne est perdu.",
        ),
    ),
    chapter(
        "SITE",
        "Les vérifications du site",
        "Outre les règles du jeu, le site vérifie qu’une feuille raconte bien la course pour laquelle "
        "elle a été envoyée.",
        rule(
            "SITE-format",
            "Une feuille lisible",
            "Une feuille doit être un journal de course ou une feuille d’essais au format de la ligue ; "
            "celle qui ne se lit pas est refusée, avec l’endroit du problème.",
        ),
        rule(
            "SITE-circuit",
            "Le bon circuit",
            "La feuille doit porter sur le circuit où se court la course.",
        ),
        rule(
            "SITE-entries",
            "Les voitures engagées",
            "Chaque voiture de la feuille doit être engagée dans la course, avec le pilote et l’écurie "
            "engagés, et chaque voiture engagée doit figurer dans la feuille.",
        ),
        rule(
            "SITE-grid",
            "La grille",
            "Chaque voiture part de la place que lui ont donnée les essais, et un circuit n’a de place que "
            "pour un certain nombre de voitures.",
        ),
        rule(
            "SITE-experience",
            "Le registre d’expérience",
            "Un pilote ou une écurie ne peut pas dépenser plus de points d’expérience que ne lui en donne "
            "le registre de la ligue.",
        ),
        rule(
            "SITE-dice",
            "Les dés lancés par le site",
            "À une table de course en direct, un dé que le site lance pour un coup est le jet de ce "
            "coup : un coup saisi avec une autre valeur est refusé, et les jets d’un coup annulé ne "
            "comptent plus.",
        ),
    ),
)
