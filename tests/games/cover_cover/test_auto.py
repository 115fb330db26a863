"""Auto mode and the AI: the bot flips for everyone, summing up every few rounds."""

from __future__ import annotations

import random
import time

import msgspec
import pytest

from bot.engine import CHANCE, IllegalAction, Match, NotYourTurn, Seat
from bot.engine.phrase import words
from bot.games.cover_cover import GAME
from bot.games.cover_cover.actions import Cover, Flip, PlayOn
from bot.games.cover_cover.ai import FlipPolicy
from bot.games.cover_cover.rules import CoverCoverRules
from bot.games.cover_cover.state import READ_SECONDS, Block, CoverState

from .support import RULES, Table, cards, constructed

AUTO = {"auto": "on", "auto_summary_every": "10"}
RULES_V1 = CoverCoverRules(1)
"""The rules a match begun before rules version 2 plays on by."""


def resolve_chance(match: Match, seed: int) -> None:
    """Resolve pending chance steps the way the match service does: at once, up to the
    read after a summary, which the service draws once the wait is over."""
    while match.chance_pending and match.outcome is None and not GAME.chance_pause(match.state):
        rng = random.Random(f"{seed}:{match.seq}")
        match.step(CHANCE, RULES.chance_outcome(match.state, rng).token())


def play_on(match: Match) -> None:
    """End the read after a summary, as the match service does when the wait is over."""
    assert GAME.chance_pause(match.state) == READ_SECONDS
    match.step(CHANCE, PlayOn().token())


def ai_step(match: Match) -> Seat:
    """Let the first AI seat to act press, as the match service's driver does."""
    policy = GAME.policy(None)
    seat = min(RULES.to_act(match.state))
    legal = RULES.legal_actions(match.state, seat)
    action = policy.choose(RULES.view(match.state, seat), legal, random.Random(0), must_act=False)
    assert action is not None
    match.step(seat, action.token())
    return seat


def play_all_ai(seats: int, options: dict[str, str], seed: int) -> tuple[Match, int, int]:
    """Play a whole match with every seat an AI; return it, the number of AI presses and
    the number of reads after which the bot played on by itself."""
    match = Match.new(RULES, seats, options)
    presses = reads = 0
    resolve_chance(match, seed)
    while match.outcome is None:
        if match.chance_pending:
            play_on(match)
            reads += 1
        else:
            ai_step(match)
            presses += 1
        resolve_chance(match, seed)
    return match, presses, reads


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_all_ai_auto_matches_run_to_their_end_quickly(seats: int) -> None:
    began = time.perf_counter()
    match, presses, reads = play_all_ai(seats, {**AUTO, "round_limit": "0"}, seed=seats)
    assert time.perf_counter() - began < 3.0
    state: CoverState = match.state
    assert state.phase == "over" and state.termination in ("last_player", "draw")
    assert presses == 0, "in auto nobody is waited for: the bot plays on by itself"
    assert reads <= state.round // 10 + 1, "one read per block of ten rounds"


def test_the_default_policy_flips_and_covers() -> None:
    policy = FlipPolicy()
    rng = random.Random(1)
    for legal in ((Flip(),), (Cover(),)):
        for must_act in (False, True):
            assert policy.choose(None, legal, rng, must_act=must_act) == legal[0]
    assert policy.choose(None, (), rng, must_act=False) is None
    assert GAME.policy("no such level").name == "flip"


def test_without_auto_ai_seats_flip_every_round_and_shout() -> None:
    match, presses, reads = play_all_ai(3, {"round_limit": "50"}, seed=7)
    state: CoverState = match.state
    assert state.phase == "over" and presses >= 3 * 30 and reads == 0


def test_any_seat_starts_the_next_block_and_it_stops_at_the_summary() -> None:
    match = Match.new(RULES, 2, AUTO)
    resolve_chance(match, 11)
    # Nobody is waited for: the bot plays on after the read, or at once on any press.
    assert RULES.to_act(match.state) == {CHANCE} and match.may_act == {CHANCE, 0, 1}
    assert RULES.legal_actions(match.state, 0) == (Flip(),)
    events = match.step(1, "F")
    resolve_chance(match, 11)
    state: CoverState = match.state
    assert state.round == 11 and RULES.to_act(state) == {CHANCE}
    assert GAME.chance_pause(state) == READ_SECONDS and match.may_act == {CHANCE, 0, 1}
    assert state.summary is not None and (state.summary.first, state.summary.last) == (1, 10)
    assert state.block == Block(first=11)
    texts = [words(e.text) for e in events]
    assert not any("flips" in t for t in texts), "auto mode tells a summary, not every round"
    assert texts[-1].startswith("Rounds 1-10:") and "{p[0]}" in texts[-1]


def test_a_summary_every_round_and_covers_without_presses() -> None:
    hands = [cards("K♠", "2♣", "9♣", "5♠"), cards("K♥", "3♣", "8♣", "4♠")]
    state = constructed(hands, options={"auto": "on", "auto_summary_every": "1"})
    table = Table(state)
    table.play(0, "F")
    s = table.state
    assert s.round == 2 and s.summary == Block(1, 1, covers=1, deepest=1)
    assert s.last is not None and s.last.winner == 0 and s.last.pot == 6
    assert table.log[-1].startswith("Round 1: 1 Cover-cover, deepest: a Cover-cover.")
    table.play(1, "F")
    assert table.state.phase == "over" and table.state.winners == (0,)
    assert any(t.startswith("Round 2: ") for t in table.log), "the last block is summed up"


def test_auto_pauses_for_a_shuffle_and_carries_on() -> None:
    hands = [cards("A♠"), cards("2♠", "3♠", "4♠", "5♠")]
    state = constructed(hands, options=AUTO)
    match = Match(RULES, state)
    match.step(0, "F")
    assert match.chance_pending and match.state.running
    resolve_chance(match, 3)
    assert match.outcome is not None or match.state.round == 11, "the block went on to its end"


def test_after_the_read_the_bot_plays_the_next_block_by_itself() -> None:
    """Auto plays on continuously (rules 7): the read after a summary ends in a logged step
    of the bot, with no press and no timer of anybody's."""
    match = Match.new(RULES, 3, AUTO)
    resolve_chance(match, 5)
    play_on(match)
    resolve_chance(match, 5)
    state: CoverState = match.state
    assert state.summary is not None and state.summary.last == 10 and state.round == 11
    play_on(match)
    resolve_chance(match, 5)
    assert match.outcome is not None or match.state.round == 21


def test_the_read_is_not_a_shuffle_and_members_may_not_draw_it() -> None:
    match = Match.new(RULES, 2, AUTO)
    resolve_chance(match, 11)
    with pytest.raises(IllegalAction):
        match.step(0, PlayOn().token())
    with pytest.raises(NotYourTurn):
        match.step(5, "F")
    assert GAME.chance_pause(Match.new(RULES, 2, AUTO).state) == 0.0, "the deal comes at once"


@pytest.mark.parametrize(
    ("block", "heading"),
    [
        (
            Block(first=11, last=10),
            "Round 11: 2 Cover-covers, deepest: a Cover-cover nested 2 deep.",
        ),
        (Block(first=11, last=14, covers=3, deepest=1), "Rounds 11-15: 5 Cover-covers,"),
    ],
)
def test_a_game_drawn_in_auto_mode_ends_with_the_summary_of_its_last_rounds(
    block: Block, heading: str
) -> None:
    """Both players run out of cards in one Cover-cover (rules 5.2): the final summary
    counts that round too, its Cover-cover and who went out in it, and lists no cards."""
    hands = [cards("9♣", "4♦"), cards("9♥", "4♠")]
    state = constructed(hands, options=AUTO)
    table = Table(msgspec.structs.replace(state, round=block.last + 1, block=block))
    table.play(0, "F")  # with auto on, one press plays on for everyone
    s = table.state
    assert s.phase == "over" and s.termination == "draw" and s.winners == (0, 1)
    assert s.summary is not None and s.summary.last == s.round
    (summary,) = [t for t in table.log if t.startswith(("Round ", "Rounds "))]
    assert summary.startswith(heading)
    assert "Cards:" not in summary
    out = f"(round {s.round})"
    assert summary.endswith(f"Out: {{p[0]}} {out}, {{p[1]}} {out}.")


def test_a_match_begun_under_version_1_keeps_its_recorded_draw_and_knock_outs() -> None:
    """Stored matches replay as recorded: under version 1 a knock-out was told on its round
    in auto mode too, and a draw in the first round of a block got no summary."""
    hands = [cards("9♣", "4♦"), cards("9♥", "4♠")]
    state = constructed(hands, options=AUTO)
    table = Table(msgspec.structs.replace(state, round=11, block=Block(11, 10)), RULES_V1)
    table.play(0, "F")
    s = table.state
    assert s.phase == "over" and s.summary is None and s.block == Block(11, 10, 2, 2)
    assert not any(t.startswith(("Round ", "Rounds ")) for t in table.log)
    hands = [cards("2♣"), cards("K♥", "3♣"), cards("Q♥", "4♣")]
    state = constructed(hands, options={"auto": "on", "auto_summary_every": "3"})
    table = Table(msgspec.structs.replace(state, round=3, block=Block(1, 2)), RULES_V1)
    table.play(0, "F")
    assert "{p[0]} has no cards left and is out (round 3)." in table.log


def test_in_auto_mode_a_knock_out_is_told_in_the_summary_not_on_its_round() -> None:
    """Rules 6.6: auto mode tells a summary instead of every round, knock-outs included."""
    hands = [cards("2♣"), cards("K♥", "3♣"), cards("Q♥", "4♣")]
    state = constructed(hands, options={"auto": "on", "auto_summary_every": "3"})
    table = Table(msgspec.structs.replace(state, round=3, block=Block(first=1, last=2)))
    table.play(0, "F")  # one press plays the round for everyone: the 2 loses its last card
    s = table.state
    assert s.out[0] == 3 and s.phase != "over"
    assert not any("has no cards left" in t for t in table.log)
    (summary,) = [t for t in table.log if t.startswith("Rounds 1-3:")]
    assert summary.endswith("Out: {p[0]} (round 3).")
