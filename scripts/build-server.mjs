// `npm run build`'s second half: the custom server that `npm start` runs; Next builds the rest.
import { bundleServer } from "./bundle.mjs";

console.log(`built ${await bundleServer("server/main.ts", "dist/server.mjs")}`);
