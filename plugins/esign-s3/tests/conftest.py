"""Fixtures: moto's S3 server on 127.0.0.1 (one per session, a fresh bucket per test) and the s3
provider chosen through esign's own plugin manager."""
from __future__ import annotations

import uuid

import boto3
import pytest
from moto.server import ThreadedMotoServer
from s3_support import CREDENTIALS, make_storage


@pytest.fixture(scope="session")
def moto_url():
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    yield f"http://{host}:{port}"
    server.stop()


@pytest.fixture
def s3(moto_url):
    """A plain boto3 client of the moto server, to look behind the provider's back."""
    client = boto3.client("s3", endpoint_url=moto_url, region_name="us-east-1",
                          aws_access_key_id=CREDENTIALS["access_key_id"],
                          aws_secret_access_key=CREDENTIALS["secret_access_key"])
    yield client
    client.close()


@pytest.fixture
def bucket(s3) -> str:
    name = f"esign-{uuid.uuid4().hex[:12]}"
    s3.create_bucket(Bucket=name)
    return name


@pytest.fixture
async def storage(moto_url, bucket):
    provider = make_storage(moto_url, bucket)
    await provider.start()
    yield provider
    await provider.close()
