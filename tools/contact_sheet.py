"""Render every piece of code-drawn art to PNG contact sheets for review.

    /tmp/venv/bin/python tools/contact_sheet.py [OUT_DIR]   (default: out/art)

Writes clothing.png (all catalogue items at 96 px with names), clothing_cb.png
(colour-blind mode), clothing_big.png (a few at 240 px), clothing_48.png (all
at 48 px, as small as a list shows them), cards.png (cards, objectives, backs,
piles), dice.png (faces 1-6 in the 6 seat colours, tumbling, seat shapes) and
checkout.png (category icons, products, bargains, tokens), and mock_table.png /
mock_mall.png (pieces at the sizes a 1280x720 scene uses), and delivery.png (frames
of one Rush delivery in the real mall scene: the walk, the carry pose, the card's
flight to the Starting Table, the pop and the particles).  Runs headless.

    /tmp/venv/bin/python tools/contact_sheet.py --screens [OUT_DIR] [CODE ...]   (default: en de fr es)

renders every screenshot scene (--screenshot's, seed 1) in each language: the frames at full size
in OUT_DIR/screens/CODE/ and sheets of four at half size (screens_CODE_NN.png), to look over every
screen in every language.
"""
from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.render import clothing, icons, tabletop  # noqa: E402
from game.rules.checkout.catalogue import load_catalogue as load_checkout  # noqa: E402
from game.rules.soldout.catalogue import load_catalogue as load_soldout  # noqa: E402

BACKDROP = (54, 62, 84)
GAP = 10


def _seats() -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = tomllib.loads((ROOT / "assets" / "seats.toml").read_text(encoding="utf-8"))["seat"]
    return seats


def _grid(tiles: list[pygame.Surface], columns: int, title: str) -> pygame.Surface:
    """Lay tiles out left to right, top to bottom, under a title."""
    cw = max(t.get_width() for t in tiles)
    ch = max(t.get_height() for t in tiles)
    rows = (len(tiles) + columns - 1) // columns
    head = icons.text_surface(title, 30, (255, 255, 255))
    sheet = pygame.Surface((GAP + columns * (cw + GAP), 50 + rows * (ch + GAP) + GAP))
    sheet.fill(BACKDROP)
    sheet.blit(head, (GAP, 12))
    for i, tile in enumerate(tiles):
        x = GAP + (i % columns) * (cw + GAP) + (cw - tile.get_width()) // 2
        y = 50 + (i // columns) * (ch + GAP) + (ch - tile.get_height()) // 2
        sheet.blit(tile, (x, y))
    return sheet


def _labelled(art: pygame.Surface, label: str, width: int) -> pygame.Surface:
    text = icons.text_surface(label, 16, (230, 232, 240), max_width=width)
    tile = pygame.Surface((width, art.get_height() + text.get_height() + 4), pygame.SRCALPHA)
    tile.blit(art, ((width - art.get_width()) // 2, 0))
    tile.blit(text, ((width - text.get_width()) // 2, art.get_height() + 2))
    return tile


def clothing_sheets(out: Path) -> None:
    cat = load_soldout()
    items = list(cat.items.values())
    for name, size, cb in (("clothing", 96, False), ("clothing_cb", 96, True),
                           ("clothing_48", 48, False)):
        tiles = [_labelled(clothing.item_art(it, size, cb, cat), it.name, max(120, size + 24))
                 if size >= 96 else clothing.item_art(it, size, cb, cat) for it in items]
        mode = "colour-blind mode" if cb else "normal"
        pygame.image.save(_grid(tiles, 10, f"All {len(items)} items at {size} px ({mode})"),
                          str(out / f"{name}.png"))
    picks = [items[i] for i in range(0, len(items), 12)]
    tiles = [clothing.item_art(it, 240, False, cat) for it in picks]
    pygame.image.save(_grid(tiles, 4, "A few items at 240 px"), str(out / "clothing_big.png"))


def card_sheet(out: Path) -> None:
    cat = load_soldout()
    items = list(cat.items.values())
    tiles = [clothing.item_card(it, (150, 200), it.name, False, cat) for it in items[:10:2]]
    tiles.append(clothing.card_back_surface((150, 200)))
    tiles += [clothing.pile_surface(n, (110, 130)) for n in (1, 5, 9, 10)]
    objectives = list(cat.objectives.values())
    for k, obj in enumerate(objectives[:5] + objectives[-5:]):
        n = len(obj.items)
        filled = [i < k % (n + 1) for i in range(n)]
        marks = [None] * n if k < 7 else ["right", "wrong", "right"][:n]
        tiles.append(clothing.objective_art(obj, cat, (300, 150) if n == 2 else (420, 160),
                                            filled, marks))
    pygame.image.save(_grid(tiles, 5, "Cards, card back, piles (1/5/9/10), objective cards"),
                      str(out / "cards.png"))


def dice_sheet(out: Path) -> None:
    seats = _seats()
    tiles = []
    for seat in seats:
        tiles += [tabletop.die_surface(f, 64, seat["colour"], seat["shape"]) for f in range(1, 7)]
        tiles += [tabletop.die_surface(f, 40, seat["colour"]) for f in range(1, 7)]
    for seat in seats:
        tiles += [tabletop.tumbling_die_surface(1 + i % 6, 64, seat["colour"], i * 17, seat["shape"])
                  for i in range(6)]
        tiles += [icons.seat_shape_surface(seat["shape"], seat["colour"], s) for s in (64, 40, 24)]
        tiles += [tabletop.price_die_surface(40), icons.star_icon(40), icons.bag_icon(40)]
    pygame.image.save(_grid(tiles, 12, "Dice at 64 px (with shape) and 40 px; tumbles; shapes"),
                      str(out / "dice.png"))


def checkout_sheet(out: Path) -> None:
    cat = load_checkout()
    seats = _seats()
    tiles = [tabletop.category_icon(c, s) for c in tabletop.CATEGORIES for s in (96, 48)]
    tiles += [tabletop.token_surface(s) for s in (96, 48, 32)] + [icons.star_icon(48), icons.bag_icon(48)]
    products = list(cat.products.values())
    for i, p in enumerate(products[::5]):
        taken = None if i % 3 else (seats[i % 6]["colour"], seats[i % 6]["shape"])
        tiles.append(tabletop.product_surface(p.name, p.category, p.faces, p.stars, 150, taken))
    for i, b in enumerate(list(cat.bargains.values())[::2]):
        tiles.append(tabletop.bargain_surface(b.name, b.price, b.promo_price, b.condition, b.stars,
                                              150, promo_active=i % 2 == 1))
    tiles += [tabletop.product_surface(products[4].name, products[4].category, products[4].faces,
                                       products[4].stars, s) for s in (90, 240)]
    pygame.image.save(_grid(tiles, 8, "Category icons, tokens, products (some taken), bargains"),
                      str(out / "checkout.png"))


def mock_screens(out: Path) -> None:
    """Pieces at the sizes a 1280x720 scene would use, to judge them as from the sofa."""
    seats = _seats()
    table = pygame.Surface((1280, 720))
    table.fill((28, 96, 72))
    products = list(load_checkout().products.values())
    for i, p in enumerate(products[::7][:8]):
        taken = (seats[1]["colour"], seats[1]["shape"]) if i == 2 else None
        table.blit(tabletop.product_surface(p.name, p.category, p.faces, p.stars, 120, taken),
                   (250 + i * 130, 200))
    for i, b in enumerate(list(load_checkout().bargains.values())[::5]):
        table.blit(tabletop.bargain_surface(b.name, b.price, b.promo_price, b.condition, b.stars,
                                            110, promo_active=i == 1), (250 + i * 120, 390))
    for k, seat in enumerate(seats):
        x, y = (40 + (k % 3) * 420, 20 if k < 3 else 640)
        table.blit(icons.seat_shape_surface(seat["shape"], seat["colour"], 40), (x, y + 2))
        for d in range(5):
            table.blit(tabletop.die_surface(1 + (k + d * 2) % 6, 44, seat["colour"], seat["shape"]),
                       (x + 50 + d * 50, y))
    for t in range(4):
        table.blit(tabletop.token_surface(40), (60 + t * 14, 300))
    pygame.image.save(table, str(out / "mock_table.png"))

    cat = load_soldout()
    mall = pygame.Surface((1280, 720))
    mall.fill((226, 214, 196))
    items = list(cat.items.values())
    for i in range(9):
        mall.blit(clothing.pile_surface(10 - i % 2, (70, 84)), (120 + (i % 5) * 220, 110 + (i // 5) * 200))
    mall.blit(clothing.item_card(items[7], (220, 290), items[7].name, False, cat), (1020, 410))
    objectives = list(cat.objectives.values())
    mall.blit(clothing.objective_art(objectives[0], cat, (260, 110), [True, False]), (20, 580))
    mall.blit(clothing.objective_art(objectives[-1], cat, (360, 110), [False, True, False]),
              (300, 580))
    pygame.image.save(mall, str(out / "mock_mall.png"))


def delivery_sheet(out: Path, seed: int = 3, every: int = 3, before: int = 24, after: int = 48) -> None:
    """Frames of the first delivery of a 2-seat Rush, cropped around the shopper and the table."""
    from game.app import make_context
    from game.scenes.mall.scene import MallScene, demo_spec, piloted_mall
    from game.sim.mall_events import Delivered
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1280, 720))

    def fresh() -> MallScene:
        ctx = make_context(load_user_files=False)
        scene = piloted_mall(ctx, demo_spec(2, "rush", seed))
        ctx.stack.push(scene)
        ctx.stack.apply()
        return scene
    scene, when = fresh(), None
    while when is None and scene.sim.tick < 60 * 120:     # find the first delivery (no drawing)
        scene.update({})
        if any(isinstance(e, Delivered) for e in scene.sim.events):
            when = scene.sim.tick
    if when is None:
        raise SystemExit("no delivery within two minutes of play")
    scene = fresh()
    while scene.sim.tick < when - before:
        scene.update({})
    view, sim = scene.view, scene.sim
    tx, ty, tw, th = sim.level.table_rect
    area = pygame.Rect(view.at(tx, ty), (round(tw * view.scale), round(th * view.scale))).inflate(220, 160)
    screen = pygame.Surface((1280, 720))
    tiles = []
    while scene.sim.tick <= when + after:
        if (scene.sim.tick - when) % every == 0:
            scene.draw(screen, 0.0)
            crop = screen.subsurface(area.clip(screen.get_rect())).copy()
            tiles.append(_labelled(crop, f"tick {scene.sim.tick - when:+d}", crop.get_width()))
        scene.update({})
    pygame.image.save(_grid(tiles, 4, f"One delivery, every {every} ticks (0 = the card is given)"),
                      str(out / "delivery.png"))


def screen_sheets(out: Path, code: str, per_sheet: int = 4) -> None:
    """Every screenshot scene in language `code`: each frame at full size (screens/CODE/NAME.png, to
    read the text) and sheets of `per_sheet` at half size (screens_CODE_N.png, to look over)."""
    from game import app
    from game.text import i18n
    from game.scenes import registry
    folder = out / "screens" / code
    folder.mkdir(parents=True, exist_ok=True)
    pygame.display.set_mode(app.LOGICAL_SIZE)
    tiles = []
    try:
        for name in registry.screenshot_names():
            ctx = app.make_context(load_user_files=False, lang=code)
            shot = registry.screenshot(name)
            assert shot is not None   # one of screenshot_names()
            app.stage_screenshot(ctx, shot, 1)
            frame = pygame.Surface(app.LOGICAL_SIZE)
            app.draw(ctx, frame, 0.0)
            pygame.image.save(frame, str(folder / f"{name}.png"))
            tiles.append(_labelled(pygame.transform.smoothscale(frame, (640, 360)), name, 640))
    finally:
        i18n.set_language(i18n.DEFAULT)
    for n in range(0, len(tiles), per_sheet):
        sheet = _grid(tiles[n:n + per_sheet], 2, f"Every screen in {code} ({n // per_sheet + 1})")
        pygame.image.save(sheet, str(out / f"screens_{code}_{n // per_sheet + 1:02d}.png"))


def main(argv: list[str]) -> int:
    if len(argv) > 1 and argv[1] == "--screens":
        out = Path(argv[2]) if len(argv) > 2 else ROOT / "out" / "art"
        pygame.init()
        for code in (argv[3:] or ["en", "de", "fr", "es"]):
            screen_sheets(out, code)
        print(f"screen sheets written to {out}")
        return 0
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "out" / "art"
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    clothing_sheets(out)
    card_sheet(out)
    dice_sheet(out)
    checkout_sheet(out)
    mock_screens(out)
    delivery_sheet(out)
    print(f"contact sheets written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
