"""Differential testing against real ``helm template`` of the upstream chart (issue: Helm-exact edges)."""
