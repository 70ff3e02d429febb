"""Files shipped inside the package (templates, generated schemas and defaults).

Plain paths beside this module: ``importlib.resources`` would pull zipfile and
its compressors into every start-up for files that are always on disk.
"""

from __future__ import annotations

import os

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def data_path(*parts: str) -> str:
    return os.path.join(PACKAGE_DIR, *parts)


def read_data(*parts: str) -> str:
    with open(data_path(*parts), encoding="utf-8") as handle:
        return handle.read()
