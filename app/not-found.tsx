import type { Metadata } from "next";
import { NotFoundContent } from "./_components/not-found-content";
import { SessionShell } from "./_components/shell/shells";

export const metadata: Metadata = { title: "Not found" };

/**
 * Every unknown page a browser asks for (the App Router renders this for unmatched paths and for
 * notFound() outside the console), in the frame the visitor would see on any other page.
 */
export default function NotFound() {
  return (
    <SessionShell>
      <NotFoundContent />
    </SessionShell>
  );
}
