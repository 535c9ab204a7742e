"""Organisations, keys and provisioning: what belongs to an organisation rather than to one request.

It owns the signing keys and the internal CA (`keys`), the rotation of the service key over stored secrets (`rotation`), the provisioning
of organisations and API keys (`provisioning`) and the monthly quota (`usage`). It uses no other room.
"""
