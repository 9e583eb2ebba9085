"""The one module that reads levels: Tiled TMX maps turned into plain, validated data.

A level has three layers: "floor" and "walls" (tile layers; every tile of the
tileset carries the properties `kind` and `solid`) and "objects" (an object
layer whose objects have a class: pile_spot, starting_table, chair, spawn,
entrance; levels/templates/ holds a Tiled template for each, and a spawn's
`seat` says which seat starts there). Map properties: `name` ("The Boutique"),
`players` ("2-3") and `auto_pick` (the lobby's "Auto" may choose it for those
player counts).

`load_level(path)` returns a frozen `Level` or raises `LevelError` with one
line naming the file and the problem. Nothing here needs a display: pytmx is
asked for the map data only (no images).

Levels are the shipped ones (levels/*.tmx) and the player's own, in
<user data folder>/levels/: `level_entries()` lists both, each with its name and,
for one that cannot be played, why; `find_level(name)` finds one by the name a
player, the lobby or a replay gives it.
"""
from __future__ import annotations

import hashlib
import os
import sys
import threading
from dataclasses import dataclass, fields
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Iterator, NamedTuple, Sequence

from game.match.seats import MAX_SEATS
from game import levels_dir
from game.files.level_error import LevelError as LevelError   # re-exported: its home is apart (issue #46)
from game.files.level_files import MAX_SIDE, MAX_TMX_BYTES, LevelFileError, LevelFiles, inspect_level, map_properties
from game.text.notice import N_, Notice, Verbatim, message_of
from game.files.untrusted import UntrustedError, echo, parse_xml, read_bytes, strict_int

if TYPE_CHECKING:
    from game.files.userfiles import UserFile

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

LEVELS_DIR = levels_dir()
REQUIRED_LAYERS = ("floor", "walls", "objects")
MIN_PILE_SPOTS = 10
MIN_CHAIRS = 8
MIN_SPAWNS = 6
MAX_NAME = 40   # a map's name, tile kinds: short words
MAX_DESCRIPTION = 120   # a map's one-line description
MAX_USER_LEVELS = 200     # listed at most (a folder of thousands must not stall the lobby)

Point = tuple[int, int]
Rect = tuple[int, int, int, int]  # x, y, w, h in pixels


DEFAULT_THEME = "mall"
MAX_AMBIENT = 64   # features an "ambient" layer may hold (each is drawn every frame)
# What a level looks like, not what is played on it: a level dressed differently is the same level.
_NOT_HASHED = ("path", "tileset_image", "theme", "description", "decor_tiles", "ambient")


class Ambient(NamedTuple):
    """One feature of a level's "ambient" object layer: its class (sign, fountain, bunting,
    window, sun...), its rectangle in pixels and, for a sign, its words (a message id)."""

    kind: str
    rect: "Rect"
    text: str


@dataclass(frozen=True)
class Level:
    """Plain level data. Pixel coordinates; grids are indexed [row][column].

    solid: one bytes row per tile row, 1 where nothing may stand (walls,
    furniture, the Starting Table and the dresser chairs).
    kinds: the top-most tile kind of every cell ("wall", "carpet" ...).
    floor_tiles / wall_tiles: local tile ids in the tileset per cell, -1 empty
    (for drawing). Points (pile spots, chairs, spawns) are tile centres.
    """

    name: str
    path: Path
    width: int
    height: int
    tile_size: int
    solid: tuple[bytes, ...]
    kinds: tuple[tuple[str, ...], ...]
    floor_tiles: tuple[tuple[int, ...], ...]
    wall_tiles: tuple[tuple[int, ...], ...]
    tileset_image: Path
    pile_spots: tuple[Point, ...]
    table_rect: Rect
    chairs: tuple[Point, ...]
    spawns: tuple[Point, ...]
    entrance: Rect
    players: str
    # Drawn only, never walked on or hashed (see content_hash): the theme's name (assets/themes.toml),
    # a line about the level, the "decor" layer's tile ids and the "ambient" layer's features.
    theme: str = DEFAULT_THEME
    description: str = ""
    decor_tiles: tuple[tuple[int, ...], ...] = ()
    ambient: tuple["Ambient", ...] = ()

    @property
    def pixel_size(self) -> tuple[int, int]:
        return self.width * self.tile_size, self.height * self.tile_size

    @cached_property
    def content_hash(self) -> str:
        """What this level is, hashed: its map and every object on it, not where its files lie
        (a replay keeps it, to refuse a level that changed since it was recorded)."""
        content = tuple(getattr(self, f.name) for f in fields(self) if f.name not in _NOT_HASHED)
        return hashlib.sha256(repr(content).encode("utf-8")).hexdigest()

    def is_solid(self, tx: int, ty: int) -> bool:
        """True for a solid cell or any cell off the map."""
        if 0 <= tx < self.width and 0 <= ty < self.height:
            return self.solid[ty][tx] == 1
        return True


def _fail(path: Path | str, problem: str) -> LevelError:
    return LevelError(f"{echo(path, 200)}: {problem}")


def _read_tmx(path: Path) -> tuple[Any, LevelFiles]:
    """Check the level and every file it names (game.files.level_files), then let pytmx parse the
    checked bytes, data only. Any failure becomes a LevelError. Returns (TiledMap, LevelFiles)."""
    try:   # the reader says what is wrong with the path: no such file, a folder, a device, empty
        files = inspect_level(path)
    except LevelFileError as exc:
        raise _fail(path, str(exc)) from None
    pytmx = _pytmx()
    try:
        tmx = pytmx.TiledMap(None, allow_duplicate_names=True)
        tmx.filename = str(path)
        tmx.parse_xml(files.root)
        return tmx, files
    except Exception as exc:  # pytmx raises many kinds for a broken map
        detail = echo(" ".join(str(exc).split()) or type(exc).__name__, 160)
        raise _fail(path, f"cannot read the map ({detail})") from None


_PYTMX_LOCK = threading.Lock()   # the lobby's level shelf may be the first to read a level


def _pytmx() -> ModuleType:
    """pytmx, imported late and without pygame where pygame is not loaded yet. pytmx reads pygame
    only for a type hint and its image loader (pytmx.util_pygame), neither of which the game uses:
    it hands pytmx checked XML for the map's data, and draws the sheet itself. A headless match, a
    level check and a tournament worker never load pygame then (about 20 ms a start). A None in
    sys.modules makes pytmx's own `import pygame` fail into its fallback (the import system's
    documented way to block a module); the entry goes at once, so pygame imports as usual later,
    and the window, which imports pygame first, is not touched. util_pygame's complaint goes to
    pytmx's silenced logger (game/files/level_files.py)."""
    with _PYTMX_LOCK:
        blocked = "pygame" not in sys.modules
        if blocked:
            sys.modules["pygame"] = None   # type: ignore[assignment]
        try:
            import pytmx
        finally:
            if blocked and sys.modules.get("pygame", False) is None:
                del sys.modules["pygame"]
    module: ModuleType = pytmx
    return module


def _is_file(path: Path) -> bool:
    """Path.is_file() that says False for names it cannot even ask about (too long, NUL, no permission)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _object_class(obj: Any) -> str:
    """Tiled 1.9+ writes `class`, older versions `type`: accept either."""
    return (getattr(obj, "type", None) or getattr(obj, "class", None) or "").strip()


def _tile_grid(tmx: Any, layer: Any, path: Path) -> tuple[list[list[int]], list[list[dict[str, Any]]]]:
    """Local tile ids and tile properties of one tile layer."""
    ids: list[list[int]] = [[-1] * tmx.width for _ in range(tmx.height)]
    props: list[list[dict[str, Any]]] = [[{}] * tmx.width for _ in range(tmx.height)]
    firsts = sorted(ts.firstgid for ts in tmx.tilesets)
    rows = layer.data
    if len(rows) != tmx.height or any(len(row) != tmx.width for row in rows):
        raise _fail(path, f"layer '{layer.name}' is not {tmx.width}x{tmx.height} tiles like the map")
    for x, y, gid in layer.iter_data():
        if not gid:
            continue
        real = tmx.tiledgidmap.get(gid, gid)
        if not firsts or real < firsts[0]:
            raise _fail(path, f"layer '{layer.name}': tile at ({x},{y}) belongs to no tileset")
        first = max(f for f in firsts if f <= real)
        ids[y][x] = real - first
        p = tmx.get_tile_properties_by_gid(gid) or {}
        if "kind" not in p:
            raise _fail(path, f"layer '{layer.name}': tile at ({x},{y}) has no 'kind' property")
        props[y][x] = p
    return ids, props


def _solid_value(value: object) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)


def _center(obj: Any) -> Point:
    w, h = int(obj.width or 0), int(obj.height or 0)
    return int(obj.x) + w // 2, int(obj.y) + h // 2


def _rect(obj: Any) -> Rect:
    return int(obj.x), int(obj.y), max(1, int(obj.width or 0)), max(1, int(obj.height or 0))


def _rect_tiles(rect: Rect, ts: int) -> list[tuple[int, int]]:
    x, y, w, h = rect
    return [(tx, ty) for ty in range(y // ts, (y + h - 1) // ts + 1)
            for tx in range(x // ts, (x + w - 1) // ts + 1)]


def _flood(solid: list[bytearray], start: list[tuple[int, int]]) -> list[bytearray]:
    """4-connected flood fill over walkable cells from every start cell."""
    h, w = len(solid), len(solid[0])
    seen = [bytearray(w) for _ in range(h)]
    stack = [(x, y) for x, y in start if 0 <= x < w and 0 <= y < h and not solid[y][x]]
    for x, y in stack:
        seen[y][x] = 1
    while stack:
        x, y = stack.pop()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < w and 0 <= ny < h and not solid[ny][nx] and not seen[ny][nx]:
                seen[ny][nx] = 1
                stack.append((nx, ny))
    return seen


def _touches(seen: list[bytearray], tiles: list[tuple[int, int]]) -> bool:
    """True if a reached cell is next to (or diagonal to) any of the tiles."""
    h, w = len(seen), len(seen[0])
    for tx, ty in tiles:
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                x, y = tx + dx, ty + dy
                if 0 <= x < w and 0 <= y < h and seen[y][x]:
                    return True
    return False


def load_level(path: Path | str) -> Level:
    """Load and validate a level. Raises LevelError (one line) on any problem, and nothing else: this
    is the door, so a lobby, a match or --check-level never meets another kind of exception from a
    level (one that gets past the checks is a bug, reported here as one line, not a crash).

    What it accepts, the simulation plays and level_art draws: the files it names
    were checked by game.files.level_files, and every tile id drawn exists in the sheet.
    """
    path = Path(path)
    try:
        return _load_level(path)
    except LevelError:
        raise
    except (Exception, RecursionError, MemoryError) as exc:   # pytmx or a check met what it did not expect
        detail = echo(" ".join(str(exc).split()) or type(exc).__name__, 120)
        raise _fail(path, f"cannot read the map ({type(exc).__name__}: {detail})") from None


def _load_level(path: Path) -> Level:
    tmx, files = _read_tmx(path)
    w, h, ts = _map_size(tmx, path)
    layers = _layers(tmx, path)
    floor_ids, floor_props = _tile_grid(tmx, layers["floor"], path)
    wall_ids, wall_props = _tile_grid(tmx, layers["walls"], path)
    _check_tile_ids(path, files.tile_count, floor_ids, wall_ids)
    solid, kinds = _solid_and_kinds(w, h, floor_ids, floor_props, wall_props)

    by_class = _objects_by_class(path, layers["objects"])
    by_class["spawn"] = _in_seat_order(path, by_class["spawn"])
    table_rect, entrance = _table_and_entrance(path, by_class, w, h, ts)
    place = _placer(path, w, h, ts, solid, kinds)
    spots = [place(o, "pile_spot") for o in by_class["pile_spot"]]
    chairs = [place(o, "chair") for o in by_class["chair"]]
    spawns = [place(o, "spawn") for o in by_class["spawn"]]
    table_tiles = _rect_tiles(table_rect, ts)
    for tx, ty in table_tiles:
        solid[ty][tx] = 1
    for cx, cy in chairs:  # dresser chairs block walking whatever tile is under them
        solid[cy // ts][cx // ts] = 1
    _check_reach(path, by_class, solid, ts, table_tiles, spots, chairs, spawns)

    props = tmx.properties or {}
    name = _map_name(props, path)
    return Level(
        name=name,
        path=path,
        width=w,
        height=h,
        tile_size=ts,
        solid=tuple(bytes(row) for row in solid),
        kinds=tuple(tuple(row) for row in kinds),
        floor_tiles=tuple(tuple(row) for row in floor_ids),
        wall_tiles=tuple(tuple(row) for row in wall_ids),
        tileset_image=files.tileset_image,
        pile_spots=tuple(spots),
        table_rect=table_rect,
        chairs=tuple(chairs),
        spawns=tuple(spawns),
        entrance=entrance,
        players=_players(props, path),
        theme=str(props.get("theme", "") or Path(files.tileset_image).stem)[:MAX_NAME],
        description=str(props.get("description", ""))[:MAX_DESCRIPTION],
        decor_tiles=_decor(tmx, path, files.tile_count),
        ambient=_ambient(tmx, (0, 0, w * ts, h * ts)),
    )


def _decor(tmx: Any, path: Path, tile_count: int) -> tuple[tuple[int, ...], ...]:
    """The optional "decor" tile layer's tile ids (-1 empty): dressing drawn over the walls."""
    pytmx = _pytmx()
    layer = next((la for la in tmx.layers if la.name == "decor"), None)
    if not isinstance(layer, pytmx.TiledTileLayer):
        return ()
    ids, _props = _tile_grid(tmx, layer, path)
    _check_tile_ids(path, tile_count, ids)
    return tuple(tuple(row) for row in ids)


def _ambient(tmx: Any, bounds: Rect) -> tuple[Ambient, ...]:
    """The optional "ambient" object layer: what moves in the level (drawn, never walked), each
    feature cut to the map (one reaching far beyond it would be drawn as large)."""
    pytmx = _pytmx()
    layer = next((la for la in tmx.layers if la.name == "ambient"), None)
    if not isinstance(layer, pytmx.TiledObjectGroup):
        return ()
    found = []
    for obj in list(layer)[:MAX_AMBIENT]:
        rect = _clipped(_rect(obj), bounds)
        if rect is not None:
            props = obj.properties or {}
            found.append(Ambient(_object_class(obj)[:MAX_NAME], rect, str(props.get("text", ""))[:MAX_NAME]))
    return tuple(found)


def _clipped(rect: Rect, bounds: Rect) -> Rect | None:
    """`rect` cut to `bounds`, or None where they do not meet."""
    x0, y0 = max(rect[0], bounds[0]), max(rect[1], bounds[1])
    x1 = min(rect[0] + rect[2], bounds[0] + bounds[2])
    y1 = min(rect[1] + rect[3], bounds[1] + bounds[3])
    return (x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


def _objects_by_class(path: Path, objects: list[Any]) -> dict[str, list[Any]]:
    """The object layer's objects by their type, with at least the fewest pile spots, chairs
    and spawns a level needs."""
    by_class: dict[str, list[Any]] = {}
    for obj in objects:
        by_class.setdefault(_object_class(obj), []).append(obj)
    counts = (("pile_spot", MIN_PILE_SPOTS, "pile spots"), ("chair", MIN_CHAIRS, "chairs"),
              ("spawn", MIN_SPAWNS, "spawns"))
    for cls, least, words in counts:
        n = len(by_class.get(cls, []))
        if n < least:
            raise _fail(path, f"too few {words}: {n} (at least {least})")
    return by_class


def _label(obj: Any, cls: str) -> str:
    """How a message names an object: by its name, else its id."""
    return f"{cls} '{echo(obj.name, 40)}'" if obj.name else f"{cls} #{obj.id}"


def _in_seat_order(path: Path, spawns: list[Any]) -> list[Any]:
    """The spawns in seat order: seat N starts on the spawn whose `seat` is N; spawns without one
    (or "auto") take the seats left, in the order they are in the file."""
    marked: dict[int, object] = {}
    free: list[Any] = []
    for obj in spawns:
        raw = str((getattr(obj, "properties", None) or {}).get("seat", "auto")).strip()
        if raw in ("", "auto"):
            free.append(obj)
            continue
        seat = strict_int(raw, 1, MAX_SEATS)
        if seat is None:
            raise _fail(path, f"{_label(obj, 'spawn')}: seat {echo(raw, 12)!r} must be auto or 1..{MAX_SEATS}")
        if seat in marked:
            raise _fail(path, f"two spawns for seat {seat}")
        marked[seat] = obj
    rest = iter(free)
    ordered = [marked[seat] if seat in marked else next(rest) for seat in range(1, MAX_SEATS + 1)]
    return ordered + list(rest)


def _placer(path: Path, w: int, h: int, ts: int, solid: list[bytearray],
            kinds: list[list[str]]) -> Callable[[Any, str], Point]:
    """place(obj, cls) -> the object's centre, refused off the map or inside a wall (a chair
    may stand on a chair tile)."""
    def place(obj: Any, cls: str) -> Point:
        cx, cy = _center(obj)
        label = _label(obj, cls)
        if not (0 <= cx < w * ts and 0 <= cy < h * ts):
            raise _fail(path, f"{label} at ({cx},{cy}) is off the map")
        tx, ty = cx // ts, cy // ts
        blocked = solid[ty][tx] and not (cls == "chair" and kinds[ty][tx] == "chair")
        if blocked:
            raise _fail(path, f"{label} at tile ({tx},{ty}) is inside a {kinds[ty][tx]}")
        return cx, cy
    return place


def _map_name(props: dict[str, Any], path: Path) -> str:
    """The map's `name` property, else one made from the file name."""
    name = str(props.get("name") or path.stem.replace("_", " ").title())
    if len(name) > MAX_NAME or not name.isprintable():
        raise _fail(path, f"the map's name must be 1..{MAX_NAME} printable characters")
    return name


def _players(props: dict[str, Any], path: Path) -> str:
    """The map's `players` property: the seats it suits, one count or a range ("4", "2-6"), each
    1..MAX_SEATS; empty when the map says nothing."""
    value = props.get("players")        # pytmx reads an empty value as None
    text = "" if value is None else str(value).strip()
    if not text:
        return ""
    lo, sep, hi = text.replace(" ", "").partition("-")
    low = strict_int(lo, 1, MAX_SEATS) if lo.isascii() and lo.isdigit() else None
    high = low if not sep else strict_int(hi, low, MAX_SEATS) if low and hi.isascii() and hi.isdigit() else None
    if low is None or high is None:
        raise _fail(path, f"the map's players property must be a number of seats or a range of them, "
                          f"1 to {MAX_SEATS} (\"4\", \"2-6\"), not {echo(text, 20)!r}")
    return f"{low}-{high}" if sep else str(low)


def _map_size(tmx: Any, path: Path) -> tuple[int, int, int]:
    ts = int(tmx.tilewidth)
    if ts != int(tmx.tileheight):
        raise _fail(path, f"tiles must be square (got {tmx.tilewidth}x{tmx.tileheight})")
    w, h = int(tmx.width), int(tmx.height)
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise _fail(path, f"map size {w}x{h} is outside 1x1..{MAX_SIDE}x{MAX_SIDE} tiles")
    return w, h, ts


def _layers(tmx: Any, path: Path) -> dict[str, Any]:
    """The three required layers by name, each of the right kind."""
    layers = {layer.name: layer for layer in tmx.layers}
    for name in REQUIRED_LAYERS:
        if name not in layers:
            raise _fail(path, f"missing layer '{name}'")
    pytmx = _pytmx()
    for name in ("floor", "walls"):
        if not isinstance(layers[name], pytmx.TiledTileLayer):
            raise _fail(path, f"layer '{name}' must be a tile layer")
    if not isinstance(layers["objects"], pytmx.TiledObjectGroup):
        raise _fail(path, "layer 'objects' must be an object layer")
    return layers


def _check_tile_ids(path: Path, tile_count: int, *grids: list[list[int]]) -> None:
    """Every tile a layer draws is cut from the tileset sheet (level_art indexes the sheet by id)."""
    for grid in grids:
        for y, row in enumerate(grid):
            for x, tile in enumerate(row):
                if tile >= tile_count:
                    raise _fail(path, f"tile at ({x},{y}) is id {tile}, the tileset image holds {tile_count} tiles")


def _solid_and_kinds(w: int, h: int, floor_ids: list[list[int]], floor_props: list[list[dict[str, Any]]],
                     wall_props: list[list[dict[str, Any]]]) -> tuple[list[bytearray], list[list[str]]]:
    solid = [bytearray(w) for _ in range(h)]
    kinds = [["void"] * w for _ in range(h)]
    for y in range(h):
        for x in range(w):
            top = wall_props[y][x] or floor_props[y][x]
            if not top:
                solid[y][x] = 1  # no tile at all: outside the building
                continue
            kinds[y][x] = str(top["kind"])[:MAX_NAME]
            if _solid_value(top.get("solid", False)) or (wall_props[y][x] and floor_ids[y][x] < 0):
                solid[y][x] = 1
    return solid, kinds


def _table_and_entrance(path: Path, by_class: dict[str, list[Any]], w: int, h: int, ts: int) -> tuple[Rect, Rect]:
    tables = by_class.get("starting_table", [])
    if not tables:
        raise _fail(path, "no starting_table object")
    if len(tables) > 1:
        raise _fail(path, f"{len(tables)} starting_table objects (exactly one allowed)")
    entrances = by_class.get("entrance", [])
    if not entrances:
        raise _fail(path, "no entrance object")
    table_rect = _rect(tables[0])
    x, y, rw, rh = table_rect
    if x < 0 or y < 0 or x + rw > w * ts or y + rh > h * ts:   # checked before listing its tiles
        raise _fail(path, "starting_table is off the map")
    return table_rect, _rect(entrances[0])


def _check_reach(path: Path, by_class: dict[str, list[Any]], solid: list[bytearray], ts: int,
                 table_tiles: list[tuple[int, int]], spots: list[Point], chairs: list[Point], spawns: list[Point]) -> None:
    """Every seat can walk to the Starting Table, every pile spot and every dresser chair: a spawn
    walled off from any of them would play a different game."""
    floods = [_flood(solid, [(sx // ts, sy // ts)]) for sx, sy in spawns]
    for i, reach in enumerate(floods):
        if not _touches(reach, table_tiles):
            name = echo(by_class["spawn"][i].name, 40) or f"#{by_class['spawn'][i].id}"
            raise _fail(path, f"the starting_table cannot be reached from spawn '{name}'")
    reach = _flood(solid, [(x // ts, y // ts) for x, y in spawns])
    for cls, points, touch in (("pile_spot", spots, False), ("chair", chairs, True)):
        for obj, (cx, cy) in zip(by_class[cls], points):
            tile = (cx // ts, cy // ts)
            if not _reached(reach, tile, touch):
                raise _fail(path, f"{cls} '{_name(obj)}' at tile ({tile[0]},{tile[1]}) cannot be reached from any spawn")
            seat = next((i for i, one in enumerate(floods) if not _reached(one, tile, touch)), None)
            if seat is not None:
                raise _fail(path, f"{cls} '{_name(obj)}' at tile ({tile[0]},{tile[1]}) cannot be reached from spawn "
                                  f"'{_name(by_class['spawn'][seat])}' (seat {seat + 1})")


def _name(obj: Any) -> str:
    return echo(obj.name, 40) or f"#{obj.id}"


def _reached(reach: list[bytearray], tile: tuple[int, int], touch: bool) -> bool:
    """A pile spot is reached by standing on it, a chair (solid) by standing beside it."""
    return _touches(reach, [tile]) if touch else bool(reach[tile[1]][tile[0]])


def list_levels() -> list[Path]:
    """The playable levels shipped with the game, sorted by file name."""
    return sorted(LEVELS_DIR.glob("*.tmx"))


# ---------------------------------------------------------------- the player's own levels
def _player_levels() -> "UserFile":
    """The register's entry for the player's levels folder (PLAYER_LEVELS): its names and where
    they are go through it; the level reader (game/files/level_files.py) reads them."""
    from game.files.register import PLAYER_LEVELS   # the register reads the translations: not for every import
    return PLAYER_LEVELS


def user_levels_dir() -> Path:
    """The player's own levels: <user data folder>/levels/ (the game makes it at start, so a player
    finds it; looking levels up never writes anything)."""
    return _player_levels().folder_path(make=False)


def _own_level(name: str) -> Path | None:
    """The file `name` in the player's levels folder, if it is there: a name the register takes
    (never a device name, never a link out of the folder)."""
    try:
        path = _player_levels().located(name)
    except UntrustedError:
        return None
    return path if _is_file(path) else None


@dataclass(frozen=True)
class LevelEntry:
    """One level a player may choose: shipped or their own, playable or not (then `problem` says why).

    `title` is what the lobby shows through i18n._: a shipped level's map `name` is a message id
    (translated), a player's own is an i18n.Verbatim (shown as written, in every language). A
    `problem` is a Notice (said in the player's language) or the level reader's English line
    (a Verbatim)."""

    key: str                    # the name --level and a match use: the file name without .tmx
    path: Path
    shipped: bool
    title: str
    players: str = ""
    problem: str | None = None  # one line: why it cannot be played (None: it loads)
    level: Level | None = None
    pending: bool = False       # listed while it is still being read (game/files/level_shelf.py)


_LOADED: dict[tuple[str, int, int, int], Level | LevelError] = {}
_LOADED_LOCK = threading.Lock()    # the lobby's level shelf reads on a thread of its own


def _folder_stamp(folder: Path) -> int:
    """The newest change to a level's neighbours (its own tilesets, images, templates): a level is
    read again when one of them changes, not only the .tmx itself."""
    newest = 0
    for place in (folder, folder / "templates"):
        try:
            with os.scandir(place) as found:
                for item in found:
                    if not item.name.endswith(".tmx") and item.is_file():
                        newest = max(newest, item.stat().st_mtime_ns)
        except OSError:
            continue
    return newest


def _load_cached(path: Path, stamp: int) -> Level:
    """load_level, remembered for this version of the file and its folder (the lobby lists every
    level each time it opens)."""
    try:
        info = path.stat()
        key = (str(path), info.st_mtime_ns, info.st_size, stamp)
    except OSError:
        return load_level(path)
    with _LOADED_LOCK:
        found = _LOADED.get(key)
    if found is None:
        try:
            found = load_level(path)
        except LevelError as exc:
            found = exc
        with _LOADED_LOCK:
            if len(_LOADED) >= 2 * MAX_USER_LEVELS:
                _LOADED.clear()
            _LOADED[key] = found
    if isinstance(found, LevelError):
        raise found
    return found


def _file_title(path: Path) -> str:
    return path.stem.replace("_", " ").title()


def _broken_title(path: Path) -> str:
    """A level that cannot be played is still listed (and found) by its map's name where the map
    itself can be read, else by a name made from its file."""
    try:
        name = map_properties(path).get("name", "").strip()
    except LevelFileError:
        return _file_title(path)
    return name if name and len(name) <= MAX_NAME and name.isprintable() else _file_title(path)


def _entry(path: Path, shipped: bool, stamp: int) -> LevelEntry:
    key = path.stem
    title = (str if shipped else Verbatim)(_file_title(path))
    try:
        level = _load_cached(path, stamp)
    except LevelError as exc:
        text = str(exc)
        shown = echo(path, 200) + ": "
        title = (str if shipped else Verbatim)(_broken_title(path))
        return LevelEntry(key, path, shipped, title, problem=Verbatim(text.removeprefix(shown)))
    return LevelEntry(key, path, shipped, level.name if shipped else Verbatim(level.name), level.players, level=level)


def _own_entry(name: str, stamp: int, taken: frozenset[str]) -> LevelEntry:
    """The player's level `name` as the lobby lists it: one that cannot be reached or whose name a
    shipped level has is listed (by its path) only to say so."""
    path = user_levels_dir() / name
    title = Verbatim(path.stem.replace("_", " ").title())
    if path.stem in taken:       # its name finds the shipped level
        # TRANSLATORS: why a level in the player's levels folder cannot be played (the lobby's level card)
        clash = Notice(N_("a shipped level has this file name: rename the file"))
        return LevelEntry(str(path), path, False, title, problem=clash)
    try:
        path = _player_levels().located(name)
    except UntrustedError as exc:
        return LevelEntry(str(path), path, False, title, problem=message_of(exc))
    return _entry(path, False, stamp)


def shipped_entry(path: Path) -> LevelEntry:
    """A shipped level as the lobby lists it (read once per version of its file)."""
    return _entry(path, True, 0)


def own_entry(name: str, stamp: int, taken: frozenset[str]) -> LevelEntry:
    """The player's level `name` as the lobby lists it; `stamp` is user_folder_stamp(), `taken` the
    shipped levels' keys."""
    return _own_entry(name, stamp, taken)


def user_folder_stamp() -> int:
    return _folder_stamp(user_levels_dir())


def user_level_names() -> list[str]:
    """The .tmx files in the player's levels folder (names the register takes), sorted, at most
    MAX_USER_LEVELS."""
    names = [name for name in _player_levels().names() if name.endswith(".tmx") and name.isprintable()]
    return names[:MAX_USER_LEVELS]


def level_entries() -> list[LevelEntry]:
    """Every level to choose from: the shipped ones, then the player's own (each loaded and checked
    once per version of its file; a broken one is listed with its problem, never raised)."""
    return list(each_level_entry())


def each_level_entry() -> Iterator[LevelEntry]:
    """level_entries() one at a time: the menus' rehearsals read and check a level a step, so the
    lobby opens on levels already loaded (a level takes 15-25 ms)."""
    shipped = list_levels()
    for path in shipped:
        yield _entry(path, True, 0)
    taken = frozenset(path.stem for path in shipped)   # an entry's key is its file's stem
    stamp = _folder_stamp(user_levels_dir())
    for name in user_level_names():
        yield _own_entry(name, stamp, taken)


def _file_names(name: str) -> list[str]:
    """The file names a level name may be: "mall" and "mall.tmx" -> mall.tmx; a replay's "my.level"
    may be that very file as well."""
    if name.endswith(".tmx"):
        return [name]
    return [f"{name}.tmx", name] if Path(name).suffix else [f"{name}.tmx"]


def find_levels(name: str, folders: Sequence[Path] | None = None) -> list[Path]:
    """Every level file `name` may mean, best first: the one way a level is found by name (--level,
    --check-level, the lobby's match, a replay).

    By file name, with or without .tmx ("boutique", "my_mall.tmx"), in `folders` in their order:
    by default the shipped levels, then the player's levels folder (a shipped level's name is
    taken). With the default folders and no file of that name: the playable levels whose map name
    it is, in any case ("The Boutique"). A name that is a path finds nothing."""
    name = name.strip()
    if not name or name in (".", "..") or "/" in name or "\\" in name or not name.isprintable():
        return []
    own = user_levels_dir()
    found = []
    for folder in (LEVELS_DIR, own) if folders is None else folders:
        for file in _files_in(folder, own, _file_names(name)):
            path = _own_level(file) if folder == own else folder / file
            if path is not None and _is_file(path) and path not in found:
                found.append(path)
    if found or folders is not None:
        return found
    wanted = name.casefold()
    # Broken ones too (checked, they say why), but never one listed only to say it cannot be reached
    # or has a shipped level's file name: such an entry is keyed by its path, not its file's stem.
    titled = [e for e in level_entries() if e.title.casefold() == wanted and e.key == e.path.stem]
    return [e.path for e in sorted(titled, key=lambda e: e.problem is not None)]


def _files_in(folder: Path, own: Path, names: list[str]) -> list[str]:
    """The files in `folder` that are `names` in any case ("Galleria" is galleria.tmx, "BOUTIQUE"
    boutique.tmx), the exact spelling first."""
    try:
        present = _player_levels().names() if folder == own else sorted(os.listdir(folder))
    except OSError:
        return []
    wanted = [n.casefold() for n in names]
    same = [n for n in names if n in present]
    return same + [n for n in present if n.casefold() in wanted and n not in same]


def find_level(name: str) -> Path | None:
    """The level a player, the lobby or the command line names (find_levels' first), or None."""
    return next(iter(find_levels(name)), None)


_PROPERTIES: dict[tuple[str, int, int], dict[str, str]] = {}


def _map_properties(path: Path) -> dict[str, str]:
    """A shipped map's own properties (`players`, `auto_pick`...) read straight from the XML, once
    per version of the file (every headless match asks for its default level)."""
    try:
        info = path.stat()
    except OSError:
        return {}
    key = (str(path), info.st_mtime_ns, info.st_size)
    if key not in _PROPERTIES:
        if len(_PROPERTIES) >= 64:
            _PROPERTIES.clear()
        _PROPERTIES[key] = _read_properties(path)
    return _PROPERTIES[key]


def _read_properties(path: Path) -> dict[str, str]:
    try:   # a shipped map, read through the same door as any other
        root = parse_xml(read_bytes(path, MAX_TMX_BYTES, "level"), "TMX map")
    except UntrustedError:
        return {}
    return {prop.get("name") or "": prop.get("value") or "" for prop in root.iterfind("properties/property")}


def _players_range(path: Path) -> tuple[int, int] | None:
    """The map's `players` range ("2-3", "4") as (lowest, highest) if its `auto_pick` is true."""
    props = _map_properties(path)
    if not _solid_value(props.get("auto_pick", "false")):
        return None
    lo, _sep, hi = props.get("players", "").replace(" ", "").partition("-")
    try:
        return int(lo), int(hi or lo)
    except ValueError:
        return None


def levels_for_players(n: int) -> Path:
    """The default level for n players: of the shipped levels marked `auto_pick`, the first whose
    `players` range holds n, else the closest."""
    best: tuple[int, Path] | None = None
    for path in list_levels():
        rng = _players_range(path)
        if rng is None:
            continue
        lo, hi = rng
        if lo <= n <= hi:
            return path
        distance = lo - n if n < lo else n - hi
        if best is None or distance < best[0]:
            best = (distance, path)
    if best is None:
        raise LevelError(f"{LEVELS_DIR}: no level is marked auto_pick with a 'players' range")
    return best[1]


def resolve_level(name: str | None, players: int) -> Path:
    """A MatchSpec.level value ("mall", "mall.tmx", a player's level by name, or a path) or None ->
    a level path (one that does not exist when nothing matches: loading it then says so)."""
    if not name:
        return levels_for_players(players)
    candidate = Path(name)
    if _is_file(candidate):          # the user's own file, whatever its name: never another path
        return candidate
    found = find_level(name)
    if found is not None:
        return found
    return LEVELS_DIR / f"{candidate.name.removesuffix('.tmx')}.tmx"
