"""Templates and bulk sending: reusable requests with roles, and the many requests made from one template.

It owns `templates` (create, edit, use a template) and `bulk` (one request per recipient of a list).
It builds on the requests room and the pages room and is independent of the signer's room.
"""
