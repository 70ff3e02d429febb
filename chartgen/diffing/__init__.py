"""``chartgen diff``: what ``helm upgrade`` would change, object by object, and which changes are hazards."""
