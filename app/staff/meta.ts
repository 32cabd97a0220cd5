/** A staff page's title, kept out of search engines. */
export const staffMeta = (title: string) => () => [{ title: `${title} — Arcanum staff` }, { name: "robots", content: "noindex" }];
