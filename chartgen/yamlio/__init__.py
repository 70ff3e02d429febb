"""YAML in and out: positioned loading with Helm's scalar rules, and safe emission."""

from chartgen.yamlio.load import Loaded, YamlError, load_yaml

__all__ = ["Loaded", "YamlError", "load_yaml"]
