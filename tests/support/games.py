"""Game-agnostic helpers for tests that drive any registered game's rules.

Used by the conformance contract and the property tests: option and seat-count
choices, one random step of a playout, a whole random playout, and the check
that a view holds none of the secrets hidden from its seat. Each game's own
tests build their ``Table`` on ``MatchTable``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar, cast

import msgspec

from bot.engine import (
    CHANCE,
    Action,
    Event,
    GameModule,
    GameRules,
    LogEntry,
    Match,
    OptionSpec,
    Outcome,
    Rng,
    Seat,
)
from bot.engine.phrase import words

StateT = TypeVar("StateT")
PublicT = TypeVar("PublicT")
PrivateT = TypeVar("PrivateT")


def seats_for(module: GameModule, index: int) -> int:
    """Return the index-th seat count in the game's range."""
    spec = module.spec
    return spec.min_seats + index % (spec.max_seats - spec.min_seats + 1)


ENDLESS_WITHOUT: dict[str, dict[str, str]] = {"covert": {"round_limit": "20"}}
"""Options a random playout needs to end: Covert ends only after a sixth mission, which
random seats never reach, so its playouts take the host's round limit
(``bench.covert_playouts`` plays the uncapped game with a planner seat)."""


def options_for(module: GameModule, index: int) -> dict[str, str]:
    """Return the index-th combination of the game's option choices.

    Per-seat options (teams picked in the lobby) get one value per seat, varied
    with the index so that every value is seen.
    """
    shared = module.spec.match_options
    choices = [option_values(o) for o in shared]
    combos = list(itertools.product(*choices)) or [()]
    combo = combos[index % len(combos)]
    options = {o.name: value for o, value in zip(shared, combo, strict=True)}
    options.update(ENDLESS_WITHOUT.get(module.spec.key, {}))
    seats = seats_for(module, index)
    for option in module.spec.seat_options:
        values = [value for value, _ in option.choices]
        options[option.name] = ",".join(
            values[(index + seat * (1 + index % 2)) % len(values)] for seat in range(seats)
        )
    return options


def option_values(option: OptionSpec) -> list[str]:
    """Return the values of an option a playout tries: its listed choices and, for a
    whole-number option, its lowest and a small number beside them."""
    values = [value for value, _ in option.choices]
    if option.whole is not None:
        low, _high = option.whole
        values += [str(n) for n in (max(low, 1), max(low, 1) + 4) if str(n) not in values]
    return values


class Chooser(Rng, Protocol):
    """What a random step needs from its source: ``random.Random`` or hypothesis's."""

    def choice(self, seq: Any) -> Any:
        """Return one element of a non-empty sequence."""
        ...


def random_step(rules: GameRules, state: Any, rng: Chooser) -> tuple[Seat, Action]:
    """Pick a seat to act at random and a random legal action (or chance result) for it."""
    seat: Seat = rng.choice(sorted(rules.to_act(state)))
    if seat == CHANCE:
        return seat, rules.chance_outcome(state, rng)
    legal = rules.legal_actions(state, seat)
    return seat, legal[rng.randrange(len(legal))]


def random_playout(
    rules: GameRules,
    seats: int,
    options: Mapping[str, str],
    rng: Chooser,
    limit: int,
) -> Iterator[tuple[Match, list[LogEntry]]]:
    """Play random steps, yielding the match after each with the log so far.

    Yields the starting match first; stops at the outcome or after ``limit``
    steps. The log list grows in place.
    """
    match = Match.new(rules, seats, options)
    log: list[LogEntry] = []
    yield match, log
    while match.outcome is None and match.seq < limit:
        seat, action = random_step(rules, match.state, rng)
        match.step(seat, action.token())
        log.append((seat, action.token()))
        yield match, log


def play_to_end(
    match: Match, chance: Rng, pick: Callable[[Match, Seat, Any, Sequence[Action]], Action]
) -> Match:
    """Play a match of one seat to act at a time to its outcome and return it: chance
    results drawn from ``chance``, each seat's action from ``pick(match, seat, view, legal)``."""
    rules = match.rules
    while match.outcome is None:
        if match.chance_pending:
            match.step(CHANCE, rules.chance_outcome(match.state, chance).token())
            continue
        (seat,) = rules.to_act(match.state)
        view, legal = rules.view(match.state, seat), rules.legal_actions(match.state, seat)
        match.step(seat, pick(match, seat, view, legal).token())
    return match


_SORTED: Final = msgspec.msgpack.Encoder(order="sorted")


def canonical(value: Any) -> bytes:
    """Encode a value so that equal plain forms give equal bytes (dict keys and struct
    fields sorted, tuples and lists alike) and every sub-tree's bytes stand, unchanged,
    inside its parent's."""
    return _SORTED.encode(value)


class Forms:
    """Canonical forms of plain data, each numbered: equal sub-trees get the same number.

    A node's form is its kind and its children's numbers (a dict's items sorted by
    key), so two trees are equal exactly when their numbers are, and each node is
    looked at once however deep it sits.
    """

    LIMIT = 200_000
    """Forms kept before the table starts over (numbers are compared within one check)."""

    def __init__(self) -> None:
        self.numbers: dict[Any, int] = {}
        self.encoded: dict[bytes, int] = {}
        """Numbers of values already seen, by their canonical bytes (equal bytes, equal
        forms)."""

    def number(self, node: Any, found: set[int] | None = None) -> int:
        """Return the number of a tree's form, adding every sub-tree's number to `found`."""
        if isinstance(node, dict):
            form: Any = ("{}", tuple(sorted((k, self.number(v, found)) for k, v in node.items())))
        elif isinstance(node, list | tuple):
            form = ("[]", tuple(self.number(v, found) for v in node))
        else:
            form = (type(node).__name__, node)
        number = self.numbers.setdefault(form, len(self.numbers))
        if found is not None:
            found.add(number)
        return number

    def number_of(self, value: Any, encoded: bytes) -> int:
        """Return the number of a value's plain form, given its `canonical` bytes: worked
        out once per distinct value."""
        number = self.encoded.get(encoded)
        if number is None:
            number = self.encoded[encoded] = self.number(msgspec.to_builtins(value))
        return number

    def start(self) -> None:
        """Begin a check: start the table over if it grew past its limit."""
        if len(self.numbers) > self.LIMIT:
            self.numbers.clear()
            self.encoded.clear()


_FORMS = Forms()
"""Shared by every leak check: a game's hidden values recur from step to step."""


def assert_no_leak(rules: GameRules, state: Any, seat: Seat | None) -> None:
    """Check that no hidden value of this seat appears anywhere in its view.

    A hidden value held as a sub-tree of the view would stand in the view's
    canonical bytes, so only a value whose bytes do (a leak, or bytes that meet
    by chance across fields) is looked for tree by tree.
    """
    view = rules.view(state, seat)
    seen = canonical(view)
    hidden = ((secret, canonical(secret)) for secret in rules.hidden_from(state, seat))
    suspects = [(secret, encoded) for secret, encoded in hidden if encoded in seen]
    if not suspects:
        return
    _FORMS.start()
    subtrees: set[int] = set()
    _FORMS.number(msgspec.to_builtins(view), subtrees)
    for secret, encoded in suspects:
        number = _FORMS.number_of(secret, encoded)
        assert number not in subtrees, f"seat {seat} can see {secret!r}"


def assert_revealed_once_ended(rules: GameRules, state: Any, seats: int) -> None:
    """Check that a match ended now (forfeits, a host ending it) shows what its players
    hold: each value hidden from the public that stands in some seat's own view stands
    in the public view of the ended match. What no seat sees (a deck's order, Cover-
    cover's face-down cards) may stay unseen."""
    hidden = {canonical(secret): secret for secret in rules.hidden_from(state, None)}
    if not hidden:
        return
    _FORMS.start()
    shown: set[int] = set()
    _FORMS.number(msgspec.to_builtins(rules.ended_view(state)), shown)
    for seat in range(seats):
        held: set[int] = set()
        _FORMS.number(msgspec.to_builtins(rules.view(state, seat)), held)
        for encoded, secret in hidden.items():
            number = _FORMS.number_of(secret, encoded)
            assert number not in held or number in shown, f"{secret!r} stays hidden"


class MatchTable(Generic[StateT, PublicT, PrivateT]):
    """A match driven step by step in a game's own tests, keeping the last step's events.

    A game's ``Table`` subclasses this with its rules and view types and adds
    its own helpers (hands by name, arranged deals ...).
    """

    rules: ClassVar[GameRules]
    public_type: ClassVar[type[Any]]
    private_type: ClassVar[type[Any]]

    def __init__(self, match: Match) -> None:
        self.match = match
        self.events: tuple[Event, ...] = ()

    @property
    def state(self) -> StateT:
        """Return the current state."""
        state: StateT = self.match.state
        return state

    def play(self, seat: Seat, token: str) -> tuple[Event, ...]:
        """Apply one step and keep its events."""
        self.events = self.match.step(seat, token)
        return self.events

    def public(self) -> PublicT:
        """Return the public view, checking its type."""
        view = self.rules.view(self.state, None)
        assert isinstance(view, self.public_type)
        return cast(PublicT, view)

    def private(self, seat: Seat) -> PrivateT:
        """Return a seat's private view, checking its type."""
        view = self.rules.view(self.state, seat)
        assert isinstance(view, self.private_type)
        return cast(PrivateT, view)

    def outcome(self) -> Outcome:
        """Return how the match ended; it must be over."""
        outcome = self.rules.outcome(self.state)
        assert outcome is not None, "the match is not over"
        return outcome

    def legal(self, seat: Seat) -> list[str]:
        """Return a seat's legal tokens."""
        return [a.token() for a in self.rules.legal_actions(self.state, seat)]

    def tweak(self, **changes: Any) -> None:
        """Change some fields of the state directly (to reach rare positions)."""
        self.match.state = msgspec.structs.replace(self.match.state, **changes)

    def public_text(self) -> str:
        """Return the text of every public event of the last step."""
        return " ".join(words(e.text) for e in self.events if e.audience is None)

    def private_text(self, seat: Seat) -> str:
        """Return the text of the events this seat (and maybe others) may read, not everyone."""
        return " ".join(words(e.text) for e in self.events if e.audience and seat in e.audience)
