"""One test module per rule module of chartgen/validation/rules."""
