"""The contract every game implements: metadata, pure rules, transitions, outcomes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar, get_args, get_origin

import msgspec

from bot.engine.codec import Actions
from bot.engine.errors import BadOption, bad_choice, bad_number
from bot.engine.i18n import N_, _
from bot.engine.phrase import Phrase, Text, render
from bot.engine.rng import Rng
from bot.engine.seats import CHANCE, Seat

OFF: Final = "off"
ON: Final = "on"
"""The values of an off/on option (:meth:`OptionSpec.switch`), as the rules receive them."""


class OptionSpec(msgspec.Struct, frozen=True):
    """One match option chosen at creation (a slash-command parameter)."""

    name: str
    """Parameter name, lower case (``mode``)."""
    description: str
    """One line shown by Discord beside the parameter."""
    choices: tuple[tuple[str, str], ...]
    """(value, label) pairs; the value is what the rules receive. With ``whole``, the
    values that have a name of their own (``0``: no limit), if any."""
    default: str
    """The value used when the member leaves the option out."""
    per_seat: bool = False
    """Each seated member picks a value in the lobby (a team, say); the rules then
    receive the picks in seat order, comma-separated (``"A,B,A,B"``)."""
    balanced: bool = False
    """For a per-seat option: a new seat gets the least-picked value (teams stay
    even). Otherwise the option is a personal preference and a new seat gets the
    declared default; nobody's pick ever changes without their own click."""
    applies_when: tuple[str, str] | None = None
    """``(option, value)``: offer this per-seat option in the lobby only when that
    match option has that value (teams only with partnerships on)."""

    def applies(self, chosen: Mapping[str, str]) -> bool:
        """Tell whether this option matters given the match options chosen."""
        if self.applies_when is None:
            return True
        name, value = self.applies_when
        return chosen.get(name) == value

    whole: tuple[int, int] | None = None
    """``(lowest, highest)``: the option takes any whole number in this range, as the
    rules allow ("a whole number of rounds"), not only the listed choices."""

    def values(self) -> frozenset[str]:
        """Return the listed values (with ``whole``, only those with a name of their own)."""
        return frozenset(v for v, _ in self.choices)

    def accepts(self, value: str) -> str | None:
        """Return the value as the rules receive it (``"037"`` as ``"37"``), or None when
        the option does not take it."""
        if value in self.values():
            return value
        if self.whole is None or not value.isascii() or not value.strip().isdigit():
            return None
        number = int(value)
        low, high = self.whole
        return str(number) if low <= number <= high else None

    def refusal(self, value: str) -> Phrase:
        """Say, in one sentence, why the option does not take this value."""
        if self.whole is not None:
            low, high = self.whole
            return bad_number(self.name, value, low, high)
        return bad_choice(self.name, value, ", ".join(v for v, _ in self.choices))

    def label(self, value: str) -> str:
        """Return the label of a value as written (its own name, else the number itself)."""
        return dict(self.choices).get(value, value)

    @classmethod
    def switch(cls, name: str, description: str) -> OptionSpec:
        """Declare an off/on option, off unless the member turns it on."""
        return cls(name, description, ((OFF, N_("Off")), (ON, N_("On"))), OFF)

    @classmethod
    def number(
        cls,
        name: str,
        description: str,
        default: int,
        whole: tuple[int, int],
        named: tuple[tuple[str, str], ...] = (),
    ) -> OptionSpec:
        """Declare an option taking any whole number in ``whole`` (some with a name of
        their own, ``named``: ``0`` for no limit)."""
        return cls(name, description, named, str(default), whole=whole)


class GameSpec(msgspec.Struct, frozen=True):
    """Static metadata of a game, as data."""

    key: str
    """Registry key and slash-command group name (``coverta``)."""
    title: str
    """Display name (``COVERTA``)."""
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...] = ()
    hidden_information: bool = True
    rules_version: int = 1
    command: str = ""
    """Slash-command group name when it differs from the key (``cover-cover``)."""
    hand_label: str = N_("My hand")
    """Label of the table button that opens a seat's private view (``My dossier``)."""

    @property
    def seat_range(self) -> str:
        """Return how many players the game takes, in words (``2 to 6``, ``exactly 3``)."""
        if self.min_seats == self.max_seats:
            return f"exactly {self.min_seats}"
        return f"{self.min_seats} to {self.max_seats}"

    @property
    def command_name(self) -> str:
        """Return the slash-command group name."""
        return self.command or self.key

    @property
    def match_options(self) -> tuple[OptionSpec, ...]:
        """Return the options chosen once for the whole match (slash-command parameters)."""
        return tuple(o for o in self.options if not o.per_seat)

    @property
    def seat_options(self) -> tuple[OptionSpec, ...]:
        """Return the options each seat picks in the lobby."""
        return tuple(o for o in self.options if o.per_seat)

    def resolve_options(self, given: Mapping[str, str | None], seats: int = 0) -> dict[str, str]:
        """Fill defaults and check every value against its declared choices.

        A per-seat option holds one value per seat, comma-separated; missing
        picks (up to ``seats``) take the default.
        """
        resolved: dict[str, str] = {}
        for option in self.options:
            if option.per_seat:
                picks = [p for p in (given.get(option.name) or "").split(",") if p]
                picks += [option.default] * max(0, seats - len(picks))
                bad = [p for p in picks if p not in option.values()]
                value = ",".join(picks)
            else:
                given_value = str(given.get(option.name) or option.default)
                accepted = option.accepts(given_value)
                bad = [given_value] if accepted is None else []
                value = accepted or given_value
            if bad:
                raise BadOption(option.refusal(bad[0]))
            resolved[option.name] = value
        return resolved


class Event(msgspec.Struct, frozen=True):
    """Something that happened, in plain words, with who may read it.

    ``text`` names seats as ``{p[0]}``, ``{p[1]}`` ... so each reader sees
    display names; a :class:`~bot.engine.phrase.Phrase` is worded in the reader's
    language when rendered, a plain text (older logs, notes) is shown as it is.
    ``audience`` is None for public events, else the seats that may read this one.
    """

    text: Text
    audience: tuple[Seat, ...] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        """Tell whether this seat (None: a spectator) may read the event."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def render(self, names: Sequence[str]) -> str:
        """Put display names into the text, worded in the current language."""
        return render(self.text, names)


class Transition(msgspec.Struct, frozen=True):
    """The result of applying one action: the new state and what happened."""

    state: Any
    events: tuple[Event, ...] = ()


class Outcome(msgspec.Struct, frozen=True):
    """How a finished match ended."""

    ranks: tuple[int, ...]
    """Rank per seat, 1 is best; equal ranks share a place. When nobody wins (every player
    eliminated), every seat shares the last place and none is ranked 1."""
    termination: str
    """A short key for why it ended (``went_out``, ``blocked``)."""
    summary: Text
    """One sentence, with ``{p[i]}`` placeholders for names (a phrase is worded when read)."""
    scores: tuple[float, ...] | None = None

    def render(self, names: Sequence[str]) -> str:
        """Return the summary with display names, worded in the current language."""
        return render(self.summary, names)

    @property
    def winners(self) -> frozenset[Seat]:
        """Return the seats ranked first."""
        return frozenset(s for s, r in enumerate(self.ranks) if r == 1)

    def standings(self, names: Sequence[str]) -> str:
        """Return the places, best first (``Standings: 1. Ada, 2. Ben``), in the current
        language."""
        order = sorted(range(len(self.ranks)), key=lambda s: self.ranks[s])
        places = ", ".join(f"{self.ranks[s]}. {names[s]}" for s in order)
        return _("Standings: {places}").format(places=places)


class Action(Protocol):
    """An immutable move with a compact text codec."""

    def token(self) -> str:
        """Return the compact text form, the inverse of the game's ``decode``."""
        ...


class GameRules(Protocol):
    """Pure, synchronous rules of one game."""

    state_type: type[Any]

    def initial_state(self, seats: int, options: Mapping[str, str]) -> Any:
        """Return the state before any chance or player step."""
        ...

    def to_act(self, state: Any) -> frozenset[Seat]:
        """Return the seats that may act now, {CHANCE}, or nothing when over."""
        ...

    def legal_actions(self, state: Any, seat: Seat) -> Sequence[Action]:
        """List every action the seat may take now."""
        ...

    def chance_outcome(self, state: Any, rng: Rng) -> Action:
        """Draw the concrete result of the pending random step."""
        ...

    def apply(self, state: Any, seat: Seat, action: Action) -> Transition:
        """Apply an action, raising IllegalAction/NotYourTurn with a readable reason."""
        ...

    def decode(self, token: str) -> Action:
        """Parse an action token, raising BadToken on anything malformed."""
        ...

    def view(self, state: Any, seat: Seat | None) -> Any:
        """Return everything the seat may know (None: the public view)."""
        ...

    def ended_view(self, state: Any, seat: Seat | None = None) -> Any:
        """Return the view of a match ended before its game was over (decided by forfeits,
        or ended by its host), for a seat or (None) the public: as once it is over."""
        ...

    def keeps_notes(self, state: Any, seat: Seat) -> bool:
        """Tell whether the seat may still read the private notes it was sent (the deal,
        a card drawn), or what they told is hidden from it again."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """Return how the match ended, or None while it goes on."""
        ...

    def hidden_from(self, state: Any, seat: Seat | None) -> Sequence[Any]:
        """List the secret values the seat must not find in its view (for leak tests)."""
        ...


class TableState(Protocol):
    """What the shared rules read of every game's state."""

    @property
    def phase(self) -> str:
        """The stage of the match; ``over`` once it has ended."""
        ...

    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        ...


S = TypeVar("S", bound=TableState)

CHANCE_ONLY: Final = frozenset({CHANCE})


class Rules(Generic[S]):
    """What every game's rules do alike, written once; a game declares what differs.

    A game's rules derive from ``Rules[ItsState]`` (which sets ``state_type``), name its
    ``spec`` (seat range and options) and its ``actions`` (the one reader of its tokens),
    and write the rest: the ``setup`` state for the resolved options, who plays now
    (``players_to_act``, and ``chance_due`` when the pending step is not only a deal),
    the ``moves`` a seat to act may take, ``chance_outcome``, ``apply``, ``hidden_from``,
    the ``public_view`` and a seat's ``private_view``, and the ``final`` outcome of a
    match that is over. The seat checks, option resolving, token reading, the choice
    between the two views and the "not over yet" answer are the same for every game and
    stay here.
    """

    spec: ClassVar[GameSpec]
    actions: ClassVar[Actions[Any]]
    state_type: type[S]
    """The state's struct, which stored snapshots decode to (from the ``Rules[...]`` base)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in getattr(cls, "__orig_bases__", ()):
            if get_origin(base) is Rules:
                cls.state_type = get_args(base)[0]

    def initial_state(self, seats: int, options: Mapping[str, str]) -> S:
        """Check the number of seats against the spec, resolve the match's options and
        return the state before any chance or player step (``setup`` builds it)."""
        spec = self.spec
        if not spec.min_seats <= seats <= spec.max_seats:
            raise ValueError(f"{spec.title} needs {spec.seat_range} players, not {seats}")
        return self.setup(seats, spec.resolve_options(options, seats))

    def setup(self, seats: int, chosen: dict[str, str]) -> S:
        """Return the state before any step, for this many seats and the resolved options."""
        raise NotImplementedError

    def to_act(self, state: S) -> frozenset[Seat]:
        """Return the seats that may act now, {CHANCE}, or nothing when over."""
        if state.phase == "over":
            return frozenset()
        if self.chance_due(state):
            return CHANCE_ONLY
        return self.players_to_act(state)

    def chance_due(self, state: S) -> bool:
        """Tell whether a random step is pending (by default: the deal)."""
        return state.phase == "deal"

    def players_to_act(self, state: S) -> frozenset[Seat]:
        """Return the players who may act while the match goes on and no chance step is due."""
        raise NotImplementedError

    def legal_actions(self, state: S, seat: Seat) -> Sequence[Any]:
        """List every action the seat may take now: none unless it is a player to act."""
        if seat == CHANCE or seat not in self.to_act(state):
            return ()
        return self.moves(state, seat)

    def moves(self, state: S, seat: Seat) -> Sequence[Any]:
        """List the actions of a player who is to act."""
        raise NotImplementedError

    def decode(self, token: str) -> Any:
        """Parse an action token, raising BadToken on anything malformed."""
        return self.actions.decode(token)

    def view(self, state: S, seat: Seat | None) -> Any:
        """Return the public view, or a seat's private view (None or no seat: the public one)."""
        if seat is None or not 0 <= seat < state.seats:
            return self.public_view(state)
        return self.private_view(state, seat)

    def ended_view(self, state: S, seat: Seat | None = None) -> Any:
        """Return the view of a match ended before its game was over, for a seat or (None)
        the public.

        A view tells what ends with the match (every game's ``over``: hands, secret rules
        and missions face up, nobody waited for) from the state's ``over`` phase; a match
        that ends outside its log (forfeits, a host ending it) is shown as in that phase,
        so its table reveals what a played-out match reveals, as its log does, and no
        private view still says whose move it is."""
        struct: Any = state  # every game's state is a frozen msgspec struct
        return self.view(msgspec.structs.replace(struct, phase="over"), seat)

    def keeps_notes(self, state: S, seat: Seat) -> bool:
        """Tell whether the seat may still read the private notes it was sent (the deal,
        a card drawn): yes, unless a game hides from a seat what it once held (a NEVER
        OVER hand set aside face down)."""
        return True

    def public_view(self, state: S) -> Any:
        """Return what anyone at the table may know."""
        raise NotImplementedError

    def private_view(self, state: S, seat: Seat) -> Any:
        """Return what one seat knows: the public view and its own secrets."""
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        """Return how the match ended, or None while it goes on."""
        return self.final(state) if state.phase == "over" else None

    def final(self, state: S) -> Outcome | None:
        """Return the outcome of a match that is over."""
        raise NotImplementedError


def may_act(rules: GameRules, state: Any, to_act: frozenset[Seat] | None = None) -> frozenset[Seat]:
    """Return the seats whose action is accepted now: ``to_act`` plus out-of-turn actors.

    A game may define ``also_act(state)``: seats that may take an optional action
    although nobody waits for them (Covert's Reroll token, usable on anyone's turn).
    Those seats get no turn timer, no ping and no AI turn (``to_act`` alone drives
    those); they are only allowed to act, as when a member opens their private view.
    ``to_act`` is the rules' answer for this state, when the caller has it already.
    """
    seats = rules.to_act(state) if to_act is None else to_act
    extra = getattr(rules, "also_act", None)
    return seats | extra(state) if extra is not None else seats


def reframed(rules: GameRules, state: Any, seat: Seat, action: Action) -> bool:
    """Tell whether a click made before another step means something else now.

    By default it does not: a click made on an older table still plays while the
    clicking seat has not moved since and the action is still legal. A game whose
    tokens leave out context that other steps change (another seat's, or chance's)
    defines ``reframed(state, seat, action)``: True makes such a click stale (the
    member sees the table as it is now and chooses again), and a GameError it raises
    refuses the click with a reason. COVERTA's steal names no target and its bluff
    placement is warned against L; Cover-cover's "play on" answers one summary;
    Covert's reaction answers one Espionage event or First window.
    """
    hook = getattr(rules, "reframed", None)
    return bool(hook(state, seat, action)) if hook is not None else False


def is_legal(rules: GameRules, state: Any, seat: Seat, action: Action) -> bool:
    """Tell whether `action` is among ``rules.legal_actions(state, seat)``.

    The list is the one source of truth: a game may define ``is_legal(state, seat,
    action)`` that answers without listing everything, with the same helpers the
    list is made of (the property tests hold it to the list).
    """
    direct = getattr(rules, "is_legal", None)
    if direct is not None:
        return bool(direct(state, seat, action))
    return action in rules.legal_actions(state, seat)
