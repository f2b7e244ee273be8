"""Images in and out, with their size checked from the header before a pixel is decoded.

Every image the box takes in (an uploaded photo, a camera file, a command-line image, an
enrolment photo) comes through `decode_image` or `read_image`. Pillow's lazy `Image.open`
reads only the header; the width, height and decoded bytes are checked against the limits
below, and only then is the image decoded, by Pillow, which refuses a truncated file
("image file is truncated") where OpenCV would fill the missing part with grey. The EXIF
orientation is applied, as `cv2.imread` does, and the result is a BGR `uint8` array.

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
ORIENTATION_TAG = 0x0112  # EXIF Orientation


@dataclass(frozen=True)
class ImageInfo:
    """What the header says."""

    format: str
    width: int
    height: int
    mode: str

    @property
    def decoded_bytes(self) -> int:
        """Pillow's decoded buffer: 1 byte a pixel for grey and palette images, 2 for
        16-bit grey, 4 for the rest (Pillow keeps RGB as 32-bit pixels)."""
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


def _decode(fp: IO[bytes], name: str) -> BGRImage:
    with _open(fp, name) as im:
        check_info(_info(im), name)
        try:
            im.load()  # raises on a truncated file (LOAD_TRUNCATED_IMAGES is off)
            orientation = int(im.getexif().get(ORIENTATION_TAG, 1))
            bgr = _to_bgr(im)
        except (OSError, ValueError, SyntaxError, EOFError) as err:
            raise ImageError(f"{name}: the image data is broken or cut short ({err})") from None
    return upright(bgr, orientation)


def _to_bgr(im: Image.Image) -> BGRImage:
    if im.mode.startswith("I"):  # 16-bit grey: the top 8 bits, as OpenCV reads it
        grey = (np.asarray(im, dtype=np.uint32) >> 8).clip(0, 255).astype(np.uint8)
        return np.ascontiguousarray(np.repeat(grey[:, :, None], 3, axis=2))
    rgb = np.array(im if im.mode == "RGB" else im.convert("RGB"), dtype=np.uint8)
    cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR, dst=rgb)  # in place: no third copy
    return rgb


def upright(image: BGRImage, orientation: int) -> BGRImage:
    """The image turned as its EXIF orientation (1..8) says, as `ImageOps.exif_transpose`
    does, on the array (Pillow's own would keep a second decoded copy)."""
    turned = {
        2: lambda a: a[:, ::-1],
        3: lambda a: a[::-1, ::-1],
        4: lambda a: a[::-1],
        5: lambda a: a.transpose(1, 0, 2),
        6: lambda a: np.rot90(a, -1),
        7: lambda a: a[::-1, ::-1].transpose(1, 0, 2),
        8: lambda a: np.rot90(a, 1),
    }.get(orientation)
    return image if turned is None else np.ascontiguousarray(turned(image))


def decode_image(data: bytes, name: str = "the photo") -> BGRImage:
    """An image's bytes (JPEG, PNG, ...) as a BGR array; ImageError naming what is wrong."""
    if not data:
        raise ImageError(f"{name}: the file is empty")
    return _decode(io.BytesIO(data), name)


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
        with path.open("rb") as fp:
            return _decode(fp, name)
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
