#!/usr/bin/env python3
"""Generate the NFT marketplace demo media into assets/nft/.

Usage (from the repository root):

    pip install pillow imageio-ffmpeg
    python3 scripts/make-nft-media.py

Everything is drawn from fixed seeds, so re-running rewrites the same
pictures and sounds (the audio/video files are encoded single-threaded with
ffmpeg's bit-exact flags, so they are stable for a given ffmpeg build).
Outputs are overwritten.

Files written (see assets/nft/README.md):
  art-1.webp .. art-8.webp        320x320 generative artworks   (< 60 KB each)
  loop-1.webp, loop-2.webp        240x240 looping animations    (< 150 KB each)
  tone.mp3                        4 s MPEG-1 Layer III, mono    (< 40 KB)
  tone.m4a                        same sound, AAC in M4A        (< 40 KB)
  clip.mp4                        4 s H.264 240x240 15 fps      (< 150 KB)
  clip.webm                       same clip, VP9 in WebM        (< 150 KB)
  cover-audio.webp, cover-video.webp, cover-box.webp  320x320 covers (< 60 KB)

Pictures are WebP (lossy at quality 80, or lossless when that is smaller):
about a quarter of the PNG and two thirds of the GIF they replace, with no
difference to see at the size they are shown. `--pictures` remakes only
those, leaving the audio and video (and their ffmpeg) alone.
"""

from __future__ import annotations

import io
import math
import random
import struct
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

try:
    import imageio_ffmpeg
except ImportError:  # pragma: no cover - only hit on a machine without it
    imageio_ffmpeg = None

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "nft"

ART = 320          # artwork / cover size
GIF = 240          # gif and video size
SS = 2             # supersampling factor for anti-aliased vector drawing

PICTURE_LIMIT = 60_000
LOOP_LIMIT = 150_000
AUDIO_LIMIT = 40_000
VIDEO_LIMIT = 150_000

# A dark, rich palette that sits well on a dark-theme app.
INK = (8, 10, 24)
NAVY = (14, 20, 48)
INDIGO = (34, 30, 92)
VIOLET = (94, 42, 140)
MAGENTA = (181, 23, 158)
ROSE = (240, 80, 120)
CORAL = (231, 111, 81)
GOLD = (244, 182, 97)
TEAL = (14, 173, 154)
CYAN = (76, 201, 240)
MINT = (150, 240, 200)
WHITE = (240, 240, 250)

PALETTE = [INDIGO, VIOLET, MAGENTA, ROSE, CORAL, GOLD, TEAL, CYAN]


# --------------------------------------------------------------------------
# small helpers
# --------------------------------------------------------------------------

def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def mix(c1, c2, t: float):
    return tuple(int(round(lerp(a, b, t))) for a, b in zip(c1, c2))


def ramp_lut(stops):
    """256-entry colour ramp through evenly spaced colour stops."""
    lut = []
    n = len(stops) - 1
    for i in range(256):
        t = i / 255 * n
        k = min(int(t), n - 1)
        lut.append(mix(stops[k], stops[k + 1], t - k))
    return lut


def gradient_map(gray: Image.Image, stops) -> Image.Image:
    """Colour a greyscale field through a ramp (fast: three point() LUTs)."""
    lut = ramp_lut(stops)
    g = gray.convert("L")
    chans = [g.point([c[i] for c in lut]) for i in range(3)]
    return Image.merge("RGB", chans)


def field(size: int, fn) -> Image.Image:
    """Greyscale image from fn(x, y) -> 0..1 with x, y in 0..1."""
    inv = 1.0 / (size - 1)
    data = []
    for j in range(size):
        y = j * inv
        for i in range(size):
            v = fn(i * inv, y)
            data.append(0 if v <= 0 else 255 if v >= 1 else int(v * 255))
    im = Image.new("L", (size, size))
    im.putdata(data)
    return im


def value_noise(size: int, rng: random.Random, octaves=(4, 8, 16, 32),
                falloff: float = 0.55) -> Image.Image:
    """Smooth fractal noise: random small grids upscaled bicubically."""
    acc = None
    amps = [falloff ** k for k in range(len(octaves))]
    norm = sum(amps)
    for cells, amp in zip(octaves, amps):
        small = Image.new("L", (cells + 3, cells + 3))
        small.putdata([rng.randrange(256) for _ in range((cells + 3) ** 2)])
        big = small.resize((size * (cells + 3) // cells,) * 2, Image.BICUBIC)
        big = big.crop((size // cells, size // cells,
                        size // cells + size, size // cells + size))
        layer = big.point(lambda v, a=amp / norm: v * a)
        acc = layer if acc is None else ImageChops.add(acc, layer)
    # stretch contrast to the full range
    lo, hi = acc.getextrema()
    return acc.point(lambda v: (v - lo) * 255 // max(1, hi - lo))


def vertical_gradient(size, top, bottom, mode="RGB") -> Image.Image:
    g = Image.linear_gradient("L").resize((size, size))
    return gradient_map(g, [top, bottom])


def radial_glow(size, inner, outer, cx=0.5, cy=0.5, scale=1.0) -> Image.Image:
    g = Image.radial_gradient("L")  # 256x256, 0 in the centre
    big = int(size * 2 * scale)
    g = g.resize((big, big), Image.BICUBIC)
    left = int(big / 2 - cx * size)
    top = int(big / 2 - cy * size)
    g = g.crop((left, top, left + size, top + size))
    return gradient_map(g, [inner, outer])


def canvas(bg, size=ART):
    """A supersampled RGB canvas and its ImageDraw."""
    im = bg.resize((size * SS, size * SS), Image.BICUBIC) if isinstance(
        bg, Image.Image) else Image.new("RGB", (size * SS, size * SS), bg)
    return im, ImageDraw.Draw(im)


def finish(im: Image.Image, size=ART) -> Image.Image:
    return im.resize((size, size), Image.LANCZOS)


def webp_bytes(frames, duration_ms: int | None = None) -> bytes:
    """The smaller of lossy (quality 80) and lossless WebP; several frames
    make a looping animation."""
    best = None
    for opts in ({"quality": 80}, {"lossless": True}):
        buf = io.BytesIO()
        extra = {}
        if len(frames) > 1:
            extra = {"save_all": True, "append_images": frames[1:],
                     "duration": duration_ms, "loop": 0}
        frames[0].save(buf, "WEBP", method=6, **opts, **extra)
        data = buf.getvalue()
        if best is None or len(data) < len(best):
            best = data
    return best


def save_webp(frames, path: Path, limit: int, duration_ms: int | None = None) -> int:
    data = webp_bytes([f.convert("RGB") for f in frames], duration_ms)
    if len(data) > limit:
        raise SystemExit(f"{path.name}: {len(data)} bytes, over {limit}")
    path.write_bytes(data)
    return len(data)


def stars(draw, rng, n, size, colour=WHITE, rmax=2.0):
    for _ in range(n):
        x, y = rng.uniform(0, size), rng.uniform(0, size)
        r = rng.uniform(0.6, rmax) * SS
        a = rng.uniform(0.3, 1.0)
        draw.ellipse((x * SS - r, y * SS - r, x * SS + r, y * SS + r),
                     fill=mix(NAVY, colour, a))


# --------------------------------------------------------------------------
# artworks
# --------------------------------------------------------------------------

def art_nebula(seed):
    """Fractal-noise nebula with a sprinkle of stars."""
    rng = random.Random(seed)
    n = value_noise(ART, rng)
    # push the darks down so the cloud floats in space
    n = n.point(lambda v: int(255 * (v / 255) ** 1.8))
    im = gradient_map(n, [INK, NAVY, INDIGO, VIOLET, MAGENTA, ROSE, GOLD])
    im, d = canvas(im)
    stars(d, rng, 70, ART)
    return finish(im)


def art_concentric(seed):
    """Off-centre concentric rings on a radial glow."""
    rng = random.Random(seed)
    bg = radial_glow(ART, VIOLET, INK, 0.35, 0.4, 0.9)
    im, d = canvas(bg)
    cx, cy = 0.38 * ART * SS, 0.42 * ART * SS
    cols = [GOLD, CORAL, ROSE, MAGENTA, VIOLET, INDIGO, TEAL, CYAN]
    r = 300 * SS
    k = 0
    while r > 6 * SS:
        c = cols[k % len(cols)]
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=mix(c, INK, 0.15))
        r -= rng.choice((10, 14, 18, 24)) * SS
        k += 1
        if k % 3 == 0:  # a dark gap ring every now and then
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK)
            r -= 4 * SS
    # a small satellite circle
    sx, sy, sr = 0.78 * ART * SS, 0.76 * ART * SS, 34 * SS
    d.ellipse((sx - sr, sy - sr, sx + sr, sy + sr), fill=CYAN)
    d.ellipse((sx - sr * .55, sy - sr * .55, sx + sr * .55, sy + sr * .55),
              fill=INK)
    return finish(im)


def art_truchet(seed):
    """Truchet tiling of quarter-circle arcs."""
    rng = random.Random(seed)
    bg = vertical_gradient(ART, NAVY, INK)
    im, d = canvas(bg)
    n = 8
    t = ART * SS / n
    w = int(t * 0.22)
    for j in range(n):
        for i in range(n):
            x0, y0 = i * t, j * t
            col = mix(TEAL, GOLD, (i + j) / (2 * n - 2))
            if rng.random() < 0.5:
                d.arc((x0 - t / 2, y0 - t / 2, x0 + t / 2, y0 + t / 2),
                      0, 90, fill=col, width=w)
                d.arc((x0 + t / 2, y0 + t / 2, x0 + 3 * t / 2, y0 + 3 * t / 2),
                      180, 270, fill=col, width=w)
            else:
                d.arc((x0 + t / 2, y0 - t / 2, x0 + 3 * t / 2, y0 + t / 2),
                      90, 180, fill=col, width=w)
                d.arc((x0 - t / 2, y0 + t / 2, x0 + t / 2, y0 + 3 * t / 2),
                      270, 360, fill=col, width=w)
    return finish(im)


def art_sunset(seed):
    """Synthwave sun over a perspective grid."""
    rng = random.Random(seed)
    S = ART * SS
    sky = gradient_map(Image.linear_gradient("L").resize((S, S)),
                       [INK, INDIGO, VIOLET, MAGENTA])
    im = sky
    d = ImageDraw.Draw(im)
    stars(d, rng, 40, ART * 0.55)
    horizon = int(S * 0.62)
    # sun: a gold->rose disc with horizontal cuts
    sun = gradient_map(Image.linear_gradient("L").resize((S, S)), [GOLD, ROSE])
    mask = Image.new("L", (S, S), 0)
    md = ImageDraw.Draw(mask)
    cx, cy, r = S / 2, horizon - 10 * SS, 96 * SS
    md.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    y, gap = cy - r * 0.45, 2 * SS
    while y < cy + r:
        md.rectangle((0, y, S, y + gap), fill=0)
        y += gap + 9 * SS
        gap += 1.5 * SS
    im.paste(sun, (0, 0), mask)
    # ground and grid
    d.rectangle((0, horizon, S, S), fill=INK)
    for k in range(-12, 13):
        x_far = S / 2 + k * 12 * SS
        x_near = S / 2 + k * 70 * SS
        d.line((x_far, horizon, x_near, S), fill=MAGENTA, width=2 * SS)
    z = 1.0
    while True:
        y = horizon + (S - horizon) * ((z - 1) / 7) ** 2
        if y > S:
            break
        d.line((0, y, S, y), fill=MAGENTA, width=2 * SS)
        z += 0.55
    d.line((0, horizon, S, horizon), fill=ROSE, width=3 * SS)
    return finish(im)


def art_moire(seed):
    """Interference of two ring fields."""
    rng = random.Random(seed)
    ax, ay = rng.uniform(0.2, 0.4), rng.uniform(0.25, 0.45)
    bx, by = rng.uniform(0.6, 0.8), rng.uniform(0.55, 0.75)
    k = 58.0

    def fn(x, y):
        d1 = math.hypot(x - ax, y - ay)
        d2 = math.hypot(x - bx, y - by)
        v = (math.sin(d1 * k) + math.sin(d2 * k)) * 0.25 + 0.5
        fade = max(0.0, 1.0 - 0.9 * math.hypot(x - 0.5, y - 0.5))
        return v * v * fade

    g = field(ART, fn)
    return gradient_map(g, [INK, NAVY, INDIGO, TEAL, CYAN, MINT])


def art_voronoi(seed):
    """Stained-glass Voronoi cells with dark leading."""
    rng = random.Random(seed)
    pts = [(rng.uniform(0, ART), rng.uniform(0, ART)) for _ in range(26)]
    cols = []
    for (px, py) in pts:
        base = rng.choice([VIOLET, MAGENTA, ROSE, CORAL, GOLD, TEAL, CYAN,
                           INDIGO])
        shade = 0.35 + 0.65 * (1 - py / ART) * 0.6 + rng.uniform(0, 0.25)
        cols.append(mix(INK, base, min(1.0, shade)))
    data = []
    lead = (6, 6, 14)
    for y in range(ART):
        for x in range(ART):
            best = second = 1e18
            bi = 0
            for idx, (px, py) in enumerate(pts):
                dd = (x - px) ** 2 + (y - py) ** 2
                if dd < best:
                    second, best, bi = best, dd, idx
                elif dd < second:
                    second = dd
            edge = math.sqrt(second) - math.sqrt(best)
            if edge < 2.2:
                data.append(lead)
            else:
                # slight inner glow toward the seed
                t = min(1.0, math.sqrt(best) / 90)
                data.append(mix(cols[bi], INK, t * 0.55))
    im = Image.new("RGB", (ART, ART))
    im.putdata(data)
    return im


def art_bauhaus(seed):
    """Grid of geometric primitives, Bauhaus style."""
    rng = random.Random(seed)
    im, d = canvas(INK)
    n = 4
    t = ART * SS / n
    cols = [GOLD, CORAL, TEAL, CYAN, ROSE, VIOLET, MAGENTA]
    for j in range(n):
        for i in range(n):
            x0, y0 = i * t, j * t
            bgc = rng.choice([NAVY, INDIGO, INK, (24, 18, 56)])
            d.rectangle((x0, y0, x0 + t, y0 + t), fill=bgc)
            c = rng.choice(cols)
            kind = rng.randrange(6)
            m = t * 0.12
            if kind == 0:
                d.ellipse((x0 + m, y0 + m, x0 + t - m, y0 + t - m), fill=c)
            elif kind == 1:
                rot = rng.randrange(4) * 90
                d.pieslice((x0 - t, y0 - t, x0 + t, y0 + t), 0, 90, fill=c) \
                    if rot == 0 else d.pieslice(
                        (x0, y0 - t, x0 + 2 * t, y0 + t), 90, 180, fill=c) \
                    if rot == 90 else d.pieslice(
                        (x0, y0, x0 + 2 * t, y0 + 2 * t), 180, 270, fill=c) \
                    if rot == 180 else d.pieslice(
                        (x0 - t, y0, x0 + t, y0 + 2 * t), 270, 360, fill=c)
            elif kind == 2:
                d.polygon([(x0 + m, y0 + t - m), (x0 + t / 2, y0 + m),
                           (x0 + t - m, y0 + t - m)], fill=c)
            elif kind == 3:
                d.chord((x0 + m, y0 + m, x0 + t - m, y0 + t - m),
                        rng.choice((0, 90, 180, 270)),
                        rng.choice((0, 90, 180, 270)) + 180, fill=c)
            elif kind == 4:
                for s in range(3):
                    yy = y0 + m + s * (t - 2 * m) / 3
                    d.rectangle((x0 + m, yy + 4 * SS, x0 + t - m,
                                 yy + (t - 2 * m) / 3 - 4 * SS), fill=c)
            else:
                c2 = rng.choice(cols)
                d.ellipse((x0 + m, y0 + m, x0 + t - m, y0 + t - m), fill=c)
                q = t * 0.3
                d.ellipse((x0 + q, y0 + q, x0 + t - q, y0 + t - q), fill=c2)
    return finish(im)


def art_phyllotaxis(seed):
    """Golden-angle spiral of dots on a glow."""
    rng = random.Random(seed)
    bg = radial_glow(ART, INDIGO, INK, 0.5, 0.5, 0.8)
    im, d = canvas(bg)
    c = ART * SS / 2
    golden = math.pi * (3 - math.sqrt(5))
    n = 420
    ramp = ramp_lut([GOLD, CORAL, ROSE, MAGENTA, VIOLET, TEAL, CYAN])
    jitter = rng.uniform(0, math.pi)
    for k in range(n, 0, -1):
        r = 7.4 * SS * math.sqrt(k)
        a = k * golden + jitter
        x, y = c + r * math.cos(a), c + r * math.sin(a)
        s = (1.2 + 4.2 * (k / n) ** 0.6) * SS
        col = ramp[int(255 * k / n)]
        d.ellipse((x - s, y - s, x + s, y + s), fill=col)
    return finish(im)


ARTWORKS = [
    (art_nebula, 11),
    (art_concentric, 22),
    (art_truchet, 33),
    (art_sunset, 44),
    (art_moire, 55),
    (art_voronoi, 66),
    (art_bauhaus, 77),
    (art_phyllotaxis, 88),
]


# --------------------------------------------------------------------------
# covers
# --------------------------------------------------------------------------

def cover_audio():
    bg = vertical_gradient(ART, INDIGO, INK)
    im, d = canvas(bg)
    S = ART * SS
    cx, cy = S / 2, S * 0.42
    # vinyl record
    R = 104 * SS
    d.ellipse((cx - R, cy - R, cx + R, cy + R), fill=(12, 12, 20))
    for k in range(8):
        r = R - (6 + k * 7) * SS
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(34, 34, 52),
                  width=SS)
    r = 36 * SS
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=MAGENTA)
    r = 5 * SS
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK)
    # a glint on the record
    d.arc((cx - R + 10 * SS, cy - R + 10 * SS, cx + R - 10 * SS,
           cy + R - 10 * SS), 200, 240, fill=(90, 90, 130), width=3 * SS)
    # equaliser bars
    rng = random.Random(404)
    bars = 17
    bw = S * 0.8 / bars
    base = S * 0.92
    for i in range(bars):
        h = (0.25 + 0.75 * abs(math.sin(i * 0.7 + 0.4)) * rng.uniform(0.6, 1)) \
            * 46 * SS
        x = S * 0.1 + i * bw
        col = mix(TEAL, GOLD, i / (bars - 1))
        d.rounded_rectangle((x + bw * 0.18, base - h, x + bw * 0.82, base),
                            radius=bw * 0.3, fill=col)
    return finish(im)


def cover_video():
    bg = radial_glow(ART, VIOLET, INK, 0.5, 0.45, 0.9)
    im, d = canvas(bg)
    S = ART * SS
    # film strip
    top, bot = S * 0.16, S * 0.84
    d.rectangle((0, top, S, bot), fill=(10, 10, 18))
    hole_w, hole_h = 14 * SS, 10 * SS
    x = 8 * SS
    while x < S:
        for y in (top + 7 * SS, bot - 7 * SS - hole_h):
            d.rounded_rectangle((x, y, x + hole_w, y + hole_h), radius=2 * SS,
                                fill=(60, 56, 90))
        x += 26 * SS
    # screen
    m = 38 * SS
    scr = (m, top + 30 * SS, S - m, bot - 30 * SS)
    grad = gradient_map(Image.linear_gradient("L").rotate(90).resize(
        (int(scr[2] - scr[0]), int(scr[3] - scr[1]))), [CYAN, TEAL, INDIGO])
    mask = Image.new("L", grad.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, grad.size[0] - 1,
                                            grad.size[1] - 1),
                                           radius=14 * SS, fill=255)
    im.paste(grad, (int(scr[0]), int(scr[1])), mask)
    # play button
    cx, cy = S / 2, (scr[1] + scr[3]) / 2
    r = 40 * SS
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(10, 12, 28))
    t = 20 * SS
    d.polygon([(cx - t * 0.6, cy - t), (cx - t * 0.6, cy + t),
               (cx + t * 1.05, cy)], fill=GOLD)
    return finish(im)


def question_mark(d, cx, top, h, width, fill):
    """A geometric '?' of height h whose hook is centred on cx."""
    r = h * 0.26
    cy = top + r
    d.arc((cx - r, cy - r, cx + r, cy + r), 160, 450, fill=fill, width=width)
    sy = cy + r - width / 2
    d.rectangle((cx - width / 2, sy, cx + width / 2, top + h * 0.70),
                fill=fill)
    dr = width * 0.62
    dy = top + h - dr
    d.ellipse((cx - dr, dy - dr, cx + dr, dy + dr), fill=fill)
    # round the hook's free end
    a = math.radians(160)
    ex, ey = cx + (r - width / 2) * math.cos(a), cy + (r - width / 2) * math.sin(a)
    e = width / 2
    d.ellipse((ex - e, ey - e, ex + e, ey + e), fill=fill)


def cover_box():
    bg = radial_glow(ART, (60, 28, 96), INK, 0.5, 0.55, 0.85)
    im, d = canvas(bg)
    S = ART * SS
    rng = random.Random(505)
    stars(d, rng, 36, ART, colour=GOLD, rmax=1.6)
    # oblique box: front square + top and right faces
    f = 150 * SS              # front face size
    dx, dy = 54 * SS, -40 * SS  # depth vector
    x0 = (S - f - dx) / 2
    y0 = (S - f - dy) / 2 + 6 * SS
    front = [(x0, y0), (x0 + f, y0), (x0 + f, y0 + f), (x0, y0 + f)]
    top = [(x0, y0), (x0 + dx, y0 + dy), (x0 + f + dx, y0 + dy), (x0 + f, y0)]
    side = [(x0 + f, y0), (x0 + f + dx, y0 + dy), (x0 + f + dx, y0 + f + dy),
            (x0 + f, y0 + f)]
    d.polygon(side, fill=(70, 24, 110))
    d.polygon(top, fill=(170, 60, 200))
    d.polygon(front, fill=(120, 36, 160))
    # ribbon: vertical band on front, continuing on top
    rw = 22 * SS
    mx = x0 + f / 2
    d.rectangle((mx - rw / 2, y0, mx + rw / 2, y0 + f), fill=GOLD)
    d.polygon([(mx - rw / 2, y0), (mx - rw / 2 + dx, y0 + dy),
               (mx + rw / 2 + dx, y0 + dy), (mx + rw / 2, y0)],
              fill=(255, 212, 130))
    # horizontal band on side
    my = y0 + f / 2
    d.polygon([(x0 + f, my - rw / 2), (x0 + f + dx, my - rw / 2 + dy),
               (x0 + f + dx, my + rw / 2 + dy), (x0 + f, my + rw / 2)],
              fill=(196, 140, 70))
    d.rectangle((x0, my - rw / 2, x0 + f, my + rw / 2), fill=GOLD)
    # bow on top
    bx, by = x0 + f / 2 + dx / 2, y0 + dy / 2
    for sgn in (-1, 1):
        d.ellipse((bx + sgn * 22 * SS - 18 * SS, by - 26 * SS,
                   bx + sgn * 22 * SS + 18 * SS, by + 2 * SS),
                  outline=GOLD, width=7 * SS)
    d.ellipse((bx - 9 * SS, by - 20 * SS, bx + 9 * SS, by - 4 * SS),
              fill=(255, 212, 130))
    # question mark on a dark badge over the ribbon crossing
    br = 44 * SS
    d.ellipse((mx - br, my - br, mx + br, my + br), fill=INK,
              outline=GOLD, width=4 * SS)
    question_mark(d, mx, my - 30 * SS, 62 * SS, 10 * SS, WHITE)
    # edge highlights
    d.line(top + [top[0]], fill=(210, 120, 235), width=2 * SS)
    d.line(front + [front[0]], fill=(150, 70, 190), width=2 * SS)
    return finish(im)


# --------------------------------------------------------------------------
# gifs
# --------------------------------------------------------------------------

def gif_frames_polygons(n_frames=16):
    """Nested squares rotating in alternate directions (seamless loop)."""
    frames = []
    S = GIF * SS
    c = S / 2
    cols = [GOLD, CORAL, ROSE, MAGENTA, VIOLET, INDIGO, TEAL, CYAN, MINT]
    for f in range(n_frames):
        im = Image.new("RGB", (S, S), INK)
        d = ImageDraw.Draw(im)
        phase = f / n_frames           # a square repeats every 90 degrees
        for k in range(9):
            r = (112 - k * 12) * SS
            ang = (phase * 90 * (1 if k % 2 == 0 else -1)) + k * 10
            pts = []
            for v in range(4):
                a = math.radians(ang + 45 + v * 90)
                pts.append((c + r * math.cos(a), c + r * math.sin(a)))
            d.polygon(pts, fill=cols[k])
        # pulsing centre dot
        pr = (8 + 4 * math.sin(2 * math.pi * phase)) * SS
        d.ellipse((c - pr, c - pr, c + pr, c + pr), fill=INK)
        frames.append(im.resize((GIF, GIF), Image.LANCZOS))
    return frames


def gif_frames_rings(n_frames=16):
    """Rings flowing outwards; colour depends on radius (seamless loop)."""
    frames = []
    S = GIF * SS
    c = S / 2
    spacing = 22 * SS
    ramp = ramp_lut([CYAN, TEAL, VIOLET, MAGENTA, ROSE, GOLD])
    rmax = S * 0.47
    for f in range(n_frames):
        im = Image.new("RGB", (S, S), INK)
        d = ImageDraw.Draw(im)
        off = spacing * f / n_frames
        rings = []
        r = off
        while r < rmax:
            rings.append(r)
            r += spacing
        for r in reversed(rings):
            t = min(1.0, r / rmax)
            col = mix(ramp[int(t * 255)], INK, t ** 2)
            w = spacing * 0.5
            d.ellipse((c - r - w / 2, c - r - w / 2, c + r + w / 2,
                       c + r + w / 2), fill=col)
            ri = max(0.0, r - w / 2)
            d.ellipse((c - ri, c - ri, c + ri, c + ri), fill=INK)
        # a breathing core
        pr = (14 + 6 * math.sin(2 * math.pi * f / n_frames)) * SS
        d.ellipse((c - pr, c - pr, c + pr, c + pr), fill=GOLD)
        frames.append(im.resize((GIF, GIF), Image.LANCZOS))
    return frames


# --------------------------------------------------------------------------
# audio and video (ffmpeg)
# --------------------------------------------------------------------------

def ffmpeg_exe() -> str:
    if imageio_ffmpeg is None:
        raise SystemExit("pip install imageio-ffmpeg (it ships an ffmpeg)")
    return imageio_ffmpeg.get_ffmpeg_exe()


def run_ffmpeg(args, stdin: bytes | None = None):
    cmd = [ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-y"] + args
    proc = subprocess.run(cmd, input=stdin, capture_output=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr.decode(errors="replace"))
        raise SystemExit(f"ffmpeg failed: {' '.join(cmd)}")


def has_encoder(name: str) -> bool:
    out = subprocess.run([ffmpeg_exe(), "-hide_banner", "-encoders"],
                         capture_output=True, text=True).stdout
    return any(line.split()[1:2] == [name] for line in out.splitlines()
               if line.startswith(" "))


SR = 44100
DUR = 4.0


def synth_tone() -> bytes:
    """A soft A-minor-add9 arpeggio that settles into a chord, as 16-bit WAV."""
    n = int(SR * DUR)
    buf = [0.0] * n
    # (start seconds, frequency Hz, gain)
    notes = [
        (0.00, 220.00, 0.55),   # A3
        (0.35, 261.63, 0.45),   # C4
        (0.70, 329.63, 0.42),   # E4
        (1.05, 392.00, 0.38),   # G4
        (1.40, 493.88, 0.32),   # B4
        (1.75, 659.25, 0.26),   # E5
        (2.30, 110.00, 0.40),   # A2 (bass under the final chord)
    ]
    two_pi = 2 * math.pi
    for start, freq, gain in notes:
        s0 = int(start * SR)
        attack = int(0.012 * SR)
        w = two_pi * freq / SR
        for i in range(n - s0):
            t = i / SR
            env = math.exp(-t * 1.1)
            if i < attack:
                env *= i / attack
            ph = w * i
            # fundamental + soft harmonics, like a mellow electric piano
            v = (math.sin(ph) + 0.30 * math.sin(2 * ph) * math.exp(-t * 3)
                 + 0.08 * math.sin(3 * ph) * math.exp(-t * 5))
            buf[s0 + i] += gain * env * v
    fade_in = int(0.01 * SR)
    fade_out = int(0.9 * SR)
    peak = max(abs(v) for v in buf) or 1.0
    frames = bytearray()
    for i, v in enumerate(buf):
        g = 0.8 / peak
        if i < fade_in:
            g *= i / fade_in
        if i >= n - fade_out:
            g *= ((n - i) / fade_out) ** 2
        frames += struct.pack("<h", int(max(-1.0, min(1.0, v * g)) * 32767))
    out = io.BytesIO()
    with wave.open(out, "wb") as wf:
        wf.setnchannels(1)
        wf.setsampwidth(2)
        wf.setframerate(SR)
        wf.writeframes(bytes(frames))
    return out.getvalue()


BITEXACT = ["-fflags", "+bitexact", "-map_metadata", "-1",
            "-map_chapters", "-1"]


def make_audio(tmp: Path):
    wav = tmp / "tone.wav"
    wav.write_bytes(synth_tone())
    mp3 = OUT / "tone.mp3"
    run_ffmpeg(["-i", str(wav)] + BITEXACT + [
        "-flags:a", "+bitexact", "-ac", "1", "-ar", str(SR),
        "-c:a", "libmp3lame", "-b:a", "48k",
        "-id3v2_version", "0", "-write_id3v1", "0",
        "-f", "mp3", str(mp3)])
    m4a = OUT / "tone.m4a"
    # the "ipod" muxer is MP4 with the M4A brand
    run_ffmpeg(["-i", str(wav)] + BITEXACT + [
        "-flags:a", "+bitexact", "-ac", "1", "-ar", str(SR),
        "-c:a", "aac", "-b:a", "48k", "-movflags", "+faststart",
        "-f", "ipod", str(m4a)])
    for p in (mp3, m4a):
        if p.stat().st_size > AUDIO_LIMIT:
            raise SystemExit(f"{p.name}: {p.stat().st_size} bytes, over "
                             f"{AUDIO_LIMIT}")


FPS = 15
N_FRAMES = int(FPS * DUR)


def video_frame(f: int) -> Image.Image:
    """Orbiting lights around a pulsing ring on a slowly turning gradient."""
    S = GIF * SS
    t = f / N_FRAMES
    # a gradient 1.5x the frame, turned and cropped so no corner shows
    big = int(S * 1.5)
    bg = Image.linear_gradient("L").resize((big, big), Image.BICUBIC).rotate(
        360 * t, resample=Image.BICUBIC)
    m = (big - S) // 2
    bg = bg.crop((m, m, m + S, m + S))
    im = gradient_map(bg, [INK, INDIGO, VIOLET, INK])
    d = ImageDraw.Draw(im)
    c = S / 2
    # pulsing ring
    r = (64 + 10 * math.sin(2 * math.pi * t * 2)) * SS
    d.ellipse((c - r, c - r, c + r, c + r), outline=CYAN, width=5 * SS)
    # orbiting dots
    for k, col in enumerate([GOLD, ROSE, TEAL, MAGENTA, MINT]):
        a = 2 * math.pi * (t + k / 5)
        rr = 92 * SS
        x, y = c + rr * math.cos(a), c + rr * math.sin(a) * 0.55
        s = (9 + 4 * math.sin(a)) * SS
        d.ellipse((x - s, y - s, x + s, y + s), fill=col)
    # centre gem rotating
    pts = []
    for v in range(6):
        a = 2 * math.pi * (v / 6 + t / 6 * 2)
        pts.append((c + 26 * SS * math.cos(a), c + 26 * SS * math.sin(a)))
    d.polygon(pts, fill=GOLD)
    return im.resize((GIF, GIF), Image.LANCZOS)


def make_video():
    raw = b"".join(video_frame(f).tobytes() for f in range(N_FRAMES))
    src = ["-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{GIF}x{GIF}",
           "-r", str(FPS), "-i", "-"]
    mp4 = OUT / "clip.mp4"
    if has_encoder("libx264"):
        venc = ["-c:v", "libx264", "-preset", "slow", "-crf", "23",
                "-profile:v", "high", "-threads", "1",
                "-x264-params", "threads=1"]
    else:  # fallback for ffmpeg builds without x264
        venc = ["-c:v", "mpeg4", "-q:v", "8", "-threads", "1"]
    run_ffmpeg(src + BITEXACT + ["-flags:v", "+bitexact"] + venc + [
        "-pix_fmt", "yuv420p", "-r", str(FPS), "-an",
        "-movflags", "+faststart", "-f", "mp4", str(mp4)], stdin=raw)
    webm = OUT / "clip.webm"
    if has_encoder("libvpx-vp9"):
        wenc = ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32",
                "-deadline", "good", "-cpu-used", "2", "-row-mt", "0",
                "-threads", "1"]
    else:
        wenc = ["-c:v", "libvpx", "-b:v", "200k", "-threads", "1"]
    run_ffmpeg(src + BITEXACT + ["-flags:v", "+bitexact"] + wenc + [
        "-pix_fmt", "yuv420p", "-r", str(FPS), "-an", "-f", "webm",
        str(webm)], stdin=raw)
    for p in (mp4, webm):
        if p.stat().st_size > VIDEO_LIMIT:
            raise SystemExit(f"{p.name}: {p.stat().st_size} bytes, over "
                             f"{VIDEO_LIMIT}")


# --------------------------------------------------------------------------

def main():
    OUT.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for i, (fn, seed) in enumerate(ARTWORKS, 1):
        p = OUT / f"art-{i}.webp"
        sizes[p.name] = save_webp([fn(seed)], p, PICTURE_LIMIT)
    for name, fn in (("cover-audio.webp", cover_audio),
                     ("cover-video.webp", cover_video),
                     ("cover-box.webp", cover_box)):
        sizes[name] = save_webp([fn()], OUT / name, PICTURE_LIMIT)
    sizes["loop-1.webp"] = save_webp(gif_frames_polygons(16),
                                     OUT / "loop-1.webp", LOOP_LIMIT, 90)
    sizes["loop-2.webp"] = save_webp(gif_frames_rings(16),
                                     OUT / "loop-2.webp", LOOP_LIMIT, 80)
    if "--pictures" not in sys.argv:
        with tempfile.TemporaryDirectory() as tmp:
            make_audio(Path(tmp))
        make_video()
        for name in ("tone.mp3", "tone.m4a", "clip.mp4", "clip.webm"):
            sizes[name] = (OUT / name).stat().st_size
    for name, size in sizes.items():
        print(f"{name:16s} {size:7d} bytes")


if __name__ == "__main__":
    main()
