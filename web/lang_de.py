"""Deutsch: the German catalogue, key for key as ``lang_en.py``."""

# Glossary (what German domino players say; the rules document 003 is a
# machine translation in places):
#   tile      Stein (Dominostein), pl. Steine. Not "Fliese"/"Kachel".
#   boneyard  Vorrat: the usual word in German rules ("aus dem Vorrat
#             ziehen"). The document's "Boneyard (Knochenfriedhof)" is a
#             calque no German player uses; "Talon" is known from card games
#             but rarer for dominoes.
#   draw      ziehen ("zieht einen Stein"); "kaufen" is regional.
#   double    Pasch (höchster Pasch); Doppelstein is understood too.
#   spinner   Spinner (as in the document; the first double, open on four
#             sides). Not used in the UI yet.
#   pips      Augen (the dots), kept apart from Punkte (the score).
#   hand      Hand = the tiles a player holds; a hand as a round of play is
#             a Runde; the match is a Partie.
#   lead      ausspielen / beginnen; going out = fertig sein ("Domino!").
#   side      Partei (a player or a partnership, as in German card games).
#   ends      West, Ost, Nord, Süd (labels, uninflected: "am Ende Ost").
#   address   du, as usual in games.

MESSAGES = {
    # The page
    "skip_to_hand": "Zu deiner Hand springen",
    "ready": "Bereit",
    "hint": "Tipp",
    "undo": "Rückgängig",
    "new_match": "Neue Partie",
    "menu": "Menü",
    "moves": "Züge",
    "your_hand": "Deine Hand",
    "and": "und",
    "ok": "OK",
    "close": "Schließen",
    "cancel": "Abbrechen",
    "start": "Starten",
    # Players and levels
    "you": "Du",
    "computer_name": "Computer",
    "person": "Mensch",
    "level_beginner": "Anfänger",
    "level_easy": "Leicht",
    "level_medium": "Mittel",
    "level_hard": "Schwer",
    "level_expert": "Experte",
    "thinking": "überlegt…",
    "tiles_in_hand": {"one": "{count} Stein auf der Hand", "other": "{count} Steine auf der Hand"},
    # The table
    "of_target": "von {target}",
    "end_W": "West",
    "end_E": "Ost",
    "end_N": "Nord",
    "end_S": "Süd",
    "table_empty": "Der Tisch ist leer.",
    "ends_line": "Enden: {ends}. Zusammen {total}.",
    "boneyard": {"one": "Vorrat: {count} Stein", "other": "Vorrat: {count} Steine"},
    "hidden_tile": "ein verdeckter Stein",
    "tile_cannot_play": "{tile}, jetzt nicht spielbar",
    "tile_lead": "{tile}, ausspielen: bringt {points}",
    "tile_fits": "{tile}, passt an {ends}",
    "tile_fits_scores": "{tile}, passt an {ends}, bringt bis zu {points}",
    # Prompts
    "your_turn": "{name}, du bist dran: Wähle einen Stein.",
    "your_lead": "{name}, du spielst aus: Lege einen beliebigen Stein.",
    "choose_end": "Wähle ein Ende für {tile} oder drücke Esc.",
    "computer_turn": "{name} überlegt…",
    "pass_to": "Gib das Gerät an {name} weiter",
    "pass_explain": "Jetzt soll nur {name} auf den Bildschirm schauen: Als Nächstes erscheint die Hand von {name}.",
    "show_hand": "Ich bin {name}: Zeig meine Hand",
    "match_over": "Die Partie ist vorbei",
    # The log and announcements
    "log_hand": "Runde {hand}: {name} spielt aus.",
    "log_play": "{name}: {tile}{where}, die Enden zählen {total}.",
    "log_on_end": "am Ende {end}",
    "log_scores": "+{points}!",
    "log_draw": "{name}: kann nicht legen, zieht einen Stein.",
    "log_draw_own": "{name}: kann nicht legen, zieht {tile}.",
    "log_pass": "{name}: kann nicht legen, passt.",
    "log_domino": "{name}: fertig, Domino!",
    "log_blocked": "Niemand kann legen: Die Runde ist blockiert.",
    "log_match": "{name} gewinnt die Partie!",
    "read_hand": "Deine Hand: {tiles}.",
    "read_scores": "Punktestand: {scores}.",
    "undone": "Dein letzter Zug wurde zurückgenommen.",
    # Hints
    "hint_thinking": "Suche einen Tipp…",
    "hint_text": "Tipp: Lege {tile}{where}: {reason}.",
    "reason_only_move": "der einzige mögliche Zug",
    "reason_random": "ein zufällig gewählter Zug",
    "reason_scores": "bringt {points} Punkte",
    "reason_scores_safe": "bringt {points} Punkte und lässt dem Gegner keine Punkte",
    "reason_drops_heavy": "bringt jetzt nichts, aber du wirst den schweren Stein {tile} los",
    "reason_leaves_nothing": "lässt dem Gegner keine Punkte",
    "reason_leaves_little": "lässt dem Gegner nur etwa {expected} Punkte",
    "reason_blocks": "der Gegner kann danach wahrscheinlich nicht legen ({percent}\u00a0% Chance)",
    "reason_sheds": "du wirst {tile} los und behältst viele verschiedene Zahlen",
    "reason_helps_partner": "legt dem Partner etwa {expected} Punkte vor",
    "reason_wins_sims": "gewinnt {percent}\u00a0% von {simulations} simulierten Runden",
    "reason_gains_sims": "liegt in {simulations} simulierten Runden im Schnitt {margin} Punkte vorn",
    "reason_exact": "exakte Suche bis zum Rundenende: {margin} Punkte vorn",
    "reason_exact_behind": "exakte Suche bis zum Rundenende: der beste Zug, {margin} Punkte zurück",
    # End of a hand and of the match
    "hand_over": "Runde {hand} ist vorbei",
    "hand_domino": "{name} hat alle Steine gelegt.",
    "hand_blocked": "Die Runde war blockiert: Niemand konnte legen.",
    "player": "Spieler",
    "pips": "Augen übrig",
    "rounded": "Gerundet",
    "side": "Partei",
    "change": "Änderung",
    "score": "Stand",
    "next_hand": "Nächste Runde",
    "winner": "{name} gewinnt!",
    # New match
    "preset": "Regeln",
    "preset_custom": "Wie unten eingestellt",
    "preset_standard": "Standard",
    "preset_five_each": "Fünf Steine für jeden",
    "preset_seven_five": "Sieben Steine (zwei Spieler), fünf (drei oder vier)",
    "preset_computer": "Computerspiel: sieben Steine, höchster Pasch beginnt, Sieger bekommt die Augen",
    "players": "Spieler",
    "partnerships": "Partnerspiel (Plätze 1 und 3 gegen 2 und 4)",
    "seat_n": "Platz {seat}",
    "seat_name": "Name auf Platz {seat}",
    "seat_kind": "Wer spielt auf Platz {seat}",
    "hand_size": "Steine pro Spieler",
    "target": "Punkte zum Sieg",
    "usual": "üblich",
    "hand_end": "Ende einer Runde",
    "hand_end_subtract": "Jeder verliert die eigenen Augen",
    "hand_end_winner": "Wer fertig wird, bekommt die Augen der anderen",
    "lead": "Wer beginnt",
    "lead_random": "Zufällig, danach wer zuletzt fertig wurde",
    "lead_double": "Der höchste Pasch",
    "win": "Sieg",
    "win_immediate": "Sobald das Ziel erreicht ist",
    "win_hand_end": "Am Ende einer Runde",
    "seed": "Startwert",
    "seed_random": "zufällig",
    "not_a_number": "{what} muss eine ganze Zahl sein.",
    # Menu
    "language": "Sprache",
    "speed": "Tempo des Computers",
    "speed_slow": "Langsam",
    "speed_normal": "Normal",
    "speed_fast": "Schnell",
    "learning_aid": "Punkte für jedes Ende anzeigen",
    "statistics": "Statistik",
    "opponent": "Gegner",
    "played": "Gespielt",
    "won": "Gewonnen",
    "import": "Spiel aus einer Datei laden",
    "imported": "Das Spiel wurde geladen.",
    "export": "In eine Datei speichern",
    "copy_link": "Link zu diesem Spiel kopieren",
    "link_copied": "Der Link ist kopiert.",
    "copy_by_hand": "Kopiere diesen Link:",
    # Problems
    "problem_title": "Bitte beachten",
    "link_broken": "Der Link ließ sich nicht öffnen: {reason}. Stattdessen hat eine neue Partie begonnen.",
    "save_broken": "Dein gespeichertes Spiel war nicht lesbar: {reason}. Eine neue Partie hat begonnen.",
    "save_kept": "Der unlesbare Spielstand wurde aufbewahrt; du kannst ihn herunterladen.",
    "download_unreadable": "Unlesbaren Spielstand herunterladen",
    "import_broken": "Die Datei ließ sich nicht laden: {reason}. Dein Spiel bleibt unverändert.",
    "cannot_save": "Dieser Browser lässt das Spiel nicht speichern: Es geht ohne Speichern weiter.",
}
