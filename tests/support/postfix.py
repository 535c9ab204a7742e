"""A private Postfix (Debian's package) on 127.0.0.1, for the tests of bounces with a real MTA.

`PostfixRelay` writes a config directory of its own (main.cf, master.cf), a queue directory and a
data directory in a fresh folder, and runs `postfix -c <folder>/etc start`; `stop()` runs `postfix
stop`. Its smtpd listens on 127.0.0.1 on a free port (no port 25, no system-wide instance); it relays
mail for `SIGNERS` (the signers' domain) to the "remote" server — an aiosmtpd `RemoteMailboxes` that
refuses an unknown mailbox with `550 5.1.1` — through a transport map, with no DNS anywhere. Every
other domain is refused at RCPT as an unauthenticated relay would (`554 5.7.1 Relay access
denied`), and a client whose HELO name is not fully qualified is refused (`504 5.5.2`), as the
usual Postfix policies do.

The bounce notices Postfix writes (RFC 3464, by its bounce daemon) go to the envelope sender: for
the VERP addresses of `BOUNCES` (`bounces+<token>@bounces.test`) its virtual(8) delivery agent
puts them into the Maildir `maildir` (a `virtual_mailbox_maps` regexp), the folder the service
reads as `[email] bounce_mailbox`. Queue timers are short so a test takes seconds.

Postfix must be installed (scripts/test installs it) and the tests must run as root (Postfix starts
its master as root and its daemons as the `postfix` user); `skip_reason()` says why not otherwise.
The folder is made with tempfile (mode 0755), not under pytest's tmp_path, which the `postfix`
user cannot enter."""
from __future__ import annotations

import contextlib
import email
import email.policy
import os
import pathlib
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
import time

from aiosmtpd.controller import Controller

from tests.support.mail import free_port
from tests.support.waiting import until

SIGNERS = "signers.test"      # the domain Postfix relays to the remote server
BOUNCES = "bounces.test"      # the domain of `[email] bounce_address`, delivered to the Maildir
BOUNCE_ADDRESS = f"bounces@{BOUNCES}"
SBIN = ("/usr/sbin", "/sbin", "/usr/local/sbin")


def command(name: str) -> str | None:
    return shutil.which(name, path=os.pathsep.join([os.environ.get("PATH", ""), *SBIN]))


def skip_reason() -> str | None:
    """Why a private Postfix cannot run here, or None when it can."""
    if command("postfix") is None or command("postconf") is None:
        return "postfix is not installed (scripts/test installs Debian's package: apt-get install postfix)"
    if os.geteuid() != 0:
        return "a private Postfix instance needs root (its master starts as root, its daemons as `postfix`)"
    try:
        pwd.getpwnam("postfix")
    except KeyError:
        return "the `postfix` user does not exist (the package's installation did not finish)"
    return None


class RemoteMailboxes:
    """The signers' mail server (aiosmtpd handler): accepts mail for `mailboxes`, refuses any other
    recipient at RCPT with 550 5.1.1 as a real server does; keeps what it accepted."""

    def __init__(self, mailboxes):
        self.mailboxes = {m.lower() for m in mailboxes}
        self.messages: list[tuple[list[str], email.message.EmailMessage]] = []
        self.refused: list[str] = []
        self._lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower() not in self.mailboxes:
            with self._lock:
                self.refused.append(address)
            return f"550 5.1.1 <{address}>: Recipient address rejected: User unknown in virtual mailbox table"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        with self._lock:
            self.messages.append((list(envelope.rcpt_tos),
                                  email.message_from_bytes(envelope.content, policy=email.policy.default)))
        return "250 2.0.0 OK: queued"

    def delivered_to(self, address: str) -> list[email.message.EmailMessage]:
        with self._lock:
            return [m for rcpts, m in self.messages if address in rcpts]


MASTER_CF = """\
# service type  private unpriv  chroot  wakeup  maxproc command
127.0.0.1:{port} inet n - n - - smtpd
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
virtual   unix  -       n       n       -       -       virtual
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
"""


class PostfixRelay:
    """A private Postfix instance; `port` is its smtpd's, `maildir` the bounce address's Maildir."""

    def __init__(self, remote_port: int, remote: RemoteMailboxes):
        self.remote_port = remote_port
        self.remote = remote
        self.port = free_port()
        self.root = pathlib.Path(tempfile.mkdtemp(prefix="esign-postfix-"))
        self.root.chmod(0o755)
        self.config_dir = self.root / "etc"
        self.maildir = str(self.root / "mail" / "bounces")
        self.started = False

    def main_cf(self) -> dict[str, str]:
        owner = pwd.getpwnam("postfix")
        return {
            "compatibility_level": "3.6",
            "queue_directory": str(self.root / "spool"),
            "data_directory": str(self.root / "data"),
            "maillog_file": str(self.root / "maillog"),
            "maillog_file_prefixes": str(self.root),
            "myhostname": "relay.postfix.test",
            "mydomain": "postfix.test",
            "myorigin": "$myhostname",
            "mydestination": "",
            "inet_interfaces": "loopback-only",
            "inet_protocols": "ipv4",
            "mynetworks": "127.0.0.0/8",
            "alias_maps": "",
            "alias_database": "",
            "local_recipient_maps": "",
            "biff": "no",
            # no DNS: the signers' domain goes to the remote server by its address, nothing else relays
            "smtp_dns_support_level": "disabled",
            "smtp_host_lookup": "native",
            "smtpd_peername_lookup": "no",
            "relay_domains": SIGNERS,
            "transport_maps": f"inline:{{ {SIGNERS}=smtp:[127.0.0.1]:{self.remote_port} }}",
            # the policies of a relay that wants a login for anything else and a proper HELO name
            "smtpd_helo_required": "yes",
            "smtpd_helo_restrictions": "reject_non_fqdn_helo_hostname",
            "smtpd_relay_restrictions": "reject_unauth_destination",
            "smtpd_recipient_restrictions": "",
            # the bounce address's mail (VERP: bounces+<token>@bounces.test) into one Maildir
            "virtual_mailbox_domains": BOUNCES,
            "virtual_mailbox_base": str(self.root / "mail"),
            "virtual_mailbox_maps": f"regexp:{self.config_dir / 'bounce_mailboxes'}",
            "virtual_uid_maps": f"static:{owner.pw_uid}",
            "virtual_gid_maps": f"static:{owner.pw_gid}",
            "virtual_minimum_uid": str(owner.pw_uid),
            "recipient_delimiter": "+",
            # seconds, not hours
            "queue_run_delay": "1s",
            "minimal_backoff_time": "1s",
            "maximal_backoff_time": "2s",
            "bounce_queue_lifetime": "10s",
            "maximal_queue_lifetime": "10s",
            "delay_warning_time": "0h",
            "notify_classes": "",
        }

    def start(self, **settings: str) -> None:
        """Write the configuration (main.cf as `main_cf()`, with `settings` on top) and start Postfix."""
        owner = pwd.getpwnam("postfix")
        self.config_dir.mkdir()
        (self.root / "spool").mkdir()  # `postfix check` makes what is inside, not the folder itself
        # virtual(8) delivers as `postfix`: the Maildir is made in advance, theirs (the service, root here,
        # would otherwise make tmp/ new/ cur/ its own at its first sweep, and Postfix could not write there)
        for folder in ("mail", "mail/bounces", "mail/bounces/tmp", "mail/bounces/new", "mail/bounces/cur"):
            (self.root / folder).mkdir(mode=0o700)
            os.chown(self.root / folder, owner.pw_uid, owner.pw_gid)
        local = BOUNCE_ADDRESS.partition("@")[0]
        (self.config_dir / "bounce_mailboxes").write_text(
            f"/^{local}(\\+[a-z2-7]+)?@{BOUNCES.replace('.', '[.]')}$/ bounces/\n")
        (self.config_dir / "main.cf").write_text("")
        (self.config_dir / "master.cf").write_text(MASTER_CF.format(port=self.port))
        self.postconf("-e", *(f"{k}={v}" for k, v in {**self.main_cf(), **settings}.items()))
        self.postfix("check")
        self._up()

    def reconfigure(self, **settings: str) -> None:
        """Change main.cf (`postconf -e`) and restart, as an operator fixing the relay would."""
        self.postconf("-e", *(f"{k}={v}" for k, v in settings.items()))
        self._down()
        self._up()

    def _up(self) -> None:
        self.postfix("start")
        self.started = True
        deadline = time.monotonic() + 30
        while not self.listening():
            assert time.monotonic() < deadline, f"Postfix does not listen on 127.0.0.1:{self.port}\n{self.log()}"
            time.sleep(0.1)

    def _down(self) -> None:
        if self.started:
            self.postfix("stop", check=False)
            deadline = time.monotonic() + 20
            while self.postfix("status", check=False).returncode == 0 and time.monotonic() < deadline:
                time.sleep(0.1)
            self.started = False

    def listening(self) -> bool:
        with socket.socket() as sock:
            sock.settimeout(1)
            return sock.connect_ex(("127.0.0.1", self.port)) == 0

    def stop(self) -> None:
        """Stop Postfix and remove its folder (queue, logs, Maildir)."""
        self._down()
        shutil.rmtree(self.root, ignore_errors=True)

    def postconf(self, *args: str) -> subprocess.CompletedProcess:
        return self._run(command("postconf"), *args)

    def postfix(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return self._run(command("postfix"), *args, check=check)

    def _run(self, program: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run([program, "-c", str(self.config_dir), *args], capture_output=True, text=True,
                              timeout=60)
        if check and done.returncode != 0:
            raise RuntimeError(f"{program} {' '.join(args)}: exit {done.returncode}\n{done.stdout}{done.stderr}\n"
                               f"{self.log()}")
        return done

    def log(self) -> str:
        path = self.root / "maillog"
        return path.read_text(errors="replace") if path.exists() else "(no maillog)"

    async def until(self, check, timeout: float = 30):
        """tests.support.waiting.until, with Postfix's log in the message when the time runs out."""
        try:
            return await until(check, timeout)
        except AssertionError as exc:
            raise AssertionError(f"{exc}\n--- Postfix's log ---\n{self.log()}") from None

    def notices(self) -> list[str]:
        """The files in the bounce Maildir's new/ (notices delivered and not yet read)."""
        folder = pathlib.Path(self.maildir) / "new"
        return sorted(os.listdir(folder)) if folder.is_dir() else []


@contextlib.contextmanager
def private_postfix(mailboxes):
    """A PostfixRelay, not started (the test starts it with its settings), relaying the signers' domain
    to a RemoteMailboxes server that holds `mailboxes` (`relay.remote`); both stopped at the end."""
    remote = RemoteMailboxes(mailboxes)
    controller = Controller(remote, hostname="127.0.0.1", port=free_port())
    controller.start()
    relay = PostfixRelay(controller.port, remote)
    try:
        yield relay
    finally:
        relay.stop()
        controller.stop()
