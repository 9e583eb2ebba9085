"""Scene changes fade through black in under 0.4 s, and a new scene's first frame is never seen."""
import pygame

from game import TICK_RATE
from game.core.scene import Scene
from game.core.stack import SceneStack
from game.core.transition import FADE_SECONDS, SceneFade


class Colour(Scene):
    def __init__(self, colour, opaque=True):
        super().__init__(None)
        self.colour = colour
        self.opaque = opaque
        self.draws = 0

    def draw(self, surface, alpha):
        self.draws += 1
        surface.fill(self.colour, None if self.opaque else pygame.Rect(0, 0, 10, 10))


def frames(fade, stack, surface, start, count):
    out = []
    for t in range(start, start + count):
        fade.draw(stack, surface, t, 0.0)
        out.append(tuple(surface.get_at((100, 100)))[:3])
    return out


def test_a_new_full_screen_scene_fades_in_and_its_first_frame_is_hidden():
    assert FADE_SECONDS < 0.4
    stack, fade, surface = SceneStack(), SceneFade(), pygame.Surface((200, 200))
    old = Colour((200, 0, 0))
    stack.push(old)
    stack.apply()
    frames(fade, stack, surface, 0, 3)
    new = Colour((0, 0, 200))
    stack.push(new)
    stack.apply()
    seen = frames(fade, stack, surface, 3, int(FADE_SECONDS * TICK_RATE) + 3)
    half = int(FADE_SECONDS * TICK_RATE / 2)
    # First the old picture darkens (the new scene is not drawn at all) ...
    assert all(c[2] == 0 for c in seen[:half]) and seen[0][0] > seen[half - 1][0]
    # ... the new scene's first frame is drawn under full black ...
    assert seen[half] == (0, 0, 0) and new.draws == len(seen) - half
    # ... then it brightens, and within the fade time it is shown as it is.
    assert seen[half + 1][2] < seen[-3][2] and seen[-1] == (0, 0, 200)
    assert seen.index((0, 0, 200)) <= FADE_SECONDS * TICK_RATE + 1


def test_an_overlay_appears_at_once():
    stack, fade, surface = SceneStack(), SceneFade(), pygame.Surface((200, 200))
    stack.push(Colour((200, 0, 0)))
    stack.apply()
    frames(fade, stack, surface, 0, 2)
    pause = Colour((0, 200, 0), opaque=False)
    stack.push(pause)
    stack.apply()
    fade.draw(stack, surface, 2, 0.0)
    assert not fade.active and pause.draws == 1 and tuple(surface.get_at((5, 5)))[:3] == (0, 200, 0)


def test_the_very_first_scene_is_drawn_straight_away():
    stack, fade, surface = SceneStack(), SceneFade(), pygame.Surface((200, 200))
    stack.push(Colour((0, 200, 0)))
    stack.apply()
    fade.draw(stack, surface, 0, 0.0)
    assert tuple(surface.get_at((100, 100)))[:3] == (0, 200, 0)


def test_a_change_keeps_the_last_frame_in_the_buffer_made_ahead():
    """The idle title's warm-up makes the fade's buffer (SceneFade.make_buffer): the frame of the
    first change copies the last picture into it, it allocates no screen-sized surface of its own
    (that allocation was ~2 ms of the title's first frame). Never while a fade runs: the buffer is
    then the picture fading out."""
    stack, fade, surface = SceneStack(), SceneFade(), pygame.Surface((200, 200))
    stack.push(Colour((200, 0, 0)))
    stack.apply()
    frames(fade, stack, surface, 0, 2)
    fade.make_buffer(surface)
    made = fade._kept
    assert made is not None and made.get_size() == surface.get_size()
    stack.push(Colour((0, 0, 200)))
    stack.apply()
    fade.draw(stack, surface, 2, 0.0)
    assert fade.old is made and tuple(made.get_at((100, 100)))[:3] == (200, 0, 0)
    surface.fill((0, 200, 0))
    fade.make_buffer(surface)       # mid-fade: the fading picture is left as it is
    assert fade.old is made and tuple(made.get_at((100, 100)))[:3] == (200, 0, 0)


def test_the_idle_titles_warm_up_makes_the_fades_buffer(ctx):
    from game.core.warm import Warmer
    from game.scenes import warmup
    warmer = Warmer()
    warmup.queue_rehearsals(warmer, ctx)
    assert ctx.fade is not None and ctx.fade._kept is None
    while warmer.pending and ctx.fade._kept is None:
        assert warmer.run_one() is not None
    assert ctx.fade._kept is not None and ctx.fade._kept.get_size() == pygame.display.get_surface().get_size()
    assert len({name for name, _took in warmer.done}) <= 4   # one of the first jobs: a change may come soon
