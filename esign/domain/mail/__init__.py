"""Notifications and mail: what is sent to people and systems once a request changes.

It owns the emails in each signer's language (`notifications`), the text messages (`text_messages`),
bounces and complaints (`bounces`, with the notices read by `bounce_notices` in a child process),
everyone's copy of the signed PDF (`copies`), the enterprise delivery of the signed PDF
(`enterprise_delivery`) and the outbox that fans stored events out to the webhooks (`outbox`).
"""
