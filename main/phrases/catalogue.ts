/**
 * The shape every language's catalogue must have: the English one's keys, each a string. A Russian
 * catalogue missing a key, or with one English lacks, does not compile; so does `t` with a key neither has
 * (i18next.d.ts). A plural is a key with i18next's suffixes from Intl.PluralRules, in each language's own
 * forms only: English writes `_one` and `_other`; Russian `_one`, `_few` and `_many`, and `_other`, which
 * Russian uses for fractions. English's `_other` key names the plural; a language's catalogue has it in
 * exactly its forms.
 */
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type PluralOf<K> = K extends `${infer Base}_other` ? Base : never;
type Plain<K> = K extends `${string}_${PluralForm}` ? never : K;

/** The plural forms Russian writes. */
export type RussianForms = 'one' | 'few' | 'many' | 'other';

export type Catalogue<T, Forms extends PluralForm = RussianForms> = {
  readonly [K in Plain<keyof T>]: T[K] extends string ? string : Catalogue<T[K], Forms>;
} & { readonly [K in `${PluralOf<keyof T & string>}_${Forms}`]: string };

/** The plural forms a language writes, by language: what the catalogue tests read. */
export const PLURAL_FORMS = { en: ['one', 'other'], ru: ['one', 'few', 'many', 'other'] } as const satisfies Record<
  string,
  readonly PluralForm[]
>;
