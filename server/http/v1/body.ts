import type { Meta } from "../../api/trpc";
import { ApiError, validationError } from "../../errors";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "../../lib/json-depth";
import { isStorableText, unstorableAt, unstorableMessage } from "../../lib/text";
import type { V1Request } from "./types";

/**
 * A path parameter no resource can be named by (NUL, an unpaired surrogate, broken
 * percent-encoding) is 404; such a query value is 400. Either would reach PostgreSQL as
 * an error of its own otherwise.
 */
export function unstorableInUrl(url: string): ApiError | null {
  const [path, query] = url.split("?", 2);
  for (const segment of path.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      decoded = "\0";
    }
    if (!isStorableText(decoded)) return new ApiError("not_found", 404, "No such resource: the path names none.");
  }
  for (const [name, value] of new URLSearchParams(query ?? "")) {
    if (!isStorableText(value)) return validationError(unstorableMessage(name));
  }
  return null;
}

/**
 * The JSON body of a request: parsed, shaped as the route takes it (an array body wrapped
 * under its field), and checked for text PostgreSQL cannot store. A bad body is not
 * thrown: it is reported after authentication and scope (a keyless request is 401 whatever it sends).
 */
export function readJsonBody(request: V1Request, method: string, meta: Meta): { body: unknown; bodyError: ApiError | undefined } {
  let body: unknown = undefined;
  let bodyError: ApiError | undefined;
  if (request.body && request.body.length > 0 && method !== "GET" && method !== "DELETE") {
    try {
      const text = request.body.toString("utf8");
      if (jsonNestsDeeperThan(text))
        throw validationError(`The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`);
      body = JSON.parse(text);
      if (meta.arrayBody) {
        if (!Array.isArray(body)) bodyError = validationError("The request body must be a JSON array.");
        else body = { [meta.arrayBody]: body };
      } else if (body === null || typeof body !== "object" || Array.isArray(body)) {
        bodyError = validationError("The request body must be a JSON object.");
      }
      // Batch entries are checked one by one (sendBatch): one bad entry is that entry's error.
      const unstorable = bodyError || meta.arrayBody ? null : unstorableAt(body);
      if (unstorable !== null) bodyError = validationError(unstorableMessage(unstorable));
    } catch (err) {
      bodyError = err instanceof ApiError ? err : validationError("The request body is not valid JSON.");
    }
    if (bodyError) body = undefined;
  }
  return { body, bodyError };
}
