// `npm run build`'s second half: the custom server that `npm start` runs and the accounts CLI
// (`node dist/cli.mjs`, for images and hosts without tsx or the sources); Next builds the rest.
// Both in one build, so that the modules they share are one chunk (scripts/bundle.mjs).
import { bundleServerEntries } from "./bundle.mjs";

const built = await bundleServerEntries({ server: "server/main.ts", cli: "server/cli/index.ts" }, "dist");
console.log(`built ${built.join(", ")} and their chunks`);
