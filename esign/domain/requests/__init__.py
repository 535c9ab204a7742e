"""Signing requests and their lifecycle: the request document and every change of its state.

It owns creation and validation (`signing_requests`), the state machine and its conditional updates
(`lifecycle`), the documents of a request (`envelope`), the events a change records
(`request_events`) and the effects that run after it (`effects`), the signing links (`links`) and a
signer's fresh link (`fresh_links`), editing and deleting drafts (`drafts`), the queueing of an email job
(`mail_queue`) and the signed-PDF download URLs (`downloads`).
Every other room of the domain except pages and orgs builds on it.
"""
