"""A shopper's poses: for each animation state and frame, where the feet, hands, body and face are.

Pure arithmetic (no pygame): figure.py draws a Pose. Lengths are in shopper sizes (the drawn
shopper is about 1.6 sizes tall), y grows downwards, x grows the way the shopper faces. Each state
has a fixed number of frames, so every frame can be drawn once and cached; the mall picks the frame
from its render-side timers (the walk's from how far the shopper walked, so feet never skate).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

# state: frames in one cycle (or in the whole reaction, for the one-off states)
FRAMES: dict[str, int] = {
    "idle": 4,       # breathing; blinks on the last frame
    "fidget": 8,     # after a few idle seconds: scratches its head, shifts its weight
    "walk": 8,       # one stride of each foot
    "carry": 8,      # walking with the load held up (frame 0: standing with it)
    "browse": 4,     # flipping through a pile: a card held up to the face, turned over
    "deliver": 4,    # handing a card in: a throw forwards
    "bump": 3,       # knocked by another shopper: squashed, eyes shut
    "surprise": 4,   # wrong card, beaten to a pile: a jump back, eyes wide, a "!" over the head
    "cheer": 6,      # SOLD OUT!, a won bid, the podium's winner: jumps with both arms up
    "slump": 4,      # lost: shoulders down, head low, a slow sway
}
STATES = tuple(FRAMES)

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Pose:
    """One frame of a shopper. feet: (forward offset, lift) per foot, back foot first; hands: where
    each hand is from its shoulder (back arm first); bob lifts the upper body (negative: lower),
    rise lifts the whole shopper off the floor; lean tips the head and torso forwards."""

    feet: tuple[Point, Point] = ((0.0, 0.0), (0.0, 0.0))
    hands: tuple[Point, Point] = ((-0.04, 0.36), (0.04, 0.36))
    bob: float = 0.0
    rise: float = 0.0
    lean: float = 0.0
    squash: float = 1.0      # the body's height factor (width the other way): bumps, landings
    eyes: str = "open"       # open | blink | wide | happy | sad | look
    mouth: str = "smile"     # smile | grin | o | frown | flat
    swing: float = 0.0       # follow-through of hair and bags, -1 .. 1
    card: float = 0.0        # browse: the card in the front hand, its width (0: none, 1: face on)
    exclaim: bool = False    # the surprise mark over the head


def pose(state: str, frame: int) -> Pose:
    """The pose of `state` at `frame` (taken modulo the state's frames)."""
    frames = FRAMES.get(state)
    if frames is None:
        raise ValueError(f"unknown shopper state {state!r}; expected one of {', '.join(STATES)}")
    t = (frame % frames) / frames
    return _POSES[state](t)


def _idle(t: float) -> Pose:
    breath = math.sin(t * 2 * math.pi)
    return Pose(bob=0.012 * breath, hands=((-0.05, 0.35 - 0.01 * breath), (0.05, 0.35 - 0.01 * breath)),
                eyes="blink" if t >= 0.75 else "open")


def _fidget(t: float) -> Pose:
    up = math.sin(t * math.pi)          # the front hand goes up to scratch the head and back
    shift = math.sin(t * 2 * math.pi)
    scratch = 0.03 * math.sin(t * 8 * math.pi) * up
    return Pose(hands=((-0.05, 0.35), (0.1 + scratch, 0.35 - 0.72 * up)), lean=-0.03 * up,
                feet=((0.0, 0.0), (0.0, 0.05 * max(0.0, shift))), eyes="look" if up > 0.5 else "open",
                mouth="flat" if up > 0.5 else "smile", swing=0.3 * shift)


def _stride(t: float) -> tuple[tuple[Point, Point], float, float]:
    """Feet, bob and the arm swing of a walk at t through one stride of each foot."""
    s = math.sin(t * 2 * math.pi)
    lift_a = max(0.0, math.cos(t * 2 * math.pi)) * 0.08
    lift_b = max(0.0, -math.cos(t * 2 * math.pi)) * 0.08
    feet = ((-0.16 * s, lift_a), (0.16 * s, lift_b))
    return feet, 0.03 * abs(math.cos(t * 2 * math.pi)), s


def _walk(t: float) -> Pose:
    feet, bob, s = _stride(t)
    return Pose(feet=feet, bob=bob, lean=0.04, hands=((0.16 * s, 0.32), (-0.16 * s, 0.32)),
                swing=-s)


def _carry(t: float) -> Pose:
    feet, bob, s = _stride(t)
    if t == 0.0:   # standing still with the load: feet together
        feet, bob, s = ((0.0, 0.0), (0.0, 0.0)), 0.0, 0.0
    return Pose(feet=feet, bob=bob, hands=((-0.12, -0.7), (0.12, -0.7)), mouth="o" if t == 0.0 else "grin",
                swing=-s, squash=0.97)


def _browse(t: float) -> Pose:
    turn = abs(math.cos(t * math.pi))    # the card turns over half way
    return Pose(hands=((-0.04, 0.34), (0.26, -0.08)), lean=0.05, eyes="look", mouth="flat" if t < 0.5 else "o",
                card=max(0.15, turn), bob=-0.01)


def _deliver(t: float) -> Pose:
    reach = math.sin(t * math.pi)
    return Pose(hands=((0.1 + 0.2 * reach, 0.1 - 0.25 * reach), (0.2 + 0.25 * reach, 0.05 - 0.4 * reach)),
                lean=0.08 * reach, feet=((-0.1 * reach, 0.0), (0.12 * reach, 0.0)), mouth="grin", eyes="happy",
                swing=reach)


def _bump(t: float) -> Pose:
    k = 1.0 - t
    return Pose(squash=1.0 - 0.22 * k, hands=((-0.3, 0.08), (0.3, 0.08)), eyes="blink", mouth="o",
                lean=-0.06 * k, swing=-k)


def _surprise(t: float) -> Pose:
    jump = math.sin(min(1.0, t * 1.6) * math.pi)
    return Pose(rise=0.12 * jump, hands=((-0.28, -0.28), (0.3, -0.3)), eyes="wide", mouth="o", lean=-0.08,
                squash=1.0 + 0.08 * jump, exclaim=True, swing=jump)


def _cheer(t: float) -> Pose:
    jump = abs(math.sin(t * math.pi))
    wave = math.sin(t * 2 * math.pi) * 0.06
    return Pose(rise=0.2 * jump, squash=0.9 + 0.16 * jump, hands=((-0.22 + wave, -0.62), (0.22 - wave, -0.62)),
                feet=((-0.06, 0.06 * jump), (0.06, 0.06 * jump)), eyes="happy", mouth="grin", swing=-jump)


def _slump(t: float) -> Pose:
    sway = math.sin(t * 2 * math.pi)
    return Pose(bob=-0.07, lean=0.02 * sway - 0.02, hands=((-0.02, 0.42), (0.02, 0.42)), eyes="sad", mouth="frown",
                squash=0.94, swing=0.2 * sway)


_POSES = {"idle": _idle, "fidget": _fidget, "walk": _walk, "carry": _carry, "browse": _browse,
          "deliver": _deliver, "bump": _bump, "surprise": _surprise, "cheer": _cheer, "slump": _slump}
