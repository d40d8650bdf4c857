import { loadConfig, setConfig } from "../../server/config";

/**
 * Sets variables (undefined unsets one) in this test process's environment and re-reads
 * the process config from it: the service parses its environment once, so a change
 * mid-test only counts through here.
 */
export function reconfigure(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  setConfig(loadConfig(process.env));
}
