import type { Metadata, Viewport } from "next";
import { Providers } from "./_components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Posthaste", template: "%s · Posthaste" },
  description: "Self-hosted transactional email",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fafafa" },
    { media: "(prefers-color-scheme: dark)", color: "#18181b" },
  ],
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // next-themes sets the theme class on <html> before React hydrates; the attribute differs by design.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
