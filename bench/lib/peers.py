"""The benches' Python peers, timed from inside one process (start-up excluded).

    python3 peers.py pdfplumber PAGES_JSON   -> JSON list of ms, one per page

PAGES_JSON is a list of [pdf path, 1-based page]. Each page is read as a user
of the library would: open the PDF, read the page's words and its tables
(pdfplumber's default table settings), close. Camelot, when installed, is
timed the same way (stream flavor) by `camelot`.
"""
import json
import sys
import time


def time_pdfplumber(pages):
    import pdfplumber

    out = []
    for path, number in pages:
        t0 = time.perf_counter()
        with pdfplumber.open(path) as pdf:
            page = pdf.pages[number - 1]
            page.extract_words()
            page.extract_tables()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def time_camelot(pages):
    import camelot

    out = []
    for path, number in pages:
        t0 = time.perf_counter()
        camelot.read_pdf(path, pages=str(number), flavor="stream")
        out.append((time.perf_counter() - t0) * 1000)
    return out


if __name__ == "__main__":
    tool, spec = sys.argv[1], sys.argv[2]
    with open(spec) as f:
        pages = json.load(f)
    timer = {"pdfplumber": time_pdfplumber, "camelot": time_camelot}[tool]
    json.dump(timer(pages), sys.stdout)
