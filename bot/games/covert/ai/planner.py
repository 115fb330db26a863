"""Covert planner: an AI that works towards completing its Missions, from its seat's view only.

For every Mission in hand it makes a plan (``plan``): which cards pay the
equipment, which agents walk or fly to the city and region, what is still missing
and about how many dice the rest costs; Missions are ranked by value per die.

- Phase I (``place``): dice go where the best plans need them: Complete
  Mission when a Mission can be finished this round, Movement for the longest
  walk, Agency Cards for missing equipment, Mission Cards when the hand runs
  short, the Decoder when a face breaks a code; spare dice draw Special
  Operations tokens. A +1/−1 is spent only when it opens a clearly better space.
- Phase II (``codes``): it searches its swaps (and a Code Breaker when one
  more swap breaks one more code) and lays Decoder dice to claim the most codes.
- Phase III (``act``): it takes a missing card, walks agents towards their
  goals, completes the best payable Mission (flying first when only a flight is
  missing), takes the most promising Mission, and forfeits only dice that cannot
  help. In the final step (``final``) it completes its best payable
  Mission, flying or spending a Move ×3 first when that is what it takes.
- Sub-decisions and reactions (``choice``): it keeps the most promising
  Missions and cards, and declines Espionage and First unless they clearly pay;
  a seat that timed out (``must_act``) always declines, as section 7.4 asks.

It never reads anything but the view and the legal actions, and it draws no
random numbers, so it is deterministic; any answer that is not legal falls back
to the first legal action (the timeout default).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.policy import ViewPolicy
from bot.engine.rng import Rng
from bot.engine.rules import Action
from bot.games.covert.actions import DECLINE, HALT, Step, plays
from bot.games.covert.ai.act import act, after_action, boost, step
from bot.games.covert.ai.choice import prompt, react
from bot.games.covert.ai.codes import codes_turn
from bot.games.covert.ai.final import by_move_points, final
from bot.games.covert.ai.place import place
from bot.games.covert.ai.plan import Holdings, ranked
from bot.games.covert.views import PrivateView


def decide(view: PrivateView, legal: Sequence[Action], must_act: bool) -> Action:
    """Return the planner's choice for the decision the seat faces."""
    held = Holdings.read(view)
    plans = ranked(view, held)
    if view.public.phase == "final":
        plans = by_move_points(plans)
    if view.pending is not None:
        return prompt(view, legal, held, plans)
    if DECLINE in legal:
        return react(view, legal, held, plans, must_act)
    if HALT in legal or any(isinstance(a, Step) for a in legal):
        return step(view, legal, plans)
    turn = view.public.turn
    if turn is None:
        return legal[0]
    if turn.kind == "codes":
        return codes_turn(view, legal)
    if turn.kind == "final":
        return final(view, legal, held, plans)
    extra = boost(view, legal, plans) if turn.kind == "place" and not turn.placed else None
    if turn.kind == "place":
        return extra or place(view, legal, held, plans)
    if turn.acted:
        return after_action(view, legal, plans)
    return act(view, legal, held, plans)


class PlannerPolicy(ViewPolicy[PrivateView]):
    """Plans towards its Missions from the seat's view; declines reactions when timed out."""

    name = "planner"

    def decide(
        self, view: PrivateView, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick a legal action for the decision the view shows (never a dossier setting)."""
        legal = plays(legal)
        if not legal:
            return None
        if not view.public.players:
            return legal[0]
        action = decide(view, legal, must_act)
        return action if action in legal else legal[0]

    def otherwise(self, legal: Sequence[Action], rng: Rng) -> Action:
        """Given a view that is not a seat's own, play the first legal action."""
        return legal[0]
