import { z } from "zod";

/** The shape of the dashboard's sink-message read; the type is derived from it. */
export const SinkMessage = z.object({
  raw: z.string(),
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  headers: z.array(z.object({ key: z.string(), value: z.string() })),
  attachments: z.array(z.object({ filename: z.string().nullable(), mimeType: z.string(), size: z.number().int() })),
});
export type SinkMessage = z.infer<typeof SinkMessage>;

/** Messages test mode rewrote to the account email, with the recipients the request named. */
export const Rewrites = z.object({ data: z.array(z.object({ id: z.string(), rewrittenFrom: z.array(z.string()) })) });
export type Rewrites = z.infer<typeof Rewrites>;
