"""Shared set-up for the NEVER OVER tests: arranged deals and a small driver."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import CHANCE, Match
from bot.games.never_over.actions import Deal
from bot.games.never_over.cards import pack_cards
from bot.games.never_over.rules import NeverOverRules
from bot.games.never_over.state import NeverOverState
from bot.games.never_over.views import PrivateView, PublicView
from tests.support.games import MatchTable

ABE, BEA, CAL = 0, 1, 2
RULES = NeverOverRules()

ABE_HAND = "g4 g3 g2 g2 g1 g1 r4 r2"
BEA_HAND = "g4 g4 g3 g2 g1 g1 r3 r0"
CAL_HAND = "g4 g3 g3 g2 g1 g1 r3 r1"
STOCK_TOP = "g2 r4 g3 g1 r3 g2 g1 g4 r2"


def pick_ids(pack: str, groups: Sequence[str]) -> list[list[int]]:
    """Give each space-separated list of kinds its own card ids, no id used twice."""
    free = list(pack_cards(pack))
    out: list[list[int]] = []
    for group in groups:
        ids = []
        for kind in group.split():
            card = next(c for c in free if c.kind == kind)
            free.remove(card)
            ids.append(card.id)
        out.append(ids)
    return out


def arranged(
    dealer: int, hands: Sequence[str], stock_top: str = "", pack: str = "standard"
) -> Deal:
    """Return the deal giving these hands (kinds) and this stock top."""
    *hand_ids, top = pick_ids(pack, [*hands, stock_top])
    return Deal.arrange(dealer, hand_ids, top, len(pack_cards(pack)))


def stock_id(table: Table, kind: str) -> int:
    """Return the id of a card of this kind that lies in the stock."""
    return next(c for c in table.state.stock if table.state.card(c).kind == kind)


def example_deal() -> Deal:
    """Return the worked example's deal (rules §9): dealer Cal, so Abe plays first."""
    return arranged(CAL, (ABE_HAND, BEA_HAND, CAL_HAND), STOCK_TOP)


class Table(MatchTable[NeverOverState, PublicView, PrivateView]):
    """A match driven step by step, keeping the last step's events."""

    rules = RULES
    public_type = PublicView
    private_type = PrivateView

    def __init__(self, deal: Deal | None = None, seats: int = 3, **options: str) -> None:
        super().__init__(Match.new(RULES, seats, options))
        self.play(CHANCE, (deal or example_deal()).token())

    def hand(self, seat: int) -> list[str]:
        """Return a seat's hand as kinds, in hand order."""
        return [self.state.card(c).kind for c in self.state.hands[seat]]

    def pile(self, seat: int, colour: str) -> list[str]:
        """Return a seat's green or red pile as kinds, oldest first."""
        ids = self.state.greens[seat] if colour == "green" else self.state.reds[seat]
        return [self.state.card(c).kind for c in ids]

    def give(self, hands: Mapping[int, str]) -> None:
        """Give seats new hands (kinds) from cards no other seat holds and nobody played."""
        s = self.state
        kept = [h for seat, h in enumerate(s.hands) if seat not in hands]
        used = {c for h in kept for c in h} | {c for p in (*s.greens, *s.reds) for c in p}
        used |= set(s.discards)
        free = [c for c in s.cards if c.id not in used]
        new = list(s.hands)
        for seat, kinds in hands.items():
            new[seat] = ()
            picked = []
            for kind in kinds.split():
                card = next(c for c in free if c.kind == kind)
                free.remove(card)
                picked.append(card.id)
            new[seat] = tuple(picked)
        kept = {c for h in new for c in h}
        self.tweak(hands=tuple(new), stock=tuple(c for c in s.stock if c not in kept))


def finish_game(table: Table, plays: dict[int, list[str]]) -> None:
    """Let each seat make its listed plays when its turn comes; after them it retires."""
    queue = {seat: list(tokens) for seat, tokens in plays.items()}
    while table.state.phase == "play":
        seat = table.state.turn
        table.play(seat, queue[seat].pop(0) if queue.get(seat) else "X")
