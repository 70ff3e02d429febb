"""One module per rule (or per closely related family); importing this package registers them all."""

import importlib
import os

# pkgutil.iter_modules would do, but it imports inspect: milliseconds of every start.
for _name in sorted(os.listdir(__path__[0])):
    if _name.endswith(".py") and _name != "__init__.py":
        importlib.import_module(f"{__name__}.{_name[:-3]}")
