"""Covert planner, Phase I: which die goes where, and when a +1/−1 is worth spending.

Each target gets a list of values for the seat's first, second ... die on it, drawn
from the Mission plans: a Complete Mission die when a Mission can be finished this
round, Movement dice for the longest walk, Agency dice for missing equipment, a
Mission die when the hand runs short, Decoder dice whose face breaks a code. A
placement is scored with a one-step look-ahead: its value plus the greedy best use
of the other unplaced dice on the spaces still open to them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.rules import Action
from bot.games.covert.actions import END, PASS, Adjust, Place, Reroll, Use
from bot.games.covert.ai.codes import face_gains
from bot.games.covert.ai.plan import Holdings, Plan, card_dice, cost, worth
from bot.games.covert.ai.value import card_value, mission_rate
from bot.games.covert.data import CIRCLES, DECODER, SPEC_OPS, TOKENS
from bot.games.covert.views import PrivateView

TARGETS = (*CIRCLES, SPEC_OPS, DECODER)
DECODER_GAIN = 6.5
"""Value of a Decoder die whose face breaks one more code."""
SNEAK_WORTH = 5.0
"""A Sneak Attack token is spent when two dice each have a circle space worth this much."""
CONTESTED = 0.3
"""Bonus for placing on a circle now rather than later (others may take the space)."""
REROLL_GAIN = 3.0
"""The once-a-game Reroll is spent when the rerolled dice are expected to be worth this much
more than their faces now."""


@dataclass(frozen=True)
class Board:
    """The dice already down: occupied spaces per circle, and the seat's dice per target."""

    taken: dict[str, frozenset[int]]
    mine: Counter[str]

    def fits(self, target: str, face: int) -> bool:
        """Tell whether a die of this face may go on the target."""
        if target not in self.taken:
            return True
        spaces = self.taken[target]
        if face in spaces:
            return False
        return not spaces or bool({face % 6 + 1, (face - 2) % 6 + 1} & spaces)

    def after(self, target: str, face: int) -> Board:
        """Return the board with one more die of the seat on a target."""
        taken = dict(self.taken)
        if target in taken:
            taken[target] = taken[target] | {face}
        return Board(taken, self.mine + Counter({target: 1}))


def read_board(view: PrivateView) -> Board:
    """Read the circles' occupied spaces and the seat's placed dice."""
    taken = {c: frozenset[int]() for c in CIRCLES}
    for p in view.public.players:
        for die in p.dice:
            if die.place in taken:
                taken[die.place] = taken[die.place] | {die.space}
    me = view.public.players[view.seat]
    return Board(taken, Counter(d.place for d in me.dice if d.place in TARGETS))


def prerequisites(view: PrivateView, held: Holdings, p: Plan) -> float:
    """Return the Movement and Agency dice a plan needs before its Mission can be completed."""
    cards = sum(card_dice(view, held, icon) for icon in p.missing)
    return p.steps + cards + (0 if p.spare else 1)


def complete_wants(
    view: PrivateView, held: Holdings, plans: Sequence[Plan], dice: int
) -> list[float]:
    """Return the values of Complete Mission dice: one per Mission finishable this round."""
    values = []
    for p in plans:
        need = prerequisites(view, held, p)
        if p.ready:
            values.append(10.0 + 0.2 * worth(p))
        elif (
            p.located
            and need <= min(dice - 1, 3)
            and all(card_dice(view, held, i) < 3 for i in p.missing)
        ):
            values.append(8.0 - need + 0.1 * worth(p))
    return sorted(values, reverse=True)[:2] or [0.3]


def focus(plans: Sequence[Plan]) -> list[Plan]:
    """Return the plans still needing work, at most two."""
    return [p for p in plans if not p.ready and p.located][:2]


def move_wants(plans: Sequence[Plan]) -> list[float]:
    """Return the values of Movement dice: one per step of the longest walk."""
    work = focus(plans)
    first = [7.0] * min(work[0].steps, 3) if work else []
    second = [3.0] * min(work[1].steps, 3) if len(work) > 1 else []
    return (first + second[len(first) :]) or [0.6]


def agency_wants(view: PrivateView, held: Holdings, plans: Sequence[Plan]) -> list[float]:
    """Return the values of Agency dice: the missing equipment, then any card."""
    values: list[float] = []
    for weight, p in zip((6.0, 3.0), focus(plans), strict=False):
        dice = sum(min(card_dice(view, held, i), 2.0) for i in p.missing)
        values += [weight] * int(dice + (0 if p.spare else 1))
    return [*sorted(values, reverse=True)[:3], 2.2, 1.2]


def mission_wants(view: PrivateView, held: Holdings, plans: Sequence[Plan]) -> list[float]:
    """Return the value of a Mission Cards die: high when the hand runs short."""
    me = view.public.players[view.seat]
    count = len(view.missions)
    if count == 0:
        return [9.0]
    if count == 1:
        return [6.0, 0.5]
    best = max((worth(p) / cost(view, held, p) for p in plans), default=0.0)
    row = max((mission_rate(view, held, m) for m in view.public.mission_row if m), default=0.0)
    if count < me.mission_limit and (best < 0.7 or row > best):
        return [4.0]
    return [1.5 if count < me.mission_limit else 0.3]


def wants(view: PrivateView, held: Holdings, plans: Sequence[Plan]) -> dict[str, list[float]]:
    """Return, per target, the values of the seat's successive dice on it this round."""
    me = view.public.players[view.seat]
    dice = sum(1 for d in me.dice if d.place in ("", *CIRCLES))
    return {
        "COMPLETE_MISSION": complete_wants(view, held, plans, dice),
        "MISSION_CARDS": mission_wants(view, held, plans),
        "AGENCY_CARDS": agency_wants(view, held, plans),
        "MOVEMENT": move_wants(plans),
        SPEC_OPS: [1.8] * 5 if view.public.bag else [0.1],
        DECODER: [0.2],
    }


@dataclass(frozen=True)
class Values:
    """The value of a die on each target, given how many the seat has there already."""

    lists: dict[str, list[float]]
    decoder: dict[int, int]
    """Codes gained per face by one more Decoder die."""
    decoding: int
    """The seat's dice already on the Decoder (the gains count from there)."""

    def of(self, board: Board, target: str, face: int) -> float:
        """Return the value of the next die of this face on a target."""
        values = self.lists[target]
        n = board.mine[target]
        value = values[n] if n < len(values) else min(values[-1], 0.6)
        if target == DECODER and board.mine[DECODER] == self.decoding:
            value += DECODER_GAIN * self.decoder.get(face, 0)
        return value


def greedy(values: Values, board: Board, faces: list[int]) -> float:
    """Return the value of placing the other dice one by one on their best open targets."""
    total = 0.0
    faces = list(faces)
    while faces:
        best = max(
            (
                (values.of(board, t, f), t, f)
                for f in set(faces)
                for t in TARGETS
                if board.fits(t, f)
            ),
            default=None,
        )
        if best is None:
            return total
        total += best[0]
        board = board.after(best[1], best[2])
        faces.remove(best[2])
    return total


def decoder_faces(view: PrivateView) -> dict[int, int]:
    """Return the Decoder faces that would break one more code this round."""
    me = view.public.players[view.seat]
    placed = [d.face for d in me.dice if d.place == DECODER]
    return face_gains(view.public.cipher, [c.code for c in view.codes], placed)


def score_place(values: Values, board: Board, faces: list[int], face: int, target: str) -> float:
    """Return a placement's value plus the greedy use of the remaining dice."""
    rest = list(faces)
    rest.remove(face)
    now = values.of(board, target, face)
    # Between equal totals, circles (which fill up) and the more valuable die go first.
    urgency = 0.05 * now + (CONTESTED if target in CIRCLES else 0.0)
    return now + greedy(values, board.after(target, face), rest) + urgency


def unplaced_faces(view: PrivateView) -> list[int]:
    """Return the faces of the seat's unplaced dice."""
    return [d.face for d in view.public.players[view.seat].dice if d.place == ""]


def best_place(view: PrivateView, legal: Sequence[Action], values: Values) -> tuple[float, Place]:
    """Return the best legal placement and its look-ahead score."""
    board = read_board(view)
    faces = unplaced_faces(view)
    dice = view.public.players[view.seat].dice
    places = [a for a in legal if isinstance(a, Place)]
    scored = [(score_place(values, board, faces, dice[a.die].face, a.target), a) for a in places]
    return max(scored, key=lambda x: (x[0], -TARGETS.index(x[1].target), -x[1].die))


def adjusted(
    view: PrivateView, values: Values, action: Adjust, held: Holdings, plans: Sequence[Plan]
) -> float:
    """Return the best score after a +1/−1 on a die, less what the source is worth."""
    board = read_board(view)
    faces = unplaced_faces(view)
    old = view.public.players[view.seat].dice[action.die].face
    ability = TOKENS[action.source].ability if action.source in TOKENS else ""
    card = next((c for c in view.hand if c.id == action.source), None)
    price = 0.4 if card is None else card_value(card, held, plans)
    if card is not None:
        ability = card.ability
    new = old % 6 + 1 if ability == "PLUS_ONE" else (old - 2) % 6 + 1
    faces[faces.index(old)] = new
    options = [
        score_place(values, board, faces, new, t)
        for t in TARGETS
        if t != SPEC_OPS and board.fits(t, new)  # a modified die never goes to the folder
    ]
    return max(options, default=0.0) - price


def sneak(view: PrivateView, legal: Sequence[Action], values: Values) -> Use | None:
    """Return a Sneak Attack token worth spending: two dice each want a circle space now."""
    turn = view.public.turn
    if turn is None or turn.placed or turn.extra or turn.adjusting >= 0:
        return None
    uses = [a for a in legal if isinstance(a, Use) and a.source in TOKENS]
    tokens = [a for a in uses if TOKENS[a.source].ability == "SNEAK_ATTACK"]
    faces = unplaced_faces(view)
    if not tokens or len(faces) < 2:
        return None
    return tokens[0] if top_two(values, read_board(view), faces) >= SNEAK_WORTH else None


def top_two(values: Values, board: Board, faces: list[int]) -> float:
    """Return the lesser of the two best circle placements of two different dice."""
    first = best_circle(values, board, faces)
    if first is None:
        return 0.0
    rest = list(faces)
    rest.remove(first[2])
    second = best_circle(values, board.after(first[1], first[2]), rest)
    return min(first[0], second[0]) if second else 0.0


def best_circle(values: Values, board: Board, faces: list[int]) -> tuple[float, str, int] | None:
    """Return the most valuable circle space open to one of these dice."""
    options = [
        (values.of(board, t, f), t, f) for f in set(faces) for t in CIRCLES if board.fits(t, f)
    ]
    return max(options, default=None)


def die_worth(values: Values, board: Board, face: int) -> float:
    """Return the best value one die of this face has on any open target."""
    return max((values.of(board, t, face) for t in TARGETS if board.fits(t, face)), default=0.0)


def reroll(view: PrivateView, legal: Sequence[Action], values: Values) -> Reroll | None:
    """Return the Reroll of the dice whose faces fit nothing worth having, when it pays."""
    if not any(isinstance(a, Reroll) for a in legal):
        return None
    board = read_board(view)
    fresh = sum(die_worth(values, board, f) for f in range(1, 7)) / 6
    dice = view.public.players[view.seat].dice
    weak = tuple(
        i
        for i, d in enumerate(dice)
        if d.place == "" and fresh - die_worth(values, board, d.face) > 1.0
    )
    gain = sum(fresh - die_worth(values, board, dice[i].face) for i in weak)
    action = Reroll(weak) if weak else None
    return action if action in legal and gain >= REROLL_GAIN else None


def place(
    view: PrivateView, legal: Sequence[Action], held: Holdings, plans: Sequence[Plan]
) -> Action:
    """Choose the Phase I action: a Reroll or +1/−1 when it pays, else the best placement,
    else end the turn."""
    if not any(isinstance(a, Place) for a in legal):
        return END if END in legal else PASS
    values = Values(wants(view, held, plans), decoder_faces(view), read_board(view).mine[DECODER])
    again = reroll(view, legal, values)
    if again is not None:
        return again
    extra = sneak(view, legal, values)
    if extra is not None:
        return extra
    score, action = best_place(view, legal, values)
    tweaks = [(adjusted(view, values, a, held, plans), a) for a in legal if isinstance(a, Adjust)]
    if tweaks:
        gain, tweak = max(tweaks, key=lambda x: (x[0], x[1].source))
        if gain > score + 1.5:
            return tweak
    return action
