"use client";
import { useEffect } from "react";
import { toast } from "sonner";

/**
 * Confirms a sign-out (the action sends the browser here with ?signed-out=1), then drops the flag
 * from the address so a reload or a bookmark does not say it again.
 */
export function SignedOutToast() {
  useEffect(() => {
    toast.success("Signed out", { id: "signed-out" });
    const url = new URL(window.location.href);
    url.searchParams.delete("signed-out");
    window.history.replaceState(window.history.state, "", url);
  }, []);
  return null;
}
