"""The benches' Python peers, timed from inside one process (start-up excluded).

    python3 peers.py pdfplumber PAGES_JSON [WARM_JSON]   -> JSON {"wall": [ms, ...], "cpu": [ms, ...]}, one per page

PAGES_JSON is a list of [pdf path, 1-based page]; the pages of WARM_JSON, when
given, are read the same way first, untimed, in the same process. Each page is read as a user
of the library would: open the PDF, read the page's words and its tables
(pdfplumber's default table settings), close. Camelot, when installed, is
timed the same way (stream flavor) by `camelot`. CPU time is the process's
(all its threads), which a machine shared with other work changes far less
than the wall time.
"""
import json
import sys
import time


def timed(pages, read, warm=()):
    for path, number in warm:
        read(path, number)
    out = {"wall": [], "cpu": []}
    for path, number in pages:
        w0, c0 = time.perf_counter(), time.process_time()
        read(path, number)
        out["wall"].append((time.perf_counter() - w0) * 1000)
        out["cpu"].append((time.process_time() - c0) * 1000)
    return out


def time_pdfplumber(pages, warm):
    import pdfplumber

    def read(path, number):
        with pdfplumber.open(path) as pdf:
            page = pdf.pages[number - 1]
            page.extract_words()
            page.extract_tables()

    return timed(pages, read, warm)


def time_camelot(pages, warm):
    import camelot

    return timed(pages, lambda path, number: camelot.read_pdf(path, pages=str(number), flavor="stream"), warm)


if __name__ == "__main__":
    tool, spec = sys.argv[1], sys.argv[2]
    with open(spec) as f:
        pages = json.load(f)
    warm = []
    if len(sys.argv) > 3:
        with open(sys.argv[3]) as f:
            warm = json.load(f)
    timer = {"pdfplumber": time_pdfplumber, "camelot": time_camelot}[tool]
    json.dump(timer(pages, warm), sys.stdout)
