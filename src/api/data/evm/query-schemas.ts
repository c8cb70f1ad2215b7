/** Query parameters of the paginated EVM routes (glacier.json). */
export const PAGE_TOKEN_QUERY = {
  type: 'string',
  description: 'A page token, received from a previous list call. Provide this to retrieve the subsequent page.',
} as const;

export const PAGE_SIZE_QUERY = {
  type: 'integer',
  default: 10,
  minimum: 1,
  maximum: 100,
  description: 'The maximum number of items to return. The minimum page size is 1. The maximum pageSize is 100.',
} as const;
