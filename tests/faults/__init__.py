"""Fault injection: upstreams slow, down, refusing temporarily and for good; shutdown; limits (issue 11)."""
