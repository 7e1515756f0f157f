"""A minimal PNG encoder and decoder for 8-bit RGBA images, using only zlib and struct.

The engine writes small images (the Tiled export's tileset) without Qt or Pillow. The
encoder writes the smallest valid file: IHDR, one IDAT, IEND; colour type 6 (RGBA),
bit depth 8, no interlace, each row filtered with whichever of the five standard
filters makes it smallest. The decoder reads exactly that kind of file (from any
encoder) and exists so tests can check what was written.
"""
from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from .atomic import write_bytes_atomic

SIGNATURE = b"\x89PNG\r\n\x1a\n"
RGBA = 6  # PNG colour type: truecolour with alpha
BYTES_PER_PIXEL = 4
FILTER_NONE, FILTER_SUB, FILTER_UP, FILTER_AVERAGE, FILTER_PAETH = range(5)

Colour = tuple[int, int, int, int]


@dataclass(frozen=True)
class RGBAImage:
    """Pixels row by row from the top-left, four bytes (R, G, B, A) each, alpha not premultiplied."""

    width: int
    height: int
    pixels: bytes

    def __post_init__(self) -> None:
        if self.width <= 0 or self.height <= 0:
            raise ValueError(f"an image needs a positive size, not {self.width}x{self.height}")
        if len(self.pixels) != self.width * self.height * BYTES_PER_PIXEL:
            raise ValueError(f"{self.width}x{self.height} RGBA needs {self.width * self.height * 4} bytes, "
                             f"not {len(self.pixels)}")

    def pixel(self, x: int, y: int) -> Colour:
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"pixel ({x}, {y}) is outside the {self.width}x{self.height} image")
        start = (y * self.width + x) * BYTES_PER_PIXEL
        r, g, b, a = self.pixels[start:start + BYTES_PER_PIXEL]
        return (r, g, b, a)

    def row(self, y: int) -> bytes:
        stride = self.width * BYTES_PER_PIXEL
        return self.pixels[y * stride:(y + 1) * stride]


# --- encoding -----------------------------------------------------------------------------

def encode_png(image: RGBAImage) -> bytes:
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, RGBA, 0, 0, 0)
    return (SIGNATURE + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(_filtered(image), 9)) + _chunk(b"IEND", b""))


def _chunk(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def _filtered(image: RGBAImage) -> bytes:
    out = bytearray()
    previous = bytes(image.width * BYTES_PER_PIXEL)
    for y in range(image.height):
        row = image.row(y)
        # The usual heuristic (from the PNG spec): the filter with the smallest sum of
        # bytes read as signed values tends to compress best.
        candidates = [(kind, _filter_row(kind, row, previous)) for kind in range(5)]
        kind, data = min(candidates, key=lambda c: sum(v if v < 128 else 256 - v for v in c[1]))
        out.append(kind)
        out += data
        previous = row
    return bytes(out)


def _filter_row(kind: int, row: bytes, previous: bytes) -> bytes:
    if kind == FILTER_NONE:
        return row
    out = bytearray(len(row))
    for i, value in enumerate(row):
        left = row[i - BYTES_PER_PIXEL] if i >= BYTES_PER_PIXEL else 0
        up = previous[i]
        up_left = previous[i - BYTES_PER_PIXEL] if i >= BYTES_PER_PIXEL else 0
        out[i] = (value - _predictor(kind, left, up, up_left)) & 0xFF
    return bytes(out)


def _predictor(kind: int, left: int, up: int, up_left: int) -> int:
    if kind == FILTER_SUB:
        return left
    if kind == FILTER_UP:
        return up
    if kind == FILTER_AVERAGE:
        return (left + up) // 2
    if kind == FILTER_PAETH:
        estimate = left + up - up_left
        to_left, to_up, to_up_left = abs(estimate - left), abs(estimate - up), abs(estimate - up_left)
        if to_left <= to_up and to_left <= to_up_left:
            return left
        return up if to_up <= to_up_left else up_left
    raise ValueError(f"unknown PNG filter type {kind}")


# --- decoding -----------------------------------------------------------------------------

def png_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """(type, payload) of every chunk, in order, after checking the signature and each CRC."""
    if not data.startswith(SIGNATURE):
        raise ValueError("not a PNG file (the 8-byte signature is missing)")
    chunks, offset = [], len(SIGNATURE)
    while offset < len(data):
        if offset + 12 > len(data):
            raise ValueError(f"truncated chunk header at byte {offset}")
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind = data[offset + 4:offset + 8]
        payload = data[offset + 8:offset + 8 + length]
        crc_bytes = data[offset + 8 + length:offset + 12 + length]
        if len(payload) != length or len(crc_bytes) != 4:
            raise ValueError(f"chunk {kind!r} at byte {offset} is truncated")
        if struct.unpack(">I", crc_bytes)[0] != zlib.crc32(kind + payload):
            raise ValueError(f"chunk {kind!r} at byte {offset} has a wrong CRC")
        chunks.append((kind, payload))
        offset += 12 + length
        if kind == b"IEND":
            break
    if not chunks or chunks[0][0] != b"IHDR":
        raise ValueError("the first chunk must be IHDR")
    if chunks[-1][0] != b"IEND":
        raise ValueError("the file does not end with an IEND chunk")
    return chunks


def decode_png(data: bytes) -> RGBAImage:
    """Decode an 8-bit RGBA, non-interlaced PNG (what `encode_png` writes); raise ValueError otherwise."""
    chunks = png_chunks(data)
    width, height, depth, colour, compression, filtering, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if (depth, colour, compression, filtering, interlace) != (8, RGBA, 0, 0, 0):
        raise ValueError(f"only 8-bit RGBA non-interlaced PNGs are read here (bit depth {depth}, "
                         f"colour type {colour}, interlace {interlace})")
    try:
        raw = zlib.decompress(b"".join(payload for kind, payload in chunks if kind == b"IDAT"))
    except zlib.error as error:
        raise ValueError(f"the image data does not decompress: {error}") from None
    stride = width * BYTES_PER_PIXEL
    if len(raw) != height * (stride + 1):
        raise ValueError(f"the image data has {len(raw)} bytes, {height * (stride + 1)} expected")
    pixels = bytearray()
    previous = bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], raw[start + 1:start + 1 + stride]
        previous = _unfilter_row(kind, row, previous)
        pixels += previous
    return RGBAImage(width, height, bytes(pixels))


def _unfilter_row(kind: int, row: bytes, previous: bytes) -> bytes:
    if kind == FILTER_NONE:
        return bytes(row)
    out = bytearray(len(row))
    for i, value in enumerate(row):
        left = out[i - BYTES_PER_PIXEL] if i >= BYTES_PER_PIXEL else 0
        up_left = previous[i - BYTES_PER_PIXEL] if i >= BYTES_PER_PIXEL else 0
        out[i] = (value + _predictor(kind, left, previous[i], up_left)) & 0xFF
    return bytes(out)


# --- files --------------------------------------------------------------------------------

def write_png(path: str | Path, image: RGBAImage) -> None:
    """Write atomically (temporary file, then rename), like every save in the engine."""
    write_bytes_atomic(path, encode_png(image))
