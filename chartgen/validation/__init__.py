"""Validation: rules that read loaded values and return diagnostics."""
