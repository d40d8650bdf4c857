"use client";
import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";
import { Button } from "../_components/ui/button";

/**
 * A console page that failed to render: the frame stays, so the owner can retry or go elsewhere.
 * Server errors reach the browser without their message (Next hides it); the digest matches the
 * server's log line.
 */
export default function ConsoleError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error ? String(error.digest) : null;
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center">
      <TriangleAlertIcon className="size-10 text-destructive" aria-hidden />
      <h1 className="text-2xl font-semibold tracking-tight">This page could not be loaded</h1>
      <p className="text-muted-foreground">
        Something went wrong on our side. Trying again often helps; if it keeps failing, tell the operator.
      </p>
      {digest && (
        <p className="text-sm text-muted-foreground">
          Reference: <code>{digest}</code>
        </p>
      )}
      <Button onClick={() => retry()}>
        <RotateCwIcon aria-hidden /> Try again
      </Button>
    </div>
  );
}
