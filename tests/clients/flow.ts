// The whole flow through the official TypeScript client (clients/typescript), run under Node by
// tests/clients/test_typescript_client.py, which compiles it with tsc (so its types are checked against
// the generated schema), serves esign, reads the signers' links from its mail and checks the results.
//   node flow.js prepare <in.json>: webhook, two uploads, an envelope with text tags and anchors, send
//   node flow.js finish <in.json>:  both signers sign through the signer API, wait, download every PDF
// Each prints one line of JSON; a failed check throws (exit status 1).
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

import { asFormData, createEsignClient, type Schema } from "./index.js";

interface Input {
  url: string;
  apiKey: string;
  hookUrl: string;
  events: string[];
  tagged: string;
  plain: string;
  ann: string;
  sam: string;
  outDir: string;
  requestId?: string;
  documentIds?: string[];
  tokens?: Record<string, string>;
}

const [step, inPath] = process.argv.slice(2);
const input: Input = JSON.parse(readFileSync(inPath, "utf8"));
const client = createEsignClient({ baseUrl: input.url, apiKey: input.apiKey });
const publicClient = createEsignClient({ baseUrl: input.url });

async function upload(path: string): Promise<Schema<"UploadResponse">> {
  const file = new File([readFileSync(path)], basename(path), { type: "application/pdf" });
  const { data, error } = await client.POST("/v1/documents/upload", { body: { file }, bodySerializer: asFormData });
  assert.ok(data, JSON.stringify(error));
  assert.equal(data.status, "ready");
  return data;
}

async function prepare() {
  const hook = await client.POST("/v1/webhooks", {
    body: { name: "flow", url: input.hookUrl, events: input.events as Schema<"WebhookCreate">["events"] },
  });
  assert.ok(hook.data, JSON.stringify(hook.error));
  const tagged = await upload(input.tagged);
  const plain = await upload(input.plain);
  assert.equal(tagged.text_tags?.length, 4);

  const body: Schema<"SigningRequestCreate"> = {
    document_ids: [tagged.document_id, plain.document_id],
    signers: [{ name: "Ann Buyer", email: input.ann }, { name: "Sam Seller", email: input.sam }],
    email_subject: "Please sign",
    fields_from_text_tags: true,
    fields: [
      { signer_email: input.sam, anchor: { text: "Seller Signature:", x_offset: 30, y_offset: -1 } },
      { signer_email: input.ann, document_id: plain.document_id, field_type: "initials",
        anchor: { text: "Is there no information?", y_offset: 2 } },
    ],
  };
  const made = await client.POST("/v1/signing-requests", { body, params: { header: { "Idempotency-Key": "ts-1" } } });
  assert.ok(made.data, JSON.stringify(made.error));
  assert.equal(made.data.status, "draft");
  // errors arrive typed in the Error shape
  const reused = await client.POST("/v1/signing-requests", {
    body: { document_id: plain.document_id, signers: [{ name: "Bo", email: "bo@example.test" }] },
    params: { header: { "Idempotency-Key": "ts-1" } },
  });
  assert.equal(reused.response.status, 409);
  assert.equal(reused.error?.error.code, "idempotency_key_reused");
  const missing = await client.GET("/v1/signing-requests/{request_id}", {
    params: { path: { request_id: "00000000-0000-4000-8000-000000000000" } },
  });
  assert.equal(missing.error?.error.code, "not_found");
  const anonymous = await publicClient.GET("/v1/signing-requests/{request_id}", {
    params: { path: { request_id: made.data.id } },
  });
  assert.equal(anonymous.response.status, 401);

  const id = made.data.id;
  const placed = await client.GET("/v1/signing-requests/{request_id}/fields", { params: { path: { request_id: id } } });
  assert.ok(placed.data, JSON.stringify(placed.error));
  const fields = placed.data;
  assert.deepEqual(fields.map((f) => f.field_type).sort(), ["date", "initials", "initials", "select", "signature", "signature"]);
  assert.equal(fields.filter((f) => f.text_tag).length, 4);
  const anchoredInitials = fields.find((f) => f.anchor && f.field_type === "initials");
  assert.equal(anchoredInitials?.document_id, plain.document_id);

  const sent = await client.POST("/v1/signing-requests/{request_id}/send", {
    params: { path: { request_id: id }, header: { "Idempotency-Key": "ts-send" } },
  });
  assert.equal(sent.data?.status, "pending", JSON.stringify(sent.error));
  return { requestId: id, secret: hook.data.secret, documentIds: [tagged.document_id, plain.document_id] };
}

async function finish() {
  const id = input.requestId as string;
  for (const [who, name] of [[input.ann, "Ann Buyer"], [input.sam, "Sam Seller"]]) {
    const token = (input.tokens as Record<string, string>)[who];
    const view = await publicClient.GET("/sign/{token}/api", { params: { path: { token } } });
    assert.ok(view.data, JSON.stringify(view.error));
    assert.equal(view.data.can_sign, true);
    const values: Record<string, string | boolean | null> = {};
    for (const field of view.data.fields) {
      if (field.field_type === "select" && field.options) {
        values[field.id] = field.options[0];
      }
    }
    const signed = await publicClient.POST("/sign/{token}/api/sign", {
      params: { path: { token } },
      body: { values, consent: true, signature: { kind: "typed", text: name } },
    });
    assert.ok(signed.data, JSON.stringify(signed.error));
  }

  for (let deadline = Date.now() + 120_000; ; ) {
    const got = await client.GET("/v1/signing-requests/{request_id}", { params: { path: { request_id: id } } });
    assert.ok(got.data, JSON.stringify(got.error));
    if (got.data.status === "completed" && got.data.signed_pdf_status === "ready") {
      break;
    }
    assert.ok(Date.now() < deadline, `still ${got.data.status}, signed PDF ${got.data.signed_pdf_status}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  const seal = await publicClient.GET("/v1/seal-certificate", { parseAs: "text" });
  assert.ok(seal.data, JSON.stringify(seal.error));
  const trust = join(input.outDir, "trust.pem");
  writeFileSync(trust, seal.data);
  const pdfs: string[] = [];
  for (const documentId of input.documentIds as string[]) {
    const link = await client.GET("/v1/signing-requests/{request_id}/download", {
      params: { path: { request_id: id }, query: { document_id: documentId } },
    });
    assert.ok(link.data, JSON.stringify(link.error));
    const pdf = await fetch(link.data.download_url);
    assert.equal(pdf.status, 200);
    const path = join(input.outDir, `${documentId}.pdf`);
    writeFileSync(path, Buffer.from(await pdf.arrayBuffer()));
    pdfs.push(path);
  }
  return { trust, pdfs };
}

const result = step === "prepare" ? await prepare() : step === "finish" ? await finish() : undefined;
assert.ok(result, `unknown step ${step}`);
console.log(JSON.stringify(result));
