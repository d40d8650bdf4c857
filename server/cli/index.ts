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
import { findAccountId, listAccounts } from "../accounts/lookup";
import { isPlanName, PLAN_NAMES } from "../accounts/plans";
import { ownerSignInLink } from "../auth/password-reset";
import { isReservedAddress } from "../auth/reserved-addresses";
import { authSettings } from "../auth/settings";
import { closeDatabase } from "../db/client";
import { config } from "../config";
import { ensureSecrets } from "../secrets";

const ACCOUNT = "(--account <id> | --email <addr>)";
const USAGE = `Usage: npm run cli -- accounts <command> [options]

Commands:
  create --email <addr> [--plan <${PLAN_NAMES.join("|")}>] [--approved] [--json]
  list [--json]
  sign-in-link ${ACCOUNT} [--json]
  set-plan ${ACCOUNT} --plan <plan>
  approve ${ACCOUNT}
  pause ${ACCOUNT}
  resume ${ACCOUNT}
  throttle ${ACCOUNT} --per-day <n>
  unthrottle ${ACCOUNT}

An account is named by its id (--account) or an address (--email): the account's email, or a
member's sign-in address.`;

class UsageError extends Error {}

/** The sign-in link's line in `create` and `sign-in-link`, or why there is none. */
function signInLine(link: { email: string; url: string } | null): string {
  if (!link) return "No dashboard sign-in: the address already signs in to another account, or belongs to the service.";
  const minutes = Math.round(authSettings.passwordResetTtlSeconds() / 60);
  return `Dashboard: open this link to choose the password of ${link.email} and sign in (works once, for ${minutes} minutes;\n  \`accounts sign-in-link\` makes another):\n  ${link.url}`;
}

/** A password link needs AUTH_SECRET; without one (DATABASE_URL and no secret) the account is made all the same. */
async function linkIfPossible(accountId: string): Promise<{ email: string; url: string } | null> {
  if (!config().authSecret) return null;
  return ownerSignInLink(accountId);
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

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
  /** The account the command names: --account <id> or --email <addr>, one of them. */
  const account = async (): Promise<string> => {
    if (values.account !== undefined && values.email !== undefined)
      throw new UsageError(`accounts ${command} takes --account or --email, not both`);
    if (values.account === undefined && values.email === undefined)
      throw new UsageError(`accounts ${command} needs --account <id> or --email <addr>`);
    return findAccountId({ account: values.account, email: values.email });
  };
  const named = () => values.account ?? values.email;
  switch (command) {
    case "create": {
      if (!values.email) throw new UsageError("accounts create needs --email <addr>");
      const plan = values.plan ?? "unlimited";
      if (!isPlanName(plan)) throw new UsageError(`unknown plan "${plan}" (one of ${PLAN_NAMES.join(", ")})`);
      const created = await createAccount({ email: values.email, plan, approved: values.approved });
      const link = created.ownerUserId ? await linkIfPossible(created.accountId) : null;
      // accountId and apiKey keep their names and order: scripts read them.
      if (values.json) return JSON.stringify({ accountId: created.accountId, apiKey: created.apiKey, signInUrl: link?.url ?? null });
      return [
        `Created account ${created.accountId} (${plan}${values.approved ? ", approved" : ", awaiting review: `accounts approve` lifts it"}).`,
        `API key (shown once): ${created.apiKey}`,
        signInLine(link),
      ].join("\n");
    }
    case "list": {
      const accounts = await listAccounts();
      if (values.json) return JSON.stringify(accounts);
      if (accounts.length === 0) return "No accounts yet. Make one with `accounts create --email <addr>`.";
      const standing = (a: (typeof accounts)[number]) =>
        [
          a.approved ? "approved" : "awaiting review",
          a.paused ? "paused" : "",
          a.emailVerified ? "" : "email unconfirmed",
          a.throttlePerDay !== null ? `throttled ${a.throttlePerDay}/day` : "",
          isReservedAddress(a.email) ? "the service's notices" : "",
        ]
          .filter(Boolean)
          .join(", ");
      return table([
        ["ID", "EMAIL", "PLAN", "MEMBERS", "CREATED", "STANDING"],
        ...accounts.map((a) => [a.id, a.email, a.plan, String(a.members), a.createdAt.slice(0, 10), standing(a)]),
      ]);
    }
    case "sign-in-link": {
      // The link sets the account email's owner's password: by --email, only that address
      // (a member's address would hand its holder the owner's link).
      const id = values.email !== undefined ? await findAccountId({ email: values.email }, { membersToo: false }) : await account();
      if (!config().authSecret) throw new AccountError("a sign-in link is signed with AUTH_SECRET: set it to the server's");
      const link = await ownerSignInLink(id);
      if (values.json) return JSON.stringify({ accountId: id, signInUrl: link?.url ?? null });
      return signInLine(link);
    }
    case "set-plan": {
      if (!values.plan) throw new UsageError("accounts set-plan needs --plan <plan>");
      await setPlan(await account(), values.plan);
      return `Account ${named()} is now on ${values.plan}.`;
    }
    case "approve":
      await approveAccount(await account());
      return `Account ${named()} approved.`;
    case "pause":
      await pauseAccount(await account());
      return `Sending paused for account ${named()}.`;
    case "resume":
      await resumeAccount(await account());
      return `Sending resumed for account ${named()}.`;
    case "throttle": {
      const perDay = Number(values["per-day"]);
      if (values["per-day"] === undefined || !Number.isInteger(perDay) || perDay < 0) {
        throw new UsageError("accounts throttle needs --per-day <n> (a non-negative integer)");
      }
      await throttleAccount(await account(), perDay);
      return `Account ${named()} throttled to ${perDay} recipients a day.`;
    }
    case "unthrottle":
      await unthrottleAccount(await account());
      return `Review throttle lifted for account ${named()}.`;
    default:
      throw new UsageError(`unknown command "accounts ${command}"`);
  }
}

async function main(): Promise<void> {
  let code = 0;
  try {
    // With DATABASE_URL the CLI needs no more than the URL; AUTH_SECRET, when set, signs the sign-in links.
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
