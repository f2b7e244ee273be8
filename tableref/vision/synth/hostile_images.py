"""Hostile images for tests and benchmarks: PNG headers that lie, and a real bomb.

`png_claiming(w, h)` is a few hundred bytes whose header claims w x h pixels (the data would
inflate to that size); `png_bomb(side)` is a real PNG of side x side black pixels that
compresses about 1000:1 (20000 x 20000: 1.1 MB on disk, 1.2 GB decoded).
"""

from __future__ import annotations

import struct
import zlib


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png(width: int, height: int, idat: bytes) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", idat)
            + _chunk(b"IEND", b""))


def png_claiming(width: int, height: int) -> bytes:
    """A small PNG whose header claims `width` x `height` RGB pixels."""
    return _png(width, height, zlib.compress(b"\0" * 1000))


def png_bomb(side: int = 20_000) -> bytes:
    """A real PNG of side x side black RGB pixels."""
    row = b"\0" * (1 + 3 * side)
    z = zlib.compressobj(9)
    return _png(side, side, b"".join(z.compress(row) for _ in range(side)) + z.flush())
