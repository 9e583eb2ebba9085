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
