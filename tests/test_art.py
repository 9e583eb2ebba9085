"""The code-drawn art: every piece renders, silhouettes differ, dice show their pips."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.render import clothing, icons, tabletop

SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#CC79A7")


@pytest.fixture(scope="module", autouse=True)
def pygame_ready():
    pygame.init()
    yield


def _alpha_mask(surf: pygame.Surface, threshold: int = 127) -> pygame.mask.Mask:
    return pygame.mask.from_surface(surf, threshold)


def test_every_garment_and_pattern_renders_inside_its_square():
    for garment, pattern in itertools.product(clothing.GARMENTS, clothing.PATTERNS):
        surf = clothing.item_surface(garment, "#3A7BD5", pattern, 48)
        assert surf.get_size() == (48, 48)
        mask = _alpha_mask(surf)
        assert mask.count() > 48 * 48 * 0.12, (garment, pattern)
        # Nothing touches the square's edge: the outline fits inside.
        for x in range(48):
            assert surf.get_at((x, 0)).a < 128 and surf.get_at((x, 47)).a < 128, (garment, pattern)
        for y in range(48):
            assert surf.get_at((0, y)).a < 128 and surf.get_at((47, y)).a < 128, (garment, pattern)
        assert surf.get_at((0, 0)).a == 0  # transparent background


def test_garment_silhouettes_are_pairwise_clearly_different():
    masks = {g: _alpha_mask(clothing.item_surface(g, "#D94F4F", "plain", 64))
             for g in clothing.GARMENTS}
    worst = 0.0
    for a, b in itertools.combinations(clothing.GARMENTS, 2):
        overlap = masks[a].overlap_area(masks[b], (0, 0))
        union = masks[a].count() + masks[b].count() - overlap
        iou = overlap / union
        worst = max(worst, iou)
        assert iou < 0.8, f"{a} and {b} silhouettes overlap {iou:.2f}"
    assert worst > 0.3  # sanity: the measure does see shared area


def test_patterns_change_the_pixels_inside_the_same_silhouette():
    plain = clothing.item_surface("tshirt", "#2E9E44", "plain", 96)
    for pattern in clothing.PATTERNS[1:]:
        other = clothing.item_surface("tshirt", "#2E9E44", pattern, 96)
        assert _alpha_mask(other).count() == _alpha_mask(plain).count()
        differing = sum(plain.get_at((x, y)) != other.get_at((x, y))
                        for x in range(20, 76, 2) for y in range(30, 80, 2))
        assert differing > 40, pattern


def test_colourblind_mode_uses_cb_colour_and_bolder_patterns():
    normal = clothing.item_surface("sweater", "#D62828", "stripes", 96)
    cb = clothing.item_surface("sweater", "#D62828", "stripes", 96, True, "#D55E00")
    assert pygame.image.tobytes(normal, "RGBA") != pygame.image.tobytes(cb, "RGBA")
    # Same colour, colour-blind mode on: the pattern alone still gets bolder.
    bold = clothing.item_surface("sweater", "#D62828", "stripes", 96, True)
    assert pygame.image.tobytes(normal, "RGBA") != pygame.image.tobytes(bold, "RGBA")
    assert clothing.pattern_colour((214, 40, 40), True) != clothing.pattern_colour((214, 40, 40), False)


def test_art_is_cached_and_shared():
    a = clothing.item_surface("cap", "#F4D03F", "dots", 72)
    assert clothing.item_surface("cap", "#F4D03F", "dots", 72) is a
    assert clothing.card_surface("cap", "#F4D03F", "dots", (120, 160), label="Cap") is \
        clothing.card_surface("cap", "#F4D03F", "dots", [120, 160], label="Cap")
    assert tabletop.die_surface(3, 40, "#E69F00") is tabletop.die_surface(3, 40, "#E69F00")
    assert clothing.pile_surface(5, (80, 100)) is clothing.pile_surface(5, (80, 100))


def test_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown garment"):
        clothing.item_surface("kilt", "#FFFFFF", "plain", 48)
    with pytest.raises(ValueError, match="unknown pattern"):
        clothing.item_surface("tie", "#FFFFFF", "paisley", 48)
    with pytest.raises(ValueError, match="RRGGBB"):
        clothing.item_surface("tie", "white", "plain", 48)
    with pytest.raises(ValueError, match="face"):
        tabletop.die_surface(7, 40, "#E69F00")
    with pytest.raises(ValueError, match="seat shape"):
        icons.seat_shape_surface("moon", "#E69F00", 40)


def test_every_catalogue_item_renders_through_the_wrappers():
    from game.rules.soldout.catalogue import load_catalogue

    cat = load_catalogue()
    for item in cat.items.values():
        surf = clothing.item_art(item, 40, colourblind=True, colours=cat)
        assert _alpha_mask(surf).count() > 100, item.id
    obj = next(iter(cat.objectives.values()))
    n = len(obj.items)
    card = clothing.objective_art(obj, cat, (300, 150), filled=[True] * n,
                                  marks=["right"] + [None] * (n - 1))
    assert card.get_size() == (300, 150)
    with pytest.raises(ValueError, match="colours"):
        clothing.look_of(next(iter(cat.items.values())))


def test_cards_objectives_backs_and_piles_render():
    card = clothing.card_surface("boots", "#8B5A2B", "checks", (150, 200), label="Brown checked boots")
    assert card.get_size() == (150, 200)
    items = [("tie", "#8E44AD", "stars"), ("dress", "#F4A6C6", "zigzag", "#F7C4DA"),
             {"garment": "socks", "colour": {"hex": "#D62828", "cb_hex": "#D55E00"}, "pattern": "plain"}]
    for bags, count in ((1, 2), (2, 3)):
        surf = clothing.objective_surface(items[:count], bags, (360, 150),
                                          filled=[True, False, True][:count],
                                          marks=["right", "wrong", None][:count])
        assert surf.get_size() == (360, 150)
    assert clothing.card_back_surface((90, 120)).get_size() == (90, 120)
    heights = []
    for count in (1, 4, 10):
        pile = clothing.pile_surface(count, (100, 120))
        assert pile.get_size() == (100, 120)
        rect = pile.get_bounding_rect()
        heights.append(rect.h)
    assert heights[0] < heights[1] < heights[2]  # a taller stack for more cards


@pytest.mark.parametrize("colour", SEAT_COLOURS)
def test_each_die_face_shows_its_pip_count(colour):
    # Interior only: the die's dark outer edge is one big blob we must not count.
    for face in range(1, 7):
        surf = tabletop.die_surface(face, 80, colour)
        inner = surf.subsurface(pygame.Rect(10, 10, 60, 60))
        rgb = icons.hex_rgb(colour)
        pip = icons.INK if icons.luminance(rgb) > 0.5 else icons.PAPER
        mask = pygame.mask.from_threshold(inner, (*pip, 255), (40, 40, 40, 255))
        blobs = mask.connected_components(minimum=12)
        assert len(blobs) == face, (colour, face, len(blobs))


def test_dice_with_shape_and_tumbles_fit_their_square():
    for shape in icons.SEAT_SHAPES:
        die = tabletop.die_surface(5, 40, "#0072B2", shape)
        assert die.get_size() == (40, 40)
        assert die.get_bounding_rect().w > 30
    for angle in (0, 33.3, 90, 200, -45):
        tumble = tabletop.tumbling_die_surface(2, 56, "#CC79A7", angle)
        assert tumble.get_size() == (56, 56)
    assert tabletop.tumbling_die_surface(2, 56, "#CC79A7", 361) is \
        tabletop.tumbling_die_surface(2, 56, "#CC79A7", 1)


@pytest.mark.parametrize("size", [48, 120, 240])
def test_products_bargains_tokens_icons_render_at_several_sizes(size):
    for category in tabletop.CATEGORIES:
        assert _alpha_mask(tabletop.category_icon(category, size)).count() > size * size * 0.2
    product = tabletop.product_surface("Hot Dog", "food", [5, 6], 5, size)
    assert product.get_size() == (size, round(size * 4 / 3))
    taken = tabletop.product_surface("Hot Dog", "food", [5, 6], 5, size, taken_by=("#009E73", "triangle"))
    assert pygame.image.tobytes(product, "RGBA") != pygame.image.tobytes(taken, "RGBA")
    for promo_active in (False, True):
        bargain = tabletop.bargain_surface("Nachos", 2, 1, "drink", 4, (size, size + size // 3),
                                           promo_active=promo_active)
        assert bargain.get_size() == (size, size + size // 3)
    assert tabletop.bargain_surface("Mug", 2, None, None, 4, size).get_size()[0] == size
    assert tabletop.bargain_surface("Postcard", 1, 0, "last", 2, size).get_size()[0] == size
    for surf in (tabletop.token_surface(size), icons.star_icon(size), icons.bag_icon(size),
                 icons.seat_shape_surface("hexagon", "#CC79A7", size)):
        assert surf.get_size() == (size, size)
        assert _alpha_mask(surf).count() > size * size * 0.15


def test_promo_highlight_changes_the_bargain():
    off = tabletop.bargain_surface("Nachos", 2, 1, "drink", 4, 150)
    on = tabletop.bargain_surface("Nachos", 2, 1, "drink", 4, 150, promo_active=True)
    assert pygame.image.tobytes(off, "RGBA") != pygame.image.tobytes(on, "RGBA")


def test_warm_prepares_the_cache():
    items = [("tie", "#8E44AD", "stars"), ("cap", "#F4D03F", "plain")]
    assert clothing.warm(items, (40, 64)) == 4
    assert clothing.item_surface("tie", "#8E44AD", "stars", 40) is \
        clothing.item_art(items[0], 40)
    assert tabletop.warm_dice([("#E69F00", "circle")], 32, tumble=False) == 6


def test_a_card_keeps_its_item_art_once():
    # The card caches its own pixels: the item drawn for it is not cached as well (issue #46).
    clothing._item.cache_clear()
    card = clothing.card_surface("scarf", "#2E86C1", "stripes", (131, 175), label="Scarf", colourblind=True,
                                 cb_hex="#000000")
    assert clothing._item.cache_info().currsize == 0
    # ... and it is the same item art the cached path draws: the colour-blind colour, at the card's size.
    inner = int(min(131 * 0.86, (175 - round(175 * 0.16)) * 0.86))
    art = clothing.item_surface("scarf", "#2E86C1", "stripes", inner, True, "#000000")
    top = (175 - round(175 * 0.16) - inner) // 2 + round(175 * 0.02)
    left = (131 - inner) // 2 - round(131 * 0.012)
    expected = card.copy()
    expected.blit(art, (left, top))   # the same art again over itself changes no opaque pixel
    centre = (left + inner // 2, top + inner // 2)
    assert card.get_at(centre) == expected.get_at(centre) and art.get_at((inner // 2, inner // 2)).a == 255
