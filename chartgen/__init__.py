"""chartgen: validate and render the Determined Helm chart without Helm.

The public API is ``chartgen.api``, every name of it also here; it is loaded on first use so
that ``import chartgen`` stays cheap. ``chartgen.report`` formats findings for people and tools.
"""

from __future__ import annotations

from chartgen.hints import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:
    from chartgen.api import *  # noqa: F403
    from chartgen.api import __all__ as __all__


def __getattr__(name: str) -> object:
    import chartgen.api

    if name == "__all__" or name in chartgen.api.__all__:
        return getattr(chartgen.api, name)
    raise AttributeError(f"module 'chartgen' has no attribute {name!r}")


def __dir__() -> list[str]:
    import chartgen.api

    return sorted([*globals(), *chartgen.api.__all__])
