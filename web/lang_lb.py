"""Lëtzebuergesch: the Luxembourgish catalogue, key for key as ``lang_en.py``."""

# Glossary (Luxembourgish, not German; the rules document 000 is a rough
# machine translation: "Kachel", "Fliesen", "Plaatzen", "Bannbuedem" are wrong):
#   tile      Steen (Dominosteen), pl. Steng.
#   boneyard  Virrot (the stock one draws from, like German "Vorrat"); the
#             document's English "Boneyard" means nothing to players here.
#   draw      zéien ("zitt e Steen").
#   double    Duebelsteen ("den héchsten Duebelsteen").
#   spinner   Spinner (the first double, open on four sides), as in the
#             document. Not used in the UI yet.
#   pips      Aen (the dots), kept apart from Punkten (the score).
#   hand      Hand = the tiles a player holds; a hand as a round of play is
#             a Ronn; the match is a Partie ("Nei Partie").
#   lead      ufänken ("du fänks un"); going out = keng Steng méi ("Domino!").
#   side      Partei (a player or a partnership).
#   ends      Enn, pl. Ennen; West, Ost, Nord, Süd ("um Enn Ost").
#   spelling  the n-rule (Eifeler Reegel) is applied: "Kee kann", "Punkte
#             viraus", "Jidderee verléiert"; "and" stays "an" because the
#             UI joins it to any word.
#   address   du, as usual in games.

MESSAGES = {
    # The page
    "skip_to_hand": "Direkt op deng Hand",
    "ready": "Prett",
    "hint": "Tipp",
    "undo": "Réckgängeg",
    "new_match": "Nei Partie",
    "menu": "Menü",
    "moves": "Zich",
    "your_hand": "Deng Hand",
    "and": "an",
    "ok": "OK",
    "close": "Zoumaachen",
    "cancel": "Ofbriechen",
    "start": "Ufänken",
    # Players and levels
    "you": "Du",
    "computer_name": "Computer",
    "person": "Mënsch",
    "level_beginner": "Ufänger",
    "level_easy": "Einfach",
    "level_medium": "Mëttel",
    "level_hard": "Schwéier",
    "level_expert": "Expert",
    "thinking": "iwwerleet…",
    "note_drew": {"one": "huet e Steen gezunn", "other": "huet {count} Steng gezunn"},
    "note_passed": "huet gepasst",
    "tiles_in_hand": {"one": "{count} Steen an der Hand", "other": "{count} Steng an der Hand"},
    # The table
    "of_target": "vun {target}",
    "end_W": "West",
    "end_E": "Ost",
    "end_N": "Nord",
    "end_S": "Süd",
    "table_empty": "Den Dësch ass eidel.",
    "ends_line": "Ennen: {ends}. Zesummen {total}.",
    "boneyard": {"one": "Virrot: {count} Steen", "other": "Virrot: {count} Steng"},
    "hidden_tile": "e verstoppte Steen",
    "tile_cannot_play": "{tile}, kann elo net geluecht ginn",
    "tile_lead": "{tile}, domat ufänken: bréngt {points}",
    "tile_fits": "{tile}, passt un {ends}",
    "tile_fits_scores": "{tile}, passt un {ends}, bréngt bis zu {points}",
    # Prompts
    "your_turn": "{name}, du bass drun: wiel e Steen.",
    "your_lead": "{name}, du fänks un: all Steen ass erlaabt.",
    "choose_end": "Wiel en Enn fir {tile} oder dréck op Esc.",
    "computer_turn": "{name} iwwerleet…",
    "pass_to": "Gëff den Apparat weider un {name}",
    "pass_explain": "Elo soll nëmmen {name} op den Ecran kucken: als Nächst kënnt d'Hand vun {name}.",
    "show_hand": "Ech sinn {name}: weis meng Hand",
    "match_over": "D'Partie ass eriwwer",
    # The log and announcements
    "log_hand": "Ronn {hand}: {name} fänkt un.",
    "log_play": "{name}: {tile}{where}, d'Ennen zielen {total}.",
    "log_on_end": "um Enn {end}",
    "log_scores": "+{points}!",
    "log_draw": "{name}: kann net leeën, zitt e Steen.",
    "log_draw_own": "{name}: kann net leeën, zitt {tile}.",
    "log_pass": "{name}: kann net leeën, passt.",
    "log_domino": "{name}: keng Steng méi, Domino!",
    "log_blocked": "Kee kann méi leeën: d'Ronn ass blockéiert.",
    "log_match": "{name} gewënnt d'Partie!",
    "read_hand": "Deng Hand: {tiles}.",
    "read_scores": "Stand: {scores}.",
    "undone": "Däin leschte Zuch gouf zréckgeholl.",
    # Hints
    "hint_thinking": "Ech sichen en Tipp…",
    "hint_text": "Tipp: lee {tile}{where}: {reason}.",
    "reason_only_move": "deen eenzegen erlaabten Zuch",
    "reason_random": "en zoufällegen Zuch",
    "reason_scores": "bréngt {points} Punkten",
    "reason_scores_safe": "bréngt {points} Punkten a léisst dem Géigner näischt",
    "reason_drops_heavy": "bréngt elo näischt, mee du gëss de schwéiere Steen {tile} lass",
    "reason_leaves_nothing": "léisst dem Géigner keng Punkten",
    "reason_leaves_little": "léisst dem Géigner nëmmen ongeféier {expected} Punkten",
    "reason_blocks": "de Géigner kann duerno wahrscheinlech net leeën ({percent}\u00a0% Chance)",
    "reason_sheds": "du gëss {tile} lass a behäls vill verschidden Zuelen",
    "reason_helps_partner": "bereet dem Partner ongeféier {expected} Punkte vir",
    "reason_wins_sims": "gewënnt {percent}\u00a0% vun {simulations} simuléierte Ronnen",
    "reason_gains_sims": "läit an {simulations} simuléierte Ronnen am Duerchschnëtt {margin} Punkte viraus",
    "reason_exact": "exakt Berechnung bis zum Enn vun der Ronn: {margin} Punkte viraus",
    "reason_exact_behind": "exakt Berechnung bis zum Enn vun der Ronn: de beschte Zuch, {margin} Punkten zréck",
    # End of a hand and of the match
    "hand_over": "Ronn {hand} ass eriwwer",
    "hand_domino": "{name} huet all Steng geluecht.",
    "hand_blocked": "D'Ronn war blockéiert: Kee konnt méi leeën.",
    "player": "Spiller",
    "pips": "Aen iwwreg",
    "rounded": "Ofgerënnt",
    "side": "Partei",
    "change": "Ännerung",
    "score": "Stand",
    "next_hand": "Nächst Ronn",
    "winner": "{name} gewënnt!",
    # New match
    "preset": "Reegelen",
    "preset_custom": "Wéi hei ënnendrënner",
    "preset_standard": "Standard",
    "preset_five_each": "Fënnef Steng fir jiddereen",
    "preset_seven_five": "Siwe Steng (zwee Spiller), fënnef (dräi oder véier)",
    "preset_computer": "Computerspill: siwe Steng, den héchsten Duebelsteen fänkt un, de Gewënner kritt d'Aen",
    "players": "Spiller",
    "partnerships": "Zu zwee géint zwee (Plazen 1 an 3 géint 2 a 4)",
    "seat_n": "Plaz {seat}",
    "seat_name": "Numm op der Plaz {seat}",
    "seat_kind": "Wie spillt op der Plaz {seat}",
    "hand_size": "Steng pro Spiller",
    "target": "Punkte fir ze gewannen",
    "usual": "üblech",
    "hand_end": "Enn vun enger Ronn",
    "hand_end_subtract": "Jidderee verléiert seng eegen Aen",
    "hand_end_winner": "Wien als éischt fäerdeg ass, kritt den aneren hir Aen",
    "lead": "Wie fänkt un",
    "lead_random": "Zoufälleg, duerno wien als éischt fäerdeg war",
    "lead_double": "Den héchsten Duebelsteen",
    "win": "Gewannen",
    "win_immediate": "Soubal d'Zil erreecht ass",
    "win_hand_end": "Um Enn vun enger Ronn",
    "seed": "Startwäert",
    "seed_random": "zoufälleg",
    "not_a_number": "{what} muss eng ganz Zuel sinn.",
    # Menu
    "language": "Sprooch",
    "speed": "Tempo vum Computer",
    "speed_slow": "Lues",
    "speed_normal": "Normal",
    "speed_fast": "Séier",
    "learning_aid": "Weisen, wéi vill Punkten all Enn géif bréngen",
    "statistics": "Statistik",
    "score_sheet": "Punktelëscht (am Spill, Enn vun der Ronn = Total)",
    "hand": "Ronn",
    "opponent": "Géigner",
    "played": "Gespillt",
    "won": "Gewonnen",
    "import": "E Spill aus engem Fichier lueden",
    "imported": "D'Spill gouf gelueden.",
    "export": "An e Fichier späicheren",
    "copy_link": "Link op dës Partie kopéieren",
    "link_copied": "De Link ass kopéiert.",
    "copy_by_hand": "Kopéier dëse Link:",
    # Problems
    "problem_title": "Opgepasst",
    "link_broken": "De Link konnt net opgemaach ginn: {reason}. Amplaz huet eng nei Partie ugefaangen.",
    "save_broken": "Däi gespäichert Spill konnt net gelies ginn: {reason}. Eng nei Partie huet ugefaangen.",
    "save_kept": "Dat onliesbaart Spill gouf behalen; du kanns et eroflueden.",
    "download_unreadable": "Onliesbaart Spill eroflueden",
    "import_broken": "Dee Fichier konnt net geluede ginn: {reason}. Däi Spill bleift, wéi et war.",
    "page_fault": "Op dëser Säit ass eppes schif gaang; däi Spill ass gespäichert. Lued nei, fir weiderzespillen.",
    "cannot_save": "Dëse Browser léisst d'Spill net späicheren: et gëtt ouni Späichere weidergespillt.",
}
