"""Values: the chart's defaults, the user's sources, and Helm's way of combining them."""
