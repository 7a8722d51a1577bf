import type { WireRequest } from '../../api/transport.ts';

/**
 * A call's payload as it travels between a gateway and the core (cluster-protocol.ts) in JSON: a
 * multipart upload's files are Blobs, which JSON cannot carry, so they travel beside the payload,
 * by field name, in base64, and become Blobs (Files when they had a name) again at the core. They
 * travel apart from the other fields so that no JSON a client sends can turn into a file.
 */
export interface EncodedBlob {
  type: string;
  name?: string;
  base64: string;
}

export interface EncodedRequest {
  request: WireRequest;
  blobs?: Record<string, EncodedBlob>;
}

export async function encodeRequest(request: WireRequest): Promise<EncodedRequest> {
  const payload: Record<string, unknown> = {};
  const blobs: Record<string, EncodedBlob> = {};
  for (const [key, value] of Object.entries(request.payload)) {
    if (value instanceof Blob) {
      blobs[key] = {
        type: value.type,
        ...(value instanceof File ? { name: value.name } : {}),
        base64: Buffer.from(await value.arrayBuffer()).toString('base64'),
      };
    } else payload[key] = value;
  }
  const plain = { ...request, payload };
  return Object.keys(blobs).length > 0 ? { request: plain, blobs } : { request: plain };
}

export function decodeRequest(encoded: EncodedRequest): WireRequest {
  const blobs = encoded.blobs ?? {};
  if (Object.keys(blobs).length === 0) return encoded.request;
  const payload: Record<string, unknown> = { ...encoded.request.payload };
  for (const [key, blob] of Object.entries(blobs)) {
    const bytes = Buffer.from(blob.base64, 'base64');
    payload[key] =
      blob.name === undefined
        ? new Blob([bytes], { type: blob.type })
        : new File([bytes], blob.name, { type: blob.type });
  }
  return { ...encoded.request, payload };
}
