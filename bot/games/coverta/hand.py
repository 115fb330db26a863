"""Text and choices of a seat's private COVERTA view: instructions, hand, actions."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.i18n import _
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
        return _("Waiting for the deal.")
    lines = [_("**Your instructions**")]
    rule = _("Rule {number}: **{instruction}**: {meaning}.")
    lines += [
        rule.format(number=r, instruction=i.words(), meaning=i.meaning())
        for r, i in enumerate(view.instructions, start=1)
    ]
    if view.public.mode == "bluff":
        lines.append(
            _("Both your instructions are public: the bot now enforces them.")
            if view.enforced
            else _("Bluff mode: you may place any card, at the risk of tokens and penalty draws.")
        )
    if view.public.last is not None:
        last = _("Last card placed (L): **{card}**")
        lines.append(last.format(card=card_text(view.public.last)))
    hand = _("**Your hand** ({count}; + fits both your rules after L)")
    lines.append(hand.format(count=len(view.hand)))
    lines += [hand_line(view, c) for c in view.hand]
    if view.shown:
        lines.append(_("**Instructions you have learned**"))
        lines += learned_lines(view, names)
    lines.append(note)
    return "\n".join(lines)


def hand_line(view: PrivateView, card: Card) -> str:
    """Return one card of the hand: + when it fits both rules after L, else - and which of
    the seat's own rules it breaks (why the bot refuses it in strict mode)."""
    if card.number in view.satisfying:
        return f"+ {card_text(card)}"
    last = view.public.last
    broken = (
        []
        if last is None
        else [r for r, i in enumerate(view.instructions, 1) if not i.check(card, last)]
    )
    if len(broken) == 1:
        return _("- {card} · breaks your rule {number}").format(
            card=card_text(card), number=broken[0]
        )
    if broken:
        return _("- {card} · breaks both your rules").format(card=card_text(card))
    return f"- {card_text(card)}"


def learned_lines(view: PrivateView, names: Sequence[str]) -> list[str]:
    """List each opponent instruction shown to the seat once, with the rounds it was shown."""
    rounds: dict[tuple[int, int], list[str]] = {}
    for x in view.shown:
        rounds.setdefault((x.owner, x.rule), []).append(str(x.round))
    words = {(x.owner, x.rule): x.instruction.words() for x in view.shown}
    said = _("{player}'s rule {number}: {instruction} (shown in round {rounds})")
    return [
        said.format(
            player=names[owner], number=rule, instruction=words[owner, rule], rounds=", ".join(when)
        )
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
    place = _("In {player}'s place")
    buttons = [Button(place.format(player=names[a.target]), act(a), "primary") for a in plays]
    buttons += [Button(_("Choose another card"), pick("")), Button(_("End turn"), act(EndTurn()))]
    return _("Play {card} in whose place?").format(card=plays[0].card), tuple(buttons)


def warning_step(view: PrivateView, number: int) -> tuple[str, tuple[Choice, ...]]:
    """Warn privately that a placement breaks the seat's rules, and ask to confirm."""
    card = next(c for c in view.hand if c.number == number)
    last = view.public.last
    assert last is not None
    broken = [(r, i) for r, i in enumerate(view.instructions) if not i.check(card, last)]
    buttons = (
        Button(_("Confirm: place {card}").format(card=number), act(Place(number)), "danger"),
        Button(_("Back"), pick("")),
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
        _("Place a card in your own row"), [place_option(view, cards[a.card]) for a in places]
    )
    steals = [SelectOption(card_text(cards[a.card]), act(a)) for a in legal if isinstance(a, Steal)]
    turn = names[view.public.turn]
    choices += chunked(_("Steal: play a card in {player}'s place").format(player=turn), steals)
    tried = sorted({a.card for a in legal if isinstance(a, PlayInPlace)})
    plays = [SelectOption(card_text(cards[n]), pick(f"P.{n}")) for n in tried]
    choices += chunked(_("Play in an opponent's place: choose a card"), plays)
    buttons = ((Draw(), _("Draw a card")), (Pass(), _("Pass")), (EndTurn(), _("End turn")))
    for action, label in buttons:
        if action in legal:
            choices.append(Button(label, act(action), "primary"))
    return status_note(view, legal, turn), tuple(choices)


def place_option(view: PrivateView, card: Card) -> SelectOption:
    """Return a placement option; in bluff mode a rule-breaking card asks to confirm first."""
    if card.number in view.satisfying:
        return SelectOption(card_text(card), act(Place(card.number)), _("Fits your rules"))
    return SelectOption(card_text(card), pick(f"W.{card.number}"), _("Breaks your rules"))


def status_note(view: PrivateView, legal: Sequence[Action], turn: str) -> str:
    """Say what the seat may do now."""
    if view.public.over:
        return _("The match is over.")
    if not legal:
        return _("Waiting for {player}.").format(player=turn)
    if any(isinstance(a, Steal) for a in legal):
        steal = _("{player} is about to play: you may steal by playing a card in their place.")
        return steal.format(player=turn)
    if EndTurn() in legal:
        return _("You may play one card in an opponent's place, or end your turn.")
    if Draw() in legal:
        return _("Your turn: place a card in your own row, or draw.")
    if Pass() in legal:
        return _("Your turn: place a card in your own row, or pass.")
    return _(
        "Your turn: place a card in your own row. The draw pile is empty and a card in "
        "your hand fits your rules, so you cannot pass."
    )
