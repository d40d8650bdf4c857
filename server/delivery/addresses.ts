import addressparser from "nodemailer/lib/addressparser";

/** The address part of `addr@domain` or `Display Name <addr@domain>`, lower-cased. */
export function bareAddress(value: string): string {
  const parsed = addressparser(value, { flatten: true }) as { address?: string }[];
  return (parsed[0]?.address || value).trim().toLowerCase();
}

export function domainOf(address: string): string {
  return bareAddress(address).split("@").pop() ?? "";
}
