"""Every COVERTA sentence a player reads in events and errors, in one place.

Events, refusals and summaries are phrases, worded in the reader's language when read.
Seats are written as ``{p[i]}`` placeholders; the reader's display names go in later.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.phrase import Arg, Item, Phrase, nphrase, phrase, pphrase, together
from bot.engine.phrase import seat as p
from bot.games.coverta.cards import Card, Instruction, Trait

SHORT_VALUES: dict[Trait, tuple[Phrase, Phrase]] = {
    Trait.PARITY: (pphrase("short", "even"), pphrase("short", "odd")),
    Trait.NUMBER_COLOUR: (pphrase("short", "red no."), pphrase("short", "black no.")),
    Trait.SHAPE: (pphrase("short", "square"), pphrase("short", "circle")),
    Trait.SHAPE_COLOUR: (pphrase("short", "blue"), pphrase("short", "orange")),
    Trait.FILL: (pphrase("short", "solid"), pphrase("short", "hollow")),
    Trait.BACKGROUND: (pphrase("short", "black bg"), pphrase("short", "white bg")),
}
"""Each trait value in a few letters, unambiguous across traits."""

_ADJECTIVES: dict[Trait, tuple[Phrase, Phrase]] = {
    Trait.PARITY: (pphrase("adjective", "even"), pphrase("adjective", "odd")),
    Trait.NUMBER_COLOUR: (
        pphrase("adjective", "red-numbered"),
        pphrase("adjective", "black-numbered"),
    ),
    Trait.SHAPE: (pphrase("adjective", "square"), pphrase("adjective", "circle")),
    Trait.SHAPE_COLOUR: (pphrase("adjective", "blue-shape"), pphrase("adjective", "orange-shape")),
    Trait.FILL: (pphrase("adjective", "solid"), pphrase("adjective", "hollow")),
    Trait.BACKGROUND: (
        pphrase("adjective", "black-background"),
        pphrase("adjective", "white-background"),
    ),
}

CANNOT_PASS = phrase(
    "You cannot pass: a card in your hand fits your own instructions, so you must place "
    "a card in your own row."
)
"""A refused pass (§4.2 C); it names no card."""
NOTHING = phrase("nothing")


def card_phrase(card: Card) -> Phrase:
    """Return a card as its number and six short trait words, worded when read."""
    traits: list[Item] = [SHORT_VALUES[t][card.value(t)] for t in Trait]
    return phrase("{number} ({traits})", number=card.number, traits=traits)


def card_text(card: Card) -> str:
    """Return a card as its number and six short trait words, in the current language."""
    return card_phrase(card).words()


def cards_arg(cards: Sequence[Card]) -> Arg:
    """Return several cards, ``;``-separated, or ``nothing`` (worded when read)."""
    if not cards:
        return NOTHING
    chain: Arg = card_phrase(cards[-1])
    for c in reversed(cards[:-1]):
        chain = phrase("{first}; {rest}", first=card_phrase(c), rest=chain)
    return chain


def rule_phrase(rule: int, instruction: Instruction) -> Phrase:
    """Return e.g. ``rule 1 (ALTERNATE parity)``."""
    return phrase(
        "rule {number} ({instruction})", number=rule + 1, instruction=instruction.phrase()
    )


def needed_card(instructions: Sequence[Instruction], reference: Card) -> Phrase:
    """Return e.g. ``an even, hollow card`` for what the instructions need."""
    chosen = [_ADJECTIVES[i.trait][i.needs(reference)] for i in instructions]
    adjectives: list[Item] = list(chosen)
    if chosen[0].msgid[0] in "aeiou":
        return phrase("an {adjectives} card", adjectives=adjectives)
    return phrase("a {adjectives} card", adjectives=adjectives)


def refusal(broken: Sequence[tuple[int, Instruction]], reference: Card) -> Phrase:
    """Explain privately why a card may not go in the player's own row."""
    return phrase(
        "Your rules need {need} after {reference}: this card breaks your {which}.",
        need=needed_card([i for _, i in broken], reference),
        reference=reference.number,
        which=together([rule_phrase(r, i) for r, i in broken]),
    )


def bluff_warning(broken: Sequence[tuple[int, Instruction]], card: Card, reference: Card) -> str:
    """Warn privately that a placement breaks the player's own instructions (worded now)."""
    return phrase(
        "Careful: {card} breaks your {which}; after {reference} they need {need}. If this is "
        "found out, the card gets a token and you draw 2 cards.",
        card=card.number,
        which=together([rule_phrase(r, i) for r, i in broken]),
        reference=reference.number,
        need=needed_card([i for _, i in broken], reference),
    ).words()


def dealt(dealer: int, start: Card) -> Phrase:
    """Announce the deal."""
    return phrase(
        "{dealer} dealt. The starting card is {card}.", dealer=p(dealer), card=card_phrase(start)
    )


def your_deal(instructions: tuple[Instruction, Instruction], hand: Sequence[Card]) -> Phrase:
    """Tell a player their instructions and hand."""
    rules: list[Item] = [rule_phrase(r, i) for r, i in enumerate(instructions)]
    return phrase(
        "Your instructions: {rules}. You were dealt: {cards}.", rules=rules, cards=cards_arg(hand)
    )


def placed(seat: int, card: Card) -> Phrase:
    """Announce an own-row placement."""
    return phrase(
        "{player} placed {card} in their own row.", player=p(seat), card=card_phrase(card)
    )


def drew(seat: int) -> Phrase:
    """Announce a draw without the card."""
    return phrase("{player} drew a card.", player=p(seat))


def you_drew(card: Card) -> Phrase:
    """Tell a player which card they drew."""
    return phrase("You drew {card}.", card=card_phrase(card))


def passed(seat: int) -> Phrase:
    """Announce a pass."""
    return phrase("{player} passed.", player=p(seat))


def ended(seat: int) -> Phrase:
    """Announce the end of a turn without a play in a place."""
    return phrase("{player} ended their turn.", player=p(seat))


def tried(seat: int, target: int, card: Card, steal: bool, success: bool) -> Phrase:
    """Announce a play in a place (or a steal) and whether it fitted."""
    args: dict[str, Arg] = {"player": p(seat), "card": card_phrase(card), "target": p(target)}
    if steal and success:
        return phrase(
            "{player} stole the turn and tried {card} in {target}'s place: it fits and stays "
            "there.",
            **args,
        )
    if steal:
        return phrase(
            "{player} stole the turn and tried {card} in {target}'s place: it does not fit.",
            **args,
        )
    if success:
        return phrase("{player} tried {card} in {target}'s place: it fits and stays there.", **args)
    return phrase("{player} tried {card} in {target}'s place: it does not fit.", **args)


def shown_to(target: int, rule: int, instruction: Instruction) -> Phrase:
    """Tell the offender alone which instruction their card broke."""
    return phrase(
        "Only you see this: {target}'s {rule} was broken.",
        target=p(target),
        rule=rule_phrase(rule, instruction),
    )


def exception_applied(seat: int, target: int, card: int) -> Phrase:
    """Announce the bluff exception."""
    return phrase(
        "{target} had broken that instruction themselves: {card} goes into {target}'s "
        "hand, and {player} takes no penalty.",
        target=p(target),
        card=card,
        player=p(seat),
    )


def handed_over(seat: int, target: int, count: int) -> Phrase:
    """Announce the cards handed over and the new bar."""
    return nphrase(
        "{target} hands {n} card to {player}. {player} may no longer play in {target}'s place.",
        "{target} hands {n} cards to {player}. {player} may no longer play in {target}'s place.",
        n=count,
        target=p(target),
        player=p(seat),
    )


def handed_cards(seat: int, target: int, cards: Sequence[Card]) -> Phrase:
    """Tell the two players which cards changed hands."""
    return phrase(
        "{target} gave {player}: {cards}.", target=p(target), player=p(seat), cards=cards_arg(cards)
    )


def tokens_placed(seat: int, cards: Sequence[int], drawn: int, owed: int) -> Phrase:
    """Announce tokens from a reveal event and the penalty cards drawn."""
    marked = ", ".join(str(c) for c in cards)
    if len(cards) == 1:
        tokens = phrase("A token on {cards} in {player}'s row", cards=marked, player=p(seat))
    else:
        tokens = phrase("Tokens on {cards} in {player}'s row", cards=marked, player=p(seat))
    draws = nphrase(
        "{player} draws {n} penalty card",
        "{player} draws {n} penalty cards",
        n=drawn,
        player=p(seat),
    )
    forgiven = owed - drawn
    if forgiven:
        return phrase(
            "{tokens}; {draws} ({forgiven} forgiven: the draw pile ran short).",
            tokens=tokens,
            draws=draws,
            forgiven=forgiven,
        )
    return phrase("{tokens}; {draws}.", tokens=tokens, draws=draws)


def you_drew_penalty(cards: Sequence[Card]) -> Phrase:
    """Tell a player which penalty cards they drew."""
    return phrase("Your penalty cards: {cards}.", cards=cards_arg(cards))


def went_out(seat: int, instructions: tuple[Instruction, Instruction]) -> Phrase:
    """Announce that a player's hand is empty and their instructions revealed."""
    rules: list[Item] = [rule_phrase(r, i) for r, i in enumerate(instructions)]
    return phrase("{player} has no cards left and reveals {rules}.", player=p(seat), rules=rules)


def eliminated(seat: int) -> Phrase:
    """Announce an elimination."""
    return phrase(
        "{player} could draw no penalty card with an empty hand and is eliminated.", player=p(seat)
    )


def winners_text(winners: Sequence[int], termination: str) -> Phrase:
    """Return the one-sentence summary of how the match ended."""
    seats: list[Item] = [p(s) for s in winners]
    if termination == "went_out":
        return phrase("{winners} went out and wins.", winners=together(seats))
    if not winners:
        return phrase("Every player was eliminated; nobody wins.")
    if len(winners) == 1:
        return phrase(
            "The table is blocked: {winners} wins with the fewest cards.", winners=together(seats)
        )
    return phrase(
        "The table is blocked: {winners} share the win with the fewest cards.",
        winners=together(seats),
    )
