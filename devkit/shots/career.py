"""Screenshots of the career: the map, a challenge's card, a challenge's result, the result's
"Unlocked!" page and the lobby's Character row on a shopper still locked."""
from __future__ import annotations

from typing import TYPE_CHECKING

from devkit.shots.menus import lobby_shot
from game.career.challenges import load_career
from game.career.progress import Progress
from game.career.worlds import play
from game.scenes import registry
from game.render import cast
from game.scenes.menus.career import CareerResult, CareerScene, ChallengeCard
from game.scenes.menus.lobby import LobbyScene

if TYPE_CHECKING:
    from game.core.context import Context

TEAM_CHALLENGE = "two_at_the_till"


def _map_shot(ctx: "Context", seed: int) -> CareerScene:
    """The map with the first chapter mostly won: the second chapter open, the rest locked."""
    scene = CareerScene(ctx)
    first = scene.career.chapters[0].challenges
    scene.progress = Progress({c.id: frozenset(range(3 - n % 2)) for n, c in enumerate(first[:-1])})
    scene.menu.items = scene._rows()
    scene.menu.index = 2
    return scene


def _card_shot(ctx: "Context", seed: int) -> ChallengeCard:
    """A team challenge's card with the player seated and a team-mate joined and ready."""
    challenge = load_career().find(TEAM_CHALLENGE)
    assert challenge is not None, TEAM_CHALLENGE
    card = ChallengeCard(ctx, None, challenge)
    card.player, card.partner = ("kb", "left"), ("kb", "right")
    card.gate.seat(0)
    card.gate.seat(1)
    card.gate.ready.add(1)
    return card


def _result_shot(ctx: "Context", seed: int) -> CareerResult:
    """Chapter 1's first challenge played by a normal bot in the player's seat."""
    challenge = load_career().challenges()[0]
    return CareerResult(ctx, play(challenge, seed or challenge.seed, "normal", record=False))


def _unlock_shot(ctx: "Context", seed: int) -> CareerResult:
    """The result's second page when a win's stars unlocked a shopper."""
    result = _result_shot(ctx, seed)
    result.unlocked = (cast.character("gus"),)
    result.showing_unlocks = True
    return result


def _lobby_locked_shot(ctx: "Context", seed: int) -> LobbyScene:
    """The lobby with no career stars, seat 1's Character row stepped onto a locked shopper."""
    scene = lobby_shot(ctx, seed)
    scene.stars = 0
    scene.peek[0] = "gus"
    scene.menu.index = next(n for n, item in enumerate(scene.menu.items) if item.key == "character")
    return scene


registry.register_screenshot("career", _map_shot, warmup_ticks=1)
registry.register_screenshot("career_card", _card_shot, warmup_ticks=1)
registry.register_screenshot("career_result", _result_shot, warmup_ticks=1)
registry.register_screenshot("career_unlock", _unlock_shot, warmup_ticks=1)
registry.register_screenshot("lobby_locked", _lobby_locked_shot, warmup_ticks=1)
