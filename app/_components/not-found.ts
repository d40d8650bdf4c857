import { notFound } from "next/navigation";
import { toApiError } from "@/server/errors";

/** The page's record, or Next's 404 page when the API says there is none. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (err) {
    if (toApiError(err).type === "not_found") notFound();
    throw err;
  }
}
