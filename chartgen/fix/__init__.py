"""``chartgen fix`` and ``chartgen migrate``: lint's rewrites applied to a file's text by position.

Empty on purpose: ``chartgen.fix`` is also the library function (``chartgen.fix.engine.fix``),
reached through the package's lazy exports.
"""
