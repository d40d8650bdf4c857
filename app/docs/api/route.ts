/**
 * /docs/api: the API reference, rendered in the browser by Scalar from /v1/openapi.json.
 * The renderer is served by this app (/docs/api/scalar.js), not a CDN, and its web fonts
 * are off: the page works on a deployment without internet access. (An element with id
 * "api-reference" would also be mounted by the bundle itself, with default settings.)
 */
const CONFIGURATION = {
  url: "/v1/openapi.json",
  withDefaultFonts: false,
  hideClientButton: true,
  // Both call Scalar's hosted services.
  agent: { disabled: true },
  mcp: { disabled: true },
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Posthaste</title>
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<style>
  body { margin: 0; font-family: system-ui, sans-serif; }
  .ph-bar { display: flex; gap: 1rem; padding: .5rem 1rem; font-size: .875rem; border-bottom: 1px solid #e5e7eb; }
  .ph-bar a { color: inherit; }
</style>
</head>
<body>
<nav class="ph-bar" aria-label="Docs">
  <a href="/docs">Docs</a><a href="/docs/webhooks">Webhooks</a><a href="/docs/resend">Migrating from Resend</a><a href="/v1/openapi.json">openapi.json</a>
</nav>
<div id="reference"></div>
<script src="/docs/api/scalar.js"></script>
<script>Scalar.createApiReference("#reference", ${JSON.stringify(CONFIGURATION)});</script>
</body>
</html>`;

export function GET(): Response {
  return new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } });
}
