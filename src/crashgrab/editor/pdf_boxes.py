"""TrimBox and BleedBox on every page of a PDF, so a print shop finds the cut line.

Qt's PDF writer cannot set them (it writes a TrimBox equal to the page), so the pages are
given them afterwards by an incremental update (PDF 1.7, 7.5.6): each page object is written
again at the end of the file with the two boxes, under a new cross-reference section and
trailer pointing back at the old one. The original bytes stay as they were, so nothing Qt
wrote can be broken by rewriting it. No Qt here.
"""
from __future__ import annotations

import re
from typing import Sequence

from .print_pages import PageBoxes, Rect

POINTS_PER_MM = 72 / 25.4

_HEADER = re.compile(rb"(\d+) 0 obj\s*")
_BOX = re.compile(rb"/(MediaBox|TrimBox|BleedBox)\s*\[([^\]]*)\]")
_REFERENCE = re.compile(rb"(\d+) 0 R")


class PdfLayoutError(ValueError):
    """The PDF is not laid out as Qt writes it (a programming error, not a user's)."""


def with_page_boxes(pdf: bytes, boxes: Sequence[PageBoxes]) -> bytes:
    """`pdf` with each page's TrimBox and BleedBox set from `boxes` (mm from the page's top-left
    corner, one per page in order)."""
    previous = _last_startxref(pdf)
    objects = _dictionaries(pdf, previous)
    pages = _page_numbers(objects)
    if len(pages) != len(boxes):
        raise PdfLayoutError(f"the PDF has {len(pages)} pages, {len(boxes)} boxes were given")
    trailer = _last_trailer(pdf)
    update = bytearray(b"\n")
    offsets: list[tuple[int, int]] = []
    for number, page_boxes in zip(pages, boxes):
        page = objects[number]
        media = _box(page, b"MediaBox")
        kept = _BOX.sub(lambda m: m.group(0) if m.group(1) == b"MediaBox" else b"", page)
        extra = (b"/TrimBox " + _pdf_box(page_boxes.trim, media) + b"\n/BleedBox "
                 + _pdf_box(page_boxes.bleed, media) + b"\n")
        body = kept[:kept.rindex(b">>")] + extra + b">>"
        offsets.append((number, len(pdf) + len(update)))
        update += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref_at = len(pdf) + len(update)
    update += b"xref\n0 1\n0000000000 65535 f \n"
    for number, offset in offsets:
        update += b"%d 1\n%010d 00000 n \n" % (number, offset)
    update += b"trailer\n<<\n" + trailer + b"/Prev %d\n>>\nstartxref\n%d\n%%%%EOF\n" % (previous, xref_at)
    return pdf + bytes(update)


def _dictionaries(pdf: bytes, xref_at: int) -> dict[int, bytes]:
    """Object number -> its dictionary, for every object of the cross-reference table at `xref_at`
    that is a dictionary without a stream (pages and the page tree are)."""
    if not pdf.startswith(b"xref", xref_at):
        raise PdfLayoutError("no cross-reference table at startxref")
    lines = pdf[xref_at:pdf.index(b"trailer", xref_at)].split(b"\n")[1:]
    objects: dict[int, bytes] = {}
    index = 0
    while index < len(lines):
        head = lines[index].split()
        index += 1
        if len(head) != 2:
            continue
        first, count = int(head[0]), int(head[1])
        for number, entry in enumerate(lines[index:index + count], start=first):
            fields = entry.split()
            if len(fields) == 3 and fields[2] == b"n":
                offset = int(fields[0])
                header = _HEADER.match(pdf, offset)
                end = pdf.find(b"endobj", offset)
                if header is None or int(header.group(1)) != number or end < 0:
                    raise PdfLayoutError(f"object {number} is not where the cross-reference table says")
                body = pdf[header.end():end].strip()
                if body.startswith(b"<<") and body.endswith(b">>") and b"stream" not in body:
                    objects[number] = body
        index += count
    return objects


def _page_numbers(objects: dict[int, bytes]) -> list[int]:
    """The page objects in page order: the /Kids of the single /Pages object Qt writes."""
    trees = [body for body in objects.values() if re.search(rb"/Type\s*/Pages\b", body)]
    if len(trees) != 1:
        raise PdfLayoutError(f"expected one page tree, found {len(trees)}")
    kids = re.search(rb"/Kids\s*\[([^\]]*)\]", trees[0], re.S)
    if kids is None:
        raise PdfLayoutError("the page tree has no /Kids")
    numbers = [int(n) for n in _REFERENCE.findall(kids.group(1))]
    if not all(number in objects and re.search(rb"/Type\s*/Page\b", objects[number]) for number in numbers):
        raise PdfLayoutError("a page of the page tree is not a page object")
    return numbers


def _box(page: bytes, name: bytes) -> tuple[float, float, float, float]:
    for match in _BOX.finditer(page):
        if match.group(1) == name:
            values = [float(v) for v in match.group(2).split()]
            if len(values) == 4:
                return values[0], values[1], values[2], values[3]
    raise PdfLayoutError(f"a page has no {name.decode()}")


def _pdf_box(rect: Rect, media: tuple[float, float, float, float]) -> bytes:
    """A rectangle in mm from the page's top-left corner as a PDF box: points from the bottom left."""
    left, _bottom, _right, top = media
    x0, x1 = left + rect.x * POINTS_PER_MM, left + rect.right * POINTS_PER_MM
    y0, y1 = top - rect.bottom * POINTS_PER_MM, top - rect.y * POINTS_PER_MM
    return b"[%s %s %s %s]" % tuple(f"{v:.4f}".encode() for v in (x0, y0, x1, y1))


def _last_startxref(pdf: bytes) -> int:
    matches = re.findall(rb"startxref\s+(\d+)", pdf)
    if not matches:
        raise PdfLayoutError("no startxref")
    return int(matches[-1])


def _last_trailer(pdf: bytes) -> bytes:
    """The last trailer's entries to carry over (/Size, /Root, /Info, /ID), each on its own line."""
    index = pdf.rfind(b"trailer")
    if index < 0:
        raise PdfLayoutError("no trailer")
    end = pdf.find(b"startxref", index)
    body = pdf[index + len(b"trailer"):end].strip()
    if not (body.startswith(b"<<") and body.endswith(b">>")):
        raise PdfLayoutError("the trailer is not a dictionary")
    entries = body[2:-2]
    entries = re.sub(rb"/Prev\s+\d+", b"", entries)
    return entries.strip() + b"\n"
