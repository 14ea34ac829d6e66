"""What a longer exact endgame could win: play seeded 2-player hands of the
reference against itself, and wherever the boneyard is empty, the hands hold
more tiles than Expert's exact search takes on (``--above``) and there is a
choice, score the reference's move with the exact search (no node limit to
speak of, no clock).

    python -m tools.experiments.endgame_regret --hands 30 --seed 1

Prints, by tiles in hand, how many such positions came up, how often the
reference's move was not the exact best, and the points it gave away.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys

from allfives import Deal, Match, Rules
from allfives.players import REFERENCE, make_player
from allfives.players.endgame import TooBig, solve
from allfives.players.expert import ENDGAME_TILES
from allfives.players.knowledge import Knowledge
from allfives.view import view_of


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--above", type=int, default=ENDGAME_TILES, help="only positions with more tiles in hand")
    args = parser.parse_args()
    rules = Rules()
    # tiles in hand -> [positions, not the best, points given away, too big to solve]
    found: dict[int, list[float]] = collections.defaultdict(lambda: [0, 0, 0.0, 0])
    for number in range(args.hands):
        deal = Deal.shuffle(rules, random.Random(f"regret:{args.seed}:{number}"))
        seats = [make_player(REFERENCE, random.Random(f"{args.seed}:{number}:{seat}")) for seat in (0, 1)]
        match = Match(rules)
        match.start_hand(deal)
        while match.to_move is not None:
            hand = match.hand
            assert hand is not None
            view = view_of(match, match.to_move)
            decision = seats[match.to_move].choose(view)
            tiles = sum(len(h) for h in hand.hands)
            if not hand.boneyard and tiles > args.above and len(view.legal_moves) > 1:
                moves = list(view.legal_moves)
                row = found[tiles]
                try:
                    # With two players and the boneyard empty, the one deal consistent with the view is the true one.
                    values = solve(Knowledge.from_view(view).sample(random.Random(0)), moves, 1_000_000)
                except TooBig:
                    row[3] += 1
                else:
                    lost = max(values) - values[moves.index(decision.move)]
                    row[0] += 1
                    row[1] += lost > 0
                    row[2] += lost
            match.play(decision.move)
    print("tiles in hand | positions | not the best | points given away | too big")
    for tiles in sorted(found):
        positions, worse, lost, big = found[tiles]
        print(f"{tiles:13} | {positions:9.0f} | {worse:12.0f} | {lost:17.1f} | {big:7.0f}")
    total = sum(row[2] for row in found.values())
    print(f"points given away per hand: {total / args.hands:.2f} over {args.hands} hands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
