# esign: the API (`esign serve`, the default command) and the job worker (`esign worker`) in one image.
# Nothing secret is in it: the database URL, the service key and mail credentials come from the
# environment (docker-compose.yml, docs/operations.md).
# A Python whose email package has CVE-2024-6923 fixed (3.11.10 and later; 3.12.5 and later): esign
# neutralises encoded words in every header it writes anyway (docs/operations.md, "Mail headers").
# Pinned by tag here: the registry was not reachable where this was written. `scripts/pin-base-image`
# asks the registry for the tag's digest and rewrites this line as FROM python:3.11.11-slim@sha256:<digest>;
# CI runs it before the tests wherever Docker Hub answers; commit its result (run it again to take updates).
FROM python:3.11.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-kristi fonts-droid-fallback \
    fonts-nanum fonts-symbola \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY pyproject.toml setup.cfg README.md ./
COPY esign ./esign
COPY plugins ./plugins
RUN pip install --no-cache-dir . \
    && for p in plugins/*/; do if [ -f "$p/setup.cfg" ]; then pip install --no-cache-dir "$p" || exit 1; fi; done
COPY config/esign.docker.toml ./config/esign.docker.toml
RUN useradd --system --uid 10001 --user-group --create-home esign \
    && mkdir -p /data/blobs /data/mail && chown -R esign:esign /data
USER esign
# ESIGN_IMAGE=1: start-up refuses the Maildir email provider unless ESIGN_EMAIL_PROVIDER=maildir (esign.startup);
# the first run writes the first API key to the volume, mode 0600
ENV ESIGN_CONFIG=/app/config/esign.docker.toml PYTHONUNBUFFERED=1 ESIGN_IMAGE=1 \
    ESIGN_BOOTSTRAP_KEY_FILE=/data/first-api-key.json
VOLUME /data
EXPOSE 8080
# the API's probe; the worker's container overrides it with `esign worker --check` (docker-compose.yml)
HEALTHCHECK --interval=15s --timeout=10s --start-period=30s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/readyz' % os.environ.get('ESIGN_SERVER_PORT', '8080'), timeout=8)"
CMD ["esign", "serve"]
