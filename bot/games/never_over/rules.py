"""NEVER OVER rules: score green cards under the cap your red pile sets, and cap the others.

The full specification is ``shared/rules/never-over.md``. The shuffle (and the
first dealer) arrives as a chance action before every game of the session.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.engine.errors import NO_DEAL_PENDING, IllegalAction, MatchOver, NotYourTurn
from bot.engine.i18n import N_
from bot.engine.phrase import Phrase
from bot.engine.rng import Rng
from bot.engine.rules import GameSpec, OptionSpec, Outcome, Rules, Transition
from bot.engine.seats import CHANCE, Seat
from bot.games.never_over import flow
from bot.games.never_over import messages as say
from bot.games.never_over.actions import ACTIONS, Deal, Discard, NeverOverAction, Play, Retire
from bot.games.never_over.cards import pack_cards
from bot.games.never_over.partners import ROTATING_SEATS
from bot.games.never_over.plays import legal_actions
from bot.games.never_over.scoring import ranks, side_points, summary
from bot.games.never_over.state import NeverOverState
from bot.games.never_over.views import private_view, public_view

HAND_SIZES: Final = tuple(str(n) for n in range(4, 13))
MOST_GAMES: Final = 60
"""A session's games are "1 or more" (rules §7); 60 is a whole number of deals round the
table for any two to six players."""
TEAMS: Final = ("A", "B", "C")
HAND_SIZE_LABELS: Final = (
    N_("4 cards"),
    N_("5 cards"),
    N_("6 cards"),
    N_("7 cards"),
    N_("8 cards"),
    N_("9 cards"),
    N_("10 cards"),
    N_("11 cards"),
    N_("12 cards"),
)
"""The hand size choices as written, one message each (the options are translated as a whole)."""
SPEC: Final = GameSpec(
    key="never_over",
    command="never-over",
    title="NEVER OVER",
    min_seats=2,
    max_seats=6,
    options=(
        OptionSpec(
            name="hand_size",
            description=N_("Cards dealt to each player"),
            choices=tuple(zip(HAND_SIZES, HAND_SIZE_LABELS, strict=True)),
            default="8",
        ),
        OptionSpec.number(
            "games",
            N_("Games in the session, 1 (default) to 60; the deal rotates and scores add up"),
            1,
            (1, MOST_GAMES),
        ),
        OptionSpec(
            name="pack",
            description=N_("standard, offensive (more greens) or defensive (more reds)"),
            choices=(
                ("standard", N_("Standard")),
                ("offensive", N_("Offensive")),
                ("defensive", N_("Defensive")),
            ),
            default="standard",
        ),
        OptionSpec(
            name="partnerships",
            description=N_(
                "on: fixed teams picked in the lobby; rotating: 5 players, partners "
                "change with the deal"
            ),
            choices=(
                ("off", N_("Off")),
                ("on", N_("On")),
                ("rotating", N_("Rotating (5 players)")),
            ),
            default="off",
        ),
        OptionSpec(
            name="team",
            description=N_("Your team when partnerships are on"),
            choices=(("A", N_("Team A")), ("B", N_("Team B")), ("C", N_("Team C"))),
            default="A",
            per_seat=True,
            balanced=True,
            applies_when=("partnerships", "on"),
        ),
    ),
)


def most_dealt(seats: int, chosen: Mapping[str, str]) -> int:
    """Return the most cards the chosen pack deals each of this many players."""
    return len(pack_cards(chosen["pack"])) // seats


def fixed_teams(seats: int, chosen: Mapping[str, str]) -> tuple[str, ...]:
    """Return the seats' team picks when partnerships are on and make two teams or more."""
    picks = tuple(chosen["team"].split(","))[:seats]
    wanted = chosen["partnerships"] == "on"
    return picks if wanted and len(set(picks)) >= 2 else ()


def session_state(seats: int, chosen: Mapping[str, str]) -> NeverOverState:
    """Build the state before the first deal from resolved options (a lobby refuses those
    that break §7; a match built without one gets the nearest playable session)."""
    size = min(int(chosen["hand_size"]), most_dealt(seats, chosen))
    wanted = chosen["partnerships"] == "on"
    teams = fixed_teams(seats, chosen)
    rotating = chosen["partnerships"] == "rotating"
    return NeverOverState(
        seats=seats,
        pack=chosen["pack"],
        hand_size=size,
        asked_hand_size=int(chosen["hand_size"]),
        games=int(chosen["games"]),
        teams=teams,
        teams_dropped=wanted and not teams,
        rotating=rotating and seats == ROTATING_SEATS,
        rotating_dropped=rotating and seats != ROTATING_SEATS,
        hands=((),) * seats,
        greens=((),) * seats,
        reds=((),) * seats,
        retired=(False,) * seats,
    )


class NeverOverRules(Rules[NeverOverState]):
    """The pure rules of NEVER OVER."""

    spec = SPEC
    actions = ACTIONS

    def setup(self, seats: int, chosen: dict[str, str]) -> NeverOverState:
        """Return the table before the first deal."""
        return session_state(seats, chosen)

    def start_refusal(self, seats: int, options: Mapping[str, str]) -> Phrase | None:
        """Say why a lobby with this many seats may not start with these options, if so.

        The options' own limits (rules §7): rotating partnerships are for five players
        only, fixed partnerships need at least two teams, and every hand must come out of
        the pack (players × hand size ≤ pack size).
        """
        chosen = SPEC.resolve_options(options, seats)
        if chosen["partnerships"] == "rotating" and seats != ROTATING_SEATS:
            return say.rotating_refused(seats)
        if chosen["partnerships"] == "on" and not fixed_teams(seats, chosen):
            return say.TEAMS_REFUSED
        most = most_dealt(seats, chosen)
        if int(chosen["hand_size"]) > most:
            return say.hand_refused(int(chosen["hand_size"]), seats, most)
        return None

    def players_to_act(self, state: NeverOverState) -> frozenset[Seat]:
        """Return the player to move."""
        return frozenset({state.turn})

    def moves(self, state: NeverOverState, seat: Seat) -> Sequence[NeverOverAction]:
        """List every action the player to move may take."""
        return legal_actions(state, seat)

    def chance_outcome(self, state: NeverOverState, rng: Rng) -> Deal:
        """Shuffle the pack; before the first game, also draw the dealer."""
        if state.phase != "deal":
            raise IllegalAction(NO_DEAL_PENDING)
        order = list(range(len(state.cards)))
        rng.shuffle(order)
        dealer = flow.next_dealer(state)
        if dealer is None:
            dealer = rng.randrange(state.seats)
        return Deal(dealer, tuple(order))

    def apply(self, state: NeverOverState, seat: Seat, action: Any) -> Transition:
        """Apply an action, refusing it with a readable reason when it is not allowed."""
        if state.phase == "over":
            raise MatchOver()
        if seat not in self.to_act(state):
            retired = 0 <= seat < state.seats and state.phase == "play" and state.retired[seat]
            raise NotYourTurn(say.RETIRED) if retired else NotYourTurn()
        d = flow.Draft(state)
        if isinstance(action, Deal) and seat == CHANCE:
            flow.deal(d, action)
        elif isinstance(action, Play) and seat != CHANCE:
            flow.play(d, seat, action)
        elif isinstance(action, Discard) and seat != CHANCE:
            flow.discard(d, seat, action.kind)
        elif isinstance(action, Retire) and seat != CHANCE:
            flow.retire(d, seat)
        else:
            raise IllegalAction(say.NOT_A_TURN_MOVE)
        return d.transition()

    public_view = staticmethod(public_view)
    private_view = staticmethod(private_view)

    def final(self, state: NeverOverState) -> Outcome:
        """Return the session's standings once the last game is over."""
        totals = state.totals()
        return Outcome(
            ranks=ranks(totals, state.ranked_teams),
            termination="session" if state.games > 1 else "all_retired",
            summary=summary(state),
            scores=tuple(float(v) for v in side_points(totals, state.ranked_teams)),
        )

    def keeps_notes(self, state: NeverOverState, seat: Seat) -> bool:
        """Tell whether the seat may read its notes (the deal, the cards it drew): not once
        it has retired, while the game goes on, since its set-aside cards are hidden from
        everyone, itself included (rules §6)."""
        return state.phase != "play" or not state.retired[seat]

    def hidden_from(self, state: NeverOverState, seat: Seat | None) -> Sequence[Any]:
        """List the cards this seat may not see during play: the stock, others' hands, and
        every retired player's set-aside cards, its own included (rules §6)."""
        if state.phase != "play":
            return []
        hands = enumerate(state.hands)
        ids = [c for o, hand in hands if o != seat or state.retired[o] for c in hand]
        return [state.card(c) for c in (*ids, *state.stock)]
