import { parseArgs } from "node:util";
import {
  AccountError,
  approveAccount,
  createAccount,
  pauseAccount,
  resumeAccount,
  setPlan,
  throttleAccount,
  unthrottleAccount,
} from "../accounts/accounts";
import { isPlanName, PLAN_NAMES } from "../accounts/plans";
import { closeDatabase } from "../db/client";
import { config } from "../config";
import { ensureSecrets } from "../secrets";

const USAGE = `Usage: npm run cli -- accounts <command> [options]

Commands:
  create --email <addr> [--plan <${PLAN_NAMES.join("|")}>] [--approved] [--json]
  set-plan --account <id> --plan <plan>
  approve --account <id>
  pause --account <id>
  resume --account <id>
  throttle --account <id> --per-day <n>
  unthrottle --account <id>`;

class UsageError extends Error {}

async function run(argv: string[]): Promise<string> {
  const [group, command, ...rest] = argv;
  if (group !== "accounts" || !command)
    throw new UsageError(group ? `unknown command "${[group, command].filter(Boolean).join(" ")}"` : "no command given");
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      plan: { type: "string" },
      approved: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      account: { type: "string" },
      "per-day": { type: "string" },
    },
    strict: true,
  });
  const account = () => {
    if (!values.account) throw new UsageError(`accounts ${command} needs --account <id>`);
    return values.account;
  };
  switch (command) {
    case "create": {
      if (!values.email) throw new UsageError("accounts create needs --email <addr>");
      const plan = values.plan ?? "unlimited";
      if (!isPlanName(plan)) throw new UsageError(`unknown plan "${plan}" (one of ${PLAN_NAMES.join(", ")})`);
      const created = await createAccount({ email: values.email, plan, approved: values.approved });
      return values.json
        ? JSON.stringify(created)
        : `Created account ${created.accountId} (${plan}${values.approved ? ", approved" : ""}).\nAPI key (shown once): ${created.apiKey}`;
    }
    case "set-plan":
      if (!values.plan) throw new UsageError("accounts set-plan needs --plan <plan>");
      await setPlan(account(), values.plan);
      return `Account ${values.account} is now on ${values.plan}.`;
    case "approve":
      await approveAccount(account());
      return `Account ${values.account} approved.`;
    case "pause":
      await pauseAccount(account());
      return `Sending paused for account ${values.account}.`;
    case "resume":
      await resumeAccount(account());
      return `Sending resumed for account ${values.account}.`;
    case "throttle": {
      const perDay = Number(values["per-day"]);
      if (values["per-day"] === undefined || !Number.isInteger(perDay) || perDay < 0) {
        throw new UsageError("accounts throttle needs --per-day <n> (a non-negative integer)");
      }
      await throttleAccount(account(), perDay);
      return `Account ${values.account} throttled to ${perDay} recipients a day.`;
    }
    case "unthrottle":
      await unthrottleAccount(account());
      return `Review throttle lifted for account ${values.account}.`;
    default:
      throw new UsageError(`unknown command "accounts ${command}"`);
  }
}

async function main(): Promise<void> {
  let code = 0;
  try {
    // Account commands use neither secret: with DATABASE_URL the CLI needs no more than the URL.
    if (!config().databaseUrl) ensureSecrets(() => {});
    console.log(await run(process.argv.slice(2)));
  } catch (err) {
    // Drizzle wraps driver errors as "Failed query: …"; the cause says what went wrong.
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : "";
    const message = (err instanceof Error ? err.message.split("\n")[0] : String(err)) + cause;
    console.error(`error: ${message}`);
    if (err instanceof UsageError || (err instanceof TypeError && "code" in err)) console.error(`\n${USAGE}`);
    code = err instanceof UsageError || err instanceof AccountError || err instanceof TypeError ? 2 : 1;
  } finally {
    await closeDatabase().catch(() => {});
  }
  process.exit(code);
}

void main();
