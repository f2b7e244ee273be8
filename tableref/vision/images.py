"""Images in and out, with their size checked from the header before a pixel is decoded.

Every image the box takes in (an uploaded photo, a camera file, a command-line image, an
enrolment photo) comes through `decode_image` or `read_image`. Pillow's lazy `Image.open`
reads only the header; the width, height and decoded bytes are checked against the limits
of `tableref.vision.limits`; Pillow then reads all of the image data cheaply (`_verify`),
refusing a truncated file ("image file is truncated") where OpenCV could fill the missing
part with grey; only then does OpenCV decode it, once, as `cv2.imread` would (the EXIF
orientation applied), into a BGR `uint8` array.

A 1 MB PNG can claim 20000 x 20000 pixels (1.2 GB decoded): it is refused here, naming the
size and the limit, before any memory is spent on it.
"""

from __future__ import annotations

import io
import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import cv2
import numpy as np
import numpy.typing as npt
from PIL import Image, UnidentifiedImageError

from tableref.vision.limits import (
    MAX_DECODED_BYTES,
    MAX_FILE_BYTES,
    MAX_PIXELS,
    MAX_SIDE,
    ImageError,
    ImageTooLarge,
    limit_text,
)

READ_FORMATS = ("JPEG", "PNG", "BMP", "WEBP", "TIFF")  # JPEG includes MPO (multi-picture)
WRITE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff")

BGRImage = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class ImageInfo:
    """What the header says."""

    format: str
    width: int
    height: int
    mode: str

    @property
    def decoded_bytes(self) -> int:
        """The decoded size at most (Pillow's buffer: 1 byte a pixel for grey and palette, 2 for
        16-bit grey, 4 for the rest; OpenCV's BGR result is 3)."""
        per_pixel = 1 if self.mode in ("1", "L", "P") else 2 if self.mode.startswith("I;16") else 4
        return self.width * self.height * per_pixel


def check_info(info: ImageInfo, name: str) -> None:
    """ImageError when the decoded image would be too large."""
    w, h = info.width, info.height
    if w <= 0 or h <= 0:
        raise ImageError(f"{name}: the image claims a size of {w} x {h} pixels")
    if w > MAX_SIDE or h > MAX_SIDE or w * h > MAX_PIXELS or info.decoded_bytes > (
            MAX_DECODED_BYTES):
        raise ImageTooLarge(
            f"{name}: the image is {w} x {h} pixels ({w * h / 1e6:.1f} megapixels, "
            f"{info.decoded_bytes / 2**20:.0f} MB decoded); {limit_text()}"
        )


_MAGIC = {b"\xff\xd8\xff": "JPEG", b"\x89PNG": "PNG", b"BM": "BMP", b"RIFF": "WebP",
          b"II*\0": "TIFF", b"MM\0*": "TIFF"}


def _open(fp: IO[bytes], name: str) -> Image.Image:
    start = fp.read(4)
    fp.seek(0)
    try:
        with warnings.catch_warnings():  # the stricter check is ours, just after this
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            return Image.open(fp, formats=READ_FORMATS)
    except Image.DecompressionBombError as err:  # Pillow's own, far looser limit
        said = re.search(r"\((\d+) pixels\)", str(err))
        size = (f"{int(said.group(1)) / 1e6:.0f} megapixels ({said.group(1)} pixels)" if said
                else "hundreds of megapixels")
        raise ImageTooLarge(f"{name}: the image is {size}; {limit_text()}") from None
    except UnidentifiedImageError:
        kind = next((k for magic, k in _MAGIC.items() if start.startswith(magic)), None)
        if kind is not None:
            raise ImageError(f"{name}: a {kind} file whose header is broken or cut short"
                             ) from None
        raise ImageError(
            f"{name}: not a readable image (tableref reads JPEG, PNG, BMP, WebP, TIFF)") from None
    except (OSError, ValueError, SyntaxError, EOFError) as err:  # a broken header
        raise ImageError(f"{name}: not a readable image ({err})") from None


def _info(im: Image.Image) -> ImageInfo:
    return ImageInfo(im.format or "?", im.width, im.height, im.mode)


def probe(data: bytes, name: str = "the image") -> ImageInfo:
    """The header of an image in memory, checked against the limits (nothing is decoded)."""
    with _open(io.BytesIO(data), name) as im:
        info = _info(im)
    check_info(info, name)
    return info


def _verify(im: Image.Image) -> None:
    """Read every byte of the image data, so that a file cut short is an error (OpenCV
    would fill the missing part with grey, or not say why it failed). A JPEG is decoded at
    1/8 of its size (libjpeg's DCT scaling: all the data, 1/64 of the memory); a PNG's
    chunks are checked; other kinds are decoded once by Pillow."""
    if im.format in ("JPEG", "MPO"):
        im.draft("RGB", (max(1, im.width // 8), max(1, im.height // 8)))
        im.load()
    elif im.format == "PNG":
        im.verify()
    else:
        im.load()


def _decode(data: bytes, name: str) -> BGRImage:
    with _open(io.BytesIO(data), name) as im:
        check_info(_info(im), name)
        try:
            _verify(im)
        except (OSError, ValueError, SyntaxError, EOFError) as err:
            raise ImageError(f"{name}: the image data is broken or cut short ({err})") from None
    # decoded once, by OpenCV, as cv2.imread would (the EXIF orientation applied)
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ImageError(f"{name}: the image data is broken or cut short (it cannot be decoded)")
    return np.ascontiguousarray(image, dtype=np.uint8)


def decode_image(data: bytes, name: str = "the photo") -> BGRImage:
    """An image's bytes (JPEG, PNG, ...) as a BGR array; ImageError naming what is wrong."""
    if not data:
        raise ImageError(f"{name}: the file is empty")
    return _decode(data, name)


def read_image(path: Path) -> BGRImage:
    """The image file at `path` as a BGR array; ImageError naming the file and the problem."""
    name = str(path)
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise ImageError(f"{name}: is a folder, not an image")
        if size > MAX_FILE_BYTES:
            raise ImageError(f"{name}: the file is {size / 2**20:.0f} MB; images of up to "
                             f"{MAX_FILE_BYTES // 2**20} MB are read")
        if size == 0:
            raise ImageError(f"{name}: the file is empty")
        return _decode(path.read_bytes(), name)
    except FileNotFoundError:
        raise ImageError(f"{name}: no such image file") from None
    except OSError as err:
        raise ImageError(f"{name}: cannot read it ({err.strerror or err})") from None


def check_writable(path: Path) -> None:
    """ImageError, before any work is done, when an image cannot be written to `path`."""
    if path.is_dir():
        raise ImageError(f"{path}: is a folder; give a file name such as {path / 'out.png'}")
    if path.suffix.lower() not in WRITE_SUFFIXES:
        raise ImageError(f"{path}: unknown image type {path.suffix or '(no extension)'!r}; "
                         f"use one of {', '.join(WRITE_SUFFIXES)}")
    if not path.parent.is_dir():
        raise ImageError(f"{path}: the folder {path.parent} does not exist")


def write_image(path: Path, image: npt.NDArray[np.uint8]) -> None:
    """Write a BGR image; ImageError naming the file when it cannot be written."""
    check_writable(path)
    try:
        ok = cv2.imwrite(str(path), image)
    except cv2.error as err:
        raise ImageError(f"{path}: cannot write the image ({err.msg.strip()})") from None
    if not ok:
        raise ImageError(f"{path}: cannot write the image (permissions? disk full?)")
