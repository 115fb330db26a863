"""AI policies: they see only a seat's view and its legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, get_args, get_origin

from bot.engine.rng import Rng
from bot.engine.rules import Action


class Policy(Protocol):
    """Chooses an action for one seat."""

    name: str

    def choose(
        self, view: Any, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick one legal action; may return None only when ``must_act`` is false."""
        ...


def any_of(legal: Sequence[Action], rng: Rng) -> Action:
    """Return a uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


V = TypeVar("V")


class ViewPolicy(Generic[V]):
    """A policy that decides from its seat's private view: ``ViewPolicy[PrivateView]``.

    With no legal action it abstains; given any other view (a public one) it plays
    ``otherwise`` (at random unless told otherwise). A game's policy writes only
    ``decide``, for a private view and legal actions; ``ViewPolicy[object]`` decides
    from any view.
    """

    name: str
    reads: ClassVar[type[Any]] = object
    """The view type ``decide`` reads, taken from the class's ``ViewPolicy[...]`` base."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in getattr(cls, "__orig_bases__", ()):
            if get_origin(base) is ViewPolicy:
                cls.reads = get_args(base)[0]

    def choose(
        self, view: Any, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick a legal action, or abstain when there is none."""
        if not legal:
            return None
        if not isinstance(view, self.reads):
            return self.otherwise(legal, rng)
        return self.decide(view, legal, rng, must_act=must_act)

    def otherwise(self, legal: Sequence[Action], rng: Rng) -> Action:
        """Pick one of the legal actions given a view ``decide`` does not read: any of them."""
        return any_of(legal, rng)

    def decide(
        self, view: V, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick one of the legal actions (there is at least one) seeing the private view."""
        raise NotImplementedError


class RandomPolicy(ViewPolicy[object]):
    """Plays a uniformly random legal action, and never abstains while there is one."""

    name = "random"

    def decide(
        self, view: object, legal: Sequence[Action], rng: Rng, *, must_act: bool
    ) -> Action | None:
        """Pick any legal action."""
        return any_of(legal, rng)
