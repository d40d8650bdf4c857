import { toApiError } from "../../errors";
import { DOWNLOAD_PATH } from "../../inbound/links";
import { serveDownload } from "../../inbound/download";
import { errorResponse } from "../v1/responses";
import type { PublicRoute } from "./types";

/** A received message's raw bytes or an attachment, behind a signed, expiring link (server/inbound/links.ts). */
export const inboundDownloadRoute: PublicRoute = {
  method: "GET",
  label: `${DOWNLOAD_PATH}{token}`,
  pattern: new RegExp(`^${DOWNLOAD_PATH}([^/]+)/?$`),
  handle: async (_request, match) => {
    try {
      const { headers, body } = await serveDownload(match[1]);
      return { status: 200, headers, body };
    } catch (cause) {
      return errorResponse(toApiError(cause));
    }
  },
};
