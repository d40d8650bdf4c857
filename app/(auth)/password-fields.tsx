import { MIN_PASSWORD_LENGTH } from "@/server/limits/constants";
import { Field } from "../_components/field";
import { Input } from "../_components/ui/input";

/** A new password and its confirmation, as sign-up asks for them. */
export function NewPasswordFields() {
  return (
    <>
      <Field htmlFor="password" label="Password">
        <Input id="password" name="password" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
      </Field>
      <Field htmlFor="confirm" label="Confirm password">
        <Input id="confirm" name="confirm" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
      </Field>
    </>
  );
}
