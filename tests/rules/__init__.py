"""One test module per rule module of chartgen/validate/rules."""
