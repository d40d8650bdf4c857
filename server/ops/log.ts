import pino, { type Logger } from "pino";
import { config } from "../config";
import { processShared } from "../lib/process-shared";

/**
 * The service's logger: JSON lines on stdout (pino), at LOG_LEVEL. One per process, shared
 * by our bundle and Next's, created on first use so tests can set the level beforehand.
 */
const holder = processShared("logger", () => ({ logger: null as Logger | null }));

export function log(): Logger {
  const level = config().logLevel;
  holder.logger ??= pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime });
  if (holder.logger.level !== level) holder.logger.level = level; // a reloaded config (tests)
  return holder.logger;
}
