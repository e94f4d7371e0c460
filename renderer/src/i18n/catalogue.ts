/**
 * The shape every language's catalogue must have: the English one's keys, each a string. A Russian
 * catalogue missing a key, or with one English lacks, does not compile; so does `t` with a key neither has
 * (i18next.d.ts). Plural forms are keys with i18next's suffixes from Intl.PluralRules (`_one`, `_few`,
 * `_many`, `_other`): English needs `_one` and `_other`, Russian `_one`, `_few` and `_many` (and `_other`,
 * which Russian uses for fractions), so the plural keys of both are listed in English too.
 */
export type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
