"""The player's levels folder (<user data folder>/levels/): what is in it shows in the lobby by name with
its picture, plays by name from the command line, and a broken level says why without stopping anything."""
from __future__ import annotations

import json

import pygame
import pytest

from game import app
from game.text.i18n import set_language, _ as say
from game.files.levels import (
    LEVELS_DIR,
    LevelError,
    find_level,
    level_entries,
    load_level,
    resolve_level,
    user_levels_dir,
)
from game.scenes import registry
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.title import TitleScene
from game.files.register import PLAYER_LEVELS
from tests.menus import select_row


def make_user_levels_dir():
    return PLAYER_LEVELS.folder_path()


def copy_alone(stem: str, name: str | None = None, title: str | None = None):
    """A shipped level copied alone into the player's levels folder (nothing beside it)."""
    text = (LEVELS_DIR / f"{stem}.tmx").read_text(encoding="utf-8")
    if title:
        text = text.replace(f'value="{load_level(LEVELS_DIR / f"{stem}.tmx").name}"', f'value="{title}"')
    path = make_user_levels_dir() / f"{name or stem}.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def broken(name: str = "half_done", title: str = "Half Done"):
    """A level with no Starting Table, its map named `title`."""
    path = make_user_levels_dir() / f"{name}.tmx"
    text = (LEVELS_DIR / "broken" / "no_table.tmx").read_text(encoding="utf-8")
    path.write_text(text.replace('value="The Boutique"', f'value="{title}"', 1), encoding="utf-8")
    return path


def test_the_folder_is_made_at_start_where_the_player_can_find_it(user_dir):
    assert user_levels_dir() == user_dir / "levels" and not user_levels_dir().exists()
    assert level_entries() and find_level("nothing_here") is None
    assert not user_levels_dir().exists()          # looking levels up writes nothing
    app.make_context()
    assert user_levels_dir().is_dir()


def test_a_level_copied_alone_is_listed_by_its_name(user_dir):
    copy_alone("galleria", "corner_shops", "Corner Shops")
    entries = {e.key: e for e in level_entries()}
    shipped = [e for e in entries.values() if e.shipped]
    assert [e.key for e in shipped] == ["boutique", "department", "galleria", "mall", "market", "outlet"]
    mine = entries["corner_shops"]
    assert (mine.shipped, mine.title, mine.players, mine.problem) == (False, "Corner Shops", "1-6", None)
    assert mine.level is not None and mine.level.spawns == load_level(LEVELS_DIR / "galleria.tmx").spawns


def test_a_broken_level_is_listed_with_its_reason(user_dir):
    path = broken()
    entry = next(e for e in level_entries() if e.key == "half_done")
    assert entry.problem == "no starting_table object" and entry.level is None and not entry.shipped
    assert find_level("half_done") == path     # found, so playing it says why it cannot be played


def test_a_level_named_like_a_shipped_one_is_listed_as_unusable(user_dir):
    copy_alone("outlet", "mall")
    clash = [e for e in level_entries() if not e.shipped]
    assert len(clash) == 1 and "rename the file" in clash[0].problem
    assert find_level("mall") == LEVELS_DIR / "mall.tmx"


def test_the_clash_is_said_in_the_players_language(user_dir):
    copy_alone("outlet", "mall")
    set_language("de")
    try:
        clash = next(e for e in level_entries() if not e.shipped)
        assert say(clash.problem) == "Ein Level des Spiels hat schon diesen Dateinamen: Benenne die Datei um"
    finally:
        set_language("en")


def test_the_folder_is_the_registers_entry_and_its_cap_covers_the_readers():
    from game.files import level_files
    assert user_levels_dir() == PLAYER_LEVELS.folder_path(make=False)
    assert PLAYER_LEVELS.read and not PLAYER_LEVELS.written
    assert PLAYER_LEVELS.cap >= max(level_files.MAX_TMX_BYTES, level_files.MAX_TSX_BYTES, level_files.MAX_IMAGE_BYTES)
    assert all(PLAYER_LEVELS.owns(f"levels/my mall.{kind}") for kind in ("tmx", "tsx", "png"))


def test_a_level_that_leads_out_of_the_folder_is_listed_as_such_and_never_found(user_dir, tmp_path):
    outside = tmp_path / "outside.tmx"
    outside.write_bytes((LEVELS_DIR / "outlet.tmx").read_bytes())
    (make_user_levels_dir() / "sneaky.tmx").symlink_to(outside)
    (make_user_levels_dir() / "con.tmx").write_bytes((LEVELS_DIR / "outlet.tmx").read_bytes())
    assert find_level("sneaky") is None and find_level("con") is None
    mine = {e.path.name: e for e in level_entries() if not e.shipped}
    assert mine["sneaky.tmx"].problem == "levels/sneaky.tmx leads outside its folder"
    assert mine["con.tmx"].problem == "con.tmx is not a file name the game uses"
    assert mine["sneaky.tmx"].level is None and mine["con.tmx"].level is None


def test_levels_are_found_by_file_name_or_map_name(user_dir):
    mine = copy_alone("market", "my_market", "Night Market")
    assert find_level("my_market") == find_level("my_market.tmx") == mine
    assert find_level("night market") == mine
    assert find_level("The Outlet Village") == LEVELS_DIR / "outlet.tmx"
    assert find_level("outlet") == LEVELS_DIR / "outlet.tmx"
    for nothing in ("no_such_level", "", "../levels/mall", "x" * 300):
        assert find_level(nothing) is None
    assert resolve_level("my_market", 2) == mine and resolve_level(None, 5).name == "mall.tmx"


def test_a_shipped_name_is_translated_and_a_players_is_shown_as_written(user_dir):
    copy_alone("outlet", "the_mall", "The Mall")
    set_language("de")
    try:
        names = {(e.shipped, e.title): say(e.title) for e in level_entries()}
        assert names[(True, "The Mall")] == "Das Einkaufszentrum"
        assert names[(False, "The Mall")] == "The Mall"
    finally:
        set_language("en")


def test_a_level_copied_alone_plays_by_name_headless(user_dir, capsys):
    copy_alone("outlet", "village_copy", "Village Copy")
    code = app.main(["--headless", "--bots", "2", "--rounds", "1", "--seed", "4", "--level", "Village Copy", "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    result = json.loads(out.out.strip().splitlines()[-1])
    assert result["game"] == "soldout" and len(result["players"]) == 2


def test_a_broken_level_by_name_is_one_line_and_exit_2(user_dir, capsys):
    path = broken()
    assert app.main(["--headless", "--bots", "2", "--level", "half_done"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"soldout-checkout: error: {path}: no starting_table object"]
    assert app.main(["--check-level", "half_done"]) == 2
    assert capsys.readouterr().err.strip() == f"soldout-checkout: error: {path}: no starting_table object"


def test_an_unknown_level_name_says_where_levels_go(user_dir, capsys):
    assert app.main(["--headless", "--bots", "2", "--level", "nowhere"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("soldout-checkout: error: --level nowhere: no such level file, and no level of that "
                          "name among the shipped ones (boutique, ")
    assert str(user_levels_dir()) in err and "\n" not in err


# ---------------------------------------------------------------- the lobby
@pytest.fixture
def lobby(ctx, monkeypatch):
    monkeypatch.setattr(registry, "_games", {})
    monkeypatch.setattr(registry, "_loaded", [True])
    ctx.stack.push(TitleScene(ctx))
    return ctx


def _open(ctx) -> LobbyScene:
    ctx.stack.push(LobbyScene(ctx))
    ctx.stack.apply()
    return ctx.stack.top


def _press(ctx, code):
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        ctx.input.handle_event(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))
        app.tick(ctx)


def _choose_level(ctx, lobby: LobbyScene, key: str) -> None:
    select_row(lambda code: _press(ctx, code), lobby.menu, "Level")
    for _ in range(len(lobby.levels) + 1):
        if lobby.field("level") == key:
            return
        _press(ctx, pygame.K_RIGHT)
    raise AssertionError(f"{key} is not among {list(lobby.levels)}")


def test_the_lobby_lists_the_folder_each_time_it_opens_and_plays_the_level_by_name(lobby, user_dir):
    first = _open(lobby)
    assert "corner_shops" not in first.levels
    lobby.stack.pop()
    lobby.stack.apply()
    copy_alone("galleria", "corner_shops", "Corner Shops")
    scene = _open(lobby)
    _press(lobby, pygame.K_SPACE)                    # a keyboard joins
    scene.add_bot()
    _choose_level(lobby, scene, "corner_shops")
    assert scene._level_text() == "Corner Shops"
    surface = pygame.Surface((1280, 720))
    scene.draw(surface, 0.0)
    assert scene.thumbnails.of(scene.levels["corner_shops"]) is not None   # the card drew its picture
    spec = scene.match_spec()
    assert spec.options.level == "corner_shops" and scene.start_problem() is None
    assert resolve_level(spec.options.level, len(spec.seats)) == user_levels_dir() / "corner_shops.tmx"


def test_a_broken_level_in_the_lobby_shows_why_and_never_starts(lobby, user_dir):
    broken()
    scene = _open(lobby)
    _press(lobby, pygame.K_SPACE)
    scene.add_bot()
    _choose_level(lobby, scene, "half_done")
    assert scene._level_text() == "Broken: Half Done"
    assert scene.start_problem() == "Half Done cannot be played: choose another level"
    scene.draw(pygame.Surface((1280, 720)), 0.0)       # the card with the reason: drawn, nothing raised
    started = []
    registry.register("soldout", lambda ctx, spec: started.append(spec))
    scene.start()
    assert started == [] and any("cannot be played" in t for t in lobby.toasts.texts())


def test_a_level_that_loads_is_one_level_error_away_from_a_broken_one(user_dir):
    """What the lobby shows as broken is exactly what loading says (one reader for both)."""
    path = broken("again")
    with pytest.raises(LevelError) as info:
        load_level(path)
    entry = next(e for e in level_entries() if e.key == "again")
    assert str(info.value) == f"{path}: {entry.problem}"


def test_a_fix_to_a_levels_own_tileset_is_seen_the_next_time(user_dir):
    """The lobby remembers each level's check per version of its file and of the files beside it."""
    import os
    copy_alone("outlet", "own_tiles")
    tileset = user_levels_dir() / "outlet.tsx"   # the tileset the outlet names (its theme's)
    tileset.write_text("<tileset>damaged", encoding="utf-8")
    entry = next(e for e in level_entries() if e.key == "own_tiles")
    assert entry.problem and entry.problem.startswith("not a Tiled tileset")
    tileset.write_text((LEVELS_DIR / "outlet.tsx").read_text(), encoding="utf-8")
    later = tileset.stat().st_mtime_ns + 10_000_000
    os.utime(tileset, ns=(later, later))
    assert next(e for e in level_entries() if e.key == "own_tiles").problem is None


# ---------------------------------------------------------------- found as a level maker names it
def test_file_names_are_found_in_any_case(user_dir):
    """`Galleria` and `BOUTIQUE` found nothing on a case-sensitive disk, though the error listed `galleria`."""
    assert find_level("Galleria") == find_level("GALLERIA.TMX") == LEVELS_DIR / "galleria.tmx"
    assert find_level("BOUTIQUE") == LEVELS_DIR / "boutique.tmx"
    mine = copy_alone("market", "My_Market", "Night Market")
    assert find_level("my_market") == find_level("MY_MARKET.tmx") == mine


def test_a_broken_level_is_found_and_listed_by_its_map_name(user_dir, capsys):
    """By its map name a broken level "did not exist"; the lobby listed it under a name made from its file."""
    path = broken(title="Half Done Mall")
    entry = next(e for e in level_entries() if e.key == "half_done")
    assert (entry.title, entry.problem) == ("Half Done Mall", "no starting_table object")
    assert find_level("half done mall") == path
    assert app.main(["--check-level", "Half Done Mall"]) == 2
    assert capsys.readouterr().err.strip() == f"soldout-checkout: error: {path}: no starting_table object"


def test_a_broken_level_whose_map_cannot_be_read_keeps_its_file_name(user_dir):
    (make_user_levels_dir() / "not_a_map.tmx").write_text("<map", encoding="utf-8")
    entry = next(e for e in level_entries() if e.key == "not_a_map")
    assert entry.title == "Not A Map" and entry.problem.startswith("not a Tiled TMX map")


@pytest.mark.parametrize("players", ["7-9", "lots", "0", "3-2", "2-", "٣", "2-6-8"])
def test_the_players_property_is_checked(user_dir, players):
    path = copy_alone("galleria", "bad_players")
    path.write_text(path.read_text(encoding="utf-8").replace('name="players" value="1-6"',
                                                             f'name="players" value="{players}"'), encoding="utf-8")
    with pytest.raises(LevelError, match=r"the map's players property must be a number of seats or a range of "
                                         r"them, 1 to 6 \("):
        load_level(path)


@pytest.mark.parametrize("players, kept", [("4", "4"), ("2-6", "2-6"), (" 1 - 6 ", "1-6"), ("", "")])
def test_a_good_players_property_is_kept(user_dir, players, kept):
    path = copy_alone("galleria", "good_players")
    path.write_text(path.read_text(encoding="utf-8").replace('name="players" value="1-6"',
                                                             f'name="players" value="{players}"'), encoding="utf-8")
    assert load_level(path).players == kept


def test_a_json_map_is_told_to_be_saved_as_tmx(user_dir, tmp_path, capsys):
    json_map = tmp_path / "mine.tmj"
    json_map.write_text('{"type": "map", "version": "1.10", "width": 40, "height": 23, "layers": []}',
                        encoding="utf-8")
    assert app.main(["--check-level", str(json_map)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("a JSON map (.tmj): the game reads TMX maps; in Tiled, File > Save As... and save it as "
                        "TMX (a .tmx file)") and "\n" not in err
    renamed = tmp_path / "renamed.tmx"      # JSON under a .tmx name: the same advice, not an XML parse error
    renamed.write_bytes(json_map.read_bytes())
    assert app.main(["--check-level", str(renamed)]) == 2
    assert "save it as TMX" in capsys.readouterr().err
