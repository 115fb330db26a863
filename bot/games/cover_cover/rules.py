"""Cover-cover rules: everyone flips, the highest card takes all, ties start a Cover-cover.

The full specification is ``shared/rules/cover-cover.md``. Randomness (the deal and
the shuffles of winnings piles) arrives as chance actions. With ``auto`` on, the bot
flips and covers for everyone until the next summary, then plays on by itself after a
short read (a logged chance step), or at once when any player presses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bot.engine.errors import IllegalAction, MatchOver, NotYourTurn
from bot.engine.i18n import N_
from bot.engine.phrase import Phrase
from bot.engine.rng import Rng
from bot.engine.rules import ON, GameSpec, OptionSpec, Outcome, Rules, Transition, may_act
from bot.engine.seats import CHANCE, Seat
from bot.games.cover_cover import flow, resolve
from bot.games.cover_cover import messages as say
from bot.games.cover_cover.actions import (
    ACTIONS,
    Cover,
    CoverAction,
    Deal,
    Flip,
    PlayOn,
    Shuffle,
)
from bot.games.cover_cover.cards import CARDS, DECK_SIZE, Card
from bot.games.cover_cover.draft import RULES_VERSION, Draft
from bot.games.cover_cover.state import READ_SECONDS, CoverState
from bot.games.cover_cover.views import private_view, public_view

MOST_ROUNDS: Final = 10_000
"""The highest round limit: "a whole number of rounds" (rules §7), kept within what a table
plays in a few hours with auto on."""
MOST_SUMMARY_ROUNDS: Final = 1_000
"""The most rounds between two summaries with auto on ("1 or more", rules §7)."""

SPEC: Final = GameSpec(
    key="cover_cover",
    command="cover-cover",
    title="Cover-cover",
    min_seats=2,
    max_seats=6,
    rules_version=RULES_VERSION,
    hidden_information=True,
    options=(
        OptionSpec.number(
            "round_limit",
            N_(
                "Rounds before the most cards wins, up to 10000; 0 (default): until one "
                "player holds every card"
            ),
            0,
            (0, MOST_ROUNDS),
            named=(("0", N_("No limit")),),
        ),
        OptionSpec.switch(
            "auto", N_("on: the bot flips for everyone and posts a summary every few rounds")
        ),
        OptionSpec.number(
            "auto_summary_every",
            N_("With auto on: post a summary every this many rounds, 1 to 1000 (default 10)"),
            10,
            (1, MOST_SUMMARY_ROUNDS),
        ),
    ),
)


def chance_pause(state: CoverState) -> float:
    """Return the seconds the host waits before the pending chance step: the read after an
    auto summary (the deal and the shuffles follow at once)."""
    return float(READ_SECONDS) if state.reading() else 0.0


class CoverCoverRules(Rules[CoverState]):
    """The pure rules of Cover-cover, as they stand at one rules version (the current one
    unless a match began under an earlier one; see `RULES_VERSION`)."""

    spec = SPEC
    actions = ACTIONS

    def __init__(self, version: int = RULES_VERSION) -> None:
        self.version = version

    def setup(self, seats: int, chosen: dict[str, str]) -> CoverState:
        """Return the table before the deal."""
        return CoverState(
            seats=seats,
            round_limit=int(chosen["round_limit"]),
            auto=chosen["auto"] == ON,
            summary_every=int(chosen["auto_summary_every"]),
            hands=((),) * seats,
            winnings=((),) * seats,
            out=(0,) * seats,
        )

    def chance_due(self, state: CoverState) -> bool:
        """Tell whether the deal, the shuffle of a winnings pile or, with auto on, the end of
        the read after a summary is pending."""
        return state.phase == "deal" or state.shuffle_due() is not None or state.reading()

    def also_act(self, state: CoverState) -> frozenset[Seat]:
        """Auto: while a summary is read, any player still in may let the bot play on now;
        nobody is waited for, since the bot plays on by itself after the read."""
        if state.reading():
            return frozenset(state.live())
        return frozenset()

    def legal_actions(self, state: CoverState, seat: Seat) -> Sequence[CoverAction]:
        """List the one button the seat may press now (also while a summary is read)."""
        if seat in self.also_act(state):
            return (Flip(),)
        return super().legal_actions(state, seat)

    def reframed(self, state: CoverState, seat: Seat, action: Any) -> bool:
        """Auto: a press to play on answers the summary it was clicked on. Once anyone else
        pressed, or the read ran out, the bot has played on, and the press from the older
        summary would skip the new one unread: it is stale, the member sees the new one."""
        return isinstance(action, Flip) and state.reading()

    def players_to_act(self, state: CoverState) -> frozenset[Seat]:
        """Return everyone still to press."""
        return frozenset(state.waiting())

    def moves(self, state: CoverState, seat: Seat) -> Sequence[CoverAction]:
        """List the one button the seat may press now."""
        return (Cover(),) if state.phase == "cover" else (Flip(),)

    def chance_outcome(self, state: CoverState, rng: Rng) -> CoverAction:
        """Draw the deal, or the new order of a winnings pile."""
        if state.phase == "deal":
            deck = list(range(DECK_SIZE))
            rng.shuffle(deck)
            return Deal(rng.randrange(state.seats), tuple(deck))
        seat = state.shuffle_due()
        if seat is None and state.reading():
            return PlayOn()
        if seat is None or state.phase == "over":
            raise IllegalAction(say.NO_CHANCE)
        pile = list(state.winnings[seat])
        rng.shuffle(pile)
        return Shuffle(seat, tuple(pile))

    def apply(self, state: CoverState, seat: Seat, action: Any) -> Transition:
        """Apply an action, refusing it with a readable reason when it is not allowed."""
        if state.phase == "over":
            raise MatchOver()
        if seat not in may_act(self, state):
            raise NotYourTurn(self._why_not(state, seat))
        d = Draft(state, self.version)
        if seat == CHANCE:
            self._apply_chance(d, action)
        elif isinstance(action, Deal | Shuffle | PlayOn):
            raise IllegalAction(say.BOT_ONLY)
        elif isinstance(action, Flip) != (state.phase == "flip"):
            raise IllegalAction(say.FLIP_NOT_COVER if state.phase == "flip" else say.COVER_NOT_FLIP)
        elif state.auto:
            d.update(running=True)
        else:
            flow.press(d, seat)
        if d.state.running:
            flow.run_auto(d)
        return d.transition()

    public_view = staticmethod(public_view)
    private_view = staticmethod(private_view)
    """A private view adds only the seat's own counts."""

    def final(self, state: CoverState) -> Outcome:
        """Return the standings once the match is over."""
        return Outcome(
            ranks=resolve.standings(state),
            termination=state.termination,
            summary=say.winners_text(state.winners, state.termination, state.round),
            scores=tuple(float(c) for c in resolve.counts(state)),
        )

    def hidden_from(self, state: CoverState, seat: Seat | None) -> Sequence[Card]:
        """List the cards nobody may identify: hands, winnings and face-down cards.

        They stay unseen after the match too (rules §6, example 9.2).
        """
        shown = {p.up for r in (state.current, state.last) if r for p in r.plays()}
        unseen = [c for pile in (*state.hands, *state.winnings) for c in pile]
        if state.current is not None:
            unseen += [p.down for p in state.current.plays() if p.down >= 0]
        if state.last is not None and state.last.winner is None:
            # A drawn round's pot stays on the table, face-down cards and all (rules §4.3.4).
            unseen += [p.down for p in state.last.plays() if p.down >= 0]
        return [CARDS[c] for c in unseen if c not in shown]

    def _apply_chance(self, d: Draft, action: Any) -> None:
        """Apply the deal or a shuffle."""
        if isinstance(action, Deal) and d.state.phase == "deal":
            flow.deal(d, action)
        elif isinstance(action, Shuffle) and d.state.phase != "deal":
            flow.shuffle(d, action)
        elif isinstance(action, PlayOn) and d.state.reading():
            d.update(running=True)
        else:
            raise IllegalAction(say.NO_CHANCE)

    def _why_not(self, state: CoverState, seat: Seat) -> Phrase:
        """Explain why a seat may not press now."""
        if seat == CHANCE:
            return say.NO_CHANCE
        if not 0 <= seat < state.seats:
            return say.NOT_YOUR_TURN
        if state.out[seat]:
            return say.YOU_ARE_OUT
        if state.phase == "cover" and seat not in state.covering:
            return say.NOT_TIED
        if seat in state.pressed:
            return say.ALREADY_COVERED if state.phase == "cover" else say.ALREADY_FLIPPED
        return say.NOT_YOUR_TURN
