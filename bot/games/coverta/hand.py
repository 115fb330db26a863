"""Text and choices of a seat's private COVERTA view: instructions, hand, actions."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.rules import Action
from bot.engine.screen import Button, Select, SelectOption, act, pick
from bot.games.coverta.actions import Draw, EndTurn, Pass, Place, PlayInPlace, Steal
from bot.games.coverta.cards import Card
from bot.games.coverta.messages import bluff_warning, card_text
from bot.games.coverta.views import PrivateView

MAX_OPTIONS = 25
Choice = Button | Select


def chunked(placeholder: str, options: Sequence[SelectOption]) -> list[Select]:
    """Split options into selects of at most 25."""
    return [
        Select(placeholder, tuple(options[i : i + MAX_OPTIONS]))
        for i in range(0, len(options), MAX_OPTIONS)
    ]


def hand_body(view: PrivateView, names: Sequence[str], note: str) -> str:
    """Return the private view's text."""
    if not view.instructions:
        return "Waiting for the deal."
    lines = ["**Your instructions**"]
    lines += [
        f"Rule {r}: **{i.words()}**: {i.meaning()}."
        for r, i in enumerate(view.instructions, start=1)
    ]
    if view.public.mode == "bluff":
        lines.append(
            "Both your instructions are public: the bot now enforces them."
            if view.enforced
            else "Bluff mode: you may place any card, at the risk of tokens and penalty draws."
        )
    if view.public.last is not None:
        lines.append(f"Last card placed (L): **{card_text(view.public.last)}**")
    lines.append(f"**Your hand** ({len(view.hand)}; + fits both your rules after L)")
    lines += [f"{'+' if c.number in view.satisfying else '-'} {card_text(c)}" for c in view.hand]
    if view.shown:
        lines.append("**Instructions you have learned**")
        lines += learned_lines(view, names)
    lines.append(note)
    return "\n".join(lines)


def learned_lines(view: PrivateView, names: Sequence[str]) -> list[str]:
    """List each opponent instruction shown to the seat once, with the rounds it was shown."""
    rounds: dict[tuple[int, int], list[str]] = {}
    for x in view.shown:
        rounds.setdefault((x.owner, x.rule), []).append(str(x.round))
    words = {(x.owner, x.rule): x.instruction.words() for x in view.shown}
    return [
        f"{names[owner]}'s rule {rule}: {words[owner, rule]} (shown in round {', '.join(when)})"
        for (owner, rule), when in rounds.items()
    ]


def hand_choices(
    view: PrivateView, legal: Sequence[Action], names: Sequence[str], step: str | None
) -> tuple[str, tuple[Choice, ...]]:
    """Return the note and the choices for the current step of a choice."""
    kind, _, rest = (step or "").partition(".")
    number = int(rest) if rest.isdigit() else 0
    if kind == "P":
        plays = [a for a in legal if isinstance(a, PlayInPlace) and a.card == number]
        if plays:
            return opponent_step(view, plays, names)
    if kind == "W" and Place(number) in legal and number not in view.satisfying:
        return warning_step(view, number)
    return main_step(view, legal, names)


def opponent_step(
    view: PrivateView, plays: Sequence[PlayInPlace], names: Sequence[str]
) -> tuple[str, tuple[Choice, ...]]:
    """Ask in whose place the chosen card should be played."""
    buttons = [Button(f"In {names[a.target]}'s place", act(a), "primary") for a in plays]
    buttons += [Button("Choose another card", pick("")), Button("End turn", act(EndTurn()))]
    return f"Play {plays[0].card} in whose place?", tuple(buttons)


def warning_step(view: PrivateView, number: int) -> tuple[str, tuple[Choice, ...]]:
    """Warn privately that a placement breaks the seat's rules, and ask to confirm."""
    card = next(c for c in view.hand if c.number == number)
    last = view.public.last
    assert last is not None
    broken = [(r, i) for r, i in enumerate(view.instructions) if not i.check(card, last)]
    buttons = (
        Button(f"Confirm: place {number}", act(Place(number)), "danger"),
        Button("Back", pick("")),
    )
    return bluff_warning(broken, card, last), buttons


def main_step(
    view: PrivateView, legal: Sequence[Action], names: Sequence[str]
) -> tuple[str, tuple[Choice, ...]]:
    """Offer every action open now."""
    cards = {c.number: c for c in view.hand}
    choices: list[Choice] = []
    places = [a for a in legal if isinstance(a, Place)]
    choices += chunked(
        "Place a card in your own row", [place_option(view, cards[a.card]) for a in places]
    )
    steals = [SelectOption(card_text(cards[a.card]), act(a)) for a in legal if isinstance(a, Steal)]
    turn = names[view.public.turn]
    choices += chunked(f"Steal: play a card in {turn}'s place", steals)
    tried = sorted({a.card for a in legal if isinstance(a, PlayInPlace)})
    plays = [SelectOption(card_text(cards[n]), pick(f"P.{n}")) for n in tried]
    choices += chunked("Play in an opponent's place: choose a card", plays)
    for action, label in ((Draw(), "Draw a card"), (Pass(), "Pass"), (EndTurn(), "End turn")):
        if action in legal:
            choices.append(Button(label, act(action), "primary"))
    return status_note(view, legal, turn), tuple(choices)


def place_option(view: PrivateView, card: Card) -> SelectOption:
    """Return a placement option; in bluff mode a rule-breaking card asks to confirm first."""
    if card.number in view.satisfying:
        return SelectOption(card_text(card), act(Place(card.number)), "Fits your rules")
    return SelectOption(card_text(card), pick(f"W.{card.number}"), "Breaks your rules")


def status_note(view: PrivateView, legal: Sequence[Action], turn: str) -> str:
    """Say what the seat may do now."""
    if view.public.over:
        return "The match is over."
    if not legal:
        return f"Waiting for {turn}."
    if any(isinstance(a, Steal) for a in legal):
        return f"{turn} is about to play: you may steal by playing a card in their place."
    if EndTurn() in legal:
        return "You may play one card in an opponent's place, or end your turn."
    if Draw() in legal:
        return "Your turn: place a card in your own row, or draw."
    if Pass() in legal:
        return "Your turn: place a card in your own row, or pass."
    return (
        "Your turn: place a card in your own row. The draw pile is empty and a card in "
        "your hand fits your rules, so you cannot pass."
    )
