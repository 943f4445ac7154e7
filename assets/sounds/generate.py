#!/usr/bin/env python3
"""Writes the samples' sounds into this folder (16-bit mono WAV, 22,050 Hz), synthesised here so the
repository holds no third-party audio. Deterministic: running it again gives the same bytes.
    python3 assets/sounds/generate.py
"""
import math
import os
import random
import struct
import wave

RATE = 22050
HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, samples):
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.9 * 32767 / peak
    with wave.open(os.path.join(HERE, name), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("<h", int(round(s * scale))) for s in samples))


def envelope(t, attack, decay):
    """Linear attack, exponential decay (s)."""
    return min(1.0, t / attack) * math.exp(-t / decay) if attack > 0 else math.exp(-t / decay)


def hit():
    """A short thump: a falling 160 → 60 Hz sine under a burst of noise (a blade striking a target)."""
    rng = random.Random(17)
    out, phase = [], 0.0
    for i in range(int(0.18 * RATE)):
        t = i / RATE
        phase += 2 * math.pi * (60 + 100 * math.exp(-t / 0.03)) / RATE
        out.append(math.sin(phase) * envelope(t, 0.002, 0.05) + 0.5 * rng.uniform(-1, 1) * envelope(t, 0.001, 0.015))
    return out


def jump():
    """A rising square-ish chirp, 300 → 750 Hz over 0.16 s."""
    out, phase = [], 0.0
    n = int(0.16 * RATE)
    for i in range(n):
        t = i / RATE
        phase += 2 * math.pi * (300 + 450 * i / n) / RATE
        out.append(math.tanh(3 * math.sin(phase)) * envelope(t, 0.005, 0.08))
    return out


def pickup():
    """Two quick bell notes, A5 then E6."""
    out = []
    for freq, length in ((880.0, 0.07), (1318.5, 0.16)):
        for i in range(int(length * RATE)):
            t = i / RATE
            out.append((math.sin(2 * math.pi * freq * t) + 0.3 * math.sin(4 * math.pi * freq * t)) * envelope(t, 0.002, 0.06))
    return out


def music():
    """A 4-second loop: an arpeggio of triangle waves over a soft bass, ending where it starts."""
    notes = [220.0, 261.6, 329.6, 392.0, 329.6, 261.6, 196.0, 246.9]
    step = 0.5
    out = []
    for k in range(int(4.0 * RATE)):
        t = k / RATE
        note = notes[int(t / step) % len(notes)]
        local = t % step
        tri = 2 / math.pi * math.asin(math.sin(2 * math.pi * note * t))
        bass = math.sin(2 * math.pi * (note / 2) * t)
        out.append(0.6 * tri * envelope(local, 0.01, 0.25) + 0.3 * bass * min(1.0, local / 0.02, (step - local) / 0.02))
    return out


if __name__ == "__main__":
    for name, samples in (("hit.wav", hit()), ("jump.wav", jump()), ("pickup.wav", pickup()), ("music.wav", music())):
        write(name, samples)
        print(os.path.join("assets/sounds", name), len(samples), "samples")
