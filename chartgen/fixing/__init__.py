"""``chartgen fix`` and ``chartgen migrate``: lint's rewrites applied to a file's text by position."""
