"""Every COVERTA sentence a player reads in events and errors, in one place.

Seats are written as ``{p[i]}`` placeholders; the reader's display names go in later.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.words import plural
from bot.games.coverta.cards import Card, Instruction, Trait

SHORT_VALUES: dict[Trait, tuple[str, str]] = {
    Trait.PARITY: ("even", "odd"),
    Trait.NUMBER_COLOUR: ("red no.", "black no."),
    Trait.SHAPE: ("square", "circle"),
    Trait.SHAPE_COLOUR: ("blue", "orange"),
    Trait.FILL: ("solid", "hollow"),
    Trait.BACKGROUND: ("black bg", "white bg"),
}
"""Each trait value in a few letters, unambiguous across traits."""

_ADJECTIVES: dict[Trait, tuple[str, str]] = {
    Trait.PARITY: ("even", "odd"),
    Trait.NUMBER_COLOUR: ("red-numbered", "black-numbered"),
    Trait.SHAPE: ("square", "circle"),
    Trait.SHAPE_COLOUR: ("blue-shape", "orange-shape"),
    Trait.FILL: ("solid", "hollow"),
    Trait.BACKGROUND: ("black-background", "white-background"),
}

CANNOT_PASS = (
    "You cannot pass: a card in your hand fits your own instructions, so you must place "
    "a card in your own row."
)
"""A refused pass (§4.2 C); it names no card."""


def p(seat: int) -> str:
    """Return the name placeholder of a seat."""
    return f"{{p[{seat}]}}"


def card_text(card: Card) -> str:
    """Return a card as its number and six short trait words."""
    return f"{card.number} ({', '.join(SHORT_VALUES[t][card.value(t)] for t in Trait)})"


def cards_text(cards: Sequence[Card]) -> str:
    """Return several cards as text."""
    return "; ".join(card_text(c) for c in cards) or "nothing"


def rule_text(rule: int, instruction: Instruction) -> str:
    """Return e.g. ``rule 1 (ALTERNATE parity)``."""
    return f"rule {rule + 1} ({instruction.words()})"


def needed_card(instructions: Sequence[Instruction], reference: Card) -> str:
    """Return e.g. ``an even, hollow card`` for what the instructions need."""
    words = ", ".join(_ADJECTIVES[i.trait][i.needs(reference)] for i in instructions)
    article = "an" if words[0] in "aeiou" else "a"
    return f"{article} {words} card"


def refusal(broken: Sequence[tuple[int, Instruction]], reference: Card) -> str:
    """Explain privately why a card may not go in the player's own row."""
    need = needed_card([i for _, i in broken], reference)
    which = " and ".join(rule_text(r, i) for r, i in broken)
    return f"Your rules need {need} after {reference.number}: this card breaks your {which}."


def bluff_warning(broken: Sequence[tuple[int, Instruction]], card: Card, reference: Card) -> str:
    """Warn privately that a placement breaks the player's own instructions."""
    which = " and ".join(rule_text(r, i) for r, i in broken)
    need = needed_card([i for _, i in broken], reference)
    return (
        f"Careful: {card.number} breaks your {which}; after {reference.number} they need "
        f"{need}. If this is found out, the card gets a token and you draw 2 cards."
    )


def dealt(dealer: int, start: Card) -> str:
    """Announce the deal."""
    return f"{p(dealer)} dealt. The starting card is {card_text(start)}."


def your_deal(instructions: tuple[Instruction, Instruction], hand: Sequence[Card]) -> str:
    """Tell a player their instructions and hand."""
    rules = ", ".join(rule_text(r, i) for r, i in enumerate(instructions))
    return f"Your instructions: {rules}. You were dealt: {cards_text(hand)}."


def placed(seat: int, card: Card) -> str:
    """Announce an own-row placement."""
    return f"{p(seat)} placed {card_text(card)} in their own row."


def drew(seat: int) -> str:
    """Announce a draw without the card."""
    return f"{p(seat)} drew a card."


def you_drew(card: Card) -> str:
    """Tell a player which card they drew."""
    return f"You drew {card_text(card)}."


def passed(seat: int) -> str:
    """Announce a pass."""
    return f"{p(seat)} passed."


def ended(seat: int) -> str:
    """Announce the end of a turn without a play in a place."""
    return f"{p(seat)} ended their turn."


def tried(seat: int, target: int, card: Card, steal: bool, success: bool) -> str:
    """Announce a play in a place (or a steal) and whether it fitted."""
    how = "stole the turn and tried" if steal else "tried"
    result = "it fits and stays there" if success else "it does not fit"
    return f"{p(seat)} {how} {card_text(card)} in {p(target)}'s place: {result}."


def shown_to(target: int, rule: int, instruction: Instruction) -> str:
    """Tell the offender alone which instruction their card broke."""
    return f"Only you see this: {p(target)}'s {rule_text(rule, instruction)} was broken."


def exception_applied(seat: int, target: int, card: int) -> str:
    """Announce the bluff exception."""
    return (
        f"{p(target)} had broken that instruction themselves: {card} goes into {p(target)}'s "
        f"hand, and {p(seat)} takes no penalty."
    )


def handed_over(seat: int, target: int, count: int) -> str:
    """Announce the cards handed over and the new bar."""
    return (
        f"{p(target)} hands {plural(count, 'card')} to {p(seat)}. "
        f"{p(seat)} may no longer play in {p(target)}'s place."
    )


def handed_cards(seat: int, target: int, cards: Sequence[Card]) -> str:
    """Tell the two players which cards changed hands."""
    return f"{p(target)} gave {p(seat)}: {cards_text(cards)}."


def tokens_placed(seat: int, cards: Sequence[int], drawn: int, owed: int) -> str:
    """Announce tokens from a reveal event and the penalty cards drawn."""
    marked = ", ".join(str(c) for c in cards)
    tokens = "A token" if len(cards) == 1 else "Tokens"
    text = f"{tokens} on {marked} in {p(seat)}'s row; {p(seat)} draws "
    text += plural(drawn, "penalty card")
    forgiven = owed - drawn
    return text + (f" ({forgiven} forgiven: the draw pile ran short)." if forgiven else ".")


def you_drew_penalty(cards: Sequence[Card]) -> str:
    """Tell a player which penalty cards they drew."""
    return f"Your penalty cards: {cards_text(cards)}."


def went_out(seat: int, instructions: tuple[Instruction, Instruction]) -> str:
    """Announce that a player's hand is empty and their instructions revealed."""
    rules = ", ".join(rule_text(r, i) for r, i in enumerate(instructions))
    return f"{p(seat)} has no cards left and reveals {rules}."


def eliminated(seat: int) -> str:
    """Announce an elimination."""
    return f"{p(seat)} could draw no penalty card with an empty hand and is eliminated."


def winners_text(winners: Sequence[int], termination: str) -> str:
    """Return the one-sentence summary of how the match ended."""
    names = " and ".join(p(s) for s in winners)
    if termination == "went_out":
        return f"{names} went out and wins."
    if not winners:
        return "Every player was eliminated; nobody wins."
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"The table is blocked: {names} {verb} with the fewest cards."
