#!/usr/bin/env python3
"""Checks a rendered report against its layout log (render/draw.h describes the log).

usage: layout.py LAYOUT_LOG PNG_PREFIX DPI

PNG_PREFIX-N.png (or -NN.png) are the pages as `pdftoppm -r DPI -png` wrote them. Fails
(exit 1, one line per problem) on:
  - a page whose rendering is blank below its title,
  - text drawn outside the page, or outside the chart it belongs to, or over other text,
  - a legend entry that names nothing drawn, or whose mark is not on the page (white).
"""
import glob
import struct
import sys
import zlib

TOL = 1.0  # points


def read_png(path):
    """(width, height, rows of grey 0..255) of an 8-bit PNG (grey, RGB or RGBA)."""
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError(f'{path}: not a PNG')
    pos, idat, w = 8, b'', 0
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
            if depth != 8 or ctype not in (0, 2, 6):
                raise ValueError(f'{path}: unsupported PNG (depth {depth}, type {ctype})')
            bpp = {0: 1, 2: 3, 6: 4}[ctype]
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        ft = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ft == 1:
                line[i] = (line[i] + a) & 255
            elif ft == 2:
                line[i] = (line[i] + b) & 255
            elif ft == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ft == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        rows.append(bytes(min(line[x * bpp:x * bpp + min(bpp, 3)]) for x in range(w)))
    return w, h, rows


def ink(rows, x0, y0, x1, y1):
    """Pixels darker than near-white in the box (pixel coordinates, clipped)."""
    n = 0
    for y in range(max(0, int(y0)), min(len(rows), int(y1) + 1)):
        r = rows[y]
        for x in range(max(0, int(x0)), min(len(r), int(x1) + 1)):
            n += r[x] < 235
    return n


def main():
    log, prefix, dpi = sys.argv[1], sys.argv[2], float(sys.argv[3])
    k = dpi / 72.0
    pages, titles, problems = {}, {}, []
    texts, legends = [], []
    with open(log, encoding='utf-8') as f:
        for line in f:
            p = line.rstrip('\n').split('\t')
            if p[0] == 'page':
                pages[int(p[1])] = (float(p[2]), float(p[3]))
            elif p[0] == 'title':
                titles[int(p[1])] = [float(v) for v in p[2:6]] + [p[6]]
            elif p[0] == 'text':
                texts.append((int(p[1]), [float(v) for v in p[2:10]], p[10]))
            elif p[0] == 'legend':
                legends.append((int(p[1]), int(p[2]), [float(v) for v in p[3:7]], p[7]))
    if not pages:
        problems.append(f'{log}: no pages logged')
    for page, (b, text) in ((t[0], t[1:]) for t in texts):
        w, h = pages[page]
        x0, y0, x1, y1, cx0, cy0, cx1, cy1 = b
        if x0 < -TOL or y0 < -TOL or x1 > w + TOL or y1 > h + TOL:
            problems.append(f'page {page}: text outside the page: {text!r} at '
                            f'({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f})')
        elif x0 < cx0 - TOL or y0 < cy0 - TOL or x1 > cx1 + TOL or y1 > cy1 + TOL:
            problems.append(f'page {page}: text outside its chart: {text!r} at '
                            f'({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f}), chart '
                            f'({cx0:.0f},{cy0:.0f})-({cx1:.0f},{cy1:.0f})')
    # text over text: boxes of one page that overlap by more than a fifth of the smaller
    by_page = {}
    for page, b, text in texts:
        by_page.setdefault(page, []).append((b[:4], text))
    for page, items in by_page.items():
        items.sort(key=lambda it: it[0][0])
        for i, (a, ta) in enumerate(items):
            for b, tb in items[i + 1:]:
                if b[0] >= a[2]:
                    break
                ix = min(a[2], b[2]) - max(a[0], b[0])
                iy = min(a[3], b[3]) - max(a[1], b[1])
                small = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
                if ix > 0 and iy > 0 and ix * iy > 0.2 * small:
                    problems.append(f'page {page}: text over text: {ta!r} and {tb!r}')
    pngs = {}
    for path in glob.glob(f'{prefix}-*.png'):
        num = path[len(prefix) + 1:-4]
        if num.isdigit():
            pngs[int(num)] = path
    if len(pngs) != len(pages):
        problems.append(f'{len(pages)} pages logged, {len(pngs)} rendered')
    images = {}
    for page in sorted(pages):
        if page not in pngs:
            continue
        images[page] = read_png(pngs[page])
        iw, ih, rows = images[page]
        top = titles[page][3] + 4 if page in titles else 0
        # below the title, above the page number's line
        area = ink(rows, 0, top * k, iw - 1, (pages[page][1] - 30) * k)
        if area < 0.002 * iw * (ih - top * k):
            title = titles[page][4] if page in titles else '?'
            problems.append(f'page {page} ({title}): blank below its title ({area} dark pixels)')
    for page, drawn, (x0, y0, x1, y1), text in legends:
        if drawn <= 0:
            problems.append(f'page {page}: legend entry {text!r} names nothing drawn')
        elif page in images and ink(images[page][2], x0 * k, y0 * k, x1 * k, y1 * k) == 0:
            problems.append(f'page {page}: legend entry {text!r} has no mark')
    for p in problems:
        print(p)
    print(f'layout: {len(pages)} pages, {len(texts)} texts, {len(legends)} legend entries, '
          f'{len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
