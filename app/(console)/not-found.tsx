import { NotFoundContent } from "../_components/not-found-content";

/** notFound() from a console page (an email or endpoint id that is not this account's): the console's frame stays. */
export default function ConsoleNotFound() {
  return <NotFoundContent />;
}
