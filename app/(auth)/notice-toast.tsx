"use client";
import { useEffect } from "react";
import { toast } from "sonner";

/** Says a door form's outcome in a toast too, each time the action returns one (the notice stays on the card). */
export function useNoticeToast(notice: string | null | undefined, message: string) {
  useEffect(() => {
    if (notice) toast.success(message);
  }, [notice, message]);
}
