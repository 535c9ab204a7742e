// The official TypeScript client of the esign API: openapi-fetch over the types openapi-typescript
// generates from the OpenAPI document (src/schema.d.ts, made by scripts/clients; do not edit that file).
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type { components, operations, paths } from "./schema.js";

/** A schema of the document by name, e.g. `Schema<"SigningRequest">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

export interface EsignClientOptions extends Omit<ClientOptions, "baseUrl"> {
  /** The service's address, e.g. `https://esign.example.com` (no trailing `/v1`). */
  baseUrl: string;
  /** An API key (`esk_live_...` or `esk_test_...`), sent as `X-API-Key`. Leave it out for the public
   * calls: the signer API (`/sign/{token}/api/...`), `/v1/seal-certificate`, the health checks. */
  apiKey?: string;
}

export type EsignClient = Client<paths>;

/** A client for every operation of the document: `client.GET("/v1/signing-requests/{request_id}",
 * {params: {path: {request_id}}})` answers `{data}` (typed by the document) or `{error}` (the Error shape). */
export function createEsignClient({ baseUrl, apiKey, headers, ...rest }: EsignClientOptions): EsignClient {
  const all = new Headers(headers as HeadersInit | undefined);
  if (apiKey !== undefined) {
    all.set("X-API-Key", apiKey);
  }
  return createClient<paths>({ ...rest, baseUrl: baseUrl.replace(/\/+$/, ""), headers: all });
}

/** The body serializer of the multipart operations (`POST /v1/documents/upload`, a signer's attachment):
 * `client.POST("/v1/documents/upload", {body: {file: new File([bytes], "contract.pdf", {type:
 * "application/pdf"})}, bodySerializer: asFormData})`. A File keeps its name; a plain Blob is sent as "file". */
export function asFormData(body: Record<string, Blob | string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === "string") {
      form.append(name, value);
    } else {
      form.append(name, value, value instanceof File ? value.name : "file");
    }
  }
  return form;
}
