/** One language's text of the seeded site content (news.ts): the English there is the source. */
export interface NewsTranslation {
  /** Category id -> name. */
  categories: Readonly<Record<number, string>>;
  /** Article id -> its title and (possibly shorter) HTML body, in the same simple tags as news.ts. */
  articles: Readonly<Record<number, { title: string; content: string }>>;
}
