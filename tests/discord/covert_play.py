"""Playing Covert through SimCord as members do, and checking what every message shows.

Members act only through the table's dossier button and the buttons and selects
of their private view. Before each decision the test renders the member's whole
choice tree the way the bot does and checks it against the rules' legal actions
(nothing unreachable, nothing extra) and Discord's limits; it replays the match
log to know which cards, missions, codes and tokens each seat may see, and checks
every message for others' secrets.
"""

from __future__ import annotations

import random
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from simcord.components import walk_components

from bot.discord_ui.bot import create_bot
from bot.discord_ui.components import is_ours
from bot.discord_ui.payloads import private_payload
from bot.engine import Match
from bot.games.covert.data import CODES
from bot.games.covert.rules import CovertRules
from bot.games.covert.state import CovertState
from tests.discord.helpers import custom_ids, match_id_of, private_message, stored, text_of

BUSY_ROUNDS = 3
"""Rounds in which the wandering member tries everything; later it hurries."""
RESTART_ROUND = 2
"""The bot restarts in Phase III of this round, between opening a dossier and using it."""
RECENT_STEPS = 40
"""A card face-up on the table this recently may still be named in the recent moves."""
MAX_DECISIONS = 900
WANDER = 0.25
"""How often the planner-advised member wanders instead during the first rounds."""

WEIGHTS = {
    "Complete mission": 12.0,
    "Take mission": 3.0,
    "Agency card": 3.0,
    "Move": 2.0,
    "Move an agent": 3.0,
    "Swap tiles": 2.0,
    "Decoder die → tile": 2.0,
    "Use a reaction": 2.0,
    "Decline": 2.0,
    "Finish (claim codes)": 1.5,
    "End turn": 1.5,
    "Done moving": 1.0,
    "Fly": 1.0,
    "Use ability": 1.0,
    "Forfeit": 0.5,
    "Reroll": 0.3,
}
"""Weights of the dossier's first-step buttons while a member wanders (others weigh 1)."""
QUICK = ("Decline", "Pass (take token", "Finish (claim codes)", "End turn", "Done moving")
QUICK_OPTIONS = ("Forfeit all dice",)


# ---------------------------------------------------------------- what each seat may see


@dataclass
class Secrets:
    """Replays the match log step by step to know what is secret from whom."""

    rules: CovertRules
    match: Match
    known: list[set[str]] = field(default_factory=list)
    """Per seat: hand cards and missions that came from the table face up."""
    public: deque[set[str]] = field(default_factory=lambda: deque(maxlen=RECENT_STEPS))
    own: deque[list[set[str]]] = field(default_factory=lambda: deque(maxlen=RECENT_STEPS))
    """Per step, per seat: what the seat held or was shown (its own notes may name it)."""

    @classmethod
    def start(cls, rules: CovertRules, seats: int, options: dict[str, str]) -> Secrets:
        """Begin at step 0 of a match."""
        return cls(rules, Match.new(rules, seats, options), [set() for _ in range(seats)])

    async def catch_up(self, env: Any, match_id: int) -> CovertState:
        """Replay the steps logged since the last call; return the state reached."""
        repo = env.bot.controller.matches.repo
        for event in await repo.load_events(match_id, after_seq=self.match.seq):
            before: CovertState = self.match.state
            self.match.step(event.seat, event.action)
            self._learn(before, self.match.state)
        state: CovertState = self.match.state
        return state

    def _learn(self, before: CovertState, after: CovertState) -> None:
        face_up = {*before.region_spaces, *before.agency_discard, *before.mission_row}
        for seat, p in enumerate(after.players):
            old = before.players[seat] if before.players else None
            gained = {*p.hand, *p.missions} - ({*old.hand, *old.missions} if old else set())
            self.known[seat] |= gained & face_up
            self.known[seat] &= {*p.hand, *p.missions}
        shown = {*after.region_spaces, *after.agency_discard, *after.mission_row}
        shown |= {m for p in after.players for m in p.done_missions}
        shown |= {c for p in after.players for c in p.done_codes}
        shown |= {*face_up, *(c for seen in self.known for c in seen)}
        if after.spy is not None:
            shown |= set(after.spy.cards)
        self.public.append(shown)
        held = [{*p.hand, *p.missions, *p.codes, *p.tokens} for p in after.players]
        for prompt in after.prompts:
            held[prompt.seat] |= set(prompt.items)
        self.own.append(held)

    def hidden_ids(self, seat: int | None) -> set[str]:
        """Return the ids this seat may not see (public cards of late excepted)."""
        state: CovertState = self.match.state
        if state.phase == "over":
            return set()
        ids = {*state.agency_deck, *state.mission_deck}
        ids |= {c for deck in state.code_decks for c in deck}
        for other, p in enumerate(state.players):
            if other != seat:
                ids |= {*p.hand, *p.missions, *p.codes, *p.tokens} - self.known[other]
        for prompt in state.prompts:
            if prompt.seat != seat:
                ids |= set(prompt.items) - set(state.players[prompt.seat].hand)
        recent = set().union(*self.public) if self.public else set()
        if seat is not None:
            recent |= set().union(*(held[seat] for held in self.own if seat < len(held)))
        return {i for i in ids if re.fullmatch(r"[AMCS]\d\d", i)} - recent

    def leaks(self, text: str, ids_text: str, seat: int | None) -> list[str]:
        """Return the secrets of others found in a message's text or its component ids."""
        hidden = self.hidden_ids(seat)
        found = [i for i in hidden if re.search(rf"\b{i}\b", text + "\n" + ids_text)]
        for cid in hidden & set(CODES):
            digits = CODES[cid].code
            if re.search(rf"(?<![\d:/]){digits}(?![\d:])", text):
                found.append(f"{cid} digits {digits}")
        return sorted(found)


def message_texts(env: Any, message: Any) -> tuple[str, str]:
    """Return a stored message's readable text and, apart, its custom_ids and option values."""
    raw = stored(env, message)
    parts = [raw.content or "", *(repr(e) for e in raw.embeds)]
    ids: list[str] = []
    for c in walk_components(raw.components):
        parts.append(str(c.get("label", "")))
        ids.append(str(c.get("custom_id", "")))
        for option in c.get("options", []):
            parts.append(str(option.get("label", "")))
            ids.append(str(option.get("value", "")))
    return "\n".join(parts), "\n".join(ids)


# ---------------------------------------------------------------- Discord limits


def limit_problems(components: list[dict[str, Any]], where: str) -> list[str]:
    """Check Discord's limits: 5 action rows, 5 buttons or one select a row, 25 options."""
    problems = []
    rows = [c for c in components if c.get("type") == 1]
    if len(rows) > 5:
        problems.append(f"{where}: {len(rows)} action rows")
    for row in rows:
        children = row.get("components", [])
        selects = [c for c in children if c.get("type") == 3]
        if len(children) > 5 or (selects and len(children) > 1):
            problems.append(f"{where}: a row of {len(children)} components")
    for c in walk_components(components):
        cid = str(c.get("custom_id", ""))
        if c.get("type") in (2, 3) and not (0 < len(cid) <= 100):
            problems.append(f"{where}: custom_id of {len(cid)} characters")
        if c.get("type") in (2, 3) and c.get("style") != 5 and not is_ours(cid):
            problems.append(f"{where}: {cid!r} is no component of ours")
        if c.get("type") == 2 and len(str(c.get("label", ""))) > 80:
            problems.append(f"{where}: a button label of {len(c['label'])} characters")
        options = c.get("options", []) if c.get("type") == 3 else []
        if c.get("type") == 3 and not 1 <= len(options) <= 25:
            problems.append(f"{where}: a select with {len(options)} options")
        for option in options:
            if len(str(option.get("value", ""))) > 100 or len(str(option.get("label", ""))) > 100:
                problems.append(f"{where}: a select option over 100 characters")
    return problems


Option = tuple[str, str, str | None, str]
"""(kind, custom_id, select value, label) of one thing a member can choose on a view."""


PILE = "🗑️ Discard pile"
"""The dossier button that shows the Agency discard pile."""


def options_of(env: Any, view: Any) -> list[Option]:
    """List what can be chosen on a private view ("◀ Back" and Refresh left out)."""
    found: list[Option] = []
    for c in walk_components(stored(env, view).components):
        cid = str(c.get("custom_id", ""))
        usable = c.get("type") == 2 and cid[:2] in ("a:", "p:") and not c.get("disabled")
        if usable and cid.split(":", 3)[3]:
            found.append(("button", cid, None, str(c.get("label", ""))))
        for option in c.get("options", []) if c.get("type") == 3 else []:
            found.append(("select", cid, str(option["value"]), str(option.get("label", ""))))
    return found


def choices_of(env: Any, view: Any) -> list[Option]:
    """List the choices of a decision (the discard-pile button, always there, left out)."""
    return [o for o in options_of(env, view) if not o[3].startswith(PILE)]


def target_of(option: Option) -> str:
    """Return what an option leads to: ``a.<action token>`` or ``p.<next step>``."""
    kind, cid, value, _ = option
    if kind == "select":
        return value or ""
    head, _, _, token = cid.split(":", 3)
    return f"{head}.{token}"


def wander(options: list[Option], rng: random.Random) -> Option:
    """Choose at random, the first step's buttons weighted towards Actions."""
    weights = [WEIGHTS.get(o[3], 1.0) if o[0] == "button" else 1.0 for o in options]
    weights = [0.6 if o[3].startswith("Pass") else w for o, w in zip(options, weights, strict=True)]
    return rng.choices(options, weights)[0]


def hurry(options: list[Option], rng: random.Random) -> Option:
    """Choose the quickest way out of the decision: pass, finish, decline, forfeit all."""
    for option in options:
        if option[3].startswith(QUICK) or option[3] in QUICK_OPTIONS:
            return option
    forfeit = [o for o in options if o[3] == "Forfeit"]
    return forfeit[0] if forfeit else wander(options, rng)


@dataclass
class Tree:
    """Every step of a member's dossier as the bot renders it: where each choice leads."""

    edges: dict[str, set[str]]
    """Per step ("" for the first): the targets of its buttons and select options."""
    problems: list[str]

    def tokens(self, step: str = "") -> set[str]:
        """Return the action tokens reachable from a step."""
        found: set[str] = set()
        todo, seen = [step], set()
        while todo:
            here = todo.pop()
            if here in seen:
                continue
            seen.add(here)
            for target in self.edges.get(here, ()):
                kind, _, rest = target.partition(".")
                if kind == "a":
                    found.add(rest)
                elif rest:
                    todo.append(rest)
        return found

    def leads_to(self, option: Option, token: str) -> bool:
        """Tell whether choosing an option submits this action or opens a step towards it."""
        kind, _, rest = target_of(option).partition(".")
        return rest == token if kind == "a" else bool(rest) and token in self.tokens(rest)


async def choice_tree(env: Any, match_id: int, user_id: int) -> Tree:
    """Render every step of a member's dossier as the bot would, checking Discord's limits.

    Every step is drawn by the same service and payload code the buttons use, so a
    choice the presenter offers but Discord would lose (a 26th option, a cut
    custom_id) shows up as a problem, and an action no step offers is unreachable.
    """
    matches = env.bot.controller.matches
    edges: dict[str, set[str]] = {}
    problems: list[str] = []
    todo = [""]
    while todo:
        step = todo.pop()
        if step in edges:
            continue
        info = await matches.private(match_id, user_id, step or None)
        components = private_payload(info)["view"].to_components()
        problems += limit_problems(components, f"step {step!r}")
        wanted = {c.target for c in info.screen.choices if hasattr(c, "target")}
        wanted |= {o.target for c in info.screen.choices for o in getattr(c, "options", ())}
        found: set[str] = set()
        for c in walk_components(components):
            cid = str(c.get("custom_id", ""))
            if c.get("type") == 2 and cid[:2] in ("a:", "p:"):
                head, _, _, token = cid.split(":", 3)
                found.add(f"{head}.{token}")
            for option in c.get("options", []) if c.get("type") == 3 else []:
                found.add(str(option["value"]))
        if wanted - found:
            problems.append(f"step {step!r}: choices lost on the way to Discord: {wanted - found}")
        edges[step] = found
        todo += [
            rest for kind, _, rest in (t.partition(".") for t in found) if kind == "p" and rest
        ]
    return Tree(edges, problems)


def situation(state: CovertState, seat: int) -> str:
    """Name the kind of decision a seat faces (for the coverage summary)."""
    prompt = next((p for p in state.prompts if p.seat == seat), None)
    if prompt is not None:
        return f"prompt {prompt.kind}"
    if state.spy is not None:
        return "espionage"
    if state.moving is not None:
        return f"moving ({state.moving.mode})"
    if state.turn is None:
        return "first window"
    return f"turn {state.turn.kind}" + (" after the action" if state.turn.acted else "")


@dataclass
class Table:
    """The match under test and what the test learned while playing it."""

    world: Any
    settings: Any
    message: Any
    match_id: int
    secrets: Secrets
    members: dict[int, Any]
    styles: dict[int, str]
    """Per member seat: "planner" (follows the planner AI's advice, wanders now and then)
    or "wander" (wanders through the choices, then hurries after the first rounds)."""
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    applied: list[tuple[int, str]] = field(default_factory=list)
    """(seat, action token) of every action the members sent through a component."""
    met: set[str] = field(default_factory=set)
    """The kinds of decision the members faced."""
    reactions: int = 0
    """How often a member was asked a reaction (Espionage or First)."""
    problems: list[str] = field(default_factory=list)
    content: dict[str, int] = field(default_factory=dict)
    """How many dossiers of each kind of decision had their words checked."""
    kept: tuple[int, Any] | None = None
    """The seat and private view opened just before the bot restarted."""
    views: dict[int, Any] = field(default_factory=dict)
    """The latest private view of each seat (an older one is removed when replaced)."""
    stale: int = 0
    """Clicks on a view drawn before an AI seat moved (answered with the current view)."""
    piles: int = 0
    """How often a member opened the Agency discard pile from the dossier."""

    @property
    def env(self) -> Any:
        """Return the SimCord environment."""
        return self.world.env

    async def live(self) -> Any:
        """Return the match as the running bot holds it."""
        return await self.env.bot.controller.matches.load(self.match_id)

    async def members_to_act(self) -> list[int]:
        """Return the seats held by members that the rules ask to act now."""
        live = await self.live()
        if live.row.status != "active":
            return []
        return sorted(s for s in live.module.rules.to_act(live.state) if s in self.members)

    async def check_view(self, seat: int, view: Any) -> None:
        """A private view is ephemeral and shows no secret of anyone else."""
        env = self.env
        raw = stored(env, view)
        assert raw.flags & 64, "a private view was posted in the open"
        await self.secrets.catch_up(env, self.match_id)
        text, ids = message_texts(env, view)
        leaked = self.secrets.leaks(text, ids, seat)
        assert not leaked, f"seat {seat}'s view shows others' secrets: {leaked}"
        self.problems += limit_problems(raw.components, f"the view of seat {seat}")

    async def check_public(self) -> None:
        """No channel message shows a secret or breaks Discord's limits; no member sees
        another's ephemeral messages."""
        env = self.env
        await self.secrets.catch_up(env, self.match_id)
        seen = [
            {m.id for m in self.world.channel.history(viewer=member) if m.flags.ephemeral}
            for member in self.members.values()
        ]
        assert all(seen) and not set.intersection(*seen), "a member sees another's ephemerals"
        for message in self.world.channel.history():
            if message.flags.ephemeral:
                continue
            text, ids = message_texts(env, message)
            leaked = self.secrets.leaks(text, ids, None)
            assert not leaked, f"the channel shows secrets: {leaked}"
            self.problems += limit_problems(stored(env, message).components, "a channel message")

    async def check_reaction(self, before: set[int]) -> None:
        """While a member is asked a reaction, the channel never says who (spec 7.5)."""
        live = await self.live()
        rules = live.module.rules
        if not rules.view(live.state, None).waiting_hidden:
            return
        asked = [s for s in rules.to_act(live.state) if s in self.members]
        if not asked:
            return
        self.reactions += 1
        member, name = self.members[asked[0]], live.names[asked[0]]
        table = stored(self.env, self.message)
        status = (table.embeds[0].get("description") or "").split("\n")[0]
        assert "waiting for hidden decisions" in status and name not in status, status
        assert f"<@{member.id}>" not in (table.content or ""), (
            f"the table names the member asked a reaction: {table.content!r}"
        )
        for message in self.world.channel.history():
            if message.id not in before and not message.flags.ephemeral:
                assert f"<@{member.id}>" not in (message.content or ""), (
                    f"a channel message names the member asked a reaction: {message.content!r}"
                )

    def check_dossier(self, kind: str, view: Any) -> None:
        """The dossier says what the decision is about (spec sections 6 and 7.3-7.4)."""
        raw = stored(self.env, view)
        body = raw.embeds[0].get("description") or ""
        # The dossier settings (7.5) are on every view; what is checked is the decision.
        labels = [o[3] for o in options_of(self.env, view) if not o[3].startswith("⚙️")]
        missions = body.split("**Missions**", 1)[1].split("**Codes**", 1)[0]
        for line in missions.splitlines()[1:]:
            assert line == "\\- none" or "completable now" in line or "· needs " in line, line
        if kind == "prompt keep3":
            dealt = re.findall(r"^\\- M\d\d \w+: .+ · \*\*\d\*\*", body, re.MULTILINE)
            assert len(dealt) == 3, body
            assert len(labels) == 3, labels
            assert all(x.startswith("Return to the deck: ") for x in labels)
        elif kind.startswith("prompt "):
            assert labels and all(": " in x for x in labels), labels
        elif kind == "turn codes":
            assert re.search(r"\*\*Cipher grid\*\*: T `[1-6 ]+` · B `[1-6 ]+`", body), body
        elif kind == "espionage":
            assert "🕵️ **Espionage**: the cards just used were" in body, body
        elif kind == "first window":
            assert "⚡ **First**: spend a First source" in body, body
        self.content[kind] = self.content.get(kind, 0) + 1

    async def open_dossier(self, seat: int) -> Any:
        """Press the table's dossier button as this seat's member; return the private view."""
        member = self.members[seat]
        (button,) = [c for c in custom_ids(self.env, self.message) if c.startswith("h:")]
        view = private_message(await member.click(self.message, custom_id=button))
        await self.check_view(seat, view)
        return view

    async def advice(self, seat: int) -> str:
        """Return the token of the action the planner AI would take in this seat."""
        live = await self.live()
        rules = live.module.rules
        legal = rules.legal_actions(live.state, seat)
        policy = live.module.policy("planner")
        rng = random.Random(f"{live.version}:{seat}")
        action = policy.choose(rules.view(live.state, seat), legal, rng, must_act=False)
        return (action or legal[0]).token()

    async def decide(self, seat: int, view: Any, style: str) -> Any:
        """Click through a private view until one action is applied; return the view."""
        member = self.members[seat]
        tree = await choice_tree(self.env, self.match_id, member.id)
        self.problems += tree.problems
        live = await self.live()
        self.met.add(situation(live.state, seat))
        self.check_dossier(situation(live.state, seat), view)
        expected = {a.token() for a in live.module.rules.legal_actions(live.state, seat)}
        reachable = tree.tokens()
        assert reachable == expected, (
            f"unreachable through the dossier: {sorted(expected - reachable)[:8]}; "
            f"offered but not legal: {sorted(reachable - expected)[:8]}"
        )
        goal = await self.advice(seat) if style == "planner" else None
        start = live.version
        view = await self.check_pile(seat, view)
        for _ in range(12):
            options = choices_of(self.env, view)
            assert options, (
                "a member to act got a view without choices: "
                f"{stored(self.env, view).embeds[0].get('description')!r} "
                f"{[c.get('label') for c in walk_components(stored(self.env, view).components)]}"
            )
            if goal is not None:
                chosen = next(o for o in options if tree.leads_to(o, goal))
            elif style == "hurry":
                chosen = hurry(options, self.rng)
            else:
                chosen = wander(options, self.rng)
            kind, cid, value, _ = chosen
            if kind == "button":
                result = await member.click(view, custom_id=cid)
            else:
                result = await member.select(view, [value], custom_id=cid)
            reply = private_message(result)
            if reply is not None and not reply.components:
                raise AssertionError(f"a click was refused: {reply.content!r} ({chosen})")
            view = reply or view
            await self.check_view(seat, view)
            live = await self.live()
            if live.version != start:
                self.applied.append((seat, target_of(chosen)[2:]))
                return view
            if target_of(chosen).startswith("a."):
                # Drawn before an AI seat moved: the click answers with the current view.
                assert "moved on" in (stored(self.env, view).content or ""), chosen
                self.stale += 1
                tree = await choice_tree(self.env, self.match_id, member.id)
        raise AssertionError("no action was applied after a dozen clicks")

    async def check_pile(self, seat: int, view: Any) -> Any:
        """Now and then open the public Agency discard pile from the dossier (section 6):
        it lists every discarded card; Back returns to the decision."""
        pile = [o for o in options_of(self.env, view) if o[3].startswith(PILE)]
        if not pile or self.piles >= 3:
            return view
        self.piles += 1
        member = self.members[seat]
        shown = private_message(await member.click(view, custom_id=pile[0][1])) or view
        body = stored(self.env, shown).embeds[0].get("description") or ""
        live = await self.live()
        assert all(card in body for card in live.state.agency_discard), body
        assert "Agency discard pile" in body and not options_of(self.env, shown), body
        back = private_message(await member.click(shown, label="◀ Back")) or shown
        assert options_of(self.env, back), "Back from the discard pile lost the choices"
        return back

    def style(self, seat: int, state: CovertState) -> str:
        """Return how a member plays this decision."""
        busy = state.round <= BUSY_ROUNDS
        if self.styles[seat] == "planner":
            return "wander" if busy and self.rng.random() < WANDER else "planner"
        return "wander" if busy else "hurry"

    async def play(self) -> None:
        """Let the members act until the match ends, restarting the bot once."""
        env = self.env
        view: Any = None
        owner = -1
        for _ in range(MAX_DECISIONS):
            seats = await self.members_to_act()
            if not seats:
                break
            seat = seats[0]
            state = await self.secrets.catch_up(env, self.match_id)
            if view is None or owner != seat or not choices_of(env, view):
                view, owner = await self.open_dossier(seat), seat
            restart = self.kept is None and state.round == RESTART_ROUND
            if restart and state.phase == "resolution":
                # A fresh bot on the same database: the view drawn before must still work.
                await env.restart_bot(create_bot(self.settings))
                self.kept = (seat, view)
            before = {m.id for m in self.world.channel.history()}
            applied = len(self.applied)
            clicked = stored(env, view).id
            view = await self.decide(seat, view, self.style(seat, state))
            self.views[seat] = view
            assert len(self.applied) == applied + 1
            if restart and self.kept is not None:
                assert stored(env, view).id == clicked, "the old view did not take the action"
            await self.check_reaction(before)
            if len(self.applied) % 10 == 0:
                await self.check_public()
        await self.check_public()


async def open_covert(world: Any, settings: Any) -> Table:
    """Start Covert with /covert start: Alice hosts, Bob joins with the button, one AI seat.

    Alice follows the planner AI's advice (she completes Missions), Bob wanders
    through every kind of choice for the first rounds, then hurries.
    """
    env = world.env
    # Correspondence pacing: the match's reminders and turn timers are hours away, so no
    # timer comes due in real time while the members play (this test is about the play and
    # the restart, not the timers, which tests/discord/test_timers.py drives on the clock).
    result = await world.alice.slash(world.channel, "covert start", pacing="correspondence")
    lobby = result.response
    assert "Covert" in text_of(env, lobby)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Add AI")
    await world.alice.click(lobby, label="Start")
    match_id = match_id_of(env, lobby)
    live = await env.bot.controller.matches.load(match_id)
    assert live.row.status == "active" and len(live.seats) == 3
    secrets = Secrets.start(live.module.rules, 3, dict(live.row.options))
    members = {0: world.alice, 1: world.bob}
    assert [live.seats[s].user_id for s in members] == [m.id for m in members.values()]
    styles = {0: "planner", 1: "wander"}
    return Table(world, settings, lobby, match_id, secrets, members, styles)
