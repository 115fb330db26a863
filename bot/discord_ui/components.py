"""Persistent components: every button and select is a DynamicItem.

A custom_id carries only what the clicking member may see: the match id, the
version the view was drawn at and a public action token, or (on a member's
own private view) a token naming that member's own cards.

Each class here both writes its custom_id (the payloads put it on a message)
and reads it back when clicked (discord.py matches the template). A click is
handed to the running bot's controller, found on the interaction's client, so
this module never imports the controller: handlers -> controller -> payloads ->
components is the one direction.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Protocol, Self, cast

import discord

from bot.discord_ui import messages
from bot.discord_ui.render import layout_choices, style_of
from bot.engine import Button, Screen, Select

_ID = r"(?P<match_id>[0-9]{1,9})"
_VER = r"(?P<version>[0-9]{1,6})"
_TOKEN = r"(?P<token>[A-Za-z0-9_.,+\-]{0,80})"
LOBBY_OPS = ("join", "leave", "ai", "start", "cancel")


class ClickHandlers(Protocol):
    """What a click on one of these components is handed to (the bot's controller)."""

    async def on_lobby(self, interaction: discord.Interaction, match_id: int, op: str) -> None:
        """Join / Leave / Add AI / Start / Cancel / a seat option on a lobby."""

    async def on_hand(self, interaction: discord.Interaction, match_id: int) -> None:
        """My hand: the clicker's own private view."""

    async def on_target(
        self, interaction: discord.Interaction, match_id: int, version: int | None, target: str
    ) -> None:
        """An action to submit ("a.<token>") or a step of a choice to show ("p.<step>")."""

    async def on_rematch(self, interaction: discord.Interaction, match_id: int) -> None:
        """Rematch on a finished table."""

    async def on_rules_page(self, interaction: discord.Interaction, game: str, page: int) -> None:
        """Another page of a rules summary."""


class ReadBack:
    """Reads a clicked custom_id back into its component: the template's named groups are the
    constructor's keyword arguments (those in :attr:`NUMBERS` as whole numbers)."""

    NUMBERS: ClassVar[frozenset[str]] = frozenset({"match_id", "version", "index", "page"})

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        fields = match.groupdict()
        return cls(**{k: int(v) if k in cls.NUMBERS else v for k, v in fields.items()})


def _button(custom_id: str, label: str, style: str = "secondary") -> discord.ui.Button[Any]:
    """A button of one of these components: its custom_id, label and Screen style."""
    return discord.ui.Button(label=label, style=style_of(style), custom_id=custom_id)


def controller(interaction: discord.Interaction) -> ClickHandlers:
    """Return the controller of the bot that received the interaction."""
    ctrl: ClickHandlers = cast(Any, interaction.client).controller
    return ctrl


_LOBBY = rf"l:{_ID}:(?P<op>[\w.]{{1,40}})"


class LobbyButton(ReadBack, discord.ui.DynamicItem[discord.ui.Button[Any]], template=_LOBBY):
    """Join / Leave / Add AI / Start / Cancel on a lobby message."""

    def __init__(
        self,
        match_id: int,
        op: str,
        label: str = "",
        style: str = "secondary",
        *,
        disabled: bool = False,
    ) -> None:
        super().__init__(_button(f"l:{match_id}:{op}", label or op, style))
        self.item.disabled = disabled
        self.match_id, self.op = match_id, op

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_lobby(interaction, self.match_id, self.op)


class HandButton(ReadBack, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"h:{_ID}"):
    """ "My hand" on a table message: answers with the clicker's own private view."""

    def __init__(self, match_id: int, label: str = "My hand") -> None:
        super().__init__(_button(f"h:{match_id}", label, "primary"))
        self.match_id = match_id

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_hand(interaction, self.match_id)


class ActionButton(
    ReadBack,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"(?P<kind>[ap]):{_ID}:{_VER}:{_TOKEN}",
):
    """Submit an action ("a") or open the next step of a choice ("p")."""

    def __init__(
        self, kind: str, match_id: int, version: int, token: str, label: str = "", style: str = ""
    ) -> None:
        super().__init__(_button(f"{kind}:{match_id}:{version}:{token}", label or token, style))
        self.kind, self.match_id, self.version, self.token = kind, match_id, version, token

    async def callback(self, interaction: discord.Interaction) -> None:
        target = f"{self.kind}.{self.token}"
        await controller(interaction).on_target(interaction, self.match_id, self.version, target)


class ChoiceSelect(
    ReadBack,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"s:{_ID}:{_VER}:(?P<index>[0-9])",
):
    """A select whose chosen value is a target ("a.<token>" or "p.<step>")."""

    def __init__(
        self, match_id: int, version: int, index: int, select: Select | None = None
    ) -> None:
        options = [
            discord.SelectOption(
                label=o.label[:100], value=o.target[:100], description=o.description[:100] or None
            )
            for o in (select.options[:25] if select else ())
        ] or [discord.SelectOption(label="-", value="-")]
        placeholder = select.placeholder[:150] if select else None
        super().__init__(
            discord.ui.Select(
                custom_id=f"s:{match_id}:{version}:{index}",
                placeholder=placeholder,
                options=options,
            )
        )
        self.match_id, self.version = match_id, version

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or [""]
        target = str(values[0])
        await controller(interaction).on_target(interaction, self.match_id, self.version, target)


class SimpleButton(
    ReadBack, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"(?P<kind>[rv]):{_ID}"
):
    """Rematch ("r") on a finished table, Refresh ("v") on a private view."""

    def __init__(self, kind: str, match_id: int, label: str = "", style: str = "secondary") -> None:
        super().__init__(_button(f"{kind}:{match_id}", label or kind, style))
        self.kind, self.match_id = kind, match_id

    async def callback(self, interaction: discord.Interaction) -> None:
        ui = controller(interaction)
        if self.kind == "r":
            await ui.on_rematch(interaction, self.match_id)
        else:
            await ui.on_target(interaction, self.match_id, None, "p.")


class RulesPageButton(
    ReadBack,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rules:(?P<game>[a-z_]{1,20}):(?P<page>\d{1,2})",
):
    """Previous / next page of a game's rules summary."""

    def __init__(self, game: str, page: int, label: str = "") -> None:
        super().__init__(_button(f"rules:{game}:{page}", label or str(page)))
        self.game, self.page = game, page

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_rules_page(interaction, self.game, self.page)


DYNAMIC_ITEMS = (LobbyButton, HandButton, ActionButton, ChoiceSelect, SimpleButton, RulesPageButton)


def is_ours(custom_id: str) -> bool:
    """Tell whether a custom_id has the shape of one of our components."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


def ids_on(message: discord.Message | None) -> set[str]:
    """Return the custom_ids of every component on a message."""
    found: set[str] = set()
    for row in message.components if message is not None else ():
        for child in getattr(row, "children", ()):
            if getattr(child, "custom_id", None):
                found.add(child.custom_id)
    return found


def choices_view(match_id: int, version: int, screen: Screen, *, refresh: bool) -> discord.ui.View:
    """Build the components of a private view from its screen's choices."""
    view = discord.ui.View(timeout=None)
    rows = layout_choices(screen.choices, rows_free=4 if refresh else 5)
    for row_index, row in enumerate(rows):
        for index, choice in enumerate(row):
            view.add_item(_item(match_id, version, choice, row_index * 5 + index, row_index))
    if refresh:
        view.add_item(SimpleButton("v", match_id, messages.REFRESH_BUTTON))
    return view


def _item(match_id: int, version: int, choice: Button | Select, index: int, row: int) -> Any:
    if isinstance(choice, Select):
        item: Any = ChoiceSelect(match_id, version, row, choice)
    else:
        kind, _, token = choice.target.partition(".")
        item = ActionButton(kind, match_id, version, token, choice.label[:80], choice.style)
    item.item.row = row
    return item
