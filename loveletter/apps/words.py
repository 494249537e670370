"""The terminal game's words, in English and in French (:mod:`loveletter.apps.play`).

The referee's own words (refusals, narration) are in :mod:`loveletter.words`; these are
the phrases the terminal game, the command line and the reference cards say.

>>> terminal("you", "fr")
'vous'
"""

from __future__ import annotations

__all__ = ["terminal"]

_TERMINAL: dict[str, tuple[str, str]] = {
    # key -> (English, French).
    "intro": (
        "{title}: {names}. First to {target} tokens wins.",
        "{title} : {names}. Le premier à {target} pions Faveur gagne.",
    ),
    "a_bot": ("{player} (a {kind} bot)", "{player} (robot {kind})"),
    "an_bot": ("{player} (an {kind} bot)", "{player} (robot {kind})"),
    "seated_two": ("{you}, and {other}", "{you} et {other}"),
    "seated": ("{you}, {others}, and {last}", "{you}, {others} et {last}"),
    "round": (
        "Round {number} - draw pile: {size} cards{face_up}",
        "Manche {number} - pioche : {size} cartes{face_up}",
    ),
    "face_up": (", face up: {cards}", ", face visible : {cards}"),
    "seat": (
        "  {player:<6} tokens {tokens}/{target}  discards: {discards}{flags}",
        "  {player:<6} pions Faveur {tokens}/{target}  défausse : {discards}{flags}",
    ),
    "out": ("out", "hors de la manche"),
    "protected": ("protected", "sous protection"),
    "known": (
        "  You know {that_owner} holds {the_card}.",
        "  Vous savez {that_owner} a {the_card}.",
    ),
    "ruled_out_one": (
        "  Everyone knows {that_owner} does not hold {card}.",
        "  Tout le monde sait {that_owner} n'a pas {card}.",
    ),
    "ruled_out": (
        "  Everyone knows {that_owner} holds {none}.",
        "  Tout le monde sait {that_owner} n'a {none}.",
    ),
    "neither_nor": ("neither {first} nor {second}", "ni {first} ni {second}"),
    "none_of": ("none of {cards} and {last}", "ni {cards}, ni {last}"),
    "none_of_separator": (", ", ", ni "),
    "tied": (
        "  Everyone knows {that_one} and {other} hold cards of the same value.",
        "  Tout le monde sait {that_one} et {other} ont des cartes de même valeur.",
    ),
    "tied_with_you": (
        "  Everyone knows that {of_other} card and your {card} are of the same value.",
        "  Tout le monde sait que la carte {of_other} et votre {card} sont de même valeur.",
    ),
    "buried": (
        "  You know {count} of the draw pile: {cards}{place}.",
        "  Vous connaissez {count} de la pioche : {cards}{place}.",
    ),
    "buried_middle": (
        ", with {above} above {them} and {under} under {them}",
        ", avec {above} au-dessus et {under} en dessous",
    ),
    "buried_next": (
        " ({drawn_next}), with {under} under {them}",
        " ({drawn_next}), avec {under} en dessous",
    ),
    "buried_bottom": (" (at the very bottom), under {above}", " (tout au fond), sous {above}"),
    "buried_all": (" (the whole pile)", " (toute la pioche)"),
    "it": ("it", "elle"),
    "them": ("them", "elles"),
    "drawn_next_one": ("the next to be drawn", "la prochaine à être piochée"),
    "drawn_next": ("the next to be drawn", "les prochaines à être piochées"),
    "unseen_1": ("one card you have not seen", "une carte que vous n'avez pas vue"),
    "unseen": ("{cards} you have not seen", "{cards} que vous n'avez pas vues"),
    "cards_1": ("one card", "une carte"),
    "cards_2": ("two cards", "deux cartes"),
    "cards_3": ("three cards", "trois cartes"),
    "cards_4": ("four cards", "quatre cartes"),
    "cards_5": ("five cards", "cinq cartes"),
    "cards_6": ("six cards", "six cartes"),
    "cards_7": ("seven cards", "sept cartes"),
    "cards_8": ("eight cards", "huit cartes"),
    "cards_9": ("nine cards", "neuf cartes"),
    "cards_10": ("ten cards", "dix cartes"),
    "cards_n": ("{count} cards", "{count} cartes"),
    "then": (", then ", ", puis "),
    "hand": ("Your hand: {cards}", "Votre main : {cards}"),
    "not_a_card": (
        "  {text!r} is not a card here{why}: choose {names}.",
        "  {text!r} n'est pas une carte ici{why} : choisissez {names}.",
    ),
    "not_a_card_near": (
        "  {text!r} is not a card here: did you mean {the_card}? Choose {names}.",
        "  {text!r} n'est pas une carte ici : vouliez-vous dire {the_card} ? Choisissez {names}.",
    ),
    "not_in_hand": (
        "  You do not hold {the_card}: choose {names}.",
        "  Vous n'avez pas {the_card} en main : choisissez {names}.",
    ),
    "not_returned": (
        "  You do not put {the_card} back: choose {names}.",
        "  Vous ne remettez pas {the_card} sous la pioche : choisissez {names}.",
    ),
    "type_one": ("  Choose {names}.", "  Choisissez {names}."),
    "label_here": (
        " (playing-card labels belong to the 2019 edition)",
        " (les cartes à jouer sont une version de l'édition 2019)",
    ),
    "not_a_player": (
        "  {text!r} is not a player here: choose {names}.",
        "  {text!r} n'est pas un joueur ici : choisissez {names}.",
    ),
    "not_a_player_near": (
        "  {text!r} is not a player here: did you mean {player}? Choose {names}.",
        "  {text!r} n'est pas un joueur ici : vouliez-vous dire {player} ? Choisissez {names}.",
    ),
    "ambiguous_player": (
        "  {text!r} could be {players}: type more of the name ({names}).",
        "  {text!r} peut être {players} : tapez la suite du nom ({names}).",
    ),
    "refuses": (
        "  The referee refuses: {message} [{reason}, {ruling}]",
        "  L'arbitre refuse : {message} [{reason}, {ruling}]",
    ),
    "play_which": ("Play which card? ({names}): ", "Quelle carte jouer ? ({names}) : "),
    "play_which_one": (
        "Play which card? ({lone}, or Enter): ",
        "Quelle carte jouer ? ({lone}, ou Entrée) : ",
    ),
    "sure": (
        "Playing {the_card} knocks you out of the round. Play it anyway? (y/n): ",
        "Jouer {the_card} vous fait quitter la manche. Jouer quand même ? (o/n) : ",
    ),
    "sure_discard": (
        "Playing {the_card} on yourself discards {the_other}, which knocks you out of the "
        "round. Play it anyway? (y/n): ",
        "Jouer {the_card} sur vous-même défausse {the_other}, ce qui vous fait quitter la "
        "manche. Jouer quand même ? (o/n) : ",
    ),
    "yes_or_no": (
        "  {text!r} is neither yes nor no: type y to play {the_card} and leave the round, "
        "or n to choose another card.",
        "  {text!r} n'est ni oui ni non : tapez o pour jouer {the_card} et quitter la "
        "manche, ou n pour choisir une autre carte.",
    ),
    "yes_or_no_empty": (
        "  Type y to play {the_card} and leave the round, or n to choose another card.",
        "  Tapez o pour jouer {the_card} et quitter la manche, ou n pour choisir une autre carte.",
    ),
    "choose_player": ("Choose a player ({names}): ", "Désignez un joueur ({names}) : "),
    "choose_player_one": (
        "Choose a player ({lone}, or Enter): ",
        "Désignez un joueur ({lone}, ou Entrée) : ",
    ),
    "name_card": ("Name a card ({cards}): ", "Nommez une carte ({cards}) : "),
    "chancellor": ("Chancellor: you hold {cards}.", "Chancelier : vous avez {cards}."),
    "keep": ("Keep which card? ({names}): ", "Quelle carte garder ? ({names}) : "),
    "keep_one": (
        "Keep which card? ({lone}, or Enter): ",
        "Quelle carte garder ? ({lone}, ou Entrée) : ",
    ),
    "first_under": (
        "Put which card under the draw pile first (the other goes below it)? ({cards}): ",
        "Quelle carte glisser d'abord sous la pioche (l'autre ira en dessous) ? ({cards}) : ",
    ),
    "tokens": ("Tokens: {tokens}", "Pions Faveur : {tokens}"),
    "open_hands": (
        "Practice game: every hand is played face up.",
        "Partie d'entraînement : toutes les mains sont jouées face visible.",
    ),
    "bots_see_their_own": (
        "The bots play as at an ordinary table, each seeing only its own hand "
        "('--bots-see-all' lets them read every hand).",
        "Les robots jouent comme à une table ordinaire, chacun ne voyant que sa main "
        "('--bots-see-all' leur fait lire toutes les mains).",
    ),
    "bots_see_all": (
        "The bots read every hand too.",
        "Les robots lisent aussi toutes les mains.",
    ),
    "remedy": (
        "House remedy agreed: after a move of yours that nobody has learned anything from, "
        "type 'undo' to take it back, or press Enter to go on.",
        "Remède de la maison adopté : après un coup dont personne n'a rien appris, tapez "
        "'annuler' pour le reprendre, ou Entrée pour continuer.",
    ),
    "open_hand": ("  hand: {cards}", "  main : {cards}"),
    "window": (
        "(Enter to go on, or 'undo' to take it back) ",
        "(Entrée pour continuer, ou 'annuler' pour le reprendre) ",
    ),
    "window_again": (
        "  {text!r}: press Enter to go on, or type 'undo' to take your move back.",
        "  {text!r} : appuyez sur Entrée pour continuer, ou tapez 'annuler' pour reprendre "
        "votre coup.",
    ),
    "you_win": ("You win the game!", "Vous gagnez la partie !"),
    "they_win": ("{names} wins the game.", "{names} gagne la partie."),
    "interrupted": ("interrupted", "partie interrompue"),
    # loveletter replay
    "told": ("{players}: {title}, told {how}.", "{players} : {title}, racontée {how}."),
    "told_everyone": ("as everyone saw it", "comme tous l'ont vue"),
    "told_as": ("as {viewer} saw it", "comme {viewer} l'a vue"),
    "told_as_you": ("as you saw it", "comme vous l'avez vue"),
    "you": ("you", "vous"),
    "told_open": ("with every card shown", "toutes cartes visibles"),
    "told_face_up": (
        ", every hand face up (a practice game)",
        ", toutes les mains face visible (une partie d'entraînement)",
    ),
    "log_ends": (
        "The log ends here, in round {round}, before the game's end.",
        "Le journal s'arrête ici, à la manche {round}, avant la fin de la partie.",
    ),
    "log_ends_left": (
        "The log ends here, in round {round}: the game was left before its end.",
        "Le journal s'arrête ici, à la manche {round} : la partie a été quittée avant sa fin.",
    ),
    "log_ends_interrupted": (
        "The log ends here, in round {round}: the game was interrupted (Ctrl-C).",
        "Le journal s'arrête ici, à la manche {round} : la partie a été interrompue (Ctrl-C).",
    ),
    "goodbye": ("You left the table. Goodbye.", "Vous quittez la table. Au revoir."),
    # help, ?, the seed, refusals without codes, prefixes, the log (issue 17, items 9-11)
    "hint": (
        "Type a card or a player's name when asked (the start of it is enough); "
        "'help' (or '?') lists the commands; 'quit' leaves.",
        "Tapez le nom d'une carte ou d'un joueur (le début suffit) ; 'aide' (ou '?') "
        "donne les commandes ; 'quitter' pour partir.",
    ),
    "seed": (
        "Seed {seed}: '--seed {seed}' with the same options deals this game again.",
        "Graine {seed} : '--seed {seed}' avec les mêmes options redonne cette partie.",
    ),
    "commands": (
        "At any question you may type:\n"
        "  a card         its name or the start of it (enough to tell it from the other "
        "card in your hand), its value, or its playing-card label (2019)\n"
        "  a player       their name or the start of it\n"
        "  help, ?        this list\n"
        "  help CARD      the card's rule and the rulings about it: 'help baron', '? 3'\n"
        "  Enter          when there is only one choice, takes it\n"
        "{undo}"
        "  quit           leave the table (Ctrl-D too)",
        "À chaque question, vous pouvez taper :\n"
        "  une carte      son nom ou son début (assez pour la distinguer de l'autre carte "
        "de votre main), sa valeur, ou sa carte à jouer (2019)\n"
        "  un joueur      son nom ou son début\n"
        "  aide, ?        cette liste\n"
        "  aide CARTE     la règle de la carte et les décisions qui la concernent : "
        "'aide baron', '? 3'\n"
        "  Entrée         quand il n'y a qu'un choix, le prend\n"
        "{undo}"
        "  quitter        quitter la table (Ctrl-D aussi)",
    ),
    "commands_undo": (
        "  undo           take back your last move, when asked after it (house remedy)\n",
        "  annuler        reprendre votre dernier coup, quand on vous le propose (remède "
        "de la maison)\n",
    ),
    "card_rule": ("{card} ({value}, x{count}): {effect}", "{card} ({value}, x{count}) : {effect}"),
    "rulings_in_english": (
        "  The rulings:",
        "  Les décisions de l'arbitre (le catalogue est en anglais) :",
    ),
    "ruling_line": ("    {id}: {statement}", "    {id} : {statement}"),
    "no_such_card": (
        "  {text!r} is not a card of this edition: choose one of {names}.",
        "  {text!r} n'est pas une carte de cette édition : choisissez parmi {names}.",
    ),
    "no_such_card_near": (
        "  {text!r} is not a card of this edition: did you mean {the_card}? Choose one of {names}.",
        "  {text!r} n'est pas une carte de cette édition : vouliez-vous dire {the_card} ? "
        "Choisissez parmi {names}.",
    ),
    "ambiguous_card": (
        "  {text!r} could be {cards}: type more of the name ({names}).",
        "  {text!r} peut être {cards} : tapez la suite du nom ({names}).",
    ),
    "or": (" or ", " ou "),
    "refuses_plain": ("  The referee refuses: {message}", "  L'arbitre refuse : {message}"),
    "no_player": (
        "standard input ended before the first answer: the terminal game needs a person "
        "at the keyboard (or answers piped to it)",
        "l'entrée standard s'est terminée avant la première réponse : la partie dans le "
        "terminal a besoin d'une personne au clavier (ou de réponses envoyées par un tube)",
    ),
    "effect_spy": (
        "no effect when played; at the end of the round, if you are the only player still "
        "in who played or discarded a Spy, you gain a favor token.",
        "aucun effet quand on la joue ; à la fin de la manche, si vous êtes le seul joueur "
        "encore en lice à avoir joué ou défaussé une Espionne, vous gagnez un pion Faveur.",
    ),
    "effect_guard": (
        "choose another player and name a card other than the Guard; if they hold it, "
        "they are knocked out of the round.",
        "désignez un autre joueur et nommez une carte autre que le Garde ; s'il l'a en "
        "main, il quitte la manche.",
    ),
    "effect_priest": (
        "choose another player and look at their hand in secret.",
        "désignez un autre joueur et regardez sa main en secret.",
    ),
    "effect_baron": (
        "choose another player and compare hands with them in secret; the lower card is "
        "knocked out of the round (nothing happens on a tie).",
        "désignez un autre joueur et comparez vos mains en secret ; la carte la plus faible "
        "quitte la manche (rien ne se passe en cas d'égalité).",
    ),
    "effect_handmaid": (
        "until your next turn, other players' cards cannot choose you.",
        "jusqu'à votre prochain tour, les cartes des autres joueurs ne peuvent pas vous désigner.",
    ),
    "effect_prince": (
        "choose any player, yourself included: they discard their hand and draw a new card.",
        "désignez un joueur, vous compris : il défausse sa main et pioche une nouvelle carte.",
    ),
    "effect_chancellor": (
        "draw two cards, keep one of the three, and put the other two under the pile in "
        "the order you choose.",
        "piochez deux cartes, gardez-en une des trois et remettez les deux autres sous la "
        "pioche, dans l'ordre de votre choix.",
    ),
    "effect_king": (
        "choose another player and trade hands with them.",
        "désignez un autre joueur et échangez vos mains.",
    ),
    "effect_countess": (
        "no effect; you must play her if your other card is the King or a Prince.",
        "aucun effet ; vous devez la jouer si votre autre carte est le Roi ou un Prince.",
    ),
    "effect_princess": (
        "if you play or discard her, you are knocked out of the round.",
        "si vous la jouez ou la défaussez, vous quittez la manche.",
    ),
    "effect_other": (
        "its effect is in the edition's rules.",
        "son effet est dans les règles de l'édition.",
    ),
}


def terminal(key: str, language: str = "en", **fields: object) -> str:
    """The terminal game's phrase ``key`` in ``language``, with ``fields``."""
    return _TERMINAL[key][1 if language == "fr" else 0].format(**fields)
