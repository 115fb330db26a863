"""Covert rules: dice placement, code breaking and missions across a map of Europe.

The full specification is ``shared/rules/covert.md``. Every random step (set-up
shuffles, dice, reshuffles, token draws) arrives as a chance action; after each
step ``turns.settle`` moves the match on until someone must decide.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.engine.errors import IllegalAction, MatchOver, NotYourTurn
from bot.engine.i18n import N_
from bot.engine.rng import Rng
from bot.engine.rules import ON, Action, GameSpec, OptionSpec, Rules, Transition
from bot.engine.seats import CHANCE, Seat
from bot.games.covert import chance
from bot.games.covert import messages as say
from bot.games.covert.actions import ACTIONS, DECLINE, Accept, Reroll, Setting
from bot.games.covert.chance import HUSH_SECONDS
from bot.games.covert.flow import (
    RULES_VERSION,
    Draft,
    first_seats,
    hushed,
    reshuffle_due,
    spy_seat,
)
from bot.games.covert.rules import dispatch, legal, reactions, setup
from bot.games.covert.rules.legal import may_reroll, prompt_for, rerolls
from bot.games.covert.rules.placement import reroll
from bot.games.covert.rules.scoring import outcome as final_outcome
from bot.games.covert.state import CovertState
from bot.games.covert.views import hidden, private_view, public_view

SPEC: Final = GameSpec(
    key="covert",
    title="Covert",
    min_seats=2,
    max_seats=4,
    hand_label=N_("🔒 My dossier"),
    rules_version=RULES_VERSION,
    options=(
        OptionSpec(
            name="characters",
            description=N_("Characters dealt at random, or picked in seat order from all six"),
            choices=(("deal", N_("Deal at random")), ("choose", N_("Choose in seat order"))),
            default="deal",
        ),
        OptionSpec(
            name="round_limit",
            description=N_(
                "Off (the rules' end only), or the final missions after round 20 "
                "(a guard for AI-only tables)"
            ),
            choices=(("off", N_("No round limit")), ("20", N_("Final missions after round 20"))),
            default="off",
        ),
        OptionSpec.switch(
            "conceal_reactions",
            N_(
                "Every Espionage event and First window waits 8 s alike, "
                "so the pause reveals nothing"
            ),
        ),
        OptionSpec(
            name="espionage",
            description=N_(
                "Espionage: be asked after each event, or never (always decline, no wait)"
            ),
            choices=(("ask", N_("Espionage: ask")), ("never", N_("Espionage: never"))),
            default="ask",
            per_seat=True,
        ),
        OptionSpec(
            name="first",
            description=N_(
                "First: be asked in each First window, or never (always decline, no wait)"
            ),
            choices=(("ask", N_("First: ask")), ("never", N_("First: never"))),
            default="ask",
            per_seat=True,
        ),
    ),
)


def never(chosen: Mapping[str, str], name: str, seats: int) -> tuple[int, ...]:
    """Return the seats whose per-seat reaction setting is *never*."""
    picks = chosen[name].split(",")[:seats]
    return tuple(seat for seat, value in enumerate(picks) if value == "never")


def acting(state: CovertState, version: int) -> frozenset[Seat]:
    """Return who acts now: chance, prompted seats, a reacting seat or the turn's owner."""
    if state.phase == "over":
        return frozenset()
    if state.needs or reshuffle_due(state, version):
        return frozenset({CHANCE})
    if state.prompts:
        first = state.prompts[0]
        if first.kind == "keep3":
            return frozenset(p.seat for p in state.prompts if p.kind == "keep3")
        return frozenset({first.seat})
    if state.moving is not None:  # a Move ×3 is spent before its Espionage event (4.7)
        return frozenset({state.moving.seat})
    spy = spy_seat(state)
    if spy is not None:
        return frozenset({spy})
    if state.turn is not None:
        return frozenset({state.turn.seat})
    seats = first_seats(state)
    return frozenset(seats[:1])


def chance_pause(state: CovertState) -> float:
    """Return the seconds the host waits before the next chance step (a concealed wait)."""
    return HUSH_SECONDS if hushed(state) else 0.0


class CovertRules(Rules[CovertState]):
    """The pure rules of Covert, as they stand at one rules version (the current one unless
    a match began under an earlier one; see `RULES_VERSION`)."""

    spec = SPEC
    actions = ACTIONS

    def __init__(self, version: int = RULES_VERSION) -> None:
        self.version = version

    def setup(self, seats: int, chosen: dict[str, str]) -> CovertState:
        """Return the table before the set-up shuffles."""
        d = Draft(
            CovertState(
                seats=seats,
                spy_never=never(chosen, "espionage", seats),
                first_never=never(chosen, "first", seats),
                round_limit=0 if chosen["round_limit"] == "off" else int(chosen["round_limit"]),
                conceal=chosen["conceal_reactions"] == ON,
            )
        )
        if chosen["characters"] == "choose":
            setup.offer_character(d, 0)
        else:
            d.need("setup")
        return d.state

    def to_act(self, state: CovertState) -> frozenset[Seat]:
        """Return the seats that may act now, {CHANCE}, or nothing at the end."""
        return acting(state, self.version)

    def also_act(self, state: CovertState) -> frozenset[Seat]:
        """Return the seats that may act out of turn: spend their Reroll token (4.1 step 2)
        or change a dossier setting (7.5).

        Nobody waits for them: they are not in ``to_act`` (no timer, no ping, no AI
        turn); their dossier simply offers the Reroll while Phase I lasts, and the
        settings while the match does.
        """
        busy, version = acting(state, self.version), self.version
        return frozenset(
            s
            for s in range(state.seats)
            if s not in busy
            and (may_reroll(state, s, version) or reactions.settings(state, s, version))
        )

    def _extra(self, state: CovertState, seat: Seat) -> list[Action]:
        """Return what a seat may do out of turn: Rerolls, then the settings."""
        found: list[Action] = []
        if may_reroll(state, seat, self.version):
            found += rerolls(state.players[seat].unplaced())
        return [*found, *reactions.settings(state, seat, self.version)]

    def legal_actions(self, state: CovertState, seat: Seat) -> Sequence[Action]:
        """List every action the seat may take now, a timed-out seat's default first."""
        if seat == CHANCE:
            return ()
        if seat not in acting(state, self.version):
            return tuple(self._extra(state, seat))
        return tuple(legal.legal(state, seat, self.version))

    def is_legal(self, state: CovertState, seat: Seat, action: Action) -> bool:
        """Tell whether `action` is among `legal_actions(state, seat)`, placements directly."""
        if seat == CHANCE or seat not in acting(state, self.version):
            return action in self.legal_actions(state, seat)
        return legal.is_legal(state, seat, action, self.version)

    def reframed(self, state: CovertState, seat: Seat, action: Any) -> bool:
        """Tell whether a reaction answer clicked before another step means something else.

        An answer to an Espionage or First prompt (take, use, decline) answers one event or
        window (4.7, 7.4). Steps by others while a player is asked are rare (a Reroll, a
        setting changed), but one may move the question on: a player who turns reactions
        back on is asked first and may use First, or take the card, before them. The answer
        is then stale, and the player sees the question as it stands now.
        """
        return isinstance(action, Accept) or action == DECLINE

    def chance_outcome(self, state: CovertState, rng: Rng) -> Action:
        """Draw the pending random step."""
        return chance_step(state, rng)

    def apply(self, state: CovertState, seat: Seat, action: Any) -> Transition:
        """Apply an action, refusing it with a readable reason when it is not allowed."""
        if state.phase == "over":
            raise MatchOver()
        rerolling = isinstance(action, Reroll) and seat != CHANCE
        setting = isinstance(action, Setting) and seat != CHANCE
        may = rerolling and may_reroll(state, seat, self.version)
        anytime = setting and bool(reactions.settings(state, seat, self.version))
        if seat not in acting(state, self.version) and not (may or anytime):
            raise NotYourTurn()
        d = Draft(state, self.version)
        if rerolling:  # at any moment of Phase I, whoever is asked what (4.1 step 2)
            reroll(d, seat, action)
            if not may or action not in self.legal_actions(state, seat):
                raise IllegalAction(say.NOT_ALLOWED)
        elif setting:  # at any moment of the match (7.5)
            reactions.change_setting(d, seat, action)
        elif seat == CHANCE:
            dispatch.chance(d, action)
        else:
            dispatch.player(d, seat, action, prompt_for(state, seat))
            if not legal.is_legal(state, seat, action, self.version):
                raise IllegalAction(say.NOT_ALLOWED)
        dispatch.settle(d)
        return d.transition()

    public_view = staticmethod(public_view)
    private_view = staticmethod(private_view)
    """A seat's private view is its dossier."""
    final = staticmethod(final_outcome)
    """The final ranking once the game is over."""

    def hidden_from(self, state: CovertState, seat: Seat | None) -> Sequence[Any]:
        """List the secret values the seat must not find in its view."""
        return hidden(state, seat)


def chance_step(state: CovertState, rng: Rng) -> Action:
    """Return the random result the state waits for."""
    if not state.needs:
        return chance.Shuffle(chance.shuffled(rng, len(state.agency_discard)))
    need = state.needs[0]
    if need.kind == "setup":
        return chance.setup(rng)
    if need.kind == "rolloff":
        return chance.roll(rng, 5 * len(state.rolloff))
    if need.kind == "roll":
        return chance.roll(rng, 5 * state.seats)
    if need.kind == "reroll":
        return chance.roll(rng, len(need.arg))
    if need.kind == "hush":
        return chance.Hush()
    if need.kind == "tokens":
        return chance.draw(rng, len(state.bag), int(need.arg))
    if need.kind == "codes":
        deck = state.code_decks["AB".index(need.arg)]
        return chance.Shuffle(chance.shuffled(rng, len(deck)))
    return chance.Shuffle(chance.shuffled(rng, len(state.agency_discard)))
