"""The lobby: players join seats, bots fill the rest, the match is chosen, then started.

Joining: an unseated device presses A (Return / Space on the keyboards) and
takes the first free seat. A seated device's B leaves; Escape releases the last
keyboard that joined (or goes back to the title when no keyboard sits).
The option list on the right is steered by any device; A from a seated device
(or START from anyone) activates.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game.core.scene import Scene
from game.files.level_shelf import SHELF
from game.files.levels import LevelEntry, levels_for_players, user_levels_dir
from game.input.seating import DeviceId
from game.match.commands import Button, Command
from game.match.seats import MAX_SEATS, TEAM_COUNT, TEAM_NAMES, LobbySeat, SeatIdentity, identities, seat_name, team_name
from game.match import games
from game.match.spec import GameOptions, MatchSpec
from game.scenes import unlocks
from game.render import cast, widgets
from game.render.figure import Figure, Look, figure
from game.render.keytext import keyed_text
from game.scenes import registry
from game.scenes.common import menu_command
from game.scenes.evening import LOBBY_STRIP, EveningScene, draw_strip
from game.scenes.menus import level_card, lobby_draw
from game.scenes.menus.lobby_profiles import LobbyProfiles
from game.scenes.menus.seat_picker import Page
from game.scenes.pads import keyboard_keys, keys_in_play
from game.text.i18n import N_, Verbatim, _, ngettext

if TYPE_CHECKING:
    from game.core.context import Context
    from game.render.ui import UI

DIFFICULTY_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"), "expert": N_("Expert")}
MAX_ROUNDS = 5
GAME_ROWS = frozenset({"mode", "rounds", "level", "assist"})   # rows on only for a game that asks (Game.lobby_rows)
LEVEL_VALUE_WIDTH = 380   # px: the Level row's value beside its label
LEVEL_CARD = (40, 140, 584, 526)   # the chosen level's card, over the seat panels (x, y, w, h)
ROW_H = 41                # px: fourteen rows between the heading and the status line
LOCKED_ALPHA = 110       # a locked shopper on its seat's card: seen through, plainly not picked
FIGURE = 70               # px: the shopper standing on a seat's card (one shopper size)


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


def level_choices(entries: list[LevelEntry]) -> list[str | None]:
    """None (picked by the number of players), then every level by its name: shipped, then the
    player's own (a broken one too: choosing it shows why it cannot be played)."""
    return [None, *(entry.key for entry in entries)]


class LobbyScene(Scene):
    name = "lobby"
    welcomes_new_pads = True

    def __init__(self, ctx: "Context") -> None:
        super().__init__(ctx)
        o = ctx.lobby
        if games.find(o.game) is None:
            o.game = games.keys()[0]               # the first game in menu order
        o.seed = o.seed or new_seed()
        self.options = o
        # The levels, shipped and the player's own, read each time the lobby opens: a level saved
        # from Tiled while the game runs is there the next time. A folder of many is read on the
        # shelf's thread: listed at once, each card filled in as its level is read.
        self.levels = {entry.key: entry for entry in SHELF.open()}
        self._shelf_seen = SHELF.version
        if self.field("level") is not None and self.field("level") not in self.levels:
            self.choose("level", None)
        self.thumbnails = level_card.Thumbnails()
        self.picked = 0            # the seat the "Seat" rows act on
        self._cards: dict[int, tuple[tuple[object, ...], pygame.Surface]] = {}   # each seat's card, kept per look
        # Career unlocks: the verified stars (the title badge's count) say which shoppers a seat may
        # pick; a locked one the Character row steps onto is only shown (`peek`), never picked.
        self.stars = unlocks.verified_stars()
        self.peek: dict[int, str] = {}
        # Keyboard seats, latest last: Escape releases the last one.
        self.joined_order: list[int] = [seat.seat for seat in ctx.seats
                                        if seat.kind == "human" and seat.device and seat.device[0] == "kb"]
        self.menu = widgets.MenuList(self._items(), play=ctx.sound, row_height=ROW_H, width=560)
        self.seat_profiles = LobbyProfiles(self)    # each joining seat's Guest / profile / new profile
        self._took_escape = False                   # an Escape that stopped a keyboard typing a name

    def exit(self) -> None:
        """Left for good (back to the title): its rows call back into it, a cycle only the collector's
        pass over every object would free (game/core/collector.py); an empty menu lets it go now."""
        self.menu = widgets.MenuList([])

    # ---------------------------------------------------------------- menu rows
    def _items(self) -> list[widgets.MenuItem]:
        I = widgets.MenuItem
        return [
            I(N_("Game"), value=lambda: self.game.title, adjust=self._cycle_game, key="game"),
            I(N_("Mode"), value=self._mode_text, adjust=self._cycle_mode, key="mode"),
            I(N_("Rounds"), value=self._rounds_text, adjust=self._cycle_rounds, key="rounds"),
            I(N_("Level"), value=self._level_text, adjust=self._cycle_level, key="level"),
            I(N_("Teams"), value=lambda: N_("On") if self.field("teams") else N_("Off"), adjust=self._toggle_teams,
              key="teams"),
            I(N_("Assist"), value=lambda: N_("Wrong cards refused") if self.field("assist") else N_("Off"),
              adjust=self._toggle_assist, key="assist"),
            I(N_("Seed"), value=lambda: str(self.options.seed), adjust=lambda d: self._reseed(), key="seed"),
            I(N_("Add bot"), self.add_bot, key="add_bot"),
            I(N_("Remove bot"), self.remove_bot, key="remove_bot"),
            I(N_("Seat"), value=self._picked_text, adjust=self._pick, key="seat"),
            I(N_("Bot level"), value=self._bot_text, adjust=self._cycle_bot, key="bot_level"),
            I(N_("Seat team"), value=self._team_text, adjust=self._cycle_team, key="seat_team"),
            I(N_("Character"), value=self._character_text, adjust=self._cycle_character, key="character"),
            I(N_("START MATCH"), self.start, primary=True, key="start"),
        ]

    @property
    def game(self) -> games.Game:
        """The game chosen in the Game row."""
        return games.get(self.options.game)

    # ---------------------------------------------------------------- the chosen game's options
    def chosen(self) -> GameOptions:
        """The chosen game's options as its rows stand (what the lobby first offers until changed)."""
        game = self.game
        return self.options.by_game.setdefault(game.key, game.lobby_options())

    def field(self, word: str) -> Any:
        """One of the chosen game's options by its word ("mode", "rounds", "level", "teams", "assist":
        Game.fields); None for one the game does not have."""
        return self.game.fields(self.chosen()).get(word)

    def choose(self, word: str, value: object) -> None:
        """Set one of the chosen game's options (the game object keeps what it offers)."""
        game = self.game
        self.options.by_game[game.key] = game.options_from({**game.fields(self.chosen()), word: value})

    def _refresh_enabled(self) -> None:
        rows = self.game.lobby_rows
        seat = self.seat(self.picked)
        enabled = {
            "add_bot": len(self.ctx.seats) < MAX_SEATS,
            "remove_bot": any(s.kind == "bot" for s in self.ctx.seats),
            "bot_level": seat is not None and seat.kind == "bot",
            "seat_team": bool(self.field("teams")) and seat is not None,
            "character": seat is not None,
        }
        for item in self.menu.items:   # a row the game offers is on when the game asks for it
            item.enabled = item.key in rows if item.key in GAME_ROWS else enabled.get(item.key, True)

    def _cycle_game(self, step: int) -> None:
        keys = games.keys()
        self.options.game = keys[(keys.index(self.options.game) + step) % len(keys)]

    def _mode_text(self) -> str:
        return self.game.mode_name(self.mode())

    def mode(self) -> str:
        """The Mode row's choice, if the game has it (it may offer no mode row, or other modes)."""
        game = self.game
        chosen = self.field("mode")
        return chosen if "mode" in game.lobby_rows and chosen in game.modes() else game.default_mode()

    def _cycle_mode(self, step: int) -> None:
        choices = list(self.game.modes())
        self.choose("mode", choices[(choices.index(self.mode()) + step) % len(choices)])

    def _rounds_text(self) -> str:
        game = self.game
        if game.fixed_rounds is not None:
            return _(game.rounds_said).format(rounds=game.fixed_rounds)
        return str(self.field("rounds"))

    def _cycle_rounds(self, step: int) -> None:
        self.choose("rounds", (int(self.field("rounds")) - 1 + step) % MAX_ROUNDS + 1)

    def _level_text(self) -> str:
        """The Level row's value: said and fitted here, so a Verbatim (a player's level name is shown
        as they wrote it)."""
        if "level" not in self.game.lobby_rows:
            return self.game.place
        entry = self.level_entry()
        if entry is None:
            return N_("Auto (by players)")
        name = _(entry.title)        # a shipped level's name is a message id, a player's own a Verbatim
        text = name if entry.problem is None else _("Broken: {level}").format(level=name)
        return Verbatim(widgets.fit_text(self.ctx.ui, text, LEVEL_VALUE_WIDTH, "body"))

    def _cycle_level(self, step: int) -> None:
        choices = level_choices(list(self.levels.values()))
        current = self.field("level")
        index = choices.index(current) if current in choices else 0
        self.choose("level", choices[(index + step) % len(choices)])

    def level_entry(self) -> LevelEntry | None:
        """The level chosen in the Level row (None: Auto)."""
        key = self.field("level")
        return None if key is None else self.levels.get(key)

    def take_read_levels(self) -> None:
        """The levels the shelf's thread has read since the last look, in place of their "being read"
        entries (a few dictionary looks a frame; nothing when nothing new was read)."""
        if SHELF.version == self._shelf_seen:
            return
        self._shelf_seen = SHELF.version
        self.levels = {e.key: e for e in ((SHELF.ready(e.path.name) or e) if e.pending else e
                                          for e in self.levels.values())}

    def _auto_entry(self) -> LevelEntry | None:
        """The level Auto would play for the seats taken now."""
        path = levels_for_players(max(1, len(self.ctx.seats)))
        return self.levels.get(path.stem)

    def _toggle_assist(self, step: int) -> None:
        """The Rush's assist (RULINGS): the Starting Table refuses a wrong card at once."""
        self.choose("assist", not self.field("assist"))

    def _toggle_teams(self, step: int) -> None:
        self.choose("teams", not self.field("teams"))

    def _reseed(self) -> None:
        self.options.seed = new_seed()

    def _picked_text(self) -> str:
        """The Seat row's value: the seat's number and who sits there (a profile's name as its player
        wrote it, else the seat's colour), fitted here like the Level row's."""
        said = f"{self.picked + 1} · {seat_name(self.ctx.seats, self.picked)}"
        return Verbatim(widgets.fit_text(self.ctx.ui, said, LEVEL_VALUE_WIDTH, "body"))

    def _pick(self, step: int) -> None:
        self.peek.pop(self.picked, None)     # a locked shopper is shown while its seat is the one picked
        self.picked = (self.picked + step) % MAX_SEATS

    def _bot_text(self) -> str:
        seat = self.seat(self.picked)
        if seat is None:
            return N_("empty")
        return DIFFICULTY_NAMES[seat.difficulty] if seat.kind == "bot" else N_("player")

    def _cycle_bot(self, step: int) -> None:
        seat = self.seat(self.picked)
        if seat is not None and seat.kind == "bot":
            seat.cycle_difficulty(step)

    def _team_text(self) -> str:
        seat = self.seat(self.picked)
        return TEAM_NAMES[seat.team] if seat is not None else "-"

    def _cycle_team(self, step: int) -> None:
        seat = self.seat(self.picked)
        if seat is not None:
            seat.team = (seat.team + step) % TEAM_COUNT

    def shoppers(self) -> dict[int, cast.Character]:
        """Every filled seat's shopper: as picked (if the career has unlocked it), else its seat's
        default (none twice)."""
        chosen = {s.seat: s.character for s in self.ctx.seats
                  if s.character is not None and cast.character(s.character, s.seat).unlocked(self.stars)}
        return cast.of_seats([s.seat for s in self.ctx.seats], chosen)

    def _character_text(self) -> str:
        seat = self.seat(self.picked)
        if seat is None:
            return "-"
        shown = self._peeked(seat.seat)
        if shown is not None:
            # TRANSLATORS: the lobby's Character row on a shopper the career has not unlocked yet: its
            # name and the career stars it needs (the row's value, keep it short)
            return ngettext("{name} · {n} star to unlock", "{name} · {n} stars to unlock", shown.unlock_stars,
                            name=_(shown.name))
        return _(self.shoppers()[seat.seat].name)

    def _peeked(self, seat: int) -> cast.Character | None:
        """The locked shopper the seat's Character row shows, if it stepped onto one."""
        ident = self.peek.get(seat)
        return cast.character(ident, seat) if ident is not None else None

    def _cycle_character(self, step: int) -> None:
        """The picked seat's next shopper, skipping any another seat plays (each looks different);
        a locked one is shown with the stars it needs but not picked (the seat keeps its own)."""
        seat = self.seat(self.picked)
        if seat is None:
            return
        self.stars = unlocks.verified_stars()    # the menus' idle time may have judged more replays since
        shown = self.shoppers()
        others = {c.id for s, c in shown.items() if s != seat.seat}
        ident = self.peek.pop(seat.seat, shown[seat.seat].id)
        for _k in range(len(cast.cast())):
            ident = cast.step(ident, seat.seat, step)
            if ident not in others:
                break
        if not cast.character(ident, seat.seat).unlocked(self.stars):
            self.peek[seat.seat] = ident
            return
        seat.character = ident
        self.seat_profiles.remember_character(seat)     # a profile's player keeps the shopper they chose

    # ---------------------------------------------------------------- seats
    def seat(self, index: int) -> LobbySeat | None:
        return next((s for s in self.ctx.seats if s.seat == index), None)

    def free_seat(self) -> int | None:
        taken = {s.seat for s in self.ctx.seats}
        return next((i for i in range(MAX_SEATS) if i not in taken), None)

    def _take(self, seat: LobbySeat) -> None:
        self.ctx.seats.append(seat)
        self.ctx.seats.sort(key=lambda s: s.seat)

    def join(self, device: DeviceId) -> int | None:
        """Seat a device in the first free seat; returns the seat (None when full)."""
        index = self.free_seat()
        if index is None:
            self.ctx.sound("error")
            self.ctx.toast(_("All 6 seats are taken: remove a bot to make room"))
            return None
        self.ctx.input.assign(device, index)
        self._take(LobbySeat(index, "human", device, team=index % 2,
                             device_name=self.ctx.input.device_name(device)))
        if device[0] == "kb":
            self.joined_order.append(index)
        self.picked = index
        self.ctx.sound("confirm")
        self.seat_profiles.open(index)      # Guest first: the next A keeps the guest seat
        return index

    def move(self, seat: LobbySeat, index: int) -> int:
        """A human's seat moved to the free seat `index` (a profile's favourite colour)."""
        old = seat.seat
        self.ctx.input.release(old)
        if seat.device is not None:
            self.ctx.input.assign(seat.device, index)
        seat.seat = index
        self.ctx.seats.sort(key=lambda s: s.seat)
        self.joined_order = [index if i == old else i for i in self.joined_order]
        self.picked = index
        return index

    def leave(self, index: int) -> None:
        self.seat_profiles.close(index)
        self.ctx.input.release(index)
        self.ctx.seats[:] = [s for s in self.ctx.seats if s.seat != index]
        if index in self.joined_order:
            self.joined_order.remove(index)
        self.ctx.sound("back")

    def add_bot(self) -> int | None:
        index = self.free_seat()
        if index is None:
            self.ctx.sound("error")
            return None
        self._take(LobbySeat(index, "bot", difficulty="normal", team=index % 2))
        self.picked = index
        return index

    def remove_bot(self) -> None:
        bots = [s for s in self.ctx.seats if s.kind == "bot"]
        if bots:
            target = self.seat(self.picked)
            victim = target if target in bots else bots[-1]
            self.ctx.seats.remove(victim)

    # ---------------------------------------------------------------- start
    def match_spec(self) -> MatchSpec:
        game = self.game
        seats = tuple(s.spec(bool(self.field("teams"))) for s in sorted(self.ctx.seats, key=lambda s: s.seat))
        options = game.options_from({**game.fields(self.chosen()), "mode": self.mode()})   # a mode registered still
        return game.spec(seats, self.options.seed, options)

    def start_problem(self) -> str | None:
        game = self.game
        need = game.min_seats
        if len(self.ctx.seats) < need:
            title = game.title
            return ngettext("{game} needs at least {n} seat: join or add a bot",
                            "{game} needs at least {n} seats: join or add a bot", need, game=title)
        if self.field("teams"):
            teams = {s.team for s in self.ctx.seats}
            if len(teams) < 2:
                return _("Teams are on, but everyone is on one team")
        entry = self.level_entry()
        if entry is not None and entry.pending:        # started before the shelf read it: read it now
            entry = self.levels[entry.key] = SHELF.read_now(entry.path.name)
        if "level" in game.lobby_rows and entry is not None and entry.problem is not None:
            return _("{level} cannot be played: choose another level").format(level=_(entry.title))
        return None

    def start(self) -> None:
        problem = self.start_problem()
        if problem:
            self.ctx.sound("error")
            self.ctx.toast(problem)
            return
        spec = self.match_spec()
        registry.start_game(self.ctx, spec)
        self.seat_profiles.pickers.clear()     # a seat still choosing played as it sat (a guest, or its profile)
        self.options.seed = new_seed()   # the next match gets a fresh seed

    # ---------------------------------------------------------------- ticks
    def update(self, commands: dict[int, Command]) -> None:
        self.take_read_levels()
        self.seat_profiles.tick()
        inp = self.ctx.input
        for seat in inp.disconnected_seats():
            # In the lobby a pulled pad simply frees its seat (in a match it would wait).
            name = seat_name(self.ctx.seats, seat)     # its player's, said before the seat is freed
            self.leave(seat)
            self.ctx.toast(_("{name}'s controller was disconnected").format(name=name))
        typing_kb = self.seat_profiles.typing_keyboard() is not None
        for device in inp.unseated_presses(Button.A):
            if not (typing_kb and device[0] == "kb"):     # Return / Space type a name then
                self.join(device)
        # Before the seats' B below: a device that leaves by B is unseated afterwards, and that
        # same press must not also take everyone back to the title.
        back = bool(inp.unseated_presses(Button.B))
        seated_a = False
        start = False
        for seat, cmd in commands.items():
            if seat < 0:
                continue
            lobby_seat = self.seat(seat)
            if lobby_seat is None or lobby_seat.kind != "human":
                continue
            if typing_kb and lobby_seat.device is not None and lobby_seat.device[0] == "kb" \
                    and seat != self.seat_profiles.typing_keyboard():
                continue                                   # the keyboard's keys are letters while it types
            if seat in self.seat_profiles.pickers:         # choosing who sits here: its own keys
                start = self._choose(seat, cmd) or start
                continue
            if cmd.pressed & Button.X:                     # back to the picker: a profile, or another
                self.seat_profiles.open(seat)
                continue
            if cmd.pressed & Button.B:
                self.leave(seat)
            elif cmd.pressed & Button.A:
                seated_a = True
            if cmd.pressed & Button.START:
                start = True
        if inp.unseated_presses(Button.START):
            start = True
        busy = self.seat_profiles.busy_devices()     # a seat choosing its profile: its Y edits one
        if (inp.menu_command_without(busy) if busy else menu_command(commands)).pressed & Button.Y:
            self.ctx.sound("confirm")                # any other device, seated or not: the evening so far
            self.ctx.stack.push(EveningScene(self.ctx))
            return
        took_escape, self._took_escape = self._took_escape, False
        if inp.escape_pressed() and took_escape:
            pass                                           # it took a keyboard back from typing a name
        elif inp.escape_pressed():
            if self.joined_order:
                self.leave(self.joined_order[-1])
            else:
                self.ctx.sound("back")
                self.ctx.stack.pop()
                return
        elif not self.ctx.seats and back:
            self.ctx.sound("back")
            self.ctx.stack.pop()
            return
        self._refresh_enabled()
        busy = self.seat_profiles.busy_devices()
        merged = inp.menu_command_without(busy) if busy else menu_command(commands)
        # Only directions come from the merged command: A and B mean join / leave per device.
        self.menu.update(Command(merged.dx, merged.dy, merged.pressed & _DIRECTIONS, merged.held & _DIRECTIONS))
        if seated_a:
            self.menu.update(Command(pressed=Button.A))
        if start:
            self.ctx.sound("confirm")
            self.start()
        self._refresh_enabled()

    def handle_event(self, event: pygame.event.Event) -> None:
        """A keyboard seat typing a profile's name types it (its keys are letters, not buttons, then)."""
        if self.seat_profiles.typing_keyboard() is None:
            return
        if event.type == pygame.TEXTINPUT:
            self.seat_profiles.type_text(event.text)
        elif event.type == pygame.KEYDOWN and event.key in _TYPING_KEYS:
            self._took_escape = event.key == pygame.K_ESCAPE
            self.seat_profiles.keyboard_key(_TYPING_KEYS[event.key])

    def _choose(self, seat: int, cmd: Command) -> bool:
        """A choosing seat's tick: its picker gets its own device's keys (stick and repeats as the
        menus get them); START on the list plays at once, the seat a guest (True)."""
        if cmd.pressed & Button.START and self.seat_profiles.pickers[seat].page is Page.LIST:
            return True
        own = self.ctx.input.device_of(seat)
        self.seat_profiles.update(seat, self.ctx.input.menu_command_of(own) if own is not None else cmd)
        return False

    # ---------------------------------------------------------------- drawing
    def toast_zone(self) -> pygame.Rect:
        """Under the heading, above the seats (one message at a time)."""
        return pygame.Rect(30, 84, 600, 56)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.draw_background(surface, ui)
        widgets.logo_text(surface, ui, _("LOBBY"), ui.size("heading"), ui.colour("accent"), (330, 58), outline=4)
        if any(p.page is Page.TYPING for p in self.seat_profiles.pickers.values()):
            self._draw_typing(surface)
            return
        if not self.ctx.input.unmapped:   # else the toast zone says how to set up the new controller
            widgets.blit_text(surface, ui, _("Press {a} / Enter / Space to join").format(a=widgets.pad_label(ui, 'A')), "small",
                              "text_dim", center=(330, 112))
        for index in range(MAX_SEATS):
            col, row = index % 2, index // 2
            rect = pygame.Rect(40 + col * 300, 140 + row * 180, 284, 166)
            self._draw_seat(surface, rect, index)
        self._draw_level_card(surface)
        self.menu.draw(surface, ui, (680, 54))
        status = self.start_problem()
        if status is None:
            spec_text = ngettext("{n} seated · ready · START to play", "{n} seated · ready · START to play",
                                 len(self.ctx.seats))
            colour = "good"
        else:
            spec_text, colour = status, "accent_2"
        names = keys_in_play(self.ctx)   # START said as what each seated player presses for it
        # Under the menu, wrapped, clear of the hints under it (smaller at a large UI scale).
        for size in range(ui.size("small"), 0, -2):
            said = keyed_text(ui, spec_text, size, ui.colour(colour), names, 1280 - 680 - 20)
            if said.get_height() <= 54 or ui.text.font(size) is ui.text.font(0):
                break
        surface.blit(said, said.get_rect(center=(960, 658)))
        draw_strip(surface, ui, self.ctx.evening, LOBBY_STRIP)
        widgets.hints(surface, ui, [(names["A"], N_("Join / Select")), (names["B"], N_("Leave")),
                                    (names["START"], N_("Play")), (names["Y"], N_("Tonight")), ("Esc", N_("Back"))],
                      y=700)

    def _draw_typing(self, surface: pygame.Surface) -> None:
        """While a seat types a name: every seat in a 3 x 2 grid, a typing one as its keyboard."""
        ui = self.ctx.ui
        for index in range(MAX_SEATS):
            picker = self.seat_profiles.pickers.get(index)
            seat = self.seat(index)
            if picker is not None and picker.page is Page.TYPING and seat is not None:
                lobby_draw.draw_keyboard(surface, ui, index, picker, seat.name)
            else:
                card = lobby_draw.slot(index)
                self._draw_seat(surface, pygame.Rect(card.centerx - 142, card.centery - 83, 284, 166), index)
        names = keys_in_play(self.ctx, [s for s, p in self.seat_profiles.pickers.items() if p.page is Page.TYPING])
        widgets.hints(surface, ui, [(names["A"], N_("Type")), (names["B"], N_("Delete")),
                                    (names["START"], N_("Done"))], y=700)

    def _join_keys(self) -> list[str]:
        """What joins a free seat: the pads' A, and the A key of each keyboard half not yet seated."""
        keys = [widgets.pad_label(self.ctx.ui, "A")] if self.ctx.input.pads else []
        seated = self.ctx.input.seated().values()
        return keys + [keyboard_keys(self.ctx, half)["A"] for half in ("left", "right") if ("kb", half) not in seated]

    def _draw_level_card(self, surface: pygame.Surface) -> None:
        """While the Level row is chosen: the level's card over the seat panels."""
        if self.menu.selected.key != "level" or "level" not in self.game.lobby_rows:
            return
        entry = self.level_entry()
        auto = entry is None
        shown = self._auto_entry() if auto else entry
        if shown is None:
            return
        level_card.draw(surface, self.ctx.ui, pygame.Rect(LEVEL_CARD), shown, auto, self.thumbnails,
                        self.ctx.seats, str(user_levels_dir()))

    def _draw_seat(self, surface: pygame.Surface, rect: pygame.Rect, index: int) -> None:
        """A seat's card, drawn once per look and kept (six cards were some 60 draws and blits a
        frame, the lobby's largest part)."""
        focused = index == self.picked and self.menu.selected.key in ("seat", "bot_level", "seat_team", "character")
        look = self._seat_look(index, focused, rect)
        kept = self._cards.get(index)
        if kept is None or kept[0] != look:
            card = pygame.Surface((rect.w, rect.h + widgets.PANEL_DROP), pygame.SRCALPHA)
            self._paint_seat(card, pygame.Rect(0, 0, rect.w, rect.h), index, focused)
            kept = self._cards[index] = (look, widgets.run_length(card))
        surface.blit(kept[1], rect.topleft)

    def _seat_look(self, index: int, focused: bool, rect: pygame.Rect) -> tuple[object, ...]:
        """All a seat's card shows (and the UI it is drawn by): another card is drawn when it changes."""
        ui = self.ctx.ui
        identity = identities()[index]
        seat = self.seat(index)
        common = (id(ui), ui.text.scale, rect.size, focused, identity.name, tuple(identity.colour), identity.shape)
        if seat is None:
            return (*common, _("Seat {number}").format(number=index + 1), _("Open: press {a} to join"),
                    tuple(self._join_keys()))
        team = (seat.team, team_name(seat.team)) if self.field("teams") else None
        picker = self.seat_profiles.pickers.get(index)
        choosing = lobby_draw.picker_look(picker, self.seat_profiles.by_id()) if picker is not None else None
        return (*common, seat.kind, self._device(seat), team, self.shoppers()[index].id, self.peek.get(index),
                self.ctx.settings.colourblind, seat.profile_name, choosing, tuple(self._seat_keys(index).items()))

    def _seat_keys(self, index: int) -> dict[str, list[str]]:
        """What the seat's own player presses for each button: its picker's line of keys, or the
        X that opens it again on a seated player's card."""
        return keys_in_play(self.ctx, [index]) if self._keyed(index) else {}

    def _keyed(self, index: int) -> bool:
        """Whether the seat's card says keys: a picker's, or a seated person's X (not a bot's or a
        disconnected pad's: neither can press it)."""
        seat = self.seat(index)
        return index in self.seat_profiles.pickers or (
            seat is not None and seat.kind == "human" and index not in self.ctx.input.disconnected_seats())

    def _figure(self, index: int) -> Figure:
        """The seat's shopper as it stands on its card, in its seat's colour and shape."""
        identity = identities()[index]
        look = Look(identity.hex, identity.shape, index if self.ctx.settings.colourblind else None)
        return figure(self._peeked(index) or self.shoppers()[index], look, FIGURE, "idle", 0)

    def _device(self, seat: LobbySeat) -> str:
        if seat.kind == "bot":
            return _("Bot · {level}").format(level=_(DIFFICULTY_NAMES[seat.difficulty]))
        if seat.seat in self.ctx.input.disconnected_seats():
            return _("Disconnected")
        return _(seat.device_name) if seat.device_name else _("Player")   # "Keyboard (left)" is in the catalogue

    def _paint_seat(self, surface: pygame.Surface, rect: pygame.Rect, index: int, focused: bool) -> None:
        ui = self.ctx.ui
        identity = identities()[index]
        seat = self.seat(index)
        if seat is None:
            widgets.panel(surface, ui, rect, focused=focused, fill="background")
            widgets.seat_badge(surface, identity, (rect.x + 50, rect.y + 52), 26, faded=True)
            label = _("Seat {number}").format(number=index + 1)
            widgets.blit_text(surface, ui, label, _name_size(ui, label, "body", rect), "text_dim",
                              midleft=(rect.x + 92, rect.y + 52))
            join = keyed_text(ui, _("Open: press {a} to join").format(a="A"), ui.size("small"), ui.colour("text_dim"),
                              {"A": self._join_keys()}, rect.w - 40, centred=False)
            surface.blit(join, join.get_rect(midleft=(rect.x + 24, rect.y + 116)))
            return
        picker = self.seat_profiles.pickers.get(index)
        if picker is not None and picker.page is not Page.TYPING:
            lobby_draw.draw_picker(surface, ui, rect, identity, picker, self.seat_profiles.by_id(),
                                   self._seat_keys(index))
            return
        widgets.panel(surface, ui, rect, focused=focused, border=identity.colour)
        if not focused:
            pygame.draw.rect(surface, identity.colour, rect, 5, border_radius=ui.theme.radius)
        shopper = self._figure(index)
        room = FIGURE + 20   # the card's right side is the shopper's
        team = seat.team if self.field("teams") else None
        keys = self._seat_keys(index)
        self._seat_head(surface, rect, seat, team if keys else None)
        lobby_draw.seat_lines(surface, ui, pygame.Rect(rect.x + 24, rect.y + 106, rect.width - 40 - room, 34),
                              self._device(seat), "accent_2" if seat.kind == "bot" else "text",
                              None if keys else team, keys)
        at = (rect.right - 14 - FIGURE // 2 - shopper.feet[0], rect.bottom - 12 - shopper.feet[1])
        if index in self.peek:           # a locked shopper: a ghost of the look to come, not the seat's
            ghost = shopper.surface.copy()
            ghost.set_alpha(LOCKED_ALPHA)
            surface.blit(ghost, at)
        else:
            surface.blit(shopper.surface, at)

    def _seat_head(self, surface: pygame.Surface, rect: pygame.Rect, seat: LobbySeat, team: int | None) -> None:
        """A seat's name on its card: a profile's across the top with the seat's badge under it, a
        colour's beside a large badge. With `team` (a person's card, whose last line is their key back
        to the profiles), the colour's too goes across the top, the team beside the small badge."""
        ui, identity = self.ctx.ui, seat.identity
        if seat.profile_name or team is not None:
            _profile_name(surface, ui, rect, identity, seat.name)
            if team is not None:
                lobby_draw.team_tag(surface, ui, pygame.Rect(rect.x + 64, rect.y + 72, rect.w - 80 - FIGURE - 20, 0),
                                    team)
            return
        widgets.seat_badge(surface, identity, (rect.x + 50, rect.y + 56), 26)
        widgets.blit_text(surface, ui, identity.name, _name_size(ui, identity.name, "large", rect, FIGURE + 20),
                          "text", midleft=(rect.x + 92, rect.y + 56))


def _name_size(ui: UI, name: str, size: str, card: pygame.Rect, room: int = 0) -> int:
    """A seat's name beside its badge, as large as `size` and the UI scale ask, up to its card's
    edge ("Amarillo" at the largest scale ran 2 px past it), or to the `room` kept at the right."""
    return ui.fitting_size(name, ui.size(size), card.right - 16 - room - (card.x + 92), narrows=False)


def _profile_name(surface: pygame.Surface, ui: UI, card: pygame.Rect, identity: SeatIdentity, name: str) -> None:
    """A profile's name across the card's top, above the shopper's head (16 wide letters fit, drawn
    narrower), its seat's badge smaller under it."""
    width = card.w - 40
    size = ui.fitting_size(name, ui.size("large"), width)
    image, shown = ui.render(name, size, "text", max_width=width), name
    while image.get_width() > width and len(shown) > 1:      # past even the narrowest: cut, with "…"
        shown = shown[:-1]
        image = ui.render(shown.rstrip() + "…", size, "text", max_width=width)
    surface.blit(image, image.get_rect(midleft=(card.x + 20, card.y + 30)))
    widgets.seat_badge(surface, identity, (card.x + 40, card.y + 72), 16)


_DIRECTIONS = Button.UP | Button.DOWN | Button.LEFT | Button.RIGHT
_TYPING_KEYS = {pygame.K_RETURN: "return", pygame.K_KP_ENTER: "return", pygame.K_BACKSPACE: "backspace",
                pygame.K_ESCAPE: "escape"}


registry.LOBBY.bind(LobbyScene)
