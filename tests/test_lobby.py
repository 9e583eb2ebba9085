"""The lobby: joining and leaving by device, bots, teams, and the MatchSpec it hands over."""
import pygame
import pytest

from game import app
from game.core.scene import Scene
from game.games.checkout import CHECK_OUT, CheckOutOptions
from game.match.spec import MatchSpec, SeatSpec
from game.rules.soldout.options import SoldOutOptions
from game.scenes import registry
from game.scenes.menus.lobby import LobbyScene
from game.scenes.pads.reconnect import ReconnectScene
from game.scenes.menus.title import TitleScene


@pytest.fixture
def ctx(ctx, monkeypatch):
    monkeypatch.setattr(registry, "_games", {})          # no game scene installed unless a test adds one
    monkeypatch.setattr(registry, "_loaded", [True])
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.push(LobbyScene(ctx))
    ctx.stack.apply()
    return ctx

def key(ctx, code):
    ctx.input.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.tick(ctx)
    ctx.input.handle_event(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    app.tick(ctx)


def table(ctx):
    return [(s.seat, s.kind, s.device) for s in ctx.seats]


def test_keyboards_join_by_their_a_key_and_leave_by_b(ctx):
    lobby = ctx.stack.top
    key(ctx, pygame.K_SPACE)                               # left layout's A
    key(ctx, pygame.K_RETURN)                              # right layout's A
    assert table(ctx) == [(0, "human", ("kb", "left")), (1, "human", ("kb", "right"))]
    assert ctx.input.seated() == {0: ("kb", "left"), 1: ("kb", "right")}
    assert ctx.seats[0].device_name == "Keyboard (left)"
    assert lobby.menu.index == 0                           # joining did not press a menu row
    key(ctx, pygame.K_LSHIFT)                              # left layout's B: leave
    assert table(ctx) == [(1, "human", ("kb", "right"))]
    key(ctx, pygame.K_SPACE)                               # rejoins the first free seat
    assert table(ctx)[0] == (0, "human", ("kb", "left"))
    key(ctx, pygame.K_ESCAPE)                              # Escape releases the last keyboard that joined
    assert [s.seat for s in ctx.seats] == [1]
    key(ctx, pygame.K_ESCAPE)
    key(ctx, pygame.K_ESCAPE)                              # nobody left: back to the title
    assert ctx.stack.top.name == "title"


def test_bots_fill_free_seats_with_difficulty_and_teams(ctx):
    lobby = ctx.stack.top
    key(ctx, pygame.K_RETURN)                              # a human in seat 0
    for _ in range(6):
        lobby.add_bot()
    assert len(ctx.seats) == 6 and lobby.add_bot() is None  # full: refused
    lobby.picked = 2
    lobby._cycle_bot(1)                                    # normal -> hard
    lobby._cycle_bot(1)                                    # -> expert
    lobby.picked = 4
    lobby._cycle_bot(-1)                                   # normal -> easy
    lobby.picked = 5
    lobby.remove_bot()                                     # removes the picked bot
    assert [s.seat for s in ctx.seats] == [0, 1, 2, 3, 4]
    lobby._toggle_teams(1)
    lobby.picked = 1
    lobby._cycle_team(1)                                   # seat 1: team 1 -> 2
    ctx.lobby.game, ctx.lobby.seed = "soldout", 99
    lobby.choose("mode", "memory")
    lobby.choose("rounds", 2)
    spec = lobby.match_spec()
    assert spec == MatchSpec("soldout", (
        SeatSpec(0, "Orange", "human", "normal", 0),
        SeatSpec(1, "Sky", "bot", "normal", 2),
        SeatSpec(2, "Green", "bot", "expert", 0),
        SeatSpec(3, "Yellow", "bot", "normal", 1),
        SeatSpec(4, "Blue", "bot", "easy", 0),
    ), seed=99, options=SoldOutOptions(mode="memory", rounds=2, teams=True, level=None, assist=False))


def test_the_assist_row_turns_the_rush_assist_on_for_sold_out_only(ctx):
    lobby = ctx.stack.top
    key(ctx, pygame.K_RETURN)
    row = next(item for item in lobby.menu.items if item.label == "Assist")
    assert row.value() == "Off" and lobby.match_spec().options.assist is False
    row.adjust(1)
    assert row.value() == "Wrong cards refused"
    assert lobby.match_spec().options.assist is True
    lobby._cycle_game(1)                                   # Check Out! has no assist
    lobby._refresh_enabled()
    assert not row.enabled and lobby.match_spec().options == CheckOutOptions()


def test_each_game_keeps_its_own_choices_when_the_game_row_changes(ctx):
    """One options object per game (its own dataclass): Check Out!'s teams are not Sold Out!'s,
    and Sold Out!'s rounds and assist wait for it while another game is chosen."""
    lobby = ctx.stack.top
    lobby.choose("rounds", 5)
    lobby._toggle_assist(1)
    lobby._cycle_game(1)
    lobby._toggle_teams(1)
    assert ctx.lobby.game == "checkout" and lobby.chosen() == CheckOutOptions(teams=True)
    lobby._cycle_game(-1)
    assert lobby.chosen() == SoldOutOptions(mode="rush", rounds=5, teams=False, assist=True)
    assert lobby._rounds_text() == "5" and not lobby.field("teams")


def test_check_out_needs_two_seats_and_always_plays_four_rounds(ctx):
    lobby = ctx.stack.top
    lobby._cycle_game(1)
    assert ctx.lobby.game == "checkout" and lobby._rounds_text() == "4 + bonus"
    lobby.add_bot()
    lobby.start()
    assert ctx.stack.top is lobby and "at least 2" in ctx.toasts.texts()[-1]
    lobby.add_bot()
    assert lobby.start_problem() is None
    spec = lobby.match_spec()
    assert (spec.game, spec.options, spec.players) == ("checkout", CheckOutOptions(), 2)
    assert CHECK_OUT.header(spec.options)["mode"] == "standard" and CHECK_OUT.schedule(spec) == ["standard"] * 4


def test_a_game_with_no_scene_is_a_programming_error_not_a_toast(ctx):
    """Both games ship with the repo: starting one no scene plays raises (it once toasted
    "not installed yet" and went back to the title)."""
    lobby = ctx.stack.top
    key(ctx, pygame.K_RETURN)
    with pytest.raises(KeyError, match="soldout"):
        registry.start_game(ctx, lobby.match_spec())


def test_start_pushes_the_registered_game_scene_with_the_spec(ctx):
    started = []

    class Mall(Scene):
        name = "mall"

    def factory(context, spec):
        started.append(spec)
        return Mall(context)

    registry.register("soldout", factory)
    lobby = ctx.stack.top
    ctx.lobby.seed = 1234
    key(ctx, pygame.K_SPACE)
    key(ctx, pygame.K_TAB)                                 # left layout's START starts from anywhere
    assert ctx.stack.top.name == "mall"
    assert [s.name for s in ctx.stack.scenes] == ["title", "lobby", "mall"]
    assert started[0].seed == 1234 and started[0].seats == (SeatSpec(0, "Orange", "human", "normal", None),)
    assert ctx.lobby.seed != 1234                      # the next match gets a new seed
    assert lobby.start_problem() is None


def test_a_real_pad_joins_and_a_pulled_pad_can_be_reclaimed(ctx):
    vpad = pytest.importorskip("vpad")

    def pump():
        for event in pygame.event.get():
            ctx.input.handle_event(event)
        app.tick(ctx)

    def press(pad, name):
        pad.button(name, True)
        pump()
        pad.button(name, False)
        pump()

    pad = vpad.VirtualPad()
    try:
        pump()
        press(pad, "a")
        assert table(ctx) == [(0, "human", ("pad", pad.instance_id))]
        assert ctx.seats[0].device_name and ctx.seats[0].device_name != "Gamepad (disconnected)"
        ctx.stack.push(Scene(ctx))                         # a match is running
        ctx.stack.apply()
        pad.detach()
        pump()
        assert ctx.input.disconnected_seats() == [0]
        ctx.stack.push(ReconnectScene(ctx))
        ctx.stack.apply()
        pad = vpad.VirtualPad()                             # plugged back in: a new instance id
        pump()
        press(pad, "a")
        pump()
        assert ctx.input.disconnected_seats() == []
        assert ctx.input.device_of(0) == ("pad", pad.instance_id)
        assert ctx.stack.top.name == "scene"               # the overlay closed itself
    finally:
        pad.detach()


def test_reconnect_offers_a_bot(ctx):
    vpad = pytest.importorskip("vpad")
    pad = vpad.VirtualPad()
    for event in pygame.event.get():
        ctx.input.handle_event(event)
    app.tick(ctx)
    ctx.stack.top.join(("pad", pad.instance_id))
    ctx.stack.push(Scene(ctx))
    ctx.stack.apply()
    pad.detach()
    for event in pygame.event.get():
        ctx.input.handle_event(event)
    taken = []
    ctx.stack.push(ReconnectScene(ctx, on_bot=taken.append))
    ctx.stack.apply()
    key(ctx, pygame.K_SPACE)                               # an unseated keyboard's A does not take a pad seat
    assert ctx.input.disconnected_seats() == [0]
    overlay = ctx.stack.top
    assert overlay.bot_seat() is None                      # resting on "Wait for the controller"
    overlay.menu.index = 1                                 # "Hold A: a bot plays Orange"
    assert overlay.bot_seat() == 0
    overlay.replace_with_bot(0)
    app.tick(ctx)
    assert taken == [0] and ctx.bot_takeovers == [0] and ctx.seats[0].kind == "bot"
    assert ctx.stack.top.name == "scene"


def test_reconnect_calls_a_seat_by_its_profiles_name(ctx):
    vpad = pytest.importorskip("vpad")
    pad = vpad.VirtualPad()
    for event in pygame.event.get():
        ctx.input.handle_event(event)
    app.tick(ctx)
    ctx.stack.top.join(("pad", pad.instance_id))
    ctx.seats[0].profile_name = "Ada"
    ctx.stack.push(Scene(ctx))
    ctx.stack.apply()
    pad.detach()
    for event in pygame.event.get():
        ctx.input.handle_event(event)
    ctx.stack.push(ReconnectScene(ctx))
    ctx.stack.apply()
    overlay = ctx.stack.top
    assert [item.label for item in overlay.menu.items][1] == "Hold A: a bot plays Ada"
    overlay.replace_with_bot(0)
    assert ctx.toasts.texts()[-1] == "A bot plays Ada now"


def test_a_pad_pulled_out_in_the_lobby_frees_its_seat(ctx):
    vpad = pytest.importorskip("vpad")
    pad = vpad.VirtualPad()
    for event in pygame.event.get():
        ctx.input.handle_event(event)
    app.tick(ctx)
    ctx.stack.top.join(("pad", pad.instance_id))
    pad.detach()
    for event in pygame.event.get():
        ctx.input.handle_event(event)
    app.tick(ctx)
    assert ctx.seats == [] and ctx.input.disconnected_seats() == []
    assert "disconnected" in ctx.toasts.texts()[-1]


def test_the_level_row_says_a_shipped_levels_name_in_the_language_and_a_players_own_as_written(ctx, user_dir):
    """It showed the file names ("department"); a shipped level's `name` is a message id, a
    player's own level keeps its name even where that name is one (its Level row is not translated)."""
    from game.text import i18n
    from game.files.levels import LEVELS_DIR
    from game.files.register import PLAYER_LEVELS
    own = PLAYER_LEVELS.folder_path() / "my_shop.tmx"
    own.write_text((LEVELS_DIR / "outlet.tmx").read_text(encoding="utf-8")
                   .replace('value="The Outlet Village"', 'value="Settings"'), encoding="utf-8")
    ctx.stack.push(LobbyScene(ctx))                      # the lobby lists the levels folder as it opens
    ctx.stack.apply()
    lobby = ctx.stack.top
    row = next(item for item in lobby.menu.items if item.label == "Level")
    lobby.choose("level", "department")
    assert i18n._(row.value()) == "The Department Store"
    i18n.set_language("de")
    try:
        assert i18n._(row.value()) == "Das Warenhaus"
        lobby.choose("level", "my_shop")
        assert lobby.levels["my_shop"].title == "Settings"
        assert i18n._(row.value()) == "Settings"           # not "Einstellungen"
        (PLAYER_LEVELS.folder_path() / "plain_shop.tmx").write_text("<map/>", encoding="utf-8")
        ctx.stack.push(LobbyScene(ctx))
        ctx.stack.apply()
        broken = ctx.stack.top.levels["plain_shop"]
        assert broken.problem and i18n._(broken.title) == "Plain Shop"   # from the file name, as written
    finally:
        i18n.set_language(i18n.DEFAULT)


def test_the_seat_cards_are_kept_per_look_and_drawn_again_when_they_change(ctx, monkeypatch):
    """The six cards are drawn once per look and blitted (some 60 draws a frame before): pixel for
    pixel the cards painted in place, after every change a player can make to one."""
    lobby = ctx.stack.top
    screen = pygame.display.get_surface()

    def same_as_painted_in_place() -> bool:
        kept = screen.copy()
        lobby.draw(kept, 0.0)
        straight = screen.copy()
        with monkeypatch.context() as m:
            def paint(surface, rect, index):
                focused = index == lobby.picked and lobby.menu.selected.label in ("Seat", "Bot level", "Seat team")
                lobby._paint_seat(surface, rect, index, focused)
            m.setattr(lobby, "_draw_seat", paint)
            lobby.draw(straight, 0.0)
        return pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(straight, "RGB")

    assert same_as_painted_in_place()
    key(ctx, pygame.K_SPACE)                               # a keyboard joins seat 1
    lobby.add_bot()
    lobby.add_bot()
    assert same_as_painted_in_place()
    drawn = []
    real = lobby._paint_seat
    monkeypatch.setattr(lobby, "_paint_seat", lambda *args: drawn.append(args[2]) or real(*args))
    lobby.draw(screen.copy(), 0.0)
    assert drawn == []                                     # nothing changed: every card kept
    lobby.picked = 1
    lobby._toggle_teams(1)
    lobby.draw(screen.copy(), 0.0)
    assert sorted(set(drawn)) == [0, 1, 2]                 # the seated ones show their teams now
    monkeypatch.setattr(lobby, "_paint_seat", real)
    assert same_as_painted_in_place()
    lobby.leave(2)
    assert same_as_painted_in_place()
