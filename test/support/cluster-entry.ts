// `npm start` without Next: the multi-process server (server/cluster) as test/processes.test.ts runs it.
import { runServerProcesses } from "../../server/cluster/processes";
import { startServer } from "../../server/start";

await runServerProcesses(({ embeddedViaPrimary, backgroundLoops }) => startServer({ embeddedViaPrimary, backgroundLoops }));
