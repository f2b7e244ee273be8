"""Images are checked from the header before a pixel is decoded, and read as OpenCV would."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageOps

from tableref.vision.images import (
    check_writable,
    decode_image,
    probe,
    read_image,
    write_image,
)
from tableref.vision.limits import MAX_PIXELS, ImageError, ImageTooLarge
from tableref.vision.synth.hostile_images import png_claiming


def _scene(h: int = 120, w: int = 160) -> np.ndarray:
    rng = np.random.default_rng(3)
    return cv2.GaussianBlur(rng.integers(0, 255, (h, w, 3), dtype=np.uint8), (5, 5), 2)


def _encoded(ext: str, img: np.ndarray | None = None) -> bytes:
    ok, buf = cv2.imencode(ext, _scene() if img is None else img)
    assert ok
    return buf.tobytes()


@pytest.mark.parametrize(("w", "h"), [(100_000, 100_000), (20_000, 20_000), (9000, 9000),
                                      (30_000, 10)])
def test_a_lying_or_huge_header_is_refused_before_decoding(w: int, h: int) -> None:
    data = png_claiming(w, h)
    assert len(data) < 2000
    for read in (probe, decode_image):
        with pytest.raises(ImageTooLarge) as caught:
            read(data, "bomb.png")
        text = str(caught.value)
        assert text.startswith("bomb.png: ")
        assert "50 megapixels" in text  # the limit is named
        assert f"{w} x {h}" in text or f"{w * h} pixels" in text  # and the size


def test_the_limit_is_just_above_a_50_megapixel_phone_photo() -> None:
    assert probe(png_claiming(8160, 6120), "phone.png").width == 8160
    with pytest.raises(ImageTooLarge):
        probe(png_claiming(8200, 6120), "phone.png")
    assert 8160 * 6120 <= MAX_PIXELS < 8200 * 6120


def test_a_header_claiming_nothing_is_refused() -> None:
    with pytest.raises(ImageError):
        decode_image(png_claiming(0, 10))


@pytest.mark.parametrize("ext", [".jpg", ".png"])
def test_a_truncated_file_is_an_error_not_a_grey_image(ext: str) -> None:
    data = _encoded(ext)
    for cut in (len(data) // 2, len(data) - 40):
        with pytest.raises(ImageError, match="broken or cut short"):
            decode_image(data[:cut], "cut" + ext)


@pytest.mark.parametrize("ext", [".jpg", ".png", ".bmp", ".webp", ".tif"])
def test_decoding_gives_what_opencv_gives(ext: str) -> None:
    data = _encoded(ext)
    ours = decode_image(data)
    theirs = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    assert ours.dtype == np.uint8 and ours.shape == theirs.shape
    assert np.array_equal(ours, theirs)


def test_a_16_bit_grey_png_reads_as_opencv_reads_it() -> None:
    grey = (np.arange(64 * 80, dtype=np.uint32).reshape(64, 80) * 13 % 65536).astype(np.uint16)
    data = _encoded(".png", grey)  # type: ignore[arg-type]
    theirs = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    assert np.array_equal(decode_image(data), theirs)


@pytest.mark.parametrize("orientation", range(1, 9))
def test_the_exif_orientation_is_applied_as_pillow_and_opencv_do(
        orientation: int, tmp_path: Path) -> None:
    im = Image.fromarray(_scene(60, 90)[:, :, ::-1].copy())
    exif = Image.Exif()
    exif[0x0112] = orientation
    buf = io.BytesIO()
    im.save(buf, "JPEG", exif=exif, quality=95)
    data = buf.getvalue()
    pillow = ImageOps.exif_transpose(Image.open(io.BytesIO(data)))
    expected = np.asarray(pillow.convert("RGB"))[:, :, ::-1]
    assert np.array_equal(decode_image(data), expected)
    path = tmp_path / "turned.jpg"
    path.write_bytes(data)
    assert np.array_equal(read_image(path), cv2.imread(str(path), cv2.IMREAD_COLOR))


def test_files_that_are_not_images_are_named(tmp_path: Path) -> None:
    (tmp_path / "notes.jpg").write_text("not a photo")
    (tmp_path / "empty.png").write_bytes(b"")
    (tmp_path / "head.jpg").write_bytes(b"\xff\xd8\xff\xe0")
    (tmp_path / "folder.png").mkdir()
    cases = {"notes.jpg": "not a readable image", "empty.png": "empty",
             "head.jpg": "a JPEG file whose header is broken", "folder.png": "is a folder",
             "missing.png": "no such image file"}
    for name, words in cases.items():
        with pytest.raises(ImageError, match=words) as caught:
            read_image(tmp_path / name)
        assert str(caught.value).startswith(str(tmp_path / name))


def test_a_huge_file_is_not_read_at_all(tmp_path: Path) -> None:
    path = tmp_path / "huge.png"
    with path.open("wb") as fh:
        fh.write(png_claiming(100, 100))
        fh.truncate(200 * 1024 * 1024)  # sparse: no disk spent
    with pytest.raises(ImageError, match="the file is 200 MB"):
        read_image(path)


def test_where_an_annotated_image_cannot_go_is_said_before_the_work(tmp_path: Path) -> None:
    with pytest.raises(ImageError, match="is a folder"):
        check_writable(tmp_path)
    with pytest.raises(ImageError, match=r"unknown image type '\.xyz'"):
        check_writable(tmp_path / "out.xyz")
    with pytest.raises(ImageError, match="no extension"):
        check_writable(tmp_path / "out")
    with pytest.raises(ImageError, match="does not exist"):
        check_writable(tmp_path / "nowhere" / "out.png")
    write_image(tmp_path / "out.png", _scene())
    assert read_image(tmp_path / "out.png").shape == (120, 160, 3)


_VALID = [_encoded(".jpg"), _encoded(".png"), png_claiming(40, 30)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_VALID), st.lists(st.tuples(st.integers(0, 4000), st.integers(0, 255)),
                                          max_size=8), st.integers(0, 5000))
def test_damaged_images_give_an_image_or_an_image_error(
        base: bytes, flips: list[tuple[int, int]], cut: int) -> None:
    data = bytearray(base)
    for at, value in flips:
        data[at % len(data)] = value
    damaged = bytes(data[: max(1, len(data) - cut)])
    try:
        image = decode_image(damaged)
    except ImageError:
        return
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] * image.shape[1] <= MAX_PIXELS


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_give_an_image_error(data: bytes) -> None:
    with contextlib.suppress(ImageError):
        decode_image(data)
