"""The pictures on Check Out!'s last how-to pages: one idea each, drawn with the table's own pieces.

- "change": two dice left in the queue turn into two change tokens;
- "bid": a secret bid of tokens buys the same number of bonus dice;
- "bonus": the BONUS tokens go to the first in the queue;
- "tiebreak": two players level on points, the one with more change tokens on top.
"""
from __future__ import annotations

import pygame

from game.render.icons import INK, outlined_text, seat_shape_surface
from game.render.tabletop import die_surface, star_icon, token_surface
from game.render.palette import BONUS_EDGE, BONUS_FILL, CREAM, EDGE, GOLD, ORANGE_HEX, PANEL, SKY_HEX, WINNER_FILL

HEIGHT = 96
TEXT = CREAM
ORANGE = ORANGE_HEX
SKY = SKY_HEX
PICTURES = ("change", "bid", "bonus", "tiebreak")


def picture(name: str) -> pygame.Surface | None:
    """The picture for a how-to icon name, None for a name that is not one of these."""
    draw = {"change": _change, "bid": _bid, "bonus": _bonus, "tiebreak": _tie_break}.get(name)
    return draw() if draw is not None else None


def _row(parts: list[pygame.Surface], gap: int = 12) -> pygame.Surface:
    """`parts` side by side, centred on one line."""
    width = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
    surf = pygame.Surface((width, HEIGHT), pygame.SRCALPHA)
    x = 0
    for part in parts:
        surf.blit(part, part.get_rect(midleft=(x, HEIGHT // 2)))
        x += part.get_width() + gap
    return surf


def _arrow(width: int = 54) -> pygame.Surface:
    surf = pygame.Surface((width, 40), pygame.SRCALPHA)
    for colour, grow in ((INK, 3), (TEXT, 0)):
        pygame.draw.line(surf, colour, (4, 20), (width - 16, 20), 6 + 2 * grow)
        pygame.draw.polygon(surf, colour, [(width - 22 - grow, 6 - grow), (width - 2 + grow, 20),
                                           (width - 22 - grow, 34 + grow)])
    return surf


def _stack(images: list[pygame.Surface], step: int) -> pygame.Surface:
    """Images overlapping in a row, each `step` px on from the last."""
    w = images[0].get_width() + step * (len(images) - 1)
    surf = pygame.Surface((w, images[0].get_height()), pygame.SRCALPHA)
    for i, image in enumerate(images):
        surf.blit(image, (i * step, 0))
    return surf


def _change() -> pygame.Surface:
    dice = _stack([die_surface(face, 56, SKY) for face in (3, 5)], 44)
    tokens = _stack([token_surface(56)] * 2, 44)
    return _row([dice, _arrow(), tokens])


def _bid() -> pygame.Surface:
    """Three tokens behind a screen (the bid is secret until everyone has chosen) buy three dice."""
    tokens = _stack([token_surface(50)] * 3, 30)
    secret = pygame.Surface((tokens.get_width() + 24, 84), pygame.SRCALPHA)
    pygame.draw.rect(secret, PANEL, secret.get_rect(), border_radius=14)
    pygame.draw.rect(secret, GOLD, secret.get_rect(), 3, border_radius=14)
    secret.blit(tokens, tokens.get_rect(center=(secret.get_width() // 2, 42)))
    dice = _stack([die_surface(face, 50, SKY) for face in (2, 4, 6)], 38)
    return _row([secret, _arrow(), dice])


def _bonus() -> pygame.Surface:
    """The queue's first space (a player on it) takes the BONUS tokens; the second space gets none."""
    def space(number: str, shape: str, colour: str) -> pygame.Surface:
        box = pygame.Surface((76, 84), pygame.SRCALPHA)
        pygame.draw.rect(box, BONUS_FILL, box.get_rect(), border_radius=10)
        pygame.draw.rect(box, BONUS_EDGE, box.get_rect(), 3, border_radius=10)
        box.blit(outlined_text(number, 22, TEXT, INK, 2), (8, 4))
        body = seat_shape_surface(shape, colour, 40)
        box.blit(body, body.get_rect(center=(40, 52)))
        return box
    pile = _stack([token_surface(44)] * 3, 16)
    return _row([pile, _arrow(44), space("1", "circle", ORANGE), space("2", "square", SKY)], 10)


def _tie_break() -> pygame.Surface:
    """Two players on 45 stars: 5 tokens beat 3, the winner's shape ringed in gold."""
    def player(shape: str, colour: str, tokens: int, wins: bool) -> pygame.Surface:
        card = pygame.Surface((150, 90), pygame.SRCALPHA)
        pygame.draw.rect(card, WINNER_FILL if wins else PANEL, card.get_rect(), border_radius=12)
        pygame.draw.rect(card, GOLD if wins else EDGE, card.get_rect(), 4 if wins else 2, border_radius=12)
        body = seat_shape_surface(shape, colour, 44)
        card.blit(body, body.get_rect(center=(32, 45)))
        card.blit(star_icon(26), (64, 10))
        card.blit(outlined_text("45", 26, TEXT, INK, 2), (94, 10))
        card.blit(token_surface(26), (64, 52))
        card.blit(outlined_text(str(tokens), 26, GOLD if wins else TEXT, INK, 2), (94, 52))
        return card
    return _row([player("circle", ORANGE, 5, True), player("square", SKY, 3, False)], 24)
