"""What tests share, by topic; fixtures stay in the conftest.py files, and no test imports another.

- server.py: a real esign server (`running_server`, an async context manager), its config, the keys
- client.py: the HTTP client, its Response, `assert_error` (the spec's Error shape)
- store.py: the database without the index check, a fresh store, a store method that fails a while
- documents.py: the PDF corpus, PDFs built by hand, multipart bodies
- signing.py: signing requests built over the API, signer links and the signer API
- images.py: signature images;  templates.py: templates and bulk send
- mail.py: SMTP servers (an inbox, one that fails as told);  webhooks.py: a webhook receiver
- pdf_tools.py: PDF generation, rendering and the independent verifiers;  pki.py: TSA, OCSP, CRL
- browser.py: headless Chromium;  rawhttp.py: HTTP over a raw connection
- processes.py: `esign serve` and `esign verify` in processes of their own;  config.py: config texts

The core names are importable from the package itself: `from tests.support import running_server`.
"""
from tests.support.client import KEYS, Client, Response, assert_error
from tests.support.documents import CORPUS, SAMPLE_PDF
from tests.support.server import TEST_DATABASE_URL, Server, running_server, start_server, stop_server, write_config
from tests.support.store import Hiccup, raw_db

__all__ = ["CORPUS", "KEYS", "SAMPLE_PDF", "TEST_DATABASE_URL", "Client", "Hiccup", "Response", "Server",
           "assert_error", "raw_db", "running_server", "start_server", "stop_server", "write_config"]
