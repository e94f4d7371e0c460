/**
 * Bidirectional formatting characters: the embeddings and overrides (U+202A-202E), the isolates
 * (U+2066-2069) and the marks (U+200E, U+200F, U+061C). None is visible, and each reorders the text around
 * it: an orderNumber `hostile-54-\u202Eevil\u202C` reads "hostile-54-live" wherever it is shown as it is.
 * What an identifier is made of comes from outside (the gateway, a dropped file, the merchant's systems), so
 * wherever one is shown (the renderer's <Id>, every interpolated value) or exported (csvExport.ts), these
 * characters are taken out first. Shared with the renderer (tsconfig.web.json); in the domain layer, which imports nothing above it.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The text without its bidirectional formatting characters: what it says, in the order it is written. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
