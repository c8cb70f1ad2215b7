/** An error whose message is meant for the client verbatim (AvalancheGo wording). */
export class ClientError extends Error {
  constructor(message: string, readonly code = -32000, readonly data: unknown = null) {
    super(message);
    this.name = 'ClientError';
  }
}
