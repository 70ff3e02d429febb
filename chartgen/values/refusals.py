"""How the typed model's refusals are worded: by the library, from the layer above the model.

The model sits below the validator, so it cannot import lint's words for a mistake; ``chartgen.api``
hands them over (``chartgen.validation.refusals``) when it is imported, as ``import chartgen``
does on first use of any public name. The model used on its own keeps pydantic's messages.
"""

from __future__ import annotations

from chartgen.diagnostics import Diagnostic
from chartgen.hints import TYPE_CHECKING, typing

if TYPE_CHECKING:
    #: ``(pydantic's error, what the section was given, the section's class, the release or None)``.
    Wording = typing.Callable[[typing.Any, typing.Any, type, str | None], list[Diagnostic]]

wording: Wording | None = None
