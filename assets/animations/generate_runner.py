#!/usr/bin/env python3
"""Draws runner.png, the Platformer character's sprite sheet: 8 frames of 64 × 64 pixels in one row,
in the look of assets/sprites/character.png (drawn here, not copied): 0–1 idle, 2–5 run, 6 jump,
7 fall, all facing right. Capsules and discs with 4 × 4 supersampling; deterministic.
    python3 assets/animations/generate_runner.py
"""
import math
import os
import struct
import zlib

SIZE = 64
FRAMES = 8
SKIN, SHIRT, TROUSERS, SHOES = (240, 200, 160), (200, 50, 50), (35, 60, 140), (70, 40, 30)


def capsule_distance(px, py, a, b):
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / max(1e-9, dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def figure(frame):
    """Shapes (kind, colour, geometry) of one frame, in frame pixels, y down, facing right."""
    bob, hip, arm_swing, leg_swing, knee = 0.0, 36.0, 0.0, 0.0, 0.0
    if frame in (0, 1):                        # idle: breathing
        bob = 1.0 if frame == 1 else 0.0
        legs = [((30, hip), (29, 56)), ((34, hip), (35, 56))]
        arms = [((25, 24 + bob), (21, 36 + bob)), ((39, 24 + bob), (43, 36 + bob))]
    elif 2 <= frame <= 5:                      # run: legs and arms swing in opposition
        phase = (frame - 2) / 4 * 2 * math.pi
        leg_swing, arm_swing = 9 * math.sin(phase), 8 * math.sin(phase)
        bob = -1.5 * abs(math.cos(phase))
        legs = [((31, hip), (31 + leg_swing, 55)), ((33, hip), (33 - leg_swing, 55))]
        arms = [((27, 25 + bob), (27 - arm_swing, 35 + bob)), ((37, 25 + bob), (37 + arm_swing, 35 + bob))]
    elif frame == 6:                           # jump: knees up, arms raised
        legs = [((30, hip), (25, 48)), ((34, hip), (40, 50))]
        arms = [((26, 24), (20, 14)), ((38, 24), (45, 15))]
    else:                                      # fall: legs apart, arms out
        legs = [((30, hip), (24, 55)), ((34, hip), (41, 54))]
        arms = [((26, 24), (14, 26)), ((38, 24), (50, 25))]
    shapes = []
    for (a, b) in legs:
        shapes.append(("capsule", TROUSERS, (a, b, 4.0)))
        shapes.append(("capsule", SHOES, ((b[0], b[1]), (b[0] + 4, b[1]), 2.5)))
    shapes.append(("capsule", SHIRT, ((32, 25 + bob), (32, 35 + bob), 8.0)))
    for (a, b) in arms:
        shapes.append(("capsule", SHIRT, (a, b, 3.0)))
        shapes.append(("capsule", SKIN, (b, b, 2.5)))
    shapes.append(("capsule", SKIN, ((33, 11 + bob), (33, 11 + bob), 8.0)))
    shapes.append(("capsule", (40, 30, 30), ((37, 10 + bob), (37, 10 + bob), 1.2)))  # an eye: facing right
    return shapes


def render():
    width, height, sub = SIZE * FRAMES, SIZE, 4
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            frame, fx = divmod(x, SIZE)
            shapes = figure(frame)
            acc = [0, 0, 0, 0]
            for sy in range(sub):
                for sx in range(sub):
                    px, py = fx + (sx + 0.5) / sub, y + (sy + 0.5) / sub
                    colour = None
                    for _, c, (a, b, r) in shapes:  # later shapes are in front
                        if capsule_distance(px, py, a, b) <= r:
                            colour = c
                    if colour is not None:
                        acc[0] += colour[0]; acc[1] += colour[1]; acc[2] += colour[2]; acc[3] += 1
            n = acc[3]
            row += bytes((acc[0] // n, acc[1] // n, acc[2] // n, 255 * n // (sub * sub)) if n else (0, 0, 0, 0))
        rows.append(bytes(row))
    return width, height, rows


def write_png(path, width, height, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + r for r in rows)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)) +
                  chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    w, h, rows = render()
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "runner.png")
    write_png(target, w, h, rows)
    print(target, w, "x", h)
