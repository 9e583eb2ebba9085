"""Screenshots of the career: the map, a challenge's card and a challenge's result."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.career.challenges import load_career
from game.career.progress import Progress
from game.career.worlds import play
from game.scenes import registry
from game.scenes.menus.career import CareerResult, CareerScene, ChallengeCard

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
    """A team challenge's card with the player seated and a team-mate joined."""
    challenge = load_career().find(TEAM_CHALLENGE)
    assert challenge is not None, TEAM_CHALLENGE
    card = ChallengeCard(ctx, None, challenge)
    card.player, card.partner = ("kb", "left"), ("kb", "right")
    return card


def _result_shot(ctx: "Context", seed: int) -> CareerResult:
    """Chapter 1's first challenge played by a normal bot in the player's seat."""
    challenge = load_career().challenges()[0]
    return CareerResult(ctx, play(challenge, seed or challenge.seed, "normal", record=False))


registry.register_screenshot("career", _map_shot, warmup_ticks=1)
registry.register_screenshot("career_card", _card_shot, warmup_ticks=1)
registry.register_screenshot("career_result", _result_shot, warmup_ticks=1)
