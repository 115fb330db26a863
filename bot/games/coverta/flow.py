"""COVERTA turn flow: the deal, actions A, B and C, turn order, going out and the blocked end."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

import msgspec

from bot.engine.draft import Draft as BaseDraft
from bot.engine.draft import replaced
from bot.engine.errors import WRONG_SEATS_DEAL, IllegalAction
from bot.engine.phrase import phrase
from bot.engine.seats import deal_order, deal_out
from bot.games.coverta import messages as say
from bot.games.coverta.actions import Deal
from bot.games.coverta.cards import HAND_SIZE, INSTRUCTIONS, Card, Instruction
from bot.games.coverta.state import CovertaState, Placement

T = TypeVar("T")


class Draft(BaseDraft[CovertaState]):
    """One COVERTA transition in the making, with the deck at hand."""

    def __init__(self, state: CovertaState, cards: Sequence[Card]) -> None:
        super().__init__(state)
        self.cards = cards

    def card(self, number: int) -> Card:
        """Return the card with this number."""
        return self.cards[number - 1]

    @property
    def over(self) -> bool:
        """Tell whether the match has ended."""
        return self.state.phase == "over"


def without(hand: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    """Return a hand minus some cards."""
    gone = set(cards)
    return tuple(c for c in hand if c not in gone)


def adding(hand: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    """Return a hand plus some cards, in number order."""
    return tuple(sorted((*hand, *cards)))


def broken_rules(
    state: CovertaState, cards: Sequence[Card], seat: int, number: int
) -> list[tuple[int, Instruction]]:
    """Return the seat's instructions (index, instruction) that the card breaks after L."""
    new, reference = cards[number - 1], cards[state.last - 1]
    return [(r, i) for r, i in enumerate(state.instructions[seat]) if not i.check(new, reference)]


def can_place(state: CovertaState, cards: Sequence[Card], seat: int) -> bool:
    """Tell whether the seat holds a card its own instructions let it place now (§4.2 C)."""
    return any(not broken_rules(state, cards, seat, c) for c in state.hands[seat])


def enforced(state: CovertaState, seat: int) -> bool:
    """Tell whether the seat's own-row placements must follow its instructions."""
    return state.mode == "strict" or all(state.revealed[seat])


def deal(d: Draft, action: Deal) -> None:
    """Deal the hands, the instructions, the starting card and the draw pile."""
    n = d.state.seats
    if len(action.rule1) != n:
        raise IllegalAction(WRONG_SEATS_DEAL)
    size = HAND_SIZE[n]
    hands = deal_out(action.deck[: size * n], action.dealer, n)
    first = deal_order(action.dealer, n)[0]
    pairs = zip(action.rule1, action.rule2, strict=True)
    d.update(
        phase="turn",
        dealer=action.dealer,
        first=first,
        turn=first,
        round=1,
        hands=tuple(tuple(sorted(h)) for h in hands),
        draw_pile=action.deck[size * n + 1 :],
        instructions=tuple((INSTRUCTIONS[a], INSTRUCTIONS[b]) for a, b in pairs),
        layout=(Placement(action.deck[size * n], None, 0, None),),
        window=d.state.steal,
    )
    d.say(say.dealt(action.dealer, d.card(d.state.last)))
    for seat in range(n):
        hand = [d.card(c) for c in d.state.hands[seat]]
        d.tell(seat, say.your_deal(d.state.instructions[seat], hand))


def place(d: Draft, seat: int, number: int) -> None:
    """Action A: place a card in the seat's own row."""
    s = d.state
    if number not in s.hands[seat]:
        raise IllegalAction(phrase("You do not hold card {number}.", number=number))
    broken = broken_rules(s, d.cards, seat, number)
    if broken and enforced(s, seat):
        raise IllegalAction(say.refusal(broken, d.card(s.last)))
    meets = (all(r != 0 for r, _ in broken), all(r != 1 for r, _ in broken))
    d.update(
        hands=replaced(s.hands, seat, without(s.hands[seat], [number])),
        layout=(*s.layout, Placement(number, seat, s.round, seat, meets=meets)),
        window=False,
        quiet=0,
    )
    d.say(say.placed(seat, d.card(number)))
    if not d.state.hands[seat]:
        go_out(d, seat)
    if not d.over:
        end_turn(d, quiet_turn=False)


def draw(d: Draft, seat: int) -> None:
    """Action B: draw the top card, then maybe play in an opponent's place."""
    s = d.state
    if not s.draw_pile:
        if can_place(s, d.cards, seat):  # §4.2 C: no pass while a card fits
            raise IllegalAction(
                phrase(
                    "The draw pile is empty, and a card in your hand fits: place it in your row."
                )
            )
        raise IllegalAction(phrase("The draw pile is empty: pass instead."))
    top = s.draw_pile[0]
    d.update(
        hands=replaced(s.hands, seat, adding(s.hands[seat], [top])),
        draw_pile=s.draw_pile[1:],
        window=False,
        passed=False,
    )
    d.say(say.drew(seat))
    d.tell(seat, say.you_drew(d.card(top)))
    follow_up(d, seat, quiet_turn=False)


def pass_turn(d: Draft, seat: int) -> None:
    """Action C: pass, then maybe play in an opponent's place."""
    if d.state.draw_pile:
        raise IllegalAction(
            phrase("You may pass only once the draw pile is empty: draw a card instead.")
        )
    if can_place(d.state, d.cards, seat):
        raise IllegalAction(say.CANNOT_PASS)
    d.update(window=False, passed=True)
    d.say(say.passed(seat))
    follow_up(d, seat, quiet_turn=True)


def follow_up(d: Draft, seat: int, quiet_turn: bool) -> None:
    """Offer a play in a place, or end the turn at once when every opponent is barred."""
    if d.state.targets(seat):
        d.update(phase="follow")
    else:
        end_turn(d, quiet_turn)


def end_turn(d: Draft, quiet_turn: bool) -> None:
    """Count a quiet turn, end the match when the table is blocked, else pass the turn."""
    if quiet_turn:
        d.update(quiet=d.state.quiet + 1)
    if d.state.quiet and d.state.quiet >= d.state.in_play():
        blocked_end(d)
    else:
        advance(d)


def advance(d: Draft) -> None:
    """Give the turn to the next player in play; a new round starts at the first seat."""
    s = d.state
    seat, round_ = s.turn, s.round
    for _ in range(s.seats):
        seat = (seat + 1) % s.seats
        round_ += seat == s.first
        if s.active(seat):
            break
    d.update(phase="turn", turn=seat, round=round_, window=s.steal, passed=False)


def go_out(d: Draft, seat: int) -> None:
    """Handle an empty hand: a win, or in the bluff variant a reveal that may cost cards."""
    s = d.state
    d.say(say.went_out(seat, s.instructions[seat]))
    if s.mode == "strict":
        finish(d, (seat,), "went_out")
        return
    d.update(revealed=replaced(s.revealed, seat, (True, True)))
    if reveal(d, seat, (0, 1)) == 0:
        finish(d, (seat,), "went_out")
    elif not d.state.hands[seat]:
        d.update(eliminated=replaced(d.state.eliminated, seat, True))
        d.say(say.eliminated(seat))
        if d.state.in_play() == 0:
            finish(d, (), "eliminated")


def reveal(d: Draft, seat: int, rules: Sequence[int]) -> int:
    """Run a reveal event: token the seat's hidden broken cards, draw 2 per token."""
    s = d.state
    marked = [i for i, pl in enumerate(s.layout) if hidden_break(pl, seat, rules)]
    if not marked:
        return 0
    owed = 2 * len(marked)
    got = s.draw_pile[:owed]
    d.update(
        layout=tuple(
            msgspec.structs.replace(pl, token=True) if i in marked else pl
            for i, pl in enumerate(s.layout)
        ),
        draw_pile=s.draw_pile[owed:],
        hands=replaced(s.hands, seat, adding(s.hands[seat], got)),
    )
    d.say(say.tokens_placed(seat, [s.layout[i].card for i in marked], len(got), owed))
    if got:
        d.tell(seat, say.you_drew_penalty([d.card(c) for c in got]))
    return len(marked)


def hidden_break(placement: Placement, seat: int, rules: Sequence[int]) -> bool:
    """Tell whether a card the seat placed in its row is token-free and broke one of rules."""
    own = placement.row == seat and placement.by == seat and not placement.token
    return own and any(not placement.meets[r] for r in rules)


def blocked_end(d: Draft) -> None:
    """End a blocked table: the eligible players with the fewest cards win."""
    s = d.state
    active = [x for x in range(s.seats) if s.active(x)]
    honest = [
        x
        for x in active
        if s.mode == "strict" or not any(hidden_break(pl, x, (0, 1)) for pl in s.layout)
    ]
    eligible = honest or active
    fewest = min(len(s.hands[x]) for x in eligible)
    finish(d, tuple(x for x in eligible if len(s.hands[x]) == fewest), "blocked")


def finish(d: Draft, winners: tuple[int, ...], termination: str) -> None:
    """End the match."""
    d.update(phase="over", winners=winners, termination=termination, window=False)
    d.say(say.winners_text(winners, termination))


def standings(state: CovertaState) -> tuple[int, ...]:
    """Rank seats: winners, then fewest cards in hand, eliminated players last.

    An eliminated player cannot win (5.1): when every player is eliminated, they share
    the last place and nobody is ranked first.
    """
    if all(state.eliminated):
        return (state.seats,) * state.seats

    def key(seat: int) -> tuple[int, int]:
        if seat in state.winners:
            return (0, 0)
        if state.eliminated[seat]:
            return (2, 0)
        return (1, len(state.hands[seat]))

    keys = [key(s) for s in range(state.seats)]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)
