import type { Metadata } from "next";
import { ForgotPasswordForm } from "./form";

export const metadata: Metadata = { title: "Choose a new password" };

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
