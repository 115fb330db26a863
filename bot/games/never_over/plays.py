"""Which plays the rules allow (§4.2), and the reason when one is refused."""

from __future__ import annotations

from bot.engine.phrase import Phrase
from bot.games.never_over import messages as say
from bot.games.never_over.actions import Discard, NeverOverAction, Play, Retire
from bot.games.never_over.cards import KINDS, kind_points
from bot.games.never_over.state import NeverOverState


def held_kinds(state: NeverOverState, seat: int) -> list[str]:
    """Return the kinds of card a seat holds, each once, in menu order."""
    held = {state.card(c).kind for c in state.hands[seat]}
    return [k for k in KINDS if k in held]


def refusal(
    state: NeverOverState, seat: int, play: Play, held: list[str] | None = None
) -> Phrase | None:
    """Return why a play is not allowed, or None when it is legal.

    `held` is ``held_kinds(state, seat)`` when the caller has it already.
    """
    if play.owner >= state.seats:
        return say.NO_SUCH_PLAYER
    if play.kind not in (held_kinds(state, seat) if held is None else held):
        return say.not_held(play.kind)
    if play.kind[0] == "g":
        return _green_refusal(state, seat, play)
    return _red_refusal(state, seat, play)


def _green_refusal(state: NeverOverState, seat: int, play: Play) -> Phrase | None:
    """Check a green card: own green pile only, up to the cap."""
    if play.pile == "red":
        return say.GREEN_ON_RED
    if play.owner != seat:
        return say.GREEN_ON_OTHER
    cap, points = state.cap(seat), kind_points(play.kind)
    return say.over_cap(cap, points) if points > cap else None


def _red_refusal(state: NeverOverState, seat: int, play: Play) -> Phrase | None:
    """Check a red card: it may raise or keep your own cap, or lower or keep another's."""
    if play.pile == "green":
        return say.RED_ON_GREEN
    cap, points = state.cap(play.owner), kind_points(play.kind)
    if play.owner == seat and points < cap:
        return say.would_lower_own(cap, points)
    if play.owner != seat and points > cap:
        return say.would_raise_other(cap, points)
    return None


def legal_plays(state: NeverOverState, seat: int) -> list[Play]:
    """List every legal play of a seat, one per kind and destination."""
    return _legal_plays(state, seat, held_kinds(state, seat))


def _legal_plays(state: NeverOverState, seat: int, held: list[str]) -> list[Play]:
    plays: list[Play] = []
    for kind in held:
        if kind[0] == "g":
            plays.append(Play(kind, seat, "green"))
            continue
        plays += [Play(kind, owner, "red") for owner in range(state.seats)]
    return [p for p in plays if refusal(state, seat, p, held) is None]


def legal_actions(state: NeverOverState, seat: int) -> list[NeverOverAction]:
    """List every action of the seat whose turn it is: plays, discards, retiring."""
    held = held_kinds(state, seat)
    actions: list[NeverOverAction] = [*_legal_plays(state, seat, held)]
    actions += [Discard(kind) for kind in held]
    actions.append(Retire())
    return actions


def redundant(state: NeverOverState, play: Play) -> bool:
    """Tell whether a red play leaves the cap where it was."""
    return play.kind[0] == "r" and kind_points(play.kind) == state.cap(play.owner)
