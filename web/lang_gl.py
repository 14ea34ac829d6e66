"""Galego: the Galician catalogue, key for key as ``lang_en.py``."""

# Glossary (what Galician players say at the table, as in Spanish dominoes;
# the rules document 001 is machine-translated in places: "tella",
# "azulexo", "táboa", "dominios" for tiles are wrong):
#   tile      ficha, pl. fichas.
#   boneyard  monte: the face-down stock one draws from, as in card games
#             ("roubar do monte"); "montón" or "pozo" are also heard. Not the
#             document's English "boneyard".
#   draw      roubar ("rouba unha ficha").
#   double    dobre ("o dobre máis alto").
#   spinner   the first double, open on four sides: "spinner" if the UI ever
#             names it (no settled Galician word).
#   pips      puntos (of a tile), the word players use; where it could be
#             taken for the score it says "puntos na man".
#   hand      man: both the tiles a player holds and a round of play, as at
#             the table ("a man está pechada"); the match is a partida.
#   lead      saír ("saes ti", "sae o dobre máis alto"); going out = quedar
#             sen fichas ("dominó!").
#   blocked   pechada (a closed hand, "peche").
#   side      bando (a player or a partnership).
#   ends      Oeste, Leste, Norte, Sur ("no extremo Leste").
#   address   ti, as usual in games.

MESSAGES = {
    # The page
    "skip_to_hand": "Ir á túa man",
    "ready": "Listo",
    "hint": "Pista",
    "undo": "Desfacer",
    "new_match": "Nova partida",
    "menu": "Menú",
    "moves": "Xogadas",
    "your_hand": "A túa man",
    "and": "e",
    "ok": "Aceptar",
    "close": "Pechar",
    "cancel": "Cancelar",
    "start": "Comezar",
    # Players and levels
    "you": "Ti",
    "computer_name": "Ordenador",
    "person": "Persoa",
    "level_beginner": "Principiante",
    "level_easy": "Fácil",
    "level_medium": "Medio",
    "level_hard": "Difícil",
    "level_expert": "Experto",
    "thinking": "pensando…",
    "note_drew": {"one": "roubou unha ficha", "other": "roubou {count} fichas"},
    "note_passed": "pasou",
    "tiles_in_hand": {"one": "{count} ficha na man", "other": "{count} fichas na man"},
    # The table
    "of_target": "de {target}",
    "end_W": "Oeste",
    "end_E": "Leste",
    "end_N": "Norte",
    "end_S": "Sur",
    "table_empty": "A mesa está baleira.",
    "ends_line": "Extremos: {ends}. Suman {total}.",
    "boneyard": {"one": "Monte: {count} ficha", "other": "Monte: {count} fichas"},
    "hidden_tile": "unha ficha oculta",
    "tile_cannot_play": "{tile}, agora non se pode xogar",
    "tile_lead": "{tile}, saír con ela: anota {points}",
    "tile_fits": "{tile}, vai en {ends}",
    "tile_fits_scores": "{tile}, vai en {ends}, anota ata {points}",
    # Prompts
    "your_turn": "{name}, é a túa quenda: escolle unha ficha.",
    "your_lead": "{name}, saes ti: xoga calquera ficha.",
    "choose_end": "Escolle un extremo para {tile} ou preme Esc.",
    "computer_turn": "{name} está a pensar…",
    "pass_to": "Pásalle o dispositivo a {name}",
    "pass_explain": "Agora só {name} debe mirar a pantalla: a seguinte man que aparece é a súa.",
    "show_hand": "Son {name}: amosa a miña man",
    "match_over": "Rematou a partida",
    # The log and announcements
    "log_hand": "Man {hand}: sae {name}.",
    "log_play": "{name}: {tile}{where}, os extremos suman {total}.",
    "log_on_end": "no extremo {end}",
    "log_scores": "+{points}!",
    "log_draw": "{name}: non pode xogar, rouba unha ficha.",
    "log_draw_own": "{name}: non pode xogar, rouba {tile}.",
    "log_pass": "{name}: non pode xogar, pasa.",
    "log_domino": "{name}: sen fichas, dominó!",
    "log_blocked": "Ninguén pode xogar: a man está pechada.",
    "log_match": "{name} gaña a partida!",
    "read_hand": "A túa man: {tiles}.",
    "read_scores": "Puntuación: {scores}.",
    "undone": "Desfíxose a túa última xogada.",
    # Hints
    "hint_thinking": "Buscando unha pista…",
    "hint_text": "Pista: xoga {tile}{where}: {reason}.",
    "reason_only_move": "a única xogada válida",
    "reason_random": "unha xogada ao chou",
    "reason_scores": "anota {points}",
    "reason_scores_safe": "anota {points} e non lle deixa nada ao rival",
    "reason_drops_heavy": "agora non anota, pero desfaise da ficha pesada {tile}",
    "reason_leaves_nothing": "non lle deixa nada que anotar ao rival",
    "reason_leaves_little": "déixalle ao rival uns {expected} puntos que anotar",
    "reason_blocks": "o rival probablemente non poderá xogar ({percent}\u00a0% de probabilidade)",
    "reason_sheds": "desfaise de {tile} e conserva números variados",
    "reason_helps_partner": "déixalle ao compañeiro uns {expected} puntos que anotar",
    "reason_wins_sims": "gaña o {percent}\u00a0% de {simulations} mans simuladas",
    "reason_gains_sims": "sae de media {margin} puntos por diante en {simulations} mans simuladas",
    "reason_exact": "cálculo exacto ata o final da man: sae {margin} puntos por diante",
    "reason_exact_behind": "cálculo exacto ata o final da man: a mellor xogada, {margin} puntos por detrás",
    # End of a hand and of the match
    "hand_over": "Fin da man {hand}",
    "hand_domino": "{name} quedou sen fichas.",
    "hand_blocked": "A man quedou pechada: ninguén podía xogar.",
    "player": "Xogador",
    "pips": "Puntos na man",
    "rounded": "Redondeado",
    "side": "Bando",
    "change": "Cambio",
    "score": "Puntuación",
    "next_hand": "Seguinte man",
    "winner": "{name} gaña!",
    # New match
    "preset": "Regras",
    "preset_custom": "Como se indica abaixo",
    "preset_standard": "Estándar",
    "preset_five_each": "Cinco fichas para cada un",
    "preset_seven_five": "Sete fichas (dous xogadores), cinco (tres ou catro)",
    "preset_computer": "Xogo do ordenador: sete fichas, sae o dobre máis alto, o gañador leva os puntos",
    "players": "Xogadores",
    "partnerships": "Por parellas (postos 1 e 3 contra 2 e 4)",
    "seat_n": "Posto {seat}",
    "seat_name": "Nome do posto {seat}",
    "seat_kind": "Quen xoga no posto {seat}",
    "hand_size": "Fichas por xogador",
    "target": "Puntos para gañar",
    "usual": "habitual",
    "hand_end": "Fin dunha man",
    "hand_end_subtract": "Cada un perde os puntos que lle quedan",
    "hand_end_winner": "Quen queda sen fichas leva os puntos dos demais",
    "lead": "Saída",
    "lead_random": "Ao chou, despois quen quedou sen fichas",
    "lead_double": "O dobre máis alto",
    "win": "Vitoria",
    "win_immediate": "En canto se alcanza a meta",
    "win_hand_end": "Ao final dunha man",
    "seed": "Semente",
    "seed_random": "ao chou",
    "not_a_number": "{what} debe ser un número enteiro.",
    # Menu
    "language": "Lingua",
    "speed": "Velocidade do ordenador",
    "speed_slow": "Lenta",
    "speed_normal": "Normal",
    "speed_fast": "Rápida",
    "learning_aid": "Amosar os puntos que daría cada extremo",
    "statistics": "Estatísticas",
    "score_sheet": "Puntos por man (en xogo, fin da man = total)",
    "hand": "Man",
    "opponent": "Rival",
    "played": "Partidas",
    "won": "Gañadas",
    "import": "Cargar unha partida dun ficheiro",
    "imported": "Cargouse a partida.",
    "export": "Gardar nun ficheiro",
    "copy_link": "Copiar unha ligazón a este reparto",
    "link_copied": "Copiouse a ligazón.",
    "copy_by_hand": "Copia esta ligazón:",
    # Problems
    "problem_title": "Atención",
    "link_broken": "Non se puido abrir a ligazón: {reason}. No seu lugar comezou unha nova partida.",
    "save_broken": "Non se puido ler a partida gardada: {reason}. Comezou unha nova partida.",
    "save_kept": "Gardouse a partida ilexible; podes descargala.",
    "download_unreadable": "Descargar a partida ilexible",
    "import_broken": "Non se puido cargar ese ficheiro: {reason}. A túa partida segue igual.",
    "page_fault": "Algo fallou nesta páxina; a túa partida está gardada. Recarga para continuar.",
    "cannot_save": "Este navegador non permite gardar a partida: séguese xogando sen gardar.",
}
