"""The career's screens (game/scenes/menus/career.py): the map's chapters open with stars, a
finished challenge's replay is judged and kept, and its result is shown on the way back."""
from __future__ import annotations

import pygame
import pytest

from game.career import progress
from game.career.worlds import play
from game.scenes.menus.career import CareerResult, CareerScene, ChallengeCard


@pytest.fixture
def career(ctx):
    scene = CareerScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply()
    return scene


def test_only_the_first_chapter_is_open_to_a_new_player(career):
    first, second = career.career.chapters[0], career.career.chapters[1]
    rows = {item.key: item for item in career.menu.items}
    assert all(rows[c.id].enabled for c in first.challenges)
    assert not any(rows[c.id].enabled for c in second.challenges)
    assert career.menu.selected.key == first.challenges[0].id


def test_a_finished_challenge_is_judged_from_its_replay_kept_and_shown_and_stars_open_the_next_chapter(ctx, career):
    needed = career.career.chapters[1].stars_to_open
    for challenge in career.career.chapters[0].challenges:
        outcome = play(challenge, challenge.seed, "expert")
        assert outcome.replay is not None
        career.finished(challenge, outcome.replay)
        career.resume()
        ctx.stack.apply()
        assert isinstance(ctx.stack.top, CareerResult) and ctx.stack.top.outcome.stars == outcome.stars
        ctx.stack.pop()
        ctx.stack.apply()
    total = progress.load(career.career).total()
    assert total >= needed, "expert bots open chapter 2 from chapter 1 in these seeds"
    rows = {item.key: item for item in career.menu.items}
    assert all(rows[c.id].enabled for c in career.career.chapters[1].challenges)


def test_a_replay_that_is_not_the_challenges_counts_for_nothing(ctx, career):
    first, other = career.career.challenges()[0], career.career.challenges()[1]
    outcome = play(other, other.seed, "expert")
    assert outcome.replay is not None
    career.finished(first, outcome.replay)
    assert career.outcome is None and progress.load(career.career).total() == 0
    assert any("cannot count for the career" in text for text in ctx.toasts.texts())


def test_the_card_and_the_result_draw_at_720p(ctx, career):
    challenge = career.career.challenges()[0]
    surface = pygame.Surface((1280, 720))
    ChallengeCard(ctx, career, challenge).draw(surface, 0.0)
    CareerResult(ctx, play(challenge, challenge.seed, "normal", record=False)).draw(surface, 0.0)
    career.draw(surface, 0.0)


def test_the_title_opens_the_career(ctx):
    from game.scenes.menus.title import TitleScene
    title = TitleScene(ctx)
    ctx.stack.push(title)
    ctx.stack.apply()
    title.career()
    ctx.stack.apply()
    assert isinstance(ctx.stack.top, CareerScene)


def test_the_titles_badge_shows_the_stars_once_their_replays_are_judged(ctx):
    from game.career.challenges import load_career
    from game.scenes.menus.title import TitleScene
    career = load_career()
    challenge = career.challenges()[0]
    outcome = play(challenge, challenge.seed, "expert")
    assert outcome.stars
    progress.record(outcome)
    progress._VERIFIED.clear()                       # a new session: nothing judged yet
    assert TitleScene(ctx).stars == 0                # the title never waits for a replay
    for _step in progress.warm(career):              # the menus' idle time
        pass
    title = TitleScene(ctx)
    assert title.stars == len(outcome.stars)
    title.draw(pygame.Surface((1280, 720)), 0.0)


def test_a_challenge_played_in_the_window_is_judged_from_its_recording_and_its_result_shown(ctx, career):
    """The card seats the player and starts the game's own scene, which records the match; its
    replay comes back to the career, which judges it (the window's bots replay as the judge's) and
    shows the result once the game's results are left."""
    from game.match.commands import IDLE, Button, Command
    from game.scenes.common import back_to_lobby
    challenge = career.career.challenges()[0]
    card = ChallengeCard(ctx, career, challenge)
    ctx.stack.push(card)
    ctx.stack.apply()
    card.player = ("kb", "left")
    ctx.input.assign(card.player, 0)
    card.start()
    ctx.stack.apply()
    game = ctx.stack.top
    assert ctx.record_to is not None
    for tick in range(20_000):                      # the player stands still: the easy bot wins
        if career.outcome is not None:
            break
        top = ctx.stack.top                         # a how-to card first: the player's A on each page closes it
        tap = Command(pressed=Button.A) if top is not game and tick % 30 == 0 else IDLE
        top.update({-1: tap, 0: tap})             # the how-to turns when the seated player is ready
        ctx.stack.apply()
    assert career.outcome is not None and career.outcome.stars == ()
    assert "You did not win" in str(career.outcome.verdicts[0].why)
    back_to_lobby(ctx)                              # the results' way out
    ctx.stack.apply()
    assert [type(s) for s in ctx.stack.scenes][-2:] == [CareerScene, CareerResult]
    assert ctx.record_to is None or ctx.stack.top is not career
