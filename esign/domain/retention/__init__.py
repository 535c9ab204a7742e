"""The evidence's whole life (docs/retention.md): the purge of a finished signing request's content
(`purge_content`) or of its content and personal data (`purge_all`) through the job worker, and the
tombstone that keeps the proof (purge, tombstone)."""
