"""The limits on images the box takes in, and the error for an image refused (no OpenCV
here, so the command line can name them without loading it)."""

from __future__ import annotations

# 50 MP: a 50-megapixel phone photo (8160 x 6120) is read; anything larger is refused.
MAX_PIXELS = 50_000_000
MAX_SIDE = 20_000  # pixels along either side
MAX_DECODED_BYTES = 4 * MAX_PIXELS  # Pillow's buffer at the pixel limit (4 bytes a pixel)
MAX_FILE_BYTES = 64 * 1024 * 1024  # what is read of an image file at most


class ImageError(ValueError):
    """An image refused or unreadable; the message names it and the problem."""


class ImageTooLarge(ImageError):
    """An image whose header says it is larger than the limits."""


def limit_text() -> str:
    return (f"the limit is {MAX_PIXELS / 1e6:.0f} megapixels (e.g. 8160 x 6120) and "
            f"{MAX_SIDE} pixels a side")
