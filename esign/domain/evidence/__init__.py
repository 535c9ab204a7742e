"""Finalisation and evidence: what makes a completed request a signed, sealed and provable document.

It owns the `finalize` job (`finalization`: stamp, certificate of completion, seal, signed PDF), the
audit trail's reading (`audit`), the signers' attachments that the signed PDF embeds (`attachments`) and
the electronic-records disclosure the signers consent to (`disclosure`).
"""
