#!/usr/bin/env python3
"""Checks a rendered report against its layout log (render/draw.h describes the log).

usage: layout.py LAYOUT_LOG PPM_PREFIX DPI

PPM_PREFIX-N.ppm (or -NN.ppm) are the pages as `pdftoppm -r DPI` wrote them (binary PPM:
read without decompressing, so that a page takes milliseconds, not seconds). Fails
(exit 1, one line per problem) on:
  - a page whose rendering is blank below its title,
  - text drawn outside the page, or outside the chart it belongs to, or over other text,
  - a legend entry that names nothing drawn, or whose mark is not on the page (white).
"""
import glob
import sys

TOL = 1.0  # points


DARK = bytes(1 if v < 235 else 0 for v in range(256))


def read_ppm(path):
    """(width, height, rows) of a binary PPM (P6, maxval 255) as pdftoppm writes it; each
    row holds 1 for a pixel darker than near-white in any channel, else 0."""
    with open(path, 'rb') as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:  # magic, width, height, maxval; '#' comments between
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b'#':
            pos = data.index(b'\n', pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    pos += 1
    if fields[0] != b'P6' or fields[3] != b'255':
        raise ValueError(f'{path}: not an 8-bit binary PPM')
    w, h = int(fields[1]), int(fields[2])
    stride = 3 * w
    if len(data) < pos + h * stride:
        raise ValueError(f'{path}: {h} rows of {w} pixels announced, fewer written')
    rows = []
    for y in range(h):
        t = data[pos + y * stride:pos + (y + 1) * stride].translate(DARK)
        dark = (int.from_bytes(t[0::3], 'big') | int.from_bytes(t[1::3], 'big')
                | int.from_bytes(t[2::3], 'big'))
        rows.append(dark.to_bytes(w, 'big'))
    return w, h, rows


def ink(rows, x0, y0, x1, y1):
    """Pixels darker than near-white in the box (pixel coordinates, clipped)."""
    n = 0
    lo = max(0, int(x0))
    hi = max(lo, int(x1) + 1)
    for y in range(max(0, int(y0)), min(len(rows), int(y1) + 1)):
        n += rows[y][lo:hi].count(1)
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
    ppms = {}
    for path in glob.glob(f'{prefix}-*.ppm'):
        num = path[len(prefix) + 1:-4]
        if num.isdigit():
            ppms[int(num)] = path
    if len(ppms) != len(pages):
        problems.append(f'{len(pages)} pages logged, {len(ppms)} rendered')
    images = {}
    for page in sorted(pages):
        if page not in ppms:
            continue
        images[page] = read_ppm(ppms[page])
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
