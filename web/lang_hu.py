"""Magyar: the Hungarian catalogue, key for key as ``lang_en.py``."""

# Glossary (what Hungarian players understand; the rules document 002 is a
# rough machine translation: "mozaik", "csempe", "kendő", "fonó" are wrong):
#   tile      kő (dominókő), pl. kövek, acc. követ. Hungarian keeps the noun
#             singular after a numeral, so both plural forms read "{count} kő".
#   boneyard  talon: the face-down stock one draws from, the word Hungarians
#             know from card games (snapszer, ulti); "húzókészlet" would be
#             clear but is not what players say. Not the document's "kassza".
#   draw      húz ("húz egy követ").
#   double    dupla ("a legnagyobb dupla").
#   spinner   the first double, open on four sides: say "spinner (az első
#             dupla)" if the UI ever names it; "fonó" means a spinning mill.
#   pips      pötty (the dots), kept apart from pont (the score).
#   hand      kéz = the tiles a player holds; a hand as a round of play is
#             a leosztás; the match is a játszma.
#   lead      kezd ("te kezdesz"); going out = elfogy a köve ("dominó!").
#   side      csapat (a player or a partnership).
#   ends      Nyugat, Kelet, Észak, Dél (labels, capitalised, never inflected:
#             "(Kelet)").
#   grammar   no case ending or article (a/az) is ever attached to a
#             placeholder: "{name} kezébe", "{hand}. leosztás", "ide: {ends}".
#   address   te (tegezés), as usual in games.

MESSAGES = {
    # The page
    "skip_to_hand": "Ugrás a kezedhez",
    "ready": "Kész",
    "hint": "Tipp",
    "undo": "Visszavonás",
    "new_match": "Új játszma",
    "menu": "Menü",
    "moves": "Lépések",
    "your_hand": "A kezed",
    "and": "és",
    "ok": "OK",
    "close": "Bezárás",
    "cancel": "Mégse",
    "start": "Indítás",
    # Players and levels
    "you": "Te",
    "computer_name": "Gép",
    "person": "Ember",
    "level_beginner": "Kezdő",
    "level_easy": "Könnyű",
    "level_medium": "Közepes",
    "level_hard": "Nehéz",
    "level_expert": "Profi",
    "thinking": "gondolkodik…",
    "note_drew": {"one": "húzott egy követ", "other": "húzott {count} követ"},
    "note_passed": "passzolt",
    "tiles_in_hand": {"one": "{count} kő a kézben", "other": "{count} kő a kézben"},
    # The table
    "of_target": "cél: {target}",
    "end_W": "Nyugat",
    "end_E": "Kelet",
    "end_N": "Észak",
    "end_S": "Dél",
    "table_empty": "Az asztal üres.",
    "ends_line": "Végek: {ends}. Összesen {total}.",
    "boneyard": {"one": "Talon: {count} kő", "other": "Talon: {count} kő"},
    "hidden_tile": "egy lefordított kő",
    "pip_0": "üres",
    "pip_1": "egy",
    "pip_2": "kettő",
    "pip_3": "három",
    "pip_4": "négy",
    "pip_5": "öt",
    "pip_6": "hat",
    "tile_double": "dupla {pips}",
    "tile_pair": "{high}-{low}",
    "target_play": "Lerakás ide: {end}",
    "target_scores": "Lerakás ide: {end}, {points} pont",
    "layout_empty": "Az asztal: még nincs kő",
    "layout_summary": {
        "one": "Az asztal: {count} kő, a végek összege {total}",
        "other": "Az asztal: {count} kő, a végek összege {total}",
    },
    "tile_cannot_play": "{tile}, most nem rakható le",
    "tile_lead": "{tile}, kezdj vele: {points} pont",
    "tile_fits": "{tile}, ide illik: {ends}",
    "tile_fits_scores": "{tile}, ide illik: {ends}, legfeljebb {points} pont",
    # Prompts
    "your_turn": "{name}, te jössz: válassz egy követ.",
    "your_lead": "{name}, te kezdesz: bármelyik követ leteheted.",
    "choose_end": "Válassz véget ehhez: {tile}, vagy nyomd meg az Esc billentyűt.",
    "computer_turn": "{name} gondolkodik…",
    "pass_to": "Add az eszközt {name} kezébe",
    "pass_explain": "Most csak {name} nézze a képernyőt: a következő kéz, ami megjelenik, az övé.",
    "show_hand": "{name} vagyok: mutasd a kezemet",
    "match_over": "Vége a játszmának",
    # The log and announcements
    "log_hand": "{hand}. leosztás: {name} kezd.",
    "log_play": "{name}: {tile}{where}, a végek összege {total}.",
    "log_on_end": "({end})",
    "log_scores": "+{points}!",
    "log_draw": "{name}: nem tud rakni, húz egy követ.",
    "log_draw_own": "{name}: nem tud rakni, ezt húzza: {tile}.",
    "log_pass": "{name}: nem tud rakni, passzol.",
    "log_domino": "{name}: elfogyott a köve, dominó!",
    "log_blocked": "Senki sem tud rakni: a leosztás elakadt.",
    "log_match": "{name} nyerte a játszmát!",
    "read_hand": "A kezed: {tiles}.",
    "read_scores": "Állás: {scores}.",
    "undone": "Az utolsó lépésed visszavonva.",
    # Hints
    "hint_thinking": "Tipp keresése…",
    "hint_text": "Tipp: tedd le ezt: {tile}{where} – {reason}.",  # noqa: RUF001 (a Hungarian dash)
    "reason_only_move": "ez az egyetlen szabályos lépés",
    "reason_random": "véletlenszerűen választott lépés",
    "reason_scores": "{points} pontot ér",
    "reason_scores_safe": "{points} pontot ér, és az ellenfélnek nem hagy pontot",
    "reason_drops_heavy": "most nem ér pontot, de megszabadulsz a nehéz {tile} kőtől",
    "reason_leaves_nothing": "az ellenfélnek nem hagy pontot",
    "reason_leaves_little": "az ellenfélnek csak kb. {expected} pontot hagy",
    "reason_blocks": "az ellenfél valószínűleg nem tud majd rakni ({percent}% esély)",
    "reason_sheds": "leteszed: {tile}, és sokféle szám marad a kezedben",
    "reason_helps_partner": "kb. {expected} pontot készít elő a társadnak",
    "reason_wins_sims": "{simulations} szimulált leosztásból {percent}%-ban nyer",
    "reason_gains_sims": "{simulations} szimulált leosztásban átlagosan {margin} ponttal előnyben",
    "reason_exact": "pontos számítás a leosztás végéig: {margin} ponttal előnyben",
    "reason_exact_behind": "pontos számítás a leosztás végéig: a legjobb lépés, {margin} ponttal hátrányban",
    # End of a hand and of the match
    "hand_over": "{hand}. leosztás vége",
    "hand_domino": "{name} letette az összes kövét.",
    "hand_blocked": "A leosztás elakadt: senki sem tudott rakni.",
    "player": "Játékos",
    "pips": "Maradék pötty",
    "rounded": "Kerekítve",
    "side": "Csapat",
    "change": "Változás",
    "score": "Pontszám",
    "next_hand": "Következő leosztás",
    "winner": "{name} nyert!",
    # New match
    "preset": "Szabályok",
    "preset_custom": "Ahogy lent beállítod",
    "preset_standard": "Alap",
    "preset_five_each": "Mindenkinek öt kő",
    "preset_seven_five": "Hét kő (két játékos), öt (három vagy négy)",
    "preset_computer": "Gépes változat: hét kő, a legnagyobb dupla kezd, a győztes viszi a pöttyöket",
    "players": "Játékosok",
    "partnerships": "Párosok (1. és 3. hely a 2. és 4. ellen)",
    "seat_n": "{seat}. hely",
    "seat_name": "Név, {seat}. hely",
    "seat_kind": "Ki játszik, {seat}. hely",
    "hand_size": "Kő fejenként",
    "target": "Nyerő pontszám",
    "usual": "szokásos",
    "hand_end": "Leosztás vége",
    "hand_end_subtract": "Mindenki a saját pöttyeit veszti",
    "hand_end_winner": "Aki kifogy, viszi a többiek pöttyeit",
    "lead": "Kezdés",
    "lead_random": "Sorsolás, utána aki kifogyott",
    "lead_double": "A legnagyobb dupla",
    "win": "Győzelem",
    "win_immediate": "Amint valaki eléri a célt",
    "win_hand_end": "A leosztás végén",
    "seed": "Kezdőérték",
    "seed_random": "véletlen",
    "not_a_number": "{what}: egész számot adj meg.",
    # Menu
    "language": "Nyelv",
    "speed": "A gép sebessége",
    "speed_slow": "Lassú",
    "speed_normal": "Normál",
    "speed_fast": "Gyors",
    "learning_aid": "Mutasd, melyik vég hány pontot érne",
    "statistics": "Statisztika",
    "score_sheet": "Pontlap (játék közben, leosztás vége = összesen)",
    "hand": "Leosztás",
    "opponent": "Ellenfél",
    "played": "Játszott",
    "won": "Nyert",
    "import": "Játék betöltése fájlból",
    "imported": "A játék betöltve.",
    "export": "Mentés fájlba",
    "copy_link": "Link másolása ehhez a leosztáshoz",
    "link_copied": "A link a vágólapon van.",
    "copy_by_hand": "Másold ki ezt a linket:",
    # Problems
    "problem_title": "Figyelem",
    "link_broken": "A linket nem sikerült megnyitni: {reason}. Helyette új játszma indult.",
    "save_broken": "A mentett játékot nem sikerült beolvasni: {reason}. Új játszma indult.",
    "save_kept": "Az olvashatatlan mentést megőriztük; letöltheted.",
    "download_unreadable": "Olvashatatlan mentés letöltése",
    "import_broken": "Ezt a fájlt nem sikerült betölteni: {reason}. A játékod változatlan.",
    "page_fault": "Hiba történt az oldalon; a játékod el van mentve. Töltsd újra az oldalt a folytatáshoz.",
    "cannot_save": "Ez a böngésző nem engedi menteni a játékot: mentés nélkül játszol tovább.",
    "how_to_play": "Hogyan kell játszani: a szabályok példákkal",
    "update_ready": "Új változat érhető el: a játék következő megnyitásakor indul.",
}
