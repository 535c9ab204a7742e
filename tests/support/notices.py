"""Failure notices as mail systems write them into the bounce mailbox (`[email] bounce_mailbox`): an
RFC 3464 delivery status notification (`dsn`) about one message, and a hostile one of many thousand
MIME parts (`stuffed_notice`)."""
from __future__ import annotations

import mailbox
import os


def dsn(return_path: str, rcpt: str, status: str, diagnostic: str, original, more_blocks: str = "") -> bytes:
    """The notice Postfix's bounce daemon writes to the envelope sender `return_path` (where virtual(8)
    delivers it: its `Delivered-To`) when `rcpt` failed with `status`; `original`'s headers returned
    (`text/rfc822-headers`: From, To, Subject, Message-ID, X-Esign-Request); `more_blocks`, further
    per-recipient blocks of the delivery report."""
    headers = "".join(f"{k}: {v}\n" for k, v in original.items() if k in ("From", "To", "Subject", "Message-ID",
                                                                          "X-Esign-Request"))
    return f"""Return-Path: <>
Delivered-To: {return_path}
From: MAILER-DAEMON@relay.example.net (Mail Delivery System)
To: {return_path}
Subject: Undelivered Mail Returned to Sender
Message-ID: <dsn-{os.urandom(6).hex()}@relay.example.net>
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="BOUNDARY"

--BOUNDARY
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

I'm sorry to have to inform you that your message could not be delivered.

--BOUNDARY
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; relay.example.net
Arrival-Date: Mon,  1 Jun 2026 10:00:00 +0000

Final-Recipient: rfc822; {rcpt}
Original-Recipient: rfc822;{rcpt}
Action: failed
Status: {status}
Remote-MTA: dns; mx.example.test
Diagnostic-Code: smtp; {diagnostic}
{more_blocks}
--BOUNDARY
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

{headers}
--BOUNDARY--
""".encode()


def recipient_blocks(count: int) -> str:
    """`count` per-recipient blocks of a delivery report, for addresses esign never wrote to."""
    return "".join(f"\nFinal-Recipient: rfc822; other{i}@example.net\nAction: failed\nStatus: 5.1.1\n"
                   f"Diagnostic-Code: smtp; 550 5.1.1 unknown\n" for i in range(count))


def stuffed_notice(return_path: str, parts: int) -> bytes:
    """A notice of `parts` MIME parts (79,000 make about 9.7 MB, under Postfix's default message_size_limit of
    10 MB): what anyone can mail the bounce address."""
    part = ("--P\nContent-Type: text/plain\nContent-Description: one of the many parts of a notice that anyone can "
            "mail\n\nxxxxxxxxxxxxxxxx\n")
    return (f"Delivered-To: {return_path}\nFrom: someone@example.net\nSubject: Undelivered Mail\nMIME-Version: 1.0\n"
            f'Content-Type: multipart/report; report-type=delivery-status; boundary="P"\n\n'
            + part * parts + "--P--\n").encode()


def deliver(maildir: str, raw: bytes) -> str:
    """Deliver `raw` into the Maildir as an MTA does (its `new/`); the file's name."""
    return mailbox.Maildir(maildir, create=True).add(raw)
