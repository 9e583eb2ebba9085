"""The scene stack: deferred requests, hook order, overlay drawing."""
from game.core.scene import Scene
from game.core.stack import SceneStack


class Probe(Scene):
    def __init__(self, name, log, opaque=True):
        super().__init__(None)
        self.name = name
        self.log = log
        self.opaque = opaque

    def enter(self):
        self.log.append(f"{self.name}.enter")

    def exit(self):
        self.log.append(f"{self.name}.exit")

    def pause(self):
        self.log.append(f"{self.name}.pause")

    def resume(self):
        self.log.append(f"{self.name}.resume")

    def update(self, commands):
        self.log.append(f"{self.name}.update")

    def draw(self, surface, alpha):
        self.log.append(f"{self.name}.draw")


def test_requests_are_deferred_until_apply():
    log = []
    stack = SceneStack()
    a = Probe("a", log)
    stack.push(a)
    assert stack.top is None and log == []
    stack.apply()
    assert stack.top is a and log == ["a.enter"]
    stack.pop()
    assert stack.top is a  # still there until the end of the tick
    stack.apply()
    assert stack.top is None and log[-1] == "a.exit"


def test_push_pop_replace_hooks_in_order():
    log = []
    stack = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    stack.push(a)
    stack.apply()
    stack.push(b)
    stack.apply()
    stack.replace(c)
    stack.apply()
    stack.pop()
    stack.apply()
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "c.enter", "c.exit", "a.resume"]


def test_scene_asking_mid_update_changes_nothing_until_the_tick_ends():
    log = []
    stack = SceneStack()

    class Pusher(Probe):
        def update(self, commands):
            super().update(commands)
            stack.push(Probe("overlay", log, opaque=False))
            assert stack.top is self

    stack.push(Pusher("game", log))
    stack.apply()
    stack.update({})
    assert stack.top.name == "game"
    stack.apply()
    assert stack.top.name == "overlay"
    assert log == ["game.enter", "game.update", "game.pause", "overlay.enter"]


def test_update_reaches_only_the_top_and_draw_goes_from_the_last_opaque_up():
    log = []
    stack = SceneStack()
    for scene in (Probe("title", log), Probe("game", log), Probe("pause", log, opaque=False),
                  Probe("toast", log, opaque=False)):
        stack.push(scene)
    stack.apply()
    log.clear()
    stack.update({})
    assert log == ["toast.update"]
    log.clear()
    stack.draw(None, 0.0)
    assert log == ["game.draw", "pause.draw", "toast.draw"]


def test_pop_until_and_clear_to():
    log = []
    stack = SceneStack()
    for name in ("title", "lobby", "game", "pause"):
        stack.push(Probe(name, log, opaque=name != "pause"))
    stack.apply()
    log.clear()
    stack.pop_until(lambda s: s.name == "lobby")
    stack.apply()
    assert [s.name for s in stack.scenes] == ["title", "lobby"]
    assert log == ["pause.exit", "game.exit", "lobby.resume"]
    log.clear()
    stack.clear_to(Probe("fresh", log))
    stack.apply()
    assert [s.name for s in stack.scenes] == ["fresh"]
    assert log == ["lobby.exit", "title.exit", "fresh.enter"]


def test_several_requests_in_one_tick_apply_in_order():
    log = []
    stack = SceneStack()
    stack.push(Probe("a", log))
    stack.push(Probe("b", log))
    stack.pop()
    stack.apply()
    assert [s.name for s in stack.scenes] == ["a"]
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume"]
    assert not stack.has_pending


def test_work_ahead_reaches_the_drawn_scenes_top_first_with_the_deadline():
    """`idle` goes to what is drawn (the top first: what the player looks at), not below it."""
    log = []

    class Ahead(Probe):
        def idle(self, until):
            log.append((self.name, until))

    stack = SceneStack()
    for scene in (Ahead("title", log), Ahead("game", log), Ahead("pause", log, opaque=False)):
        stack.push(scene)
    stack.apply()
    log.clear()
    stack.idle(12.5)
    assert log == [("pause", 12.5), ("game", 12.5)]
