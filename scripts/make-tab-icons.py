#!/usr/bin/env python3
"""Draws the four tab-bar icons (81x81 PNG, normal and selected) with nothing but the standard library.
The mini-program tab bar accepts only PNG/JPG files, so the icons are generated once and committed:
    python3 scripts/make-tab-icons.py
"""
import math
import os
import struct
import zlib

SIZE, SS = 81, 4  # output size, supersampling factor
OUT = os.path.join(os.path.dirname(__file__), '..', 'src', 'assets', 'tab')


def png(path, pixels):
    raw = b''.join(b'\x00' + bytes(px for p in row for px in p) for row in pixels)
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', SIZE, SIZE, 8, 6, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))


def in_poly(x, y, pts):
    inside = False
    for i in range(len(pts)):
        (x1, y1), (x2, y2) = pts[i], pts[i - 1]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


# Shapes in a 0..1 box: ('poly', points, filled) | ('ring', cx, cy, r, width) | ('rect', x0, y0, x1, y1) | ('disc', cx, cy, r)
ICONS = {
    'home': [('poly', [(0.5, 0.14), (0.9, 0.5), (0.78, 0.5), (0.78, 0.86), (0.22, 0.86), (0.22, 0.5), (0.1, 0.5)]), ('cut', 0.42, 0.6, 0.58, 0.86)],
    'card': [('rect', 0.1, 0.24, 0.9, 0.76), ('cut', 0.1, 0.36, 0.9, 0.44), ('cut', 0.18, 0.56, 0.46, 0.64)],
    'orders': [('rect', 0.2, 0.12, 0.8, 0.88), ('cut', 0.3, 0.28, 0.7, 0.34), ('cut', 0.3, 0.44, 0.7, 0.5), ('cut', 0.3, 0.6, 0.58, 0.66)],
    'me': [('disc', 0.5, 0.34, 0.18), ('poly', [(0.16, 0.88), (0.2, 0.7), (0.34, 0.6), (0.66, 0.6), (0.8, 0.7), (0.84, 0.88)])],
}


def covered(shapes, x, y):
    hit = False
    for s in shapes:
        kind = s[0]
        if kind == 'poly' and in_poly(x, y, s[1]):
            hit = True
        elif kind == 'rect' and s[1] <= x <= s[3] and s[2] <= y <= s[4]:
            hit = True
        elif kind == 'disc' and math.hypot(x - s[1], y - s[2]) <= s[3]:
            hit = True
        elif kind == 'cut' and s[1] <= x <= s[3] and s[2] <= y <= s[4]:
            hit = False
    return hit


def draw(shapes, rgb):
    rows = []
    for py in range(SIZE):
        row = []
        for px in range(SIZE):
            n = sum(covered(shapes, (px + (i + 0.5) / SS) / SIZE, (py + (j + 0.5) / SS) / SIZE) for i in range(SS) for j in range(SS))
            row.append((*rgb, round(255 * n / (SS * SS))))
        rows.append(row)
    return rows


os.makedirs(OUT, exist_ok=True)
for name, shapes in ICONS.items():
    png(os.path.join(OUT, f'{name}.png'), draw(shapes, (0x66, 0x66, 0x66)))
    png(os.path.join(OUT, f'{name}-active.png'), draw(shapes, (0xD0, 0x28, 0x2C)))
print('icons written to', os.path.normpath(OUT))
