FROM python:3.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-kristi fonts-droid-fallback && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY pyproject.toml setup.cfg README.md ./
COPY esign ./esign
COPY plugins ./plugins
COPY config ./config
RUN pip install --no-cache-dir . && for p in plugins/*/; do [ -f "$p/setup.cfg" ] && pip install --no-cache-dir "$p"; done; true
RUN useradd --create-home esign && mkdir -p /data && chown esign /data
USER esign
ENV ESIGN_SERVER_HOST=0.0.0.0 ESIGN_STORAGE_PATH=/data/blobs ESIGN_EMAIL_PATH=/data/mail
EXPOSE 8080
HEALTHCHECK CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8080/healthz')"
CMD ["esign", "serve", "--config", "/app/config/esign.example.toml"]
