import { config } from "../../config";
import { EmbeddedDriver } from "./embedded";
import { inngestDriver } from "./inngest";
import type { JobsDriver } from "./types";

/** The driver JOBS_DRIVER names (embedded unless Inngest is configured). */
export function jobsDriver(): JobsDriver {
  return config().jobsDriver === "inngest" ? inngestDriver : new EmbeddedDriver();
}
