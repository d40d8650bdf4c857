import { z } from "zod";
import { deleteAccount } from "../../accounts/delete";
import { AccountSettings } from "../../accounts/schemas";
import { accountSettings } from "../../accounts/standing";
import { emailChangeSent, requestEmailChange } from "../../auth/email-change";
import { changePassword } from "../../auth/password-change";
import { MAX_FORM_FIELD_LENGTH } from "../../limits/constants";
import { ownerProcedure, router, sessionProcedure } from "../trpc";

const formField = z.string().max(MAX_FORM_FIELD_LENGTH);

/** The dashboard's account settings and the signed-in user's own sign-in (no /v1 path: sessions only). */
export const accountRouter = router({
  get: sessionProcedure
    .input(z.object({}))
    .output(AccountSettings)
    .query(({ ctx }) => accountSettings(ctx.account, ctx.member)),
  /** Owners only: deletes the account and everything in it once its email is typed; its keys stop at once. */
  remove: ownerProcedure
    .input(z.object({ confirmation: formField }))
    .output(z.object({ id: z.string(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => deleteAccount(ctx.account, input.confirmation)),
  /** The current password, then the new one; every session (this one too) is signed out. */
  changePassword: sessionProcedure
    .input(z.object({ current: formField, next: formField }))
    .output(z.object({ changed: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.member, input);
      return { changed: true as const };
    }),
  /** Mails a confirmation link to the new address; the sign-in address changes when it is followed. */
  changeEmail: sessionProcedure
    .input(z.object({ email: formField, password: formField }))
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await requestEmailChange(ctx.member, input);
      return { message: emailChangeSent(input.email.trim()) };
    }),
});
