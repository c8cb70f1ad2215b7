import type { ServerResponse } from 'node:http';
import { hexToBytes } from '../../lib/hex.js';
import { nodeIdFromString, nodeIdToString } from '../../lib/cb58.js';
import { encodeHexNoChecksum } from '../../codec/container/checksum-hex.js';
import type { Router } from '../server/router.js';
import { ERR_UNEXPECTED, SignatureRefused, UnknownSigner, type WarpSignatureService } from './signature-service.js';

/**
 * `POST /ext/bc/P/acp118`: an ACP-118 signature request over HTTP. Body `{message, justification?, nodeID?,
 * nodeIDs?}` (hex, `0x` optional); 200 `{signatures: [{nodeID, publicKey, signature}]}` from each requested
 * validator this process runs (all of them by default); 400 `{error: {code, message}}` when the message is
 * refused (AvalancheGo's verifier codes and texts), 404 for a node ID this process does not run.
 */
export function registerAcp118Route(router: Router, base: string, service: WarpSignatureService): void {
  router.addRoute(base, '/acp118', {
    handler: async (req, res, body) => {
      if (req.method !== 'POST') return send(res, 405, { error: { code: ERR_UNEXPECTED, message: `POST method required, received ${req.method ?? ''}` } });
      let request: { message: Uint8Array; justification: Uint8Array; nodeIds: Uint8Array[] };
      try {
        request = parseRequest(body);
      } catch (e) {
        return send(res, 400, { error: { code: ERR_UNEXPECTED, message: (e as Error).message } });
      }
      try {
        const signed = await service.sign(request.message, request.justification, request.nodeIds);
        return send(res, 200, {
          signatures: signed.map((s) => ({ nodeID: nodeIdToString(s.nodeId), publicKey: encodeHexNoChecksum(s.publicKey), signature: encodeHexNoChecksum(s.signature) })),
        });
      } catch (e) {
        if (e instanceof SignatureRefused) return send(res, 400, { error: e.appError });
        if (e instanceof UnknownSigner) return send(res, 404, { error: { code: ERR_UNEXPECTED, message: e.message } });
        throw e;
      }
    },
  });
}

function parseRequest(body: Buffer): { message: Uint8Array; justification: Uint8Array; nodeIds: Uint8Array[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(body.toString('utf8'));
  } catch {
    throw new Error('failed to unmarshal request: body is not JSON');
  }
  if (typeof raw !== 'object' || raw === null) throw new Error('failed to unmarshal request: body is not a JSON object');
  const r = raw as Record<string, unknown>;
  const hex = (name: string): Uint8Array => {
    const v = r[name];
    if (v === undefined || v === null || v === '') return new Uint8Array(0);
    if (typeof v !== 'string') throw new Error(`failed to unmarshal request: ${name} must be a hex string`);
    try {
      return hexToBytes(v);
    } catch {
      throw new Error(`failed to unmarshal request: ${name} is not valid hex`);
    }
  };
  const message = hex('message');
  if (message.length === 0) throw new Error('failed to unmarshal request: message is required');
  const ids: string[] = [];
  if (typeof r.nodeID === 'string' && r.nodeID !== '') ids.push(r.nodeID);
  if (Array.isArray(r.nodeIDs)) for (const n of r.nodeIDs) if (typeof n === 'string') ids.push(n);
  const nodeIds = ids.map((n) => {
    try {
      return nodeIdFromString(n);
    } catch (e) {
      throw new Error(`failed to unmarshal request: invalid nodeID ${JSON.stringify(n)}: ${(e as Error).message}`);
    }
  });
  return { message, justification: hex('justification'), nodeIds };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body) + '\n';
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
