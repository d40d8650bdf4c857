"use client";
import { useEffect } from "react";
import { toast } from "sonner";

/** What each `?done=` flag says: set by server actions that end in a redirect (a toast raised there would not survive it). */
const MESSAGES: Record<string, string> = {
  "password-set": "Password set. You are signed in.",
  joined: "You joined the account. Welcome.",
};

/** Confirms an action that redirected here with `?done=…` in a toast, then drops the flag so a reload does not say it again. */
export function FlagToast() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const message = MESSAGES[url.searchParams.get("done") ?? ""];
    if (!message) return;
    toast.success(message, { id: `done-${url.searchParams.get("done")}` });
    url.searchParams.delete("done");
    window.history.replaceState(window.history.state, "", url);
  }, []);
  return null;
}
