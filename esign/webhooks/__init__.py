"""Webhooks: URL safety checks, delivery bodies, fan-out and signed delivery jobs."""
