/** The Data API's NftTokenMetadataStatus values (UPPERCASE on the wire). */
export type MetadataStatus =
  | 'UNKNOWN'
  | 'MISSING_TOKEN'
  | 'INVALID_TOKEN_URI'
  | 'INVALID_TOKEN_URI_SCHEME'
  | 'UNREACHABLE_TOKEN_URI'
  | 'THROTTLED_TOKEN_URI'
  | 'METADATA_CONTENT_TOO_LARGE'
  | 'INVALID_METADATA'
  | 'INVALID_METADATA_JSON'
  | 'INDEXED'
  | 'UNINDEXED';

/** A failure to get metadata, with the status that describes it. */
export class MetadataError extends Error {
  constructor(readonly status: MetadataStatus, message: string) {
    super(message);
    this.name = 'MetadataError';
  }
}
