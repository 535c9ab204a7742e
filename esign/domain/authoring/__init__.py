"""Authoring sessions: a person edits one draft (or template) in the editor page, within the capabilities
the API client gave the session (esign.domain.authoring.sessions; docs/authoring.md)."""
