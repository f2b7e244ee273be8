"""Reading an uploaded reserve photo: size- and type-checked before the hub sees a byte.

The body streams in under `MAX_PHOTO_BYTES`; the photo's header is then read (Pillow's lazy
open, nothing decoded) and a photo that would decode larger than the image limits of
`tableref.vision.limits` is refused with 413, naming its size. A form that is not
well-formed multipart is a 400 naming what is wrong.
"""

from __future__ import annotations

from aiohttp import BodyPartReader, web
from aiohttp.http_exceptions import HttpProcessingError

from tableref.vision.images import probe
from tableref.vision.limits import ImageError, ImageTooLarge

MAX_PHOTO_BYTES = 5 * 1024 * 1024
ACCEPTED_TYPES = {"image/jpeg": "image/jpeg", "image/jpg": "image/jpeg", "image/png": "image/png"}
_CHUNK = 64 * 1024


class UploadError(ValueError):
    """An upload refused; `status` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _too_big() -> UploadError:
    return UploadError(413, f"the photo is larger than {MAX_PHOTO_BYTES // (1024 * 1024)} MB")


def sniff(data: bytes) -> str | None:
    """The real type of the bytes: image/jpeg, image/png, or None."""
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    return None


def check_photo(data: bytes, declared: str) -> str:
    """The photo's content type, or UploadError naming what is wrong with it."""
    declared = declared.split(";", 1)[0].strip().lower()
    if declared not in ACCEPTED_TYPES:
        raise UploadError(
            415, f"the photo must be a JPEG or PNG image, not {declared or 'an untyped file'}"
        )
    if not data:
        raise UploadError(400, "the photo is empty")
    real = sniff(data)
    if real is None:
        raise UploadError(415, "the file is not a JPEG or PNG image (its bytes say otherwise)")
    try:
        probe(data, "the photo")
    except ImageTooLarge as err:
        raise UploadError(413, str(err)) from None
    except ImageError as err:
        raise UploadError(400, str(err)) from None
    return real


async def _read_limited(reader: web.Request | BodyPartReader) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        if isinstance(reader, BodyPartReader):
            chunk = await reader.read_chunk(_CHUNK)
        else:
            chunk = await reader.content.read(_CHUNK)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > MAX_PHOTO_BYTES:
            raise _too_big()
        chunks.append(chunk)


def _player(raw: str) -> int:
    try:
        return int(raw.strip())
    except ValueError:
        raise UploadError(400, f"player must be a seat number (0, 1, ...), got {raw[:32]!r}"
                          ) from None


async def read_photo(request: web.Request) -> tuple[int, bytes, str]:
    """(seat, bytes, content type) from a multipart form (`player`, `photo`) or a raw body."""
    if request.content_length is not None and request.content_length > MAX_PHOTO_BYTES + _CHUNK:
        raise _too_big()
    if request.content_type != "multipart/form-data":
        if "player" not in request.query:
            raise UploadError(400, "say whose reserve this is: ?player=N")
        seat = _player(request.query["player"])
        data = await _read_limited(request)
        return seat, data, check_photo(data, request.headers.get("Content-Type", ""))
    try:
        return await _read_form(request)
    except UploadError:
        raise
    except (ValueError, HttpProcessingError) as err:  # aiohttp's multipart reader refused it
        text = getattr(err, "message", None) or str(err)
        raise UploadError(400, f"the form is not well-formed multipart data: {text[:120]}"
                          ) from None


async def read_raw_photo(request: web.Request) -> tuple[bytes, str]:
    """(bytes, content type) of a photo sent as the request's whole body."""
    if request.content_length is not None and request.content_length > MAX_PHOTO_BYTES + _CHUNK:
        raise _too_big()
    data = await _read_limited(request)
    return data, check_photo(data, request.headers.get("Content-Type", ""))


async def _read_form(request: web.Request) -> tuple[int, bytes, str]:
    reader = await request.multipart()
    player: int | None = _player(request.query["player"]) if "player" in request.query else None
    photo: tuple[bytes, str] | None = None
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            raise UploadError(400, "nested multipart bodies are not accepted")
        if part.name == "player":
            player = _player((await _read_limited(part))[:32].decode("utf-8", "replace"))
        elif part.name == "photo":
            photo = (await _read_limited(part), part.headers.get("Content-Type", ""))
        else:
            name = (part.name or "")[:40]
            raise UploadError(400, f"unexpected form field {name!r} (want player, photo)")
    if player is None:
        raise UploadError(400, "the form has no 'player' field (whose reserve is it?)")
    if photo is None:
        raise UploadError(400, "the form has no 'photo' file")
    return player, photo[0], check_photo(*photo)
