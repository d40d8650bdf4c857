import type { ReactNode } from "react";

/**
 * Long-form text (the docs) in the kit's type scale: headings, paragraphs, lists and inline code,
 * set on the article's own children (not on nested
 * components such as breadcrumbs or tables) rather than on each element.
 */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <article className="max-w-3xl min-w-0 text-[0.9375rem] leading-7 wrap-break-word [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-code [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:py-0.5 [&>h2]:mt-10 [&>h2]:mb-3 [&>h2]:scroll-mt-20 [&>h2]:text-xl [&>h2]:font-semibold [&>h2]:tracking-tight [&>h3]:mt-6 [&>h3]:mb-2 [&>h3]:font-semibold [&>ol]:my-3 [&>ol]:list-decimal [&>ol]:pl-6 [&>ol>li]:my-1 [&>p]:my-3 [&>ul]:my-3 [&>ul]:list-disc [&>ul]:pl-6 [&>ul>li]:my-1">
      {children}
    </article>
  );
}
