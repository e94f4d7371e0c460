/**
 * The locale numbers, money and dates are written in: the language the screens are shown in, in the
 * region of the system's locale when it speaks that language (an English screen on an en-GB system writes
 * 23/11/2026), else that language's usual one (en-US, ru-RU). Set by i18n/index.ts when the language is
 * shown; formatters are made per locale and kept.
 */
let system: string | undefined;
let language = 'en';

/** The locale for the language shown, given the system's (navigator.language in the page). */
export function formattingLocaleFor(shown: string, systemLocale: string | undefined): string {
  const own = systemLocale?.toLowerCase();
  if (own === shown || own?.startsWith(`${shown}-`)) return systemLocale!;
  return shown === 'ru' ? 'ru-RU' : 'en-US';
}

export function setFormattingLanguage(shown: string, systemLocale: string | undefined = system): void {
  language = shown;
  system = systemLocale;
}

export const formattingLocale = (): string => formattingLocaleFor(language, system);

/** One formatter per locale and options key, made when first asked for. */
export function perLocale<T>(make: (locale: string) => T): () => T {
  const made = new Map<string, T>();
  return () => {
    const locale = formattingLocale();
    let f = made.get(locale);
    if (!f) {
      f = make(locale);
      made.set(locale, f);
    }
    return f;
  };
}
