// `npm run build`'s second half: the custom server that `npm start` runs and the accounts CLI
// (`node dist/cli.mjs`, for images and hosts without tsx or the sources); Next builds the rest.
import { bundleServer } from "./bundle.mjs";

console.log(`built ${await bundleServer("server/main.ts", "dist/server.mjs")}`);
console.log(`built ${await bundleServer("server/cli/index.ts", "dist/cli.mjs")}`);
