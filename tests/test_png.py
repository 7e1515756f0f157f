"""The pure-Python PNG codec and rasteriser behind the Tiled export's tileset image.

The encoder is checked three ways: the file's chunk structure and CRCs read by hand,
hand-worked filter cases through the decoder, and Qt's independent PNG reader.
"""
import struct
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crashgrab.engine.formats.png import (SIGNATURE, RGBAImage, decode_png, encode_png, png_chunks,
                                write_png)
from crashgrab.engine.formats.raster import Canvas, hex_colour, rotated

RED, GREEN, BLUE, CLEAR = (255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (0, 0, 0, 0)


def image_of(rows):
    return RGBAImage(len(rows[0]), len(rows), b"".join(bytes(p) for row in rows for p in row))


def raw_png(width, height, filtered_rows):
    """A PNG assembled by hand from rows that already start with their filter byte."""
    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(filtered_rows))) \
        + chunk(b"IEND", b"")


def test_chunk_structure_header_fields_and_crcs():
    data = encode_png(image_of([[RED, GREEN, BLUE], [CLEAR, RED, (10, 20, 30, 128)]]))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset, kinds = 8, []
    while offset < len(data):  # walk the chunks by hand rather than through png_chunks
        length = struct.unpack(">I", data[offset:offset + 4])[0]
        kind, payload = data[offset + 4:offset + 8], data[offset + 8:offset + 8 + length]
        crc = struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])[0]
        assert crc == zlib.crc32(kind + payload), kind
        kinds.append(kind)
        if kind == b"IHDR":
            # width 3, height 2, bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace
            assert struct.unpack(">IIBBBBB", payload) == (3, 2, 8, 6, 0, 0, 0)
        offset += 12 + length
    assert kinds == [b"IHDR", b"IDAT", b"IEND"] and offset == len(data)


@pytest.mark.parametrize("filter_type, second_row, expected_second_row", [
    # first row: (10,20,30,255) (5,5,5,0); the second row's bytes are worked out per filter
    (0, [1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 6, 7, 8]),                 # None: as stored
    (1, [1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 6, 8, 10, 12]),               # Sub: + left pixel
    (2, [1, 2, 3, 4, 5, 6, 7, 8], [11, 22, 33, 3, 10, 11, 12, 8]),           # Up: + above (255+4 wraps to 3)
    (3, [1, 2, 3, 4, 5, 6, 7, 8], [6, 12, 18, 131, 10, 14, 18, 73]),        # Average: + (left+up)//2
    # Paeth. First pixel: left = up_left = 0, so it predicts up: (248+10)&255=2, 15+20=35, 30, 255.
    # Second pixel, p = left + up - up_left, the neighbour nearest p wins:
    #   R: left 2, up 5, up_left 10: p=-3, distances 5, 8, 13 -> left, 1+2 = 3
    #   G: left 35, up 5, up_left 20: p=20, distances 15, 15, 0 -> up_left, 1+20 = 21
    #   B: left 30, up 5, up_left 30: p=5 -> up, 1+5 = 6;  A: left 255, up 0, up_left 255: p=0 -> up, 1
    (4, [248, 15, 0, 0, 1, 1, 1, 1], [2, 35, 30, 255, 3, 21, 6, 1]),
])
def test_decoder_undoes_each_filter(filter_type, second_row, expected_second_row):
    first = bytes([0, 10, 20, 30, 255, 5, 5, 5, 0])
    second = bytes([filter_type] + second_row)
    image = decode_png(raw_png(2, 2, [first, second]))
    assert image.row(0) == bytes([10, 20, 30, 255, 5, 5, 5, 0])
    assert list(image.row(1)) == expected_second_row


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9).flatmap(lambda w: st.integers(1, 9).flatmap(
    lambda h: st.binary(min_size=w * h * 4, max_size=w * h * 4).map(lambda px: RGBAImage(w, h, px)))))
def test_every_image_survives_encode_then_decode(image):
    assert decode_png(encode_png(image)) == image


@pytest.mark.parametrize("damage, message", [
    (lambda d: b"GIF89a" + d[6:], "signature"),
    (lambda d: d[:20] + bytes([d[20] ^ 1]) + d[21:], "CRC"),  # a flipped bit in IHDR
    (lambda d: d[:-12], "IEND"),
])
def test_damaged_files_are_refused_with_a_reason(damage, message):
    data = encode_png(image_of([[RED, BLUE]]))
    with pytest.raises(ValueError, match=message):
        decode_png(damage(data))


def test_qt_reads_our_png_and_we_read_qts():
    QtGui = pytest.importorskip("PySide6.QtGui")
    QtCore = pytest.importorskip("PySide6.QtCore")
    ours = image_of([[RED, GREEN, BLUE], [CLEAR, (200, 100, 50, 255), (1, 2, 3, 255)]])
    qimage = QtGui.QImage.fromData(encode_png(ours), "PNG")
    assert (qimage.width(), qimage.height()) == (3, 2)
    assert qimage.pixelColor(0, 0).getRgb() == RED
    assert qimage.pixelColor(1, 1).getRgb() == (200, 100, 50, 255)
    assert qimage.pixelColor(0, 1).alpha() == 0

    # And the other way: a PNG from Qt's (libpng-based) writer, which filters rows its own way.
    theirs = QtGui.QImage(5, 4, QtGui.QImage.Format.Format_RGBA8888)
    for y in range(4):
        for x in range(5):
            theirs.setPixelColor(x, y, QtGui.QColor(x * 50, y * 60, (x * y * 13) % 256, 255))
    buffer = QtCore.QBuffer()
    buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    assert theirs.save(buffer, "PNG")
    decoded = decode_png(bytes(buffer.data()))
    assert (decoded.width, decoded.height) == (5, 4)
    assert decoded.pixel(4, 3) == (200, 180, (4 * 3 * 13) % 256, 255)
    assert decoded.pixel(2, 1) == (100, 60, 26, 255)


def test_write_png_writes_a_readable_file(tmp_path):
    image = image_of([[RED], [BLUE]])
    path = tmp_path / "two.png"
    write_png(path, image)
    assert decode_png(path.read_bytes()) == image
    assert [p.name for p in tmp_path.iterdir()] == ["two.png"]  # no temporary file left behind


def test_png_chunks_lists_the_chunks_in_order():
    assert [kind for kind, _ in png_chunks(encode_png(image_of([[RED]])))] == [b"IHDR", b"IDAT", b"IEND"]


# --- the rasteriser ---------------------------------------------------------------------------

def test_rectangle_on_whole_pixels_is_crisp():
    canvas = Canvas(6, 4)
    canvas.fill_rect(1, 1, 4, 3, RED)
    image = canvas.image()
    inside = {(x, y) for x in range(1, 4) for y in range(1, 3)}
    for y in range(4):
        for x in range(6):
            assert image.pixel(x, y) == (RED if (x, y) in inside else CLEAR), (x, y)


def test_half_covered_pixel_gets_half_alpha_and_keeps_its_colour():
    canvas = Canvas(2, 1, supersample=4)
    canvas.fill_rect(0, 0, 1.5, 1, GREEN)  # covers pixel 0 fully, pixel 1 half
    image = canvas.image()
    assert image.pixel(0, 0) == GREEN
    assert image.pixel(1, 0) == (0, 255, 0, 128)  # 8 of 16 samples: alpha 255*8/16 rounds to 128


def test_triangle_covers_its_area():
    canvas = Canvas(10, 10, supersample=8)
    canvas.fill_polygon([(0, 0), (10, 0), (0, 10)], BLUE)  # half of the square: 50 pixels
    image = canvas.image()
    coverage = sum(image.pixel(x, y)[3] for x in range(10) for y in range(10)) / 255
    # Samples centred exactly on the edge count as outside: at most one per fine row, 80 of
    # 64 per pixel, so the estimate may fall short by up to 1.25 pixels, never overshoot.
    assert 50 - 1.25 <= coverage <= 50
    assert image.pixel(1, 1) == BLUE and image.pixel(8, 8) == CLEAR
    assert image.pixel(4, 5)[3] == pytest.approx(255 / 2, abs=20)  # the diagonal cuts it in half


def test_circle_fills_inside_and_not_the_corners():
    canvas = Canvas(20, 20, supersample=4, background=(255, 255, 255, 255))
    canvas.fill_circle(10, 10, 8, RED)
    image = canvas.image()
    assert image.pixel(10, 10) == RED and image.pixel(3, 10) == RED  # 3.5 is 6.5 from the centre
    assert image.pixel(0, 0) == (255, 255, 255, 255) and image.pixel(19, 19) == (255, 255, 255, 255)
    area = sum(1 for x in range(20) for y in range(20) if image.pixel(x, y)[1] < 128)
    assert area == pytest.approx(3.14159 * 64, rel=0.05)


def test_rotated_turns_clockwise_on_screen():
    # y grows downwards, so north (0,-1) turns to east (1,0), then south, then west.
    assert rotated([(0, -1)], (0, 0), 1) == [(1, 0)]
    assert rotated([(0, -1)], (0, 0), 2) == [(0, 1)]
    assert rotated([(3, 1)], (2, 2), 3) == [(1, 1)]


def test_hex_colour():
    assert hex_colour("#10ff7f") == (16, 255, 127, 255)
    with pytest.raises(ValueError):
        hex_colour("#fff")
