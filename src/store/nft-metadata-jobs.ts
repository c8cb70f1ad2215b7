import type { Database, Queryable } from './database/database.js';
import { declareWriteChain } from './data-versions.js';

/** A token whose metadata is due for a fetch. */
export interface MetadataJob {
  chain: number;
  contract: Uint8Array;
  tokenId: bigint;
  tokenUri: string | null;
  attempts: number;
}

/** Statuses worth another try later (the server may come back or stop throttling). */
export const RETRYABLE_STATUSES = ['UNREACHABLE_TOKEN_URI', 'THROTTLED_TOKEN_URI', 'UNKNOWN'] as const;

/**
 * Tokens never fetched, then retryable failures whose backoff (2^attempts minutes) has passed and that
 * have fewer than `maxAttempts` attempts, oldest first.
 */
export async function dueMetadataJobs(db: Queryable, limit: number, nowSeconds: number, maxAttempts: number): Promise<MetadataJob[]> {
  const { rows } = await db.query<{ chain: number; contract: Uint8Array; token_id: string; token_uri: string | null; metadata_attempts: number }>(
    `(SELECT chain, contract, token_id, token_uri, metadata_attempts FROM evm_nft_tokens
       WHERE metadata_status = 'UNINDEXED' ORDER BY chain, first_block LIMIT $1)
     UNION ALL
     (SELECT chain, contract, token_id, token_uri, metadata_attempts FROM evm_nft_tokens
       WHERE metadata_status = ANY($2::text[]) AND metadata_attempts < $4
         AND metadata_updated_at + 60 * (2 ^ metadata_attempts)::bigint <= $3
       ORDER BY metadata_updated_at LIMIT $1)
     LIMIT $1`,
    [limit, RETRYABLE_STATUSES, nowSeconds, maxAttempts],
  );
  return rows.map((r) => ({ chain: r.chain, contract: new Uint8Array(r.contract), tokenId: BigInt(r.token_id), tokenUri: r.token_uri, attempts: r.metadata_attempts }));
}

export interface MetadataResult {
  status: string;
  error?: string;
  name?: string;
  symbol?: string;
  imageUri?: string;
  description?: string;
  animationUri?: string;
  externalUrl?: string;
  background?: string;
  attributes?: string;
  properties?: string;
  decimals?: number;
}

/** Record a fetch's outcome. Metadata columns are replaced only by a successful fetch. */
export async function saveMetadataResult(db: Database, job: MetadataJob, result: MetadataResult, nowSeconds: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Only this token's chain's kept Data API answers are dropped, not every EVM chain's.
    await declareWriteChain(tx, job.chain);
    await updateToken(tx, job, result, nowSeconds);
  });
}

async function updateToken(db: Queryable, job: MetadataJob, result: MetadataResult, nowSeconds: number): Promise<void> {
  if (result.status === 'INDEXED') {
    await db.query(
      `UPDATE evm_nft_tokens SET metadata_status = 'INDEXED', metadata_updated_at = $4, metadata_attempts = metadata_attempts + 1,
         metadata_error = NULL, metadata_name = $5, metadata_symbol = $6, image_uri = $7, description = $8, animation_uri = $9,
         external_url = $10, background = $11, attributes = $12, properties = $13, metadata_decimals = $14
       WHERE chain = $1 AND contract = $2 AND token_id = $3`,
      [
        job.chain, job.contract, job.tokenId.toString(), nowSeconds, result.name ?? null, result.symbol ?? null, result.imageUri ?? null,
        result.description ?? null, result.animationUri ?? null, result.externalUrl ?? null, result.background ?? null,
        result.attributes ?? null, result.properties ?? null, result.decimals ?? null,
      ],
    );
    return;
  }
  await db.query(
    `UPDATE evm_nft_tokens SET metadata_status = $4, metadata_updated_at = $5, metadata_attempts = metadata_attempts + 1, metadata_error = $6
     WHERE chain = $1 AND contract = $2 AND token_id = $3`,
    [job.chain, job.contract, job.tokenId.toString(), result.status, nowSeconds, result.error ?? null],
  );
}
