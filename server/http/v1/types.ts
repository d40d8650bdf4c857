/** What /v1 answers, independent of the server that carries it (node:http or Next). */
export interface V1Response {
  status: number;
  headers: Record<string, string>;
  /** Text, or bytes (an inbound download). */
  body: string | Buffer;
}

export interface V1Request {
  method: string;
  /** Path and query, e.g. `/v1/emails?limit=10`. */
  url: string;
  header(name: string): string | undefined;
  /** The raw body, already read within the size limit; null when there was none. */
  body: Buffer | null;
}
