"""``chartgen diff``: what ``helm upgrade`` would change, object by object, and which changes are hazards.

Empty on purpose: ``chartgen.diff`` is the library function (see ``chartgen/__init__.py``),
and the modules here are imported only by it and by ``chartgen diff``.
"""
