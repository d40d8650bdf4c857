/** One handler for every HTTP method a route file exports. */
export function everyMethod<H>(handler: H) {
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler, HEAD: handler, OPTIONS: handler };
}
